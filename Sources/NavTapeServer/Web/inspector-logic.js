// The inspector page's logic that needs no document: what it finds, computes and says about the
// commits it holds (inspector.js draws them). Pure functions over the page's data (the JSON block
// InspectPage.html writes: `commits`, each with first/last event, command, time, events, told, bugs,
// rotation, diverged and the drawn `state`; `window` {firstCommand, from, to, partial}; `session`).
// A few (trimCommits, mergeRead, replaceCommits, mergeLive) change the arrays and the window they are
// given, as the page does; none reads or writes the document.
//
// Bundled into the page with inspector.js (one module): the lines starting `export ` lose that word,
// so every export is a one-line prefix of a top-level declaration, and no name here is declared there.
"use strict";

// ---- Drawn states in words -------------------------------------------------------------------

// A drawn controller tree in bracket notation (MN[M] | DN[D]): a navigation controller's children are its stack.
export function notationOf(node) {
  return node.children ? node.name + "[" + node.children.map(notationOf).join(", ") + "]" : node.name;
}

// The node of controller `id` in the tree under `node`, or null.
export function findNode(node, id) {
  if (!node) return null;
  if (node.id === id) return node;
  for (const child of node.children || []) { const found = findNode(child, id); if (found) return found; }
  return null;
}

// What the diff compares: the parts of a drawn state, in words.
export function parts(state) {
  const out = { hierarchy: state.hierarchy || "(none)", collapsed: String(state.collapsed), "display mode": state.displayMode,
    traits: state.sizeClass + " " + state.width + "×" + state.height, presented: state.presented ? notationOf(state.presented) : "none" };
  for (const column of state.columns) out[column.role] = notationOf(column.node);
  return out;
}

// The line under a drawn split: `regular 1180×820`, led by the display mode (or `collapsed`).
export function infoText(state) {
  return (state.collapsed ? "collapsed" : state.displayMode) + " · " + state.sizeClass + " " +
    state.width + "×" + state.height + (state.launched ? "" : " · not launched");
}

// How a split is laid out in a section `sectionWidth` wide: the device fits the width it has (minus
// the frame's padding), never wider than its points. Leading columns have the primary's width (the
// supplementary's is not modelled, ST-10); those the display mode hides are hidden, those that overlay
// the secondary sit over it, one after the other. `width`/`left` are pixels, or null when not set.
export function splitLayout(state, sectionWidth) {
  const room = Math.max(160, sectionWidth - 28);
  const scale = Math.min(1, room / state.width);
  let overlayLeft = 0;
  const columns = state.columns.map((column) => {
    const out = { role: column.role, width: null, hidden: false, overlay: false, left: null };
    if (column.role !== "secondary" && !state.collapsed) {
      out.width = Math.round(state.primaryWidth * scale);
      if (!state.visible.includes(column.role)) out.hidden = true;
      else if (state.overlay.includes(column.role)) {
        out.overlay = true;
        out.left = overlayLeft;
        overlayLeft += Math.round(state.primaryWidth * scale);
      }
    }
    return out;
  });
  return { width: Math.round(state.width * scale), height: Math.round(state.height * scale * 0.8), columns };
}

// ---- The commits held ------------------------------------------------------------------------

// The held commit holding event `event` (commits are in log order), or -1: a binary search.
export function findCommit(commits, event) {
  let low = 0, high = commits.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (commits[middle].last < event) low = middle + 1;
    else if (commits[middle].first > event) high = middle - 1;
    else return middle;
  }
  return -1;
}

// The first held commit ending at or after event `event` (the last one when none does; 0 when none is held).
export function commitAtOrAfter(commits, event) {
  let low = 0, high = commits.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (commits[middle].last >= event) high = middle; else low = middle + 1;
  }
  return Math.max(0, low);
}

// The commit of `list` (any order) holding event `event`, or null: a linear search.
export function commitHolding(list, event) {
  return list.find((x) => x.first <= event && event <= x.last) || null;
}

// `index` kept within the `count` commits held.
export function clamp(index, count) {
  return Math.max(0, Math.min(count - 1, index));
}

// The event the page opens at from its address's `#at=N`, or null.
export function atFromHash(hash) {
  const wanted = /#at=(\d+)/.exec(hash);
  return wanted ? Number(wanted[1]) : null;
}

// At most this many commands stay in a page (at least all it was written with).
export function heldLimit(count) {
  return Math.max(1000, count);
}

// ---- Reading more of the log (a served page) -------------------------------------------------

// Which end to read past, near either end of what the page holds at commit `index` of `count`: true
// (past the end, unless the page follows the live log), false (before the start), or null.
export function readAhead(index, count, span, events, live) {
  if (count - 1 - index < 50 && span.to < events && !live) return true;
  if (index < 50 && span.from > 0) return false;
  return null;
}

// The `…/commits?` query reading 200 commands past one end of `span` ({from, to}).
export function readQuery(forward, span) {
  return forward ? "from=" + span.to + "&count=200" : "to=" + span.from + "&count=200";
}

// The `…/commits?` query reading `count` commands around event `event`.
export function aroundQuery(event, count) {
  return "around=" + event + "&count=" + count;
}

// Drops `count` commits from the start (`fromStart`) or the end of `commits`, moving that side of
// `span`. Returns how many were dropped from the start.
export function trimCommits(commits, span, count, fromStart) {
  if (count <= 0) return 0;
  if (fromStart) {
    commits.splice(0, count);
    span.from = commits[0].first;
  } else {
    commits.splice(commits.length - count, count);
    span.to = commits[commits.length - 1].last + 1;
  }
  return fromStart ? count : 0;
}

// `more` (a `…/commits` answer: {from, to, commits}) added past one end of `commits`, and as many
// dropped from the other end past `held`. Returns how many rows were dropped from the front and the
// back, and how far the selection's index moves (commands read in front of it, or dropped there).
export function mergeRead(commits, span, more, forward, held) {
  if (forward) {
    commits.push(...more.commits);
    span.to = more.to;
    const dropped = trimCommits(commits, span, commits.length - held, true);
    return { front: dropped, back: 0, moved: -dropped };
  }
  commits.unshift(...more.commits);
  span.from = more.from;
  const before = commits.length;
  trimCommits(commits, span, commits.length - held, false);
  return { front: 0, back: before - commits.length, moved: more.commits.length };
}

// `more` in place of everything held (the slider over the whole log).
export function replaceCommits(commits, span, more) {
  commits.splice(0, commits.length, ...more.commits);
  span.from = more.from;
  span.to = more.to;
}

// The first event a live stream is asked from: the last held commit's (it may still grow).
export function liveFrom(commits, span) {
  return commits.length ? commits[commits.length - 1].first : span.to;
}

// A live update ({events, commits}) merged: a commit that was still growing comes again whole and
// replaces the partial one, newer ones are added (and counted, when the session's count is known).
export function mergeLive(commits, session, span, update) {
  for (const commit of update.commits) {
    if (commits.length && commits[commits.length - 1].first === commit.first) commits[commits.length - 1] = commit;
    else if (!commits.length || commit.first > commits[commits.length - 1].first) { commits.push(commit); if (session.commands !== null) session.commands += 1; }
  }
  session.events = update.events;
  span.to = update.events;
}

// ---- The whole-log slider --------------------------------------------------------------------

// The last checkpoint at or before the state after event `last` (0 when none is).
export function checkpointAt(checkpoints, last) {
  let k = 0;
  while (k + 1 < checkpoints.length && checkpoints[k + 1].event <= last + 1) k++;
  return k;
}

// The whole-log slider's value at `commit`: by checkpoint on a partial page, else by event.
export function seekValue(checkpoints, commit) {
  return checkpoints && checkpoints.length ? checkpointAt(checkpoints, commit.last) : commit.last;
}

// What the page says when the slider is on a checkpoint.
export function checkpointText(checkpoint) {
  return "A checkpoint: the state after @" + (checkpoint.event - 1) + " (events " + checkpoint.event +
    " on are not in this page; navtape inspect --at " + (checkpoint.event - 1) + " writes the page around it).";
}

// ---- Texts -----------------------------------------------------------------------------------

// The header's summary of the session.
export function summaryText(s, live) {
  return s.device + " · " + s.policy + " · " + s.style + " · " + s.events + " events" +
    (s.commands === null ? "" : ", " + s.commands + " commands") + " · started " + s.start + (s.parent ? " · fork of " + s.parent : "") + (live ? " · live" : "");
}

// The header's note on the part of the log the page holds (`count` commands): a string, or null
// when the note is left as it is (a file page holding the whole log).
export function noteText(data, count) {
  const s = data.session, span = data.window;
  const held = "events @" + span.from + "…@" + (span.to - 1) + " of " + s.events;
  if (data.api) return span.from > 0 || span.to < s.events ?
    "This page holds " + count + " commands, " + held + "; stepping past either end or the slider below reads more." : "";
  if (span.partial) return "This page holds commands " + (span.firstCommand + 1) + "–" +
    (span.firstCommand + count) + " of " + s.commands + " (" + held + "); run navtape inspect --at N for another part.";
  return null;
}

// Added to the note of a page that draws the log's checkpoints.
export function checkpointsNote(count) {
  return " The slider below the commands scrubs the whole log at its " + count + " checkpoints.";
}

// What UIKit told the app in `commit`, or "".
export function toldText(commit) {
  return commit.told ? "UIKit told the app: " + commit.told : "";
}

// A commit's row: its head, its bugs, each event with the rules it was judged by.
export function commitHeadText(commit) {
  return commit.time + "  " + commit.command;
}
export function bugsText(bugs) {
  return "raises " + bugs.join(", ");
}
export function eventText(event) {
  return "@" + event.i + " " + event.text;
}
export function rulesText(rules) {
  return "  (" + rules.join(", ") + ")";
}

// `command (@first…@last, time)`.
export function commitSpan(c) {
  return c.command + " (@" + c.first + "…@" + c.last + ", " + c.time + ")";
}

// ---- Timeline markers ------------------------------------------------------------------------

// The markers of `commit`: a bug (a BUG- rule raised), a rotation, a divergence.
export function markerKinds(commit) {
  const kinds = [];
  if (commit.bugs.some((rule) => rule.startsWith("BUG-"))) kinds.push("bug");
  if (commit.rotation) kinds.push("rotation");
  if (commit.diverged) kinds.push("diverged");
  return kinds;
}

// Every marker on the timeline: its commit's index, kind, position (CSS `left`) and title.
export function markerList(commits) {
  const span = Math.max(1, commits.length - 1);
  const out = [];
  commits.forEach((commit, index) => {
    for (const kind of markerKinds(commit)) {
      out.push({ index, kind, left: (100 * index / span) + "%",
        title: commit.command + (commit.bugs.length ? " · " + commit.bugs.join(", ") : "") });
    }
  });
  return out;
}

// ---- A and B ---------------------------------------------------------------------------------

// The marks in words (`A: cmd (@3)  B: cmd (@9)`), each {event, command} or undefined.
export function marksText(a, b) {
  return (a ? "A: " + a.command + " (@" + a.event + ")" : "") + (b ? "  B: " + b.command + " (@" + b.event + ")" : "");
}

export function diffHead(a, b) {
  return "A @" + a.event + " → B @" + b.event;
}

// What changed from drawn state `before` to `after`, a line per part (`—` for a part one lacks).
export function diffLines(before, after) {
  const pa = parts(before), pb = parts(after);
  const lines = [];
  for (const key of new Set(Object.keys(pa).concat(Object.keys(pb)))) {
    if (pa[key] !== pb[key]) lines.push(key + ": " + (pa[key] === undefined ? "—" : pa[key]) + " → " + (pb[key] === undefined ? "—" : pb[key]));
  }
  return lines;
}

// The diff's lines, or that there is none.
export function diffBody(lines) {
  return lines.length ? lines.join("\n") : "no difference";
}

export function diffURL(api, a, b) {
  return api + "/diff?a=" + a.event + "&b=" + b.event;
}

// ---- Blame -----------------------------------------------------------------------------------

// How navtape blame names a navigation controller's stack: its name, or its #ID when the name
// would need quoting; the API always gets the #ID (names need not be unique).
export function stackPart(node) {
  return { api: node.id, cli: /^[A-Za-z0-9_.-]+$/.test(node.name) ? node.name : node.id };
}

// A column's part for navtape blame: its role (a collapsed split's one stack is its primary column).
export function columnBlamePart(role) {
  const part = role === "collapsed" ? "primary" : role;
  return { api: part, cli: part };
}

// A column's blamed value: its controller's name and ID, or "none".
export function columnValue(state, role) {
  const found = state.columns.find((x) => x.role === role);
  return found ? found.node.name + " (" + found.node.id + ")" : "none";
}

// A stack's blamed value: its notation wherever it is drawn (a column, the modal), or that it is not.
export function stackValue(state, id) {
  for (const x of state.columns.map((x) => x.node).concat(state.presented ? [state.presented] : [])) {
    const found = findNode(x, id);
    if (found) return notationOf(found);
  }
  return "not in the hierarchy";
}

// The first of the held commits up to `index` since which `valueAt` (of a drawn state) kept its value at `index`.
export function blameStart(commits, index, valueAt) {
  const now = valueAt(commits[index].state);
  let k = index;
  while (k > 0 && valueAt(commits[k - 1].state) === now) k--;
  return k;
}

export function blameHead(what, now) {
  return what + " = " + now + "\n";
}

// The blame the page answers itself (`was` the value before commit `k`, when k > 0).
export function blameInPageText(head, span, k, was) {
  return head + "set by " + span + (k > 0 ? "; was " + was : "");
}

// A file page's blame at its first command, with more of the log before it: how to look further.
export function blameFurtherText(head, span, part, at) {
  return head + "unchanged since the page's first command, " + span + "; navtape blame LOG " + part.cli +
    " --at " + at + " looks further";
}

export function blameAskingText(head, span) {
  return head + "unchanged since the page's first command, " + span + "; asking the server…";
}

export function blameURL(api, part, at) {
  return api + "/blame?what=" + encodeURIComponent(part.api) + "&at=" + at + "&limit=1";
}

// The server's blame (`/blame`'s answer `result`, ok) in words: `command` is the commit of the event
// that set it, or null when the page could not read it; `held` whether the page holds that commit.
export function blameServerText(head, part, result, command, held) {
  const set = result.setBy;
  if (!set) return head + "unchanged since the log's start (navtape blame " + part.cli + ": " + result.value + ")";
  return head + "set by " + (command ? commitSpan(command) : "@" + set.index) + "; @" + set.index + " " + set.text +
    "; was " + set.before + " (navtape blame " + part.cli + ", from the server" +
    (held ? "" : "; before the commands this page holds") + ")";
}

// An error answer's message, or that the server refused.
export function refusal(result) {
  return result.error ? result.error.message : "the server refused";
}

// ---- What if ---------------------------------------------------------------------------------

// The `…/whatif?` query re-deciding from the commit whose first event is `from`.
export function whatIfQuery(from, device, policy) {
  return "at=" + (from === 0 ? "start" : from - 1) + "&device=" + encodeURIComponent(device) +
    "&policy=" + encodeURIComponent(policy);
}

// The held commit the branch forks at (its first event is the fork), or -1.
export function forkCommit(commits, branch) {
  const start = findCommit(commits, branch.fork);
  return start >= 0 && commits[start].first === branch.fork ? start : -1;
}

// What the branch pane shows at commit `index` (the fork at `start`): the state drawn, its label,
// its note, and the branch's command shown ("" before the fork).
export function branchView(commits, branch, index, start) {
  const k = index - start;
  const label = "what if " + branch.device + " · " + branch.policy;
  return {
    state: k < 0 ? commits[index].state : branch.commits[Math.min(k, branch.commits.length - 1)].state,
    label,
    note: label + " from @" + branch.fork + ": " +
      (k < 0 ? "before the fork, the same" : "command " + (k + 1) + " of " + branch.commits.length + " re-decided"),
    whatif: k < 0 ? "" : k,
  };
}

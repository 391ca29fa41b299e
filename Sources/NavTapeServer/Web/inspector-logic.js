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

// What a file page's drawn differences compare: the parts of a drawn state, in words. Each column is
// `ROLE column`, so a collapsed split's one column (role `collapsed`) is a part of its own and never
// takes the place of the `collapsed` flag (it did: `collapsed: false → MN[M, D]`).
export function parts(state) {
  const out = { hierarchy: state.hierarchy || "(none)", collapsed: String(state.collapsed), "display mode": state.displayMode,
    traits: state.sizeClass + " " + state.width + "×" + state.height, presented: state.presented ? notationOf(state.presented) : "none" };
  for (const column of state.columns) out[column.role + " column"] = notationOf(column.node);
  return out;
}

// The node of controller `id` wherever a drawn state draws it (a column, the modal), or null.
export function findInState(state, id) {
  for (const root of state.columns.map((x) => x.node).concat(state.presented ? [state.presented] : [])) {
    const found = findNode(root, id);
    if (found) return found;
  }
  return null;
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


// ---- The page's address: its state ---------------------------------------------------------
//
// The page's view lives in its address's query (history.replaceState as it changes), so a link
// opens it again as it was, served or from a file: `at` the point shown, `a` and `b` the marks,
// `device`, `policy` and `fork` the what-if (re-decided from event @fork on), `column` or `stack`
// what is blamed. Points are numbered as everywhere (navtape log's @N; `at=N` is the state after
// event @N, `start` and `end` too). `#at=N` (the older form) still opens at @N.

// The address's keys of the view, in the order the page writes them.
export const ADDRESS_KEYS = ["at", "a", "b", "device", "policy", "fork", "column", "stack"];

// The roles a column may have (StateDrawing.Column.role).
export const COLUMN_ROLES = ["primary", "supplementary", "secondary", "collapsed"];

// A point as an address names one, as navtape and the server take it: `start`, `end` or an event
// number (digits, written without leading zeros); anything else null.
export function pointOf(text) {
  if (text === "start" || text === "end") return text;
  return typeof text === "string" && /^[0-9]{1,15}$/.test(text) ? String(Number(text)) : null;
}

// A view with nothing set: the page at the end, no marks, no what-if, nothing blamed.
export function emptyView() {
  return { at: null, a: null, b: null, device: null, policy: null, fork: null, column: null, stack: null };
}

// The view an address names (`search` and `hash` as location gives them): each key from the query,
// or else from the fragment (so `#at=N` still works). Values that name nothing are left unset.
export function readAddress(search, hash) {
  const query = new URLSearchParams(search || ""), fragment = new URLSearchParams((hash || "").replace(/^#/, ""));
  const raw = (key) => (query.has(key) ? query.get(key) : fragment.has(key) ? fragment.get(key) : null);
  const view = emptyView();
  view.at = pointOf(raw("at"));
  view.a = pointOf(raw("a"));
  view.b = pointOf(raw("b"));
  view.device = raw("device") || null;
  view.policy = raw("policy") || null;
  view.fork = /^[0-9]{1,15}$/.test(raw("fork") || "") ? String(Number(raw("fork"))) : null;
  view.stack = /^#[0-9]{1,15}$/.test(raw("stack") || "") ? raw("stack") : null;
  view.column = !view.stack && COLUMN_ROLES.includes(raw("column")) ? raw("column") : null;
  return view;
}

// The names of the parameters of a query or fragment (`?x=1&y` → x, y), `+` and escapes read.
function parameterName(pair) {
  try { return decodeURIComponent(pair.split("=")[0].replace(/\+/g, " ")); } catch { return pair; }
}

// The address (a query and a fragment, for history.replaceState) of `view` on a page whose address
// is now `search` and `hash`: the query's other parameters kept first, then the view's keys in
// ADDRESS_KEYS order (unset ones left out); the fragment without the view's keys (`#at=N` moves
// into the query). "" when there is nothing to write.
export function addressOf(view, search, hash) {
  const others = (text, lead) => (text || "").replace(lead, "").split("&").filter((pair) => pair && !ADDRESS_KEYS.includes(parameterName(pair)));
  const ours = ADDRESS_KEYS.filter((key) => view[key] !== null && view[key] !== undefined && view[key] !== "")
    .map((key) => key + "=" + encodeURIComponent(view[key]));
  const query = others(search, /^\?/).concat(ours);
  const fragment = (hash || "").replace(/^#/, "");
  // A fragment that is not parameters (`#notes`) is kept as it is.
  const kept = fragment.includes("=") ? others(fragment, /^/).join("&") : fragment;
  return (query.length ? "?" + query.join("&") : "") + (kept ? "#" + kept : "");
}

// The point the page opens at: its address's `at` when that names one, else the point it was
// served or written for (`data.point`: events applied, so 0 is the start and N the state after
// @N-1), else the end. `start`, `end` or an event number.
export function openingPoint(at, point) {
  if (at === "start" || at === "end") return at;
  if (at !== null && at !== undefined && pointOf(String(at)) !== null) return Number(at);
  if (point === null || point === undefined) return "end";
  return point === 0 ? "start" : point - 1;
}

// Where the page opens for `point` (openingPoint's) with `commits` held (window `span`) of a log of
// `events` events: {index, event, held}. Held: the commit holding the point (the first for the
// start, the last for the end), `event` the event shown. Not held: `event` the one to read around
// (a served page reads there) and `index` the nearest held commit (a file page shows it).
export function openingPlace(commits, span, events, point) {
  const last = commits.length - 1;
  if (point === "start") return span.from === 0 && commits.length ? { index: 0, event: commits[0].last, held: true } : { index: 0, event: 0, held: false };
  if (point === "end" || point >= events) {
    const held = span.to >= events && commits.length > 0;
    return { index: Math.max(0, last), event: held ? commits[last].last : Math.max(0, events - 1), held };
  }
  const index = findCommit(commits, point);
  if (index >= 0) return { index, event: point, held: true };
  return { index: commits.length && point < commits[0].first ? 0 : Math.max(0, last), event: point, held: false };
}

// The address's `at` for the point the page opened at: as the address gave it, or the point it was
// written or served for (a link then names it), or unset at the end it was not asked for.
export function openedAt(at, point) {
  if (at !== null && at !== undefined) return at;
  if (point === null || point === undefined) return null;
  return point === 0 ? "start" : String(point - 1);
}

// What a file page says when the point its address names is not in it (it cannot read more).
export function notHeldText(point, span) {
  return " " + pointName(point) + " is not in this page (it holds events @" + span.from + "…@" + (span.to - 1) +
    "); navtape inspect LOG --at " + point + " writes the page around it.";
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

// The header's summary of the session (whether the page follows a live log is its own tag, #live,
// shown only when data.live is true).
export function summaryText(s) {
  return s.device + " · " + s.policy + " · " + s.style + " · " + s.events + " events" +
    (s.commands === null ? "" : ", " + s.commands + " commands") + " · started " + s.start + (s.parent ? " · fork of " + s.parent : "");
}

// The two sliders' visible labels: the commands this page has loaded, and the whole log (served:
// by event, read from the server; a file page of part of a log: at its checkpoints).
export function loadedLabel(count, session) {
  return "loaded commands: " + count + (session.commands !== null && session.commands !== count ? " of " + session.commands : "");
}
export function wholeLabel(session, checkpoints) {
  return "whole log: " + (checkpoints && checkpoints.length ? checkpoints.length + " checkpoints" : session.events + " events");
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

// A commit's violations in sentences, one for each rule it raised: the rule, whether it is a bug (a
// BUG- rule), the controller it is about (its #ID, or null) and the sentence: `BUG-6: stale detail …
// (about PasteNC1 #4)`, the controller named as the commit's state draws it (`#4, not drawn` when it
// does not).
export function violationLines(commit) {
  return (commit.violations || []).map((v) => {
    const node = v.subject ? findInState(commit.state, v.subject) : null;
    const about = v.subject ? " (about " + (node ? node.name + " " + v.subject : v.subject + ", not drawn") + ")" : "";
    return { rule: v.rule, bug: v.rule.startsWith("BUG-"), subject: v.subject || null, text: v.rule + ": " + v.message + about };
  });
}

// The controllers a commit's violations are about, each once: the drawing highlights them.
export function violationSubjects(commit) {
  const out = [];
  for (const v of commit.violations || []) if (v.subject && !out.includes(v.subject)) out.push(v.subject);
  return out;
}

// Whether an event is a divergence from UIKit (a capture's `diverged` event): the events list highlights it.
export function isDivergence(event) {
  return /^diverged\b/.test(event.text);
}

// Whether an event is a resync (a capture's `resynced` event: the model adopted what UIKit showed with
// no recorded cause): the events list highlights it.
export function isResync(event) {
  return /^resynced\b/.test(event.text);
}

// ---- Timeline markers ------------------------------------------------------------------------

// Each kind of marker's width in pixels: a bug's and a divergence's are wide enough to be clicked, a
// rotation's is a thin tick. Whatever its width, a marker's hit area is at least MARKER_HIT wide.
export const MARKER_WIDTH = { bug: 10, diverged: 10, resync: 10, rotation: 4 };
export const MARKER_HIT = 10;

// The legend under the timeline: each kind's marker and what it means.
export const MARKER_LEGEND = [
  ["bug", "bug (a BUG- rule raised)"], ["rotation", "rotation"], ["diverged", "divergence from UIKit"],
  ["resync", "resync (UIKit's state adopted: no recorded cause)"],
];

// The markers of `commit`: a bug (a BUG- rule raised), a rotation, a divergence, a resync.
export function markerKinds(commit) {
  const kinds = [];
  if (commit.bugs.some((rule) => rule.startsWith("BUG-"))) kinds.push("bug");
  if (commit.rotation) kinds.push("rotation");
  if (commit.diverged) kinds.push("diverged");
  if (commit.resync) kinds.push("resync");
  return kinds;
}

// Every marker on the timeline: its commit's index, kind, place (`at`, 0 to 1 along the loaded
// commands' slider, and as CSS `left`), width in pixels and title.
export function markerList(commits) {
  const span = Math.max(1, commits.length - 1);
  const out = [];
  commits.forEach((commit, index) => {
    for (const kind of markerKinds(commit)) {
      out.push({ index, kind, at: index / span, left: (100 * index / span) + "%", width: MARKER_WIDTH[kind],
        title: commit.command + (commit.bugs.length ? " · " + commit.bugs.join(", ") : "") });
    }
  });
  return out;
}

// The marker a click `x` pixels along the markers' bar (`width` pixels wide) selects: the nearest
// one whose hit area (its width, at least MARKER_HIT pixels, centred on it) holds x; at the same
// distance a bug before a divergence before a resync before a rotation. Null when none does.
export function markerAt(markers, x, width) {
  const order = ["bug", "diverged", "resync", "rotation"];
  let best = null, distance = Infinity;
  for (const marker of markers) {
    const d = Math.abs(x - marker.at * width);
    if (d > Math.max(MARKER_HIT, marker.width) / 2) continue;
    if (d < distance || (d === distance && order.indexOf(marker.kind) < order.indexOf(best.kind))) {
      best = marker;
      distance = d;
    }
  }
  return best;
}

// ---- A and B ---------------------------------------------------------------------------------

// A point in words: `@N`, `start` or `end`.
export function pointName(point) {
  return point === "start" || point === "end" ? point : "@" + point;
}

// A mark (A or B) at `point` (pointOf's): {point, event, command}: the event drawn there (null at the
// start, the log's last at the end) and the command of the held commit holding it (null when none
// is held).
export function markAt(point, commits, events) {
  const event = point === "start" ? null : point === "end" ? events - 1 : Number(point);
  const index = event === null ? -1 : findCommit(commits, event);
  return { point, event, command: index >= 0 ? commits[index].command : null };
}

// The mark of the command shown: its last event.
export function markOf(commit) {
  return { point: String(commit.last), event: commit.last, command: commit.command };
}

// The marks in words (`A: cmd (@3)  B: cmd (@9)`; `A: @3` when its command is not held), each a mark or undefined.
export function marksText(a, b) {
  const text = (m) => (m.command ? m.command + " (" + pointName(m.point) + ")" : pointName(m.point));
  return (a ? "A: " + text(a) : "") + (b ? "  B: " + text(b) : "");
}

export function diffHead(a, b) {
  return "A " + pointName(a.point) + " → B " + pointName(b.point);
}

// A served page's diff is the server's (/diff, navtape diff's changes), under this head.
export function serverDiffHead(a, b) {
  return diffHead(a, b) + " (navtape diff, from the server):";
}

// The command that gives the full diff of the marks.
export function diffCommand(a, b) {
  return "navtape diff LOG " + a.point + " " + b.point;
}

// A file page (no server) compares the states it draws: the head, the command giving the full
// answer, and the text after it.
export function drawnDiffHead(a, b) {
  return { head: diffHead(a, b) + ": drawn differences, not navtape diff (this page has no server; the full answer: ",
    command: diffCommand(a, b), tail: ")" };
}

// The drawn differences of marks `a` and `b` (drawn states of held commits compared), or null when
// the page does not draw both (a mark at the start, or outside the commands held).
export function drawnDiff(commits, a, b) {
  const ia = a.event === null ? -1 : findCommit(commits, a.event), ib = b.event === null ? -1 : findCommit(commits, b.event);
  return ia >= 0 && ib >= 0 ? diffLines(commits[ia].state, commits[ib].state) : null;
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
  return api + "/diff?a=" + encodeURIComponent(a.point) + "&b=" + encodeURIComponent(b.point);
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
  const found = findInState(state, id);
  return found ? notationOf(found) : "not in the hierarchy";
}

// What a view's blame selection (`column`, a role, or `stack`, a navigation controller's #ID) is in
// drawn state `state`: its words, its part for navtape blame, and its value in a drawn state; null
// when nothing is selected.
export function blameTarget(view, state) {
  if (view.stack) {
    const node = findInState(state, view.stack);
    const name = node ? node.name : view.stack;
    return { what: name + "'s stack", part: stackPart({ id: view.stack, name }), valueAt: (s) => stackValue(s, view.stack) };
  }
  if (view.column) return { what: view.column, part: columnBlamePart(view.column), valueAt: (s) => columnValue(s, view.column) };
  return null;
}

// The drawn column a column's blame highlights: the one of that role; for the primary, a collapsed
// split's one column (and the other way round); null when none is drawn.
export function blamedRole(role, state) {
  const roles = state.columns.map((x) => x.role);
  if (roles.includes(role)) return role;
  if (role === "primary" && roles.includes("collapsed")) return "collapsed";
  if (role === "collapsed" && roles.includes("primary")) return "primary";
  return null;
}

// The command that gives the full blame of `part` at event `at`.
export function blameCommand(part, at) {
  return "navtape blame LOG " + part.cli + " --at " + at;
}

// A file page's blame is worked out from the states it draws: the label before it.
export function drawnBlameLabel(part, at) {
  return "drawn blame, not navtape blame (this page has no server; the full answer: " + blameCommand(part, at) + "):\n";
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

import { notationOf, findNode, infoText, splitLayout, findCommit, commitAtOrAfter, commitHolding, clamp, atFromHash, heldLimit } from "./inspector-logic.js";
import { readAhead, readQuery, aroundQuery, trimCommits, mergeRead, replaceCommits, liveFrom, mergeLive } from "./inspector-logic.js";
import { seekValue, checkpointText, summaryText, noteText, checkpointsNote, toldText, commitHeadText, bugsText, eventText, rulesText, commitSpan } from "./inspector-logic.js";
import { markerList, marksText, diffHead, diffLines, diffBody, diffURL } from "./inspector-logic.js";
import { stackPart, columnBlamePart, columnValue, stackValue, blameStart, blameHead, blameInPageText, blameFurtherText, blameAskingText, blameURL, blameServerText, refusal } from "./inspector-logic.js";
import { whatIfQuery, forkCommit, branchView } from "./inspector-logic.js";
// The inspector page's document: it draws the commits of its data block (InspectPage.html), lists
// them, and, served, reads more of the log, asks the server, follows a live log. What needs no
// document is in inspector-logic.js; the two are bundled into one module (the import lines above
// dropped; modules are strict). Every name reaches the document through `textContent`, never as markup.
const data = JSON.parse(document.getElementById("data").textContent);
const commits = data.commits;
// A classic script's top-level names were the page's globals, and scripts/browser-serve-test reads
// and sets some of them over DevTools (`commits`, `data`, `heldCommit(N)`, and `extending = …`,
// `reading` to hold and watch the read-ahead); a module's names are its own, so those stay on window.
Object.defineProperties(window, {
  data: { get: () => data, configurable: true },
  commits: { get: () => commits, configurable: true },
  heldCommit: { value: heldCommit, writable: true, configurable: true },
  extending: { get: () => extending, set: (value) => { extending = value; }, configurable: true },
  reading: { get: () => reading, set: (value) => { reading = value; }, configurable: true },
});
const $ = (id) => document.getElementById(id);
function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}
function drawNode(node, isTop) {
  const box = el("div", "node" + (node.children ? " navigation" : "") + (isTop ? " top" : ""));
  box.dataset.id = node.id;
  box.appendChild(el("div", "name", node.name));
  if (node.children) node.children.forEach((child, i) => box.appendChild(drawNode(child, i === node.children.length - 1)));
  return box;
}
// The hierarchy read back from what is drawn, in bracket notation (MN[M] | DN[D]).
function notation(box) {
  const name = box.querySelector(":scope > .name").textContent;
  if (!box.classList.contains("navigation")) return name;
  return name + "[" + Array.from(box.querySelectorAll(":scope > .node")).map(notation).join(", ") + "]";
}
// The held command holding event `event`, or -1.
function heldCommit(event) {
  return findCommit(commits, event);
}
// A and B are events (the marked command's last), kept while the page reads other commands. Both
// held, the page compares its drawn states; a served page that no longer holds one asks the
// server (/diff, navtape diff's changes). Only marking changes the diff.
const marks = {};
let diffing = 0;
function showDiff() {
  const a = marks.a, b = marks.b;
  $("ab").textContent = marksText(a, b);
  const token = ++diffing;
  if (!a || !b) { $("diff").textContent = ""; return; }
  const head = diffHead(a, b);
  const ia = heldCommit(a.event), ib = heldCommit(b.event);
  if (ia >= 0 && ib >= 0) {
    $("diff").textContent = head + ":\n" + diffBody(diffLines(commits[ia].state, commits[ib].state));
    document.body.dataset.diffFrom = "page";
    return;
  }
  if (!data.api) { $("diff").textContent = head + ": not both in this page"; return; }
  $("diff").textContent = head + ": asking the server…";
  delete document.body.dataset.diffFrom;
  (async () => {
    const answer = await fetch(diffURL(data.api, a, b));
    const result = await answer.json();
    if (token !== diffing) return;
    if (!answer.ok) { $("diff").textContent = head + ": " + refusal(result); return; }
    const lines = result.changes.map((change) => change.text);
    $("diff").textContent = head + " (navtape diff, from the server):\n" + diffBody(lines);
    document.body.dataset.diffFrom = "api";
  })().catch(() => { if (token === diffing) $("diff").textContent = head + ": the server did not answer"; });
}
// Blame within the page: walk back from the shown command while the part keeps its value. At the
// first command the page holds, with more of the log before it, a served page asks the server
// which event set the part (/blame, as navtape blame traces it: a column's controller, a stack)
// and reads that event's command (/commits); a file page says how to look further.
// `part` names it for navtape blame: `api` (a role or a #ID), `cli` (as a user types it).
let blaming = 0;
function blame(what, part, valueAt) {
  const token = ++blaming;
  const index = Number(document.body.dataset.commit || 0);
  const shown = commits[index];
  const now = valueAt(shown.state);
  const k = blameStart(commits, index, valueAt);
  const c = commits[k];
  const head = blameHead(what, now);
  const span = commitSpan(c);
  delete document.body.dataset.blameFrom;
  document.body.dataset.blame = c.last;
  if (k > 0 || data.window.from <= 0) {
    $("blame").textContent = blameInPageText(head, span, k, k > 0 ? valueAt(commits[k - 1].state) : undefined);
    return;
  }
  if (!data.api) {
    $("blame").textContent = blameFurtherText(head, span, part, shown.last);
    return;
  }
  $("blame").textContent = blameAskingText(head, span);
  (async () => {
    const answer = await fetch(blameURL(data.api, part, shown.last));
    const result = await answer.json();
    if (token !== blaming) return;
    if (!answer.ok) { $("blame").textContent = head + refusal(result); return; }
    const set = result.setBy;
    if (!set) {
      $("blame").textContent = blameServerText(head, part, result, null, false);
    } else {
      // The command of the event that set it: the first held one (which may have set it), or
      // else the one commit the server reads around it.
      const held = heldCommit(set.index);
      let command = held >= 0 ? commits[held] : null;
      if (!command) {
        const around = await fetch(data.api + "/commits?" + aroundQuery(set.index, 1)).then((r) => r.json()).catch(() => null);
        if (token !== blaming) return;
        command = around && around.commits ? commitHolding(around.commits, set.index) : null;
      }
      $("blame").textContent = blameServerText(head, part, result, command, held >= 0);
      document.body.dataset.blame = command ? command.last : set.index;
    }
    document.body.dataset.blameFrom = "api";
  })().catch(() => { if (token === blaming) $("blame").textContent = head + "the server did not answer"; });
}
const main = { split: "split", modal: "modal", info: "info", drawn: "drawn", blame: true };
const second = { split: "split2", modal: "modal2", info: "info2", drawn: "drawn2", blame: false };
function draw(state, where = main) {
  const split = $(where.split);
  split.replaceChildren();
  // The device fits the width its section has; the columns as splitLayout lays them out.
  const layout = splitLayout(state, split.parentElement.parentElement.clientWidth);
  split.style.width = layout.width + "px";
  split.style.height = layout.height + "px";
  state.columns.forEach((column, i) => {
    const place = layout.columns[i];
    const c = el("div", "column " + column.role);
    c.dataset.role = column.role;
    if (place.width !== null) c.style.width = place.width + "px";
    if (place.hidden) c.classList.add("hidden");
    if (place.overlay) {
      c.classList.add("overlay");
      c.style.left = place.left + "px";
    }
    c.appendChild(el("div", "role", column.role));
    c.appendChild(drawNode(column.node, true));
    // A column's blame is its controller's, as navtape blame traces it (a stack's is the stack's).
    if (where.blame) c.addEventListener("click", () => blame(column.role, columnBlamePart(column.role), (s) => columnValue(s, column.role)));
    if (where.blame) c.querySelectorAll(".node.navigation").forEach((box) => box.addEventListener("click", (e) => {
      e.stopPropagation();
      const name = box.querySelector(":scope > .name").textContent;
      blame(name + "'s stack", stackPart({ id: box.dataset.id, name: name }), (s) => stackValue(s, box.dataset.id));
    }));
    split.appendChild(c);
  });
  const modal = $(where.modal);
  modal.replaceChildren();
  modal.hidden = !state.presented;
  if (state.presented) { modal.appendChild(el("div", "role", "presented")); modal.appendChild(drawNode(state.presented, true)); }
  $(where.info).textContent = infoText(state);
  $(where.drawn).textContent = Array.from(split.querySelectorAll(":scope > .column > .node")).map(notation).join(" | ");
}
function show(index, eventIndex) {
  index = clamp(index, commits.length);
  const commit = commits[index];
  $("scrub").value = index;
  // The whole-log slider: by event when served, by checkpoint on a partial page (the last one at or before).
  $("seek").value = seekValue(data.checkpoints, commit);
  // With a branch, the recording and the branch share the section: laid out before either is drawn.
  const start = branch ? forkCommit(commits, branch) : -1;
  if (branch) branching(start >= 0);
  draw(commit.state);
  $("told").textContent = toldText(commit);
  document.querySelectorAll(".commit.selected").forEach((e) => e.classList.remove("selected"));
  const row = document.querySelector('.commit[data-index="' + index + '"]');
  if (row) { row.classList.add("selected"); row.scrollIntoView({ block: "nearest" }); }
  document.body.dataset.commit = index;
  document.body.dataset.event = eventIndex === undefined ? commit.last : eventIndex;
  if (branch && start >= 0) drawBranch(index, start);
  // Served: nearing either end of what the page holds, read the next commands in the background,
  // so a step across the end finds them there.
  if (data.api && !extending) {
    const forward = readAhead(index, commits.length, data.window, s.events, data.live);
    if (forward !== null) extend(forward);
  }
}
// What-if (served): the session re-decided from a command on another device or under another
// delegate, drawn beside the recording for the same command (the branch's commands match the
// recording's one for one from the fork), "recorded" and "what if …" side by side (one under the
// other when the section is narrow), while the page holds the fork's command.
let branch = null;
function branching(on) {
  if ($("whatif").hidden === !on) return;
  $("whatif").hidden = !on;
  $("recLabel").hidden = !on;
  document.querySelector("main").classList.toggle("branching", on);
}
function drawBranch(index, start) {
  const view = branchView(commits, branch, index, start);
  draw(view.state, second);
  $("wiLabel").textContent = view.label;
  $("wiNote").textContent = view.note;
  document.body.dataset.whatif = view.whatif;
}
async function whatIf() {
  const index = Number(document.body.dataset.commit || 0);
  const answer = await fetch(data.api + "/whatif?" + whatIfQuery(commits[index].first, $("wiDevice").value, $("wiPolicy").value));
  const result = await answer.json();
  if (!answer.ok) { $("wiNote").textContent = refusal(result); return; }
  branch = result;
  show(index);
}
// One row per held command; its data-index is its place in `commits`, renumbered when commands
// are read in front of it.
function rowFor(commit) {
  const row = el("div", "commit");
  row.appendChild(el("div", "head", commitHeadText(commit)));
  if (commit.bugs.length) row.appendChild(el("div", "bugs", bugsText(commit.bugs)));
  for (const event of commit.events) {
    const line = el("div", "event", eventText(event));
    if (event.rules.length) line.appendChild(el("span", "rules", rulesText(event.rules)));
    row.appendChild(line);
  }
  row.addEventListener("click", () => show(Number(row.dataset.index)));
  return row;
}
function renumber() {
  const rows = $("events").children;
  for (let i = 0; i < rows.length; i++) rows[i].dataset.index = i;
}
function list() {
  $("events").append(...commits.map(rowFor));
  renumber();
}
function markers() {
  const box = $("markers");
  for (const marker of markerList(commits)) {
    const m = el("div", "marker " + marker.kind);
    m.style.left = marker.left;
    m.title = marker.title;
    m.dataset.index = marker.index;
    m.addEventListener("click", () => show(marker.index));
    box.appendChild(m);
  }
}
function commitOf(eventIndex) {
  return commitAtOrAfter(commits, eventIndex);
}
const s = data.session;
$("title").textContent = "NavTape · " + s.id;
function note() {
  const text = noteText(data, commits.length);
  if (text !== null) $("note").textContent = text;
}
function rerender() {
  $("scrub").max = Math.max(0, commits.length - 1);
  $("events").replaceChildren();
  $("markers").replaceChildren();
  list();
  markers();
  note();
}
// Served: more of the log is read as the page is stepped past either end of what it holds, or
// scrubbed with the slider over the whole log (the commits around the point, from the seek API).
let reading = null;
function read(query) {
  reading = fetch(data.api + "/commits?" + query).then((r) => r.json()).finally(() => { reading = null; });
  return reading;
}
// Reads 200 more commands past one end of what the page holds and drops as many from the other
// end past `held`, changing only those rows (a rebuilt list cost a step 80 ms). The selection
// keeps its command; its index moves with what was read in front of it.
let extending = null;
function extend(forward) {
  if (extending) return extending;
  if (forward ? data.window.to >= s.events : data.window.from <= 0) return Promise.resolve();
  extending = (async () => {
    if (reading) await reading;
    const more = await read(readQuery(forward, data.window));
    const box = $("events");
    const current = Number(document.body.dataset.commit || 0);
    const merged = mergeRead(commits, data.window, more, forward, held);
    if (forward) box.append(...more.commits.map(rowFor));
    else box.prepend(...more.commits.map(rowFor));
    for (let i = 0; i < merged.front; i++) box.firstElementChild.remove();
    for (let i = 0; i < merged.back; i++) box.lastElementChild.remove();
    renumber();
    document.body.dataset.commit = clamp(current + merged.moved, commits.length);
    $("scrub").max = Math.max(0, commits.length - 1);
    $("scrub").value = document.body.dataset.commit;
    $("markers").replaceChildren();
    markers();
    note();
  })().finally(() => { extending = null; });
  return extending;
}
async function step(by) {
  let to = Number(document.body.dataset.commit || 0) + by;
  if (data.api && (to >= commits.length || to < 0)) {
    await extend(to >= commits.length);
    to = Number(document.body.dataset.commit || 0) + by;
  }
  show(to);
}
// At most `held` commands stay in the page: reading more drops as many from the other end.
// The marks A and B are events, so they need no change.
const held = heldLimit(commits.length);
function trim(count, fromStart) {
  return trimCommits(commits, data.window, count, fromStart);
}
async function seek(eventIndex) {
  if (extending) await extending;
  if (reading) await reading;
  const more = await read(aroundQuery(eventIndex, 200));
  replaceCommits(commits, data.window, more);
  rerender();
  show(commitOf(eventIndex), eventIndex);
}
if (data.api) {
  $("whatifbar").hidden = false;
  const option = (text, value) => { const o = el("option", null, text); o.value = value; return o; };
  $("wiDevice").appendChild(option("same device", ""));
  for (const d of data.devices) $("wiDevice").appendChild(option(d, d));
  $("wiPolicy").appendChild(option("same delegate", ""));
  for (const p of data.presets) $("wiPolicy").appendChild(option(p, p));
  $("wiGo").addEventListener("click", whatIf);
  $("seek").hidden = false;
  $("seek").max = Math.max(0, s.events - 1);
  $("seek").addEventListener("change", (e) => seek(Number(e.target.value)));
}
note();
$("scrub").max = Math.max(0, commits.length - 1);
$("scrub").addEventListener("input", (e) => show(Number(e.target.value)));
function mark(which) {
  const commit = commits[Number(document.body.dataset.commit || 0)];
  if (!commit) return;
  marks[which] = { event: commit.last, command: commit.command };
  document.body.dataset[which] = commit.last;
  showDiff();
}
$("markA").addEventListener("click", () => mark("a"));
$("markB").addEventListener("click", () => mark("b"));
document.addEventListener("keydown", (e) => {
  if (e.key === "ArrowRight") step(1);
  if (e.key === "ArrowLeft") step(-1);
  if (e.key === "a" || e.key === "b") mark(e.key);
});
function summary() {
  $("summary").textContent = summaryText(s, data.live);
}
// Served by navtape serve at the end of a log: new commits arrive as server-sent events. A commit
// that was still growing comes again whole and replaces the partial one. The page follows the
// session while the last command is shown.
function follow() {
  const source = new EventSource(data.api + "/live?from=" + liveFrom(commits, data.window));
  source.addEventListener("commits", (message) => {
    const update = JSON.parse(message.data);
    const following = Number(document.body.dataset.commit || 0) >= commits.length - 1;
    mergeLive(commits, s, data.window, update);
    // Following, the page keeps at most `held` commands, as stepping does.
    if (following) trim(commits.length - held, true);
    summary();
    $("seek").max = Math.max(0, s.events - 1);
    rerender();
    document.body.dataset.live = update.events;
    show(following ? commits.length - 1 : Number(document.body.dataset.commit || 0));
  });
}
summary();
list();
markers();
const wanted = atFromHash(location.hash);
if (commits.length) {
  if (wanted !== null) show(commitOf(wanted), wanted); else show(commits.length - 1);
}
if (data.live && typeof EventSource !== "undefined") follow();
// A partial page (navtape inspect of a long log) draws the log's checkpoints too: the slider over
// the whole log shows the state at the nearest one, with no events (they are not in the page).
if (data.checkpoints && data.checkpoints.length) {
  const slider = $("seek");
  slider.hidden = false;
  slider.max = data.checkpoints.length - 1;
  slider.title = "the whole log, at its checkpoints";
  slider.addEventListener("input", (e) => {
    const checkpoint = data.checkpoints[Number(e.target.value)];
    draw(checkpoint.state);
    $("told").textContent = checkpointText(checkpoint);
    document.body.dataset.checkpoint = checkpoint.event;
  });
  $("note").textContent += checkpointsNote(data.checkpoints.length);
}

import { infoText, splitLayout, findCommit, commitAtOrAfter, commitHolding, clamp, heldLimit } from "./inspector-logic.js";
import { readAddress, addressOf, openingPoint, openingPlace, openedAt, notHeldText } from "./inspector-logic.js";
import { readAhead, readQuery, aroundQuery, trimCommits, mergeRead, replaceCommits, liveFrom, mergeLive } from "./inspector-logic.js";
import { seekValue, checkpointText, summaryText, loadedLabel, wholeLabel, noteText, checkpointsNote, toldText, commitHeadText, bugsText, eventText, rulesText, commitSpan } from "./inspector-logic.js";
import { violationLines, violationSubjects, isDivergence, isResync, markerList, markerAt, MARKER_LEGEND } from "./inspector-logic.js";
import { markAt, markOf, marksText, diffHead, serverDiffHead, drawnDiffHead, drawnDiff, diffBody, diffURL } from "./inspector-logic.js";
import { blameTarget, blamedRole, drawnBlameLabel, blameStart, blameHead, blameInPageText, blameFurtherText, blameURL, blameServerText, refusal } from "./inspector-logic.js";
import { whatIfQuery, forkCommit, branchView } from "./inspector-logic.js";
// The inspector page's document: it draws the commits of its data block (InspectPage.html), lists
// them, and, served, reads more of the log, asks the server, follows a live log. What needs no
// document is in inspector-logic.js; the two are bundled into one module (the import lines above
// dropped; modules are strict). Every name reaches the document through `textContent`, never as markup.
//
// The page's address is its state (`view`, readAddress/addressOf in inspector-logic.js): the point
// shown, the marks A and B, the what-if and what is blamed, written with history.replaceState as
// they change, and read when the page opens (served or from a file), so a link opens it as it was.
const data = JSON.parse(document.getElementById("data").textContent);
const commits = data.commits;
const view = readAddress(location.search, location.hash);
// A classic script's top-level names were the page's globals, and scripts/browser/serve.py reads
// and sets some of them over DevTools (`commits`, `data`, `view`, `heldCommit(N)`, and `extending = …`,
// `reading` to hold and watch the read-ahead); a module's names are its own, so those stay on window.
Object.defineProperties(window, {
  data: { get: () => data, configurable: true },
  commits: { get: () => commits, configurable: true },
  view: { get: () => view, configurable: true },
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
function current() {
  return Number(document.body.dataset.commit || 0);
}
// The address follows the view: written a moment after the last change (a scrub changes it at
// every step, and a browser limits how often a page may replace its address).
let addressing = null;
function writeAddress() {
  clearTimeout(addressing);
  addressing = setTimeout(() => {
    const next = addressOf(view, location.search, location.hash);
    if (next !== location.search + location.hash) history.replaceState(history.state, "", location.pathname + next);
  }, 60);
}
// A and B are points (a marked command's last event, or start or end), kept while the page reads
// other commands. Served, the diff is always the server's (/diff: navtape diff's changes, a line
// each). A file page has no server: it compares the states it draws, says so, and gives the command
// that answers in full.
const marks = {};
let diffing = 0;
function showDiff() {
  const a = marks.a, b = marks.b, out = $("diff");
  $("ab").textContent = marksText(a, b);
  const token = ++diffing;
  delete document.body.dataset.diffFrom;
  if (!a || !b) { out.replaceChildren(); return; }
  if (!data.api) {
    const label = drawnDiffHead(a, b), lines = drawnDiff(commits, a, b);
    out.replaceChildren(el("span", "head", label.head), el("code", null, label.command), label.tail + "\n" +
      (lines === null ? "not both drawn in this page" : diffBody(lines)));
    document.body.dataset.diffFrom = "page";
    return;
  }
  const head = diffHead(a, b);
  out.textContent = head + ": asking the server…";
  (async () => {
    const answer = await fetch(diffURL(data.api, a, b));
    const result = await answer.json();
    if (token !== diffing) return;
    if (!answer.ok) { out.textContent = head + ": " + refusal(result); return; }
    const items = [el("span", "head", serverDiffHead(a, b))];
    if (!result.changes.length) items.push("\n" + diffBody([]));
    for (const change of result.changes) {
      const line = el("span", "change", change.text);
      line.dataset.change = change.change;
      items.push("\n", line);
    }
    out.replaceChildren(...items);
    document.body.dataset.diffFrom = "api";
  })().catch(() => { if (token === diffing) out.textContent = head + ": the server did not answer"; });
}
// Blame of what the view selects (a column or a stack) at the shown command, again whenever the
// shown command changes. Served, always the server's (/blame, as navtape blame traces it), with the
// command of the event that set it (held, or read around it); the event is highlighted in the list
// when held. A file page walks back over the states it draws while the part keeps its value, says
// so, and gives the command that answers in full.
let blaming = 0, blameLater = null, blamedEvent = null;
function blameEvent(index) {
  document.querySelectorAll(".event.blamed").forEach((e) => e.classList.remove("blamed"));
  blamedEvent = index;
  if (index === null) { delete document.body.dataset.blameEvent; return; }
  document.body.dataset.blameEvent = index;
  const line = document.querySelector('.event[data-i="' + index + '"]');
  if (line) { line.classList.add("blamed"); line.scrollIntoView({ block: "nearest" }); }
}
function blame() {
  clearTimeout(blameLater);
  const token = ++blaming;
  const shown = commits[current()];
  const target = shown ? blameTarget(view, shown.state) : null;
  delete document.body.dataset.blameFrom;
  delete document.body.dataset.blame;
  blameEvent(null);
  if (!target) { $("blame").textContent = ""; return; }
  if (!data.api) {
    const k = blameStart(commits, current(), target.valueAt), c = commits[k];
    const head = drawnBlameLabel(target.part, shown.last) + blameHead(target.what, target.valueAt(shown.state));
    $("blame").textContent = k > 0 || data.window.from <= 0 ?
      blameInPageText(head, commitSpan(c), k, k > 0 ? target.valueAt(commits[k - 1].state) : undefined) :
      blameFurtherText(head, commitSpan(c), target.part, shown.last);
    document.body.dataset.blame = c.last;
    document.body.dataset.blameFrom = "page";
    return;
  }
  $("blame").textContent = target.what + ": asking the server…";
  (async () => {
    const answer = await fetch(blameURL(data.api, target.part, shown.last));
    const result = await answer.json();
    if (token !== blaming) return;
    if (!answer.ok) { $("blame").textContent = target.what + ": " + refusal(result); return; }
    const head = blameHead(target.what, result.value), set = result.setBy;
    if (!set) {
      $("blame").textContent = blameServerText(head, target.part, result, null, false);
    } else {
      // The command of the event that set it: a held one, or else the one commit the server reads around it.
      const held = heldCommit(set.index);
      let command = held >= 0 ? commits[held] : null;
      if (!command) {
        const around = await fetch(data.api + "/commits?" + aroundQuery(set.index, 1)).then((r) => r.json()).catch(() => null);
        if (token !== blaming) return;
        command = around && around.commits ? commitHolding(around.commits, set.index) : null;
      }
      $("blame").textContent = blameServerText(head, target.part, result, command, held >= 0);
      document.body.dataset.blame = command ? command.last : set.index;
      blameEvent(set.index);
    }
    document.body.dataset.blameFrom = "api";
  })().catch(() => { if (token === blaming) $("blame").textContent = target.what + ": the server did not answer"; });
}
// Selecting a column or a stack blames it; selecting it again clears the blame.
function select(which, value) {
  const again = view[which] === value;
  view.column = null;
  view.stack = null;
  if (!again) view[which] = value;
  highlightBlamed();
  blame();
  writeAddress();
}
function highlightBlamed() {
  document.querySelectorAll("#split .blamed").forEach((e) => e.classList.remove("blamed"));
  const shown = commits[current()];
  if (view.stack) document.querySelectorAll('#split .node[data-id="' + view.stack + '"], #modal .node[data-id="' + view.stack + '"]').forEach((e) => e.classList.add("blamed"));
  const role = view.column && shown ? blamedRole(view.column, shown.state) : null;
  if (role) document.querySelectorAll('#split > .column[data-role="' + role + '"]').forEach((e) => e.classList.add("blamed"));
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
    if (where.blame) c.addEventListener("click", () => select("column", column.role));
    if (where.blame) c.querySelectorAll(".node.navigation").forEach((box) => box.addEventListener("click", (e) => {
      e.stopPropagation();
      select("stack", box.dataset.id);
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
// The shown commit's violations in sentences, and the controllers they are about highlighted.
function violations(commit) {
  $("violations").replaceChildren(...violationLines(commit).map((v) => {
    const line = el("div", "violation" + (v.bug ? " bug" : ""), v.text);
    if (v.subject) line.dataset.subject = v.subject;
    return line;
  }));
  for (const id of violationSubjects(commit)) {
    document.querySelectorAll('#split .node[data-id="' + id + '"], #modal .node[data-id="' + id + '"]').forEach((e) => e.classList.add("subject"));
  }
}
// Shows commit `index` (`eventIndex` the event asked for, else its last). The address's `at`
// follows, unless `keepAt` (the page opening, or following a live log).
function show(index, eventIndex, keepAt) {
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
  violations(commit);
  highlightBlamed();
  if (branch && start >= 0) drawBranch(index, start);
  if (!keepAt) {
    view.at = String(document.body.dataset.event);
    writeAddress();
  }
  // What is blamed is blamed again at the command now shown (served: once the scrub rests).
  if (view.column || view.stack) {
    clearTimeout(blameLater);
    if (data.api) blameLater = setTimeout(blame, 150); else blame();
  }
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
// other when the section is narrow), while the page holds the fork's command. The address keeps
// the choice and the fork (`device`, `policy`, `fork`).
let branch = null;
function branching(on) {
  if ($("whatif").hidden === !on) return;
  $("whatif").hidden = !on;
  $("recLabel").hidden = !on;
  document.querySelector("main").classList.toggle("branching", on);
}
function drawBranch(index, start) {
  const pane = branchView(commits, branch, index, start);
  draw(pane.state, second);
  $("wiLabel").textContent = pane.label;
  $("wiNote").textContent = pane.note;
  document.body.dataset.whatif = pane.whatif;
}
// Re-decides from event `from` (a command's first; the shown command's when not given).
async function whatIf(from) {
  const fork = from === undefined ? commits[current()].first : from;
  const device = $("wiDevice").value, policy = $("wiPolicy").value;
  $("wiNote").textContent = "re-deciding…";
  const answer = await fetch(data.api + "/whatif?" + whatIfQuery(fork, device, policy));
  const result = await answer.json();
  if (!answer.ok) { $("wiNote").textContent = refusal(result); return; }
  branch = result;
  view.device = device || null;
  view.policy = policy || null;
  view.fork = String(result.fork);
  $("wiClear").hidden = false;
  writeAddress();
  show(current(), Number(document.body.dataset.event), true);
  if (forkCommit(commits, branch) < 0) $("wiNote").textContent = "the what-if forks at @" + branch.fork + ", outside the commands loaded";
}
function closeWhatIf() {
  branch = null;
  view.device = view.policy = view.fork = null;
  branching(false);
  $("wiClear").hidden = true;
  $("wiNote").textContent = "";
  delete document.body.dataset.whatif;
  writeAddress();
}
// One row per held command; its data-index is its place in `commits`, renumbered when commands
// are read in front of it. Each event line has its number (data-i); divergences are highlighted.
function rowFor(commit) {
  const row = el("div", "commit");
  row.appendChild(el("div", "head", commitHeadText(commit)));
  if (commit.bugs.length) row.appendChild(el("div", "bugs", bugsText(commit.bugs)));
  for (const event of commit.events) {
    const line = el("div", "event" + (isDivergence(event) ? " divergence" : "") + (isResync(event) ? " resync" : "")
      + (event.i === blamedEvent ? " blamed" : ""), eventText(event));
    line.dataset.i = event.i;
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
// The timeline's markers under the loaded commands' slider. A click anywhere on their bar selects
// the commit of the nearest marker whose hit area (at least 10 px) holds it.
let placed = [];
function markers() {
  const box = $("markers");
  placed = markerList(commits);
  for (const marker of placed) {
    const m = el("div", "marker " + marker.kind);
    m.style.left = marker.left;
    m.style.width = marker.width + "px";
    m.style.marginLeft = -marker.width / 2 + "px";
    m.title = marker.title;
    m.dataset.index = marker.index;
    box.appendChild(m);
  }
}
$("markers").addEventListener("click", (e) => {
  const bar = $("markers").getBoundingClientRect();
  const hit = markerAt(placed, e.clientX - bar.left, bar.width);
  if (hit) show(hit.index);
});
for (const [kind, text] of MARKER_LEGEND) $("legend").append(el("span", "key " + kind), text);
function commitOf(eventIndex) {
  return commitAtOrAfter(commits, eventIndex);
}
const s = data.session;
$("title").textContent = "NavTape · " + s.id;
function note() {
  const text = noteText(data, commits.length);
  if (text !== null) $("note").textContent = text;
  $("scrubLabel").textContent = loadedLabel(commits.length, s);
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
    const now = current();
    const merged = mergeRead(commits, data.window, more, forward, held);
    if (forward) box.append(...more.commits.map(rowFor));
    else box.prepend(...more.commits.map(rowFor));
    for (let i = 0; i < merged.front; i++) box.firstElementChild.remove();
    for (let i = 0; i < merged.back; i++) box.lastElementChild.remove();
    renumber();
    document.body.dataset.commit = clamp(now + merged.moved, commits.length);
    $("scrub").max = Math.max(0, commits.length - 1);
    $("scrub").value = document.body.dataset.commit;
    $("markers").replaceChildren();
    markers();
    note();
  })().finally(() => { extending = null; });
  return extending;
}
async function step(by) {
  let to = current() + by;
  if (data.api && (to >= commits.length || to < 0)) {
    await extend(to >= commits.length);
    to = current() + by;
  }
  show(to);
}
// At most `held` commands stay in the page: reading more drops as many from the other end.
// The marks A and B are points, so they need no change.
const held = heldLimit(commits.length);
function trim(count, fromStart) {
  return trimCommits(commits, data.window, count, fromStart);
}
async function seek(eventIndex, keepAt) {
  if (extending) await extending;
  if (reading) await reading;
  const more = await read(aroundQuery(eventIndex, 200));
  replaceCommits(commits, data.window, more);
  rerender();
  show(commitOf(eventIndex), eventIndex, keepAt);
}
if (data.api) {
  $("whatifbar").hidden = false;
  const option = (text, value) => { const o = el("option", null, text); o.value = value; return o; };
  $("wiDevice").appendChild(option("same device", ""));
  for (const d of data.devices) $("wiDevice").appendChild(option(d, d));
  $("wiPolicy").appendChild(option("same delegate", ""));
  for (const p of data.presets) $("wiPolicy").appendChild(option(p, p));
  $("wiGo").addEventListener("click", () => whatIf());
  $("wiClear").addEventListener("click", closeWhatIf);
  $("seek").hidden = false;
  $("seekLabel").hidden = false;
  $("seekLabel").textContent = wholeLabel(s, null);
  $("seek").max = Math.max(0, s.events - 1);
  $("seek").addEventListener("change", (e) => seek(Number(e.target.value)));
}
note();
$("scrub").max = Math.max(0, commits.length - 1);
$("scrub").addEventListener("input", (e) => show(Number(e.target.value)));
function mark(which) {
  const commit = commits[current()];
  if (!commit) return;
  marks[which] = markOf(commit);
  view[which] = marks[which].point;
  document.body.dataset[which] = marks[which].point;
  showDiff();
  writeAddress();
}
$("markA").addEventListener("click", () => mark("a"));
$("markB").addEventListener("click", () => mark("b"));
document.addEventListener("keydown", (e) => {
  if (e.target instanceof HTMLSelectElement) return;
  if (e.key === "ArrowRight") step(1);
  if (e.key === "ArrowLeft") step(-1);
  if (e.key === "a" || e.key === "b") mark(e.key);
});
function summary() {
  $("summary").textContent = summaryText(s);
  $("live").hidden = !data.live;
}
// Served by navtape serve at the end of a log: new commits arrive as server-sent events. A commit
// that was still growing comes again whole and replaces the partial one. The page follows the
// session while the last command is shown.
function follow() {
  const source = new EventSource(data.api + "/live?from=" + liveFrom(commits, data.window));
  source.addEventListener("commits", (message) => {
    const update = JSON.parse(message.data);
    const following = current() >= commits.length - 1;
    mergeLive(commits, s, data.window, update);
    // Following, the page keeps at most `held` commands, as stepping does.
    if (following) trim(commits.length - held, true);
    summary();
    $("seek").max = Math.max(0, s.events - 1);
    $("seekLabel").textContent = wholeLabel(s, null);
    rerender();
    document.body.dataset.live = update.events;
    show(following ? commits.length - 1 : current(), undefined, following);
  });
}
summary();
list();
markers();
// Opening: at the point the address names (`at`, or `#at=N`), else the one the page was served or
// written for (data.point), else the end: the commit holding it. Served, a point outside the
// commands loaded is read from the server; a file page says it does not hold it. Then the marks,
// the what-if and the blame the address names.
async function opening() {
  if (!commits.length) return;
  const point = openingPoint(view.at, data.point);
  const place = openingPlace(commits, data.window, s.events, point);
  view.at = openedAt(view.at, data.point);
  if (place.held || !data.api) {
    show(place.index, place.held ? place.event : undefined, true);
    if (!place.held) $("note").textContent += notHeldText(point, data.window);
  } else {
    await seek(place.event, true);
  }
  for (const which of ["a", "b"]) {
    if (view[which] === null) continue;
    marks[which] = markAt(view[which], commits, s.events);
    document.body.dataset[which] = view[which];
  }
  if (marks.a || marks.b) showDiff();
  if (data.api) {
    for (const [id, value] of [["wiDevice", view.device], ["wiPolicy", view.policy]]) {
      if (value === null) continue;
      const select = $(id);
      if (!Array.from(select.options).some((o) => o.value === value)) { const o = el("option", null, value); o.value = value; select.appendChild(o); }
      select.value = value;
    }
    if (view.fork !== null) await whatIf(Number(view.fork));
  }
  if (view.column || view.stack) blame();
  writeAddress();
}
opening().finally(() => { document.body.dataset.opened = "true"; });
if (data.live && typeof EventSource !== "undefined") follow();
// A partial page (navtape inspect of a long log) draws the log's checkpoints too: the slider over
// the whole log shows the state at the nearest one, with no events (they are not in the page).
if (data.checkpoints && data.checkpoints.length) {
  const slider = $("seek");
  slider.hidden = false;
  $("seekLabel").hidden = false;
  $("seekLabel").textContent = wholeLabel(s, data.checkpoints);
  slider.max = data.checkpoints.length - 1;
  slider.title = "the whole log, at its checkpoints";
  slider.addEventListener("input", (e) => {
    const checkpoint = data.checkpoints[Number(e.target.value)];
    draw(checkpoint.state);
    $("told").textContent = checkpointText(checkpoint);
    $("violations").replaceChildren();
    document.body.dataset.checkpoint = checkpoint.event;
  });
  $("note").textContent += checkpointsNote(data.checkpoints.length);
}

// The inspector page's logic (Sources/NavTapeServer/Web/inspector-logic.js), without a document.
// Run: node --test Tests/Web/
import { test } from "node:test";
import assert from "node:assert/strict";
import * as logic from "../../Sources/NavTapeServer/Web/inspector-logic.js";

// A drawn state as InspectPage.drawing writes it.
function state(overrides = {}) {
  return {
    hierarchy: "MN[M] | DN[D]", collapsed: false, launched: true, displayMode: "oneBesideSecondary",
    width: 1180, height: 820, sizeClass: "regular", primaryWidth: 320,
    columns: [
      { role: "primary", node: { id: "#1", name: "MN", children: [{ id: "#2", name: "M" }] } },
      { role: "secondary", node: { id: "#3", name: "DN", children: [{ id: "#4", name: "D" }] } },
    ],
    presented: null, visible: ["primary", "secondary"], overlay: [],
    ...overrides,
  };
}

// Commits as InspectPage.commit writes them: events first…last, in log order.
function commit(first, last, extra = {}) {
  return { first, last, time: "+" + first + ".000s", command: "cmd" + first, events: [], told: null, bugs: [],
    rotation: false, diverged: 0, state: state(), ...extra };
}
const held = () => [commit(0, 2), commit(3, 3), commit(4, 7), commit(8, 9)];

test("notationOf writes a tree in bracket notation", () => {
  assert.equal(logic.notationOf({ id: "#1", name: "D" }), "D");
  assert.equal(logic.notationOf({ id: "#1", name: "MN", children: [] }), "MN[]");
  assert.equal(logic.notationOf({ id: "#1", name: "MN", children: [{ name: "M" }, { name: "N", children: [{ name: "X" }] }] }), "MN[M, N[X]]");
});

test("findNode finds a controller anywhere in a tree, or null", () => {
  const tree = { id: "#1", name: "A", children: [{ id: "#2", name: "B" }, { id: "#3", name: "C", children: [{ id: "#4", name: "E" }] }] };
  assert.equal(logic.findNode(tree, "#4").name, "E");
  assert.equal(logic.findNode(tree, "#1"), tree);
  assert.equal(logic.findNode(tree, "#9"), null);
  assert.equal(logic.findNode(null, "#1"), null);
});

test("parts names each part of a drawn state", () => {
  assert.deepEqual(logic.parts(state()), {
    hierarchy: "MN[M] | DN[D]", collapsed: "false", "display mode": "oneBesideSecondary", traits: "regular 1180×820",
    presented: "none", primary: "MN[M]", secondary: "DN[D]",
  });
  const p = logic.parts(state({ hierarchy: "", collapsed: true, columns: [], presented: { id: "#5", name: "Sheet" } }));
  assert.equal(p.hierarchy, "(none)");
  assert.equal(p.collapsed, "true");
  assert.equal(p.presented, "Sheet");
  assert.equal(p.primary, undefined);
});

test("infoText says the mode, the traits and whether the app is launched", () => {
  assert.equal(logic.infoText(state()), "oneBesideSecondary · regular 1180×820");
  assert.equal(logic.infoText(state({ collapsed: true, launched: false, sizeClass: "compact", width: 390, height: 844 })),
    "collapsed · compact 390×844 · not launched");
});

test("splitLayout scales the device to its section and places the columns", () => {
  // 400 wide: room 372 of 1180 points.
  const scale = 372 / 1180;
  const layout = logic.splitLayout(state(), 400);
  assert.equal(layout.width, Math.round(1180 * scale));
  assert.equal(layout.height, Math.round(820 * scale * 0.8));
  assert.deepEqual(layout.columns, [
    { role: "primary", width: Math.round(320 * scale), hidden: false, overlay: false, left: null },
    { role: "secondary", width: null, hidden: false, overlay: false, left: null },
  ]);
  // Wider than the device: never scaled up. Narrow: at least 160 of room.
  assert.equal(logic.splitLayout(state(), 2000).width, 1180);
  assert.equal(logic.splitLayout(state(), 10).width, Math.round(1180 * 160 / 1180));
});

test("splitLayout hides columns off screen and lays overlays one after the other", () => {
  const three = state({
    columns: [{ role: "primary", node: { id: "#1", name: "P" } }, { role: "supplementary", node: { id: "#2", name: "S" } },
      { role: "secondary", node: { id: "#3", name: "D" } }],
    visible: ["primary", "supplementary", "secondary"], overlay: ["primary", "supplementary"], width: 1000,
  });
  const columns = logic.splitLayout(three, 2000).columns;
  assert.deepEqual(columns.map((c) => [c.overlay, c.left, c.width]), [[true, 0, 320], [true, 320, 320], [false, null, null]]);
  const hidden = logic.splitLayout(state({ visible: ["secondary"], displayMode: "secondaryOnly" }), 2000).columns[0];
  assert.deepEqual(hidden, { role: "primary", width: 320, hidden: true, overlay: false, left: null });
  const collapsed = logic.splitLayout(state({ collapsed: true, columns: [{ role: "collapsed", node: { id: "#1", name: "MN" } }] }), 2000);
  assert.deepEqual(collapsed.columns, [{ role: "collapsed", width: null, hidden: false, overlay: false, left: null }]);
});

test("findCommit finds the held commit holding an event, or -1", () => {
  const commits = held();
  assert.equal(logic.findCommit(commits, 0), 0);
  assert.equal(logic.findCommit(commits, 2), 0);
  assert.equal(logic.findCommit(commits, 3), 1);
  assert.equal(logic.findCommit(commits, 5), 2);
  assert.equal(logic.findCommit(commits, 9), 3);
  assert.equal(logic.findCommit(commits, 10), -1);
  assert.equal(logic.findCommit(commits, -1), -1);
  assert.equal(logic.findCommit([commit(10, 12), commit(20, 22)], 15), -1);
  assert.equal(logic.findCommit([], 0), -1);
});

test("commitAtOrAfter finds the first commit ending at or after an event", () => {
  const commits = held();
  assert.equal(logic.commitAtOrAfter(commits, 0), 0);
  assert.equal(logic.commitAtOrAfter(commits, 3), 1);
  assert.equal(logic.commitAtOrAfter(commits, 6), 2);
  assert.equal(logic.commitAtOrAfter(commits, 8), 3);
  assert.equal(logic.commitAtOrAfter(commits, 500), 3);
  assert.equal(logic.commitAtOrAfter([commit(10, 12), commit(20, 22)], 15), 1);
  assert.equal(logic.commitAtOrAfter([], 4), 0);
});

test("commitHolding finds a commit by event in any list", () => {
  const list = [commit(8, 9), commit(0, 2)];
  assert.equal(logic.commitHolding(list, 1), list[1]);
  assert.equal(logic.commitHolding(list, 9), list[0]);
  assert.equal(logic.commitHolding(list, 5), null);
});

test("clamp keeps an index within the commits held", () => {
  assert.equal(logic.clamp(-3, 4), 0);
  assert.equal(logic.clamp(2, 4), 2);
  assert.equal(logic.clamp(9, 4), 3);
  assert.equal(logic.clamp(5, 0), 0);
});

test("atFromHash reads #at=N, 0 included", () => {
  assert.equal(logic.atFromHash("#at=42"), 42);
  assert.equal(logic.atFromHash("#at=0"), 0);
  assert.equal(logic.atFromHash(""), null);
  assert.equal(logic.atFromHash("#at="), null);
  assert.equal(logic.atFromHash("#at=x"), null);
});

test("heldLimit keeps at least 1000 commands, and all a page was written with", () => {
  assert.equal(logic.heldLimit(10), 1000);
  assert.equal(logic.heldLimit(2000), 2000);
});

test("readAhead reads past the end near it, before the start near it, else nothing", () => {
  const span = { from: 100, to: 900 };
  assert.equal(logic.readAhead(360, 400, span, 1000, false), true);
  assert.equal(logic.readAhead(350, 400, span, 1000, false), true);
  assert.equal(logic.readAhead(349, 400, span, 1000, false), null);
  assert.equal(logic.readAhead(360, 400, { from: 100, to: 1000 }, 1000, false), null);
  assert.equal(logic.readAhead(399, 400, span, 1000, true), null);
  assert.equal(logic.readAhead(49, 400, span, 1000, false), false);
  assert.equal(logic.readAhead(50, 400, span, 1000, false), null);
  assert.equal(logic.readAhead(10, 400, { from: 0, to: 900 }, 1000, false), null);
  // Near both ends (a short page), the end first; a live page reads before its start.
  assert.equal(logic.readAhead(5, 20, span, 1000, false), true);
  assert.equal(logic.readAhead(5, 20, span, 1000, true), false);
});

test("the /commits queries", () => {
  assert.equal(logic.readQuery(true, { from: 10, to: 90 }), "from=90&count=200");
  assert.equal(logic.readQuery(false, { from: 10, to: 90 }), "to=10&count=200");
  assert.equal(logic.aroundQuery(123, 1), "around=123&count=1");
});

test("trimCommits drops from one end and moves that side of the window", () => {
  let commits = held(), span = { from: 0, to: 10 };
  assert.equal(logic.trimCommits(commits, span, 2, true), 2);
  assert.deepEqual(commits.map((c) => c.first), [4, 8]);
  assert.deepEqual(span, { from: 4, to: 10 });
  commits = held(), span = { from: 0, to: 10 };
  assert.equal(logic.trimCommits(commits, span, 3, false), 0);
  assert.deepEqual(commits.map((c) => c.first), [0]);
  assert.deepEqual(span, { from: 0, to: 3 });
  commits = held(), span = { from: 0, to: 10 };
  assert.equal(logic.trimCommits(commits, span, 0, true), 0);
  assert.equal(logic.trimCommits(commits, span, -5, false), 0);
  assert.equal(commits.length, 4);
  assert.deepEqual(span, { from: 0, to: 10 });
});

test("mergeRead adds a read past the end and drops as many from the start past the limit", () => {
  const commits = held(), span = { from: 0, to: 10 };
  const more = { from: 10, to: 15, commits: [commit(10, 11), commit(12, 14)] };
  const merged = logic.mergeRead(commits, span, more, true, 5);
  assert.deepEqual(merged, { front: 1, back: 0, moved: -1 });
  assert.deepEqual(commits.map((c) => c.first), [3, 4, 8, 10, 12]);
  assert.deepEqual(span, { from: 3, to: 15 });
});

test("mergeRead adds a read before the start and drops from the end past the limit", () => {
  const commits = held().slice(1), span = { from: 3, to: 10 };
  const more = { from: 0, to: 3, commits: [commit(0, 1), commit(2, 2)] };
  const merged = logic.mergeRead(commits, span, more, false, 4);
  assert.deepEqual(merged, { front: 0, back: 1, moved: 2 });
  assert.deepEqual(commits.map((c) => c.first), [0, 2, 3, 4]);
  assert.deepEqual(span, { from: 0, to: 8 });
  // Under the limit nothing is dropped.
  const few = [commit(5, 6)], window = { from: 5, to: 7 };
  assert.deepEqual(logic.mergeRead(few, window, { from: 7, to: 9, commits: [commit(7, 8)] }, true, 1000), { front: 0, back: 0, moved: -0 });
  assert.deepEqual(window, { from: 5, to: 9 });
});

test("replaceCommits keeps the array and replaces what it holds", () => {
  const commits = held(), span = { from: 0, to: 10 };
  logic.replaceCommits(commits, span, { from: 40, to: 45, commits: [commit(40, 44)] });
  assert.deepEqual(commits.map((c) => c.first), [40]);
  assert.deepEqual(span, { from: 40, to: 45 });
});

test("liveFrom asks from the last held commit's first event, or the window's end", () => {
  assert.equal(logic.liveFrom(held(), { from: 0, to: 10 }), 8);
  assert.equal(logic.liveFrom([], { from: 0, to: 10 }), 10);
});

test("mergeLive replaces a commit that grew, adds newer ones and counts them", () => {
  const commits = held(), session = { events: 10, commands: 4 }, span = { from: 0, to: 10 };
  const grown = commit(8, 10);
  logic.mergeLive(commits, session, span, { events: 13, commits: [commit(4, 7, { command: "old" }), grown, commit(11, 12)] });
  assert.deepEqual(commits.map((c) => [c.first, c.last]), [[0, 2], [3, 3], [4, 7], [8, 10], [11, 12]]);
  assert.equal(commits[3], grown);
  assert.equal(commits[2].command, "cmd4");
  assert.deepEqual(session, { events: 13, commands: 5 });
  assert.deepEqual(span, { from: 0, to: 13 });
  const unknown = { events: 0, commands: null }, none = [];
  logic.mergeLive(none, unknown, { from: 0, to: 0 }, { events: 2, commits: [commit(0, 1)] });
  assert.equal(none.length, 1);
  assert.equal(unknown.commands, null);
});

test("checkpointAt and seekValue place the whole-log slider", () => {
  const checkpoints = [{ event: 100 }, { event: 200 }, { event: 300 }];
  assert.equal(logic.checkpointAt(checkpoints, 50), 0);
  assert.equal(logic.checkpointAt(checkpoints, 199), 1);
  assert.equal(logic.checkpointAt(checkpoints, 198), 0);
  assert.equal(logic.checkpointAt(checkpoints, 10_000), 2);
  assert.equal(logic.checkpointAt([], 10), 0);
  assert.equal(logic.seekValue(checkpoints, commit(250, 260)), 1);
  assert.equal(logic.seekValue(null, commit(250, 260)), 260);
  assert.equal(logic.seekValue([], commit(250, 260)), 260);
});

test("the texts of the header, the note and the checkpoints", () => {
  const s = { id: "x", device: "ipad", policy: "default", style: "unspecified", events: 40, commands: 12, start: "2026-11-22T14:00:00.000Z", parent: null };
  assert.equal(logic.summaryText(s, false), "ipad · default · unspecified · 40 events, 12 commands · started 2026-11-22T14:00:00.000Z");
  assert.equal(logic.summaryText({ ...s, commands: null, parent: "base @7" }, true),
    "ipad · default · unspecified · 40 events · started 2026-11-22T14:00:00.000Z · fork of base @7 · live");
  const served = { api: "/api/sessions/s-1", session: { events: 1000 }, window: { from: 100, to: 600 } };
  assert.equal(logic.noteText(served, 30),
    "This page holds 30 commands, events @100…@599 of 1000; stepping past either end or the slider below reads more.");
  assert.equal(logic.noteText({ ...served, window: { from: 0, to: 1000 } }, 30), "");
  const file = { api: null, session: { events: 1000, commands: 300 }, window: { firstCommand: 10, from: 100, to: 600, partial: true } };
  assert.equal(logic.noteText(file, 30),
    "This page holds commands 11–40 of 300 (events @100…@599 of 1000); run navtape inspect --at N for another part.");
  assert.equal(logic.noteText({ ...file, window: { firstCommand: 0, from: 0, to: 1000, partial: false } }, 300), null);
  assert.equal(logic.checkpointsNote(7), " The slider below the commands scrubs the whole log at its 7 checkpoints.");
  assert.equal(logic.checkpointText({ event: 512 }),
    "A checkpoint: the state after @511 (events 512 on are not in this page; navtape inspect --at 511 writes the page around it).");
});

test("the texts of a commit's row", () => {
  assert.equal(logic.toldText(commit(0, 1, { told: "viewWillAppear(D)" })), "UIKit told the app: viewWillAppear(D)");
  assert.equal(logic.toldText(commit(0, 1)), "");
  assert.equal(logic.commitHeadText(commit(3, 4, { command: "launch" })), "+3.000s  launch");
  assert.equal(logic.bugsText(["BUG-6", "NV-1"]), "raises BUG-6, NV-1");
  assert.equal(logic.eventText({ i: 12, text: "pushed D" }), "@12 pushed D");
  assert.equal(logic.rulesText(["ST-1", "ST-2"]), "  (ST-1, ST-2)");
  assert.equal(logic.commitSpan(commit(3, 5, { command: "showDetail D" })), "showDetail D (@3…@5, +3.000s)");
});

test("markers: a BUG- rule, a rotation and a divergence, placed along the timeline", () => {
  assert.deepEqual(logic.markerKinds(commit(0, 1, { bugs: ["NV-1"] })), []);
  assert.deepEqual(logic.markerKinds(commit(0, 1, { bugs: ["NV-1", "BUG-6"], rotation: true, diverged: 2 })), ["bug", "rotation", "diverged"]);
  const commits = [commit(0, 1, { rotation: true, command: "turn" }), commit(2, 3), commit(4, 5, { bugs: ["BUG-6", "ST-1"], command: "show" })];
  assert.deepEqual(logic.markerList(commits), [
    { index: 0, kind: "rotation", left: "0%", title: "turn" },
    { index: 2, kind: "bug", left: "100%", title: "show · BUG-6, ST-1" },
  ]);
  assert.equal(logic.markerList([commit(0, 1), commit(2, 2, { diverged: 1 }), commit(3, 3), commit(4, 4)])[0].left, (100 / 3) + "%");
  assert.deepEqual(logic.markerList([commit(0, 1, { rotation: true })]).map((m) => m.left), ["0%"]);
});

test("the A/B marks and their diff", () => {
  const a = { event: 3, command: "launch" }, b = { event: 9, command: "rotate" };
  assert.equal(logic.marksText(a, undefined), "A: launch (@3)");
  assert.equal(logic.marksText(undefined, b), "  B: rotate (@9)");
  assert.equal(logic.marksText(a, b), "A: launch (@3)  B: rotate (@9)");
  assert.equal(logic.marksText(undefined, undefined), "");
  assert.equal(logic.diffHead(a, b), "A @3 → B @9");
  assert.equal(logic.diffURL("/api/sessions/s-1", a, b), "/api/sessions/s-1/diff?a=3&b=9");
  const after = state({ hierarchy: "MN[M, D]", collapsed: true, width: 390, height: 844, sizeClass: "compact",
    columns: [{ role: "collapsed", node: { id: "#1", name: "MN", children: [{ name: "M" }, { name: "D" }] } }] });
  // A collapsed state's one column has the role `collapsed`, whose notation takes the place of the
  // `collapsed` flag among the parts (as today's page does): the diff says `collapsed: false → MN[M, D]`.
  assert.deepEqual(logic.diffLines(state(), after), [
    "hierarchy: MN[M] | DN[D] → MN[M, D]", "collapsed: false → MN[M, D]", "traits: regular 1180×820 → compact 390×844",
    "primary: MN[M] → —", "secondary: DN[D] → —",
  ]);
});

test("diffLines: a column only one side has, and no difference", () => {
  const a = state(), b = state({ presented: { id: "#9", name: "Sheet" } });
  assert.deepEqual(logic.diffLines(a, b), ["presented: none → Sheet"]);
  assert.deepEqual(logic.diffLines(a, state()), []);
  const three = state({ columns: state().columns.concat([{ role: "supplementary", node: { id: "#7", name: "S" } }]) });
  assert.deepEqual(logic.diffLines(a, three), ["supplementary: — → S"]);
  assert.equal(logic.diffBody([]), "no difference");
  assert.equal(logic.diffBody(["x: 1 → 2", "y: 3 → 4"]), "x: 1 → 2\ny: 3 → 4");
});

test("blame: the parts navtape blame names, and their values in a drawn state", () => {
  assert.deepEqual(logic.stackPart({ id: "#3", name: "DetailNC" }), { api: "#3", cli: "DetailNC" });
  assert.deepEqual(logic.stackPart({ id: "#3", name: "Detail NC" }), { api: "#3", cli: "#3" });
  assert.deepEqual(logic.columnBlamePart("collapsed"), { api: "primary", cli: "primary" });
  assert.deepEqual(logic.columnBlamePart("secondary"), { api: "secondary", cli: "secondary" });
  assert.equal(logic.columnValue(state(), "secondary"), "DN (#3)");
  assert.equal(logic.columnValue(state(), "supplementary"), "none");
  assert.equal(logic.stackValue(state(), "#3"), "DN[D]");
  assert.equal(logic.stackValue(state({ presented: { id: "#8", name: "SheetNC", children: [{ id: "#9", name: "S" }] } }), "#8"), "SheetNC[S]");
  assert.equal(logic.stackValue(state(), "#8"), "not in the hierarchy");
});

test("blameStart walks back while the value is kept", () => {
  const detail = (name) => state({ columns: [{ role: "secondary", node: { id: "#3", name } }] });
  const commits = [commit(0, 1, { state: detail("A") }), commit(2, 3, { state: detail("B") }), commit(4, 5, { state: detail("B") }),
    commit(6, 7, { state: detail("B") })];
  const valueAt = (s) => logic.columnValue(s, "secondary");
  assert.equal(logic.blameStart(commits, 3, valueAt), 1);
  assert.equal(logic.blameStart(commits, 1, valueAt), 1);
  assert.equal(logic.blameStart(commits, 0, valueAt), 0);
  assert.equal(logic.blameStart(commits.slice(1), 2, valueAt), 0);
});

test("the blame's texts", () => {
  const head = logic.blameHead("secondary", "D (#4)");
  assert.equal(head, "secondary = D (#4)\n");
  assert.equal(logic.blameInPageText(head, "show (@2…@3, +1s)", 2, "C (#5)"), "secondary = D (#4)\nset by show (@2…@3, +1s); was C (#5)");
  assert.equal(logic.blameInPageText(head, "launch (@0…@1, +0s)", 0, undefined), "secondary = D (#4)\nset by launch (@0…@1, +0s)");
  assert.equal(logic.blameFurtherText(head, "x (@500…@502, +9s)", { api: "#3", cli: "DN" }, 502),
    "secondary = D (#4)\nunchanged since the page's first command, x (@500…@502, +9s); navtape blame LOG DN --at 502 looks further");
  assert.equal(logic.blameAskingText(head, "x (@5…@6, +1s)"), "secondary = D (#4)\nunchanged since the page's first command, x (@5…@6, +1s); asking the server…");
  assert.equal(logic.blameURL("/api/sessions/s-1", { api: "#3", cli: "DN" }, 502), "/api/sessions/s-1/blame?what=%233&at=502&limit=1");
  assert.equal(logic.refusal({ error: { message: "at: no such event" } }), "at: no such event");
  assert.equal(logic.refusal({}), "the server refused");
});

test("the server's blame in words", () => {
  const head = "secondary = D (#4)\n", part = { api: "secondary", cli: "secondary" };
  assert.equal(logic.blameServerText(head, part, { setBy: null, value: "D (#4)" }, null, false),
    "secondary = D (#4)\nunchanged since the log's start (navtape blame secondary: D (#4))");
  const set = { index: 41, text: "secondary ← D", before: "C (#2)" };
  assert.equal(logic.blameServerText(head, part, { setBy: set }, commit(40, 42, { command: "showDetail D" }), true),
    "secondary = D (#4)\nset by showDetail D (@40…@42, +40.000s); @41 secondary ← D; was C (#2) (navtape blame secondary, from the server)");
  assert.equal(logic.blameServerText(head, part, { setBy: set }, commit(40, 42, { command: "showDetail D" }), false),
    "secondary = D (#4)\nset by showDetail D (@40…@42, +40.000s); @41 secondary ← D; was C (#2) (navtape blame secondary, from the server; before the commands this page holds)");
  assert.equal(logic.blameServerText(head, part, { setBy: set }, null, false),
    "secondary = D (#4)\nset by @41; @41 secondary ← D; was C (#2) (navtape blame secondary, from the server; before the commands this page holds)");
});

test("what if: the query, the fork held and the branch's pane", () => {
  assert.equal(logic.whatIfQuery(0, "", "calendar-paste"), "at=start&device=&policy=calendar-paste");
  assert.equal(logic.whatIfQuery(12, "iphone 15", "a&b"), "at=11&device=iphone%2015&policy=a%26b");
  const commits = held();
  assert.equal(logic.forkCommit(commits, { fork: 4 }), 2);
  assert.equal(logic.forkCommit(commits, { fork: 5 }), -1);
  assert.equal(logic.forkCommit(commits, { fork: 40 }), -1);
  const branch = { fork: 4, device: "iphone", policy: "template", commits: [{ state: state({ width: 1 }) }, { state: state({ width: 2 }) }] };
  const before = logic.branchView(commits, branch, 1, 2);
  assert.equal(before.state, commits[1].state);
  assert.equal(before.label, "what if iphone · template");
  assert.equal(before.note, "what if iphone · template from @4: before the fork, the same");
  assert.equal(before.whatif, "");
  const at = logic.branchView(commits, branch, 3, 2);
  assert.equal(at.state.width, 2);
  assert.equal(at.note, "what if iphone · template from @4: command 2 of 2 re-decided");
  assert.equal(at.whatif, 1);
  assert.equal(logic.branchView(commits, branch, 9, 2).state.width, 2);
});

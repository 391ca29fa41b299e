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
    presented: "none", "primary column": "MN[M]", "secondary column": "DN[D]",
  });
  const p = logic.parts(state({ hierarchy: "", collapsed: true, columns: [], presented: { id: "#5", name: "Sheet" } }));
  assert.equal(p.hierarchy, "(none)");
  assert.equal(p.collapsed, "true");
  assert.equal(p.presented, "Sheet");
  assert.equal(p["primary column"], undefined);
});

test("parts: a collapsed split's one column is a part of its own, never the collapsed flag", () => {
  const collapsed = state({ hierarchy: "MN[M, D]", collapsed: true,
    columns: [{ role: "collapsed", node: { id: "#1", name: "MN", children: [{ id: "#2", name: "M" }, { id: "#4", name: "D" }] } }] });
  const p = logic.parts(collapsed);
  assert.equal(p.collapsed, "true");
  assert.equal(p["collapsed column"], "MN[M, D]");
  // Collapsed to collapsed with another stack: the flag does not change, the column does.
  const other = state({ ...collapsed, columns: [{ role: "collapsed", node: { id: "#1", name: "MN", children: [{ id: "#2", name: "M" }] } }] });
  assert.deepEqual(logic.diffLines(collapsed, other), ["collapsed column: MN[M, D] → MN[M]"]);
});

test("findInState finds a controller in a column or the modal, or null", () => {
  const s = state({ presented: { id: "#8", name: "SheetNC", children: [{ id: "#9", name: "S" }] } });
  assert.equal(logic.findInState(s, "#4").name, "D");
  assert.equal(logic.findInState(s, "#9").name, "S");
  assert.equal(logic.findInState(s, "#77"), null);
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

test("pointOf reads start, end and event numbers, nothing else", () => {
  assert.equal(logic.pointOf("start"), "start");
  assert.equal(logic.pointOf("end"), "end");
  assert.equal(logic.pointOf("0"), "0");
  assert.equal(logic.pointOf("500000"), "500000");
  assert.equal(logic.pointOf("007"), "7");
  for (const bad of [null, undefined, "", "@18", "-1", "1.5", "+600", "Start", "1e3", "12 ", "9999999999999999"]) assert.equal(logic.pointOf(bad), null, String(bad));
});

test("readAddress reads the view from the query, #at=N as an alias", () => {
  assert.deepEqual(logic.readAddress("", ""), logic.emptyView());
  assert.deepEqual(logic.readAddress("?at=18&a=start&b=23&device=ipad&policy=calendar-paste&fork=13&column=secondary", ""),
    { at: "18", a: "start", b: "23", device: "ipad", policy: "calendar-paste", fork: "13", column: "secondary", stack: null });
  // The older form, and the query before the fragment.
  assert.equal(logic.readAddress("", "#at=42").at, "42");
  assert.equal(logic.readAddress("", "#at=0").at, "0");
  assert.equal(logic.readAddress("?at=7", "#at=42").at, "7");
  assert.equal(logic.readAddress("", "#at=").at, null);
  assert.equal(logic.readAddress("", "#at=x").at, null);
  assert.equal(logic.readAddress("", "#notes").at, null);
  // What names nothing is left unset: a time (the server reads it: data.point), a bad role or stack.
  assert.deepEqual(logic.readAddress("?at=%2B600&a=@3&b=x&fork=-2&column=middle&stack=4&device=&policy=", ""), logic.emptyView());
  assert.equal(logic.readAddress("?stack=%234", "").stack, "#4");
  // A stack wins over a column (one blame at a time).
  assert.deepEqual([logic.readAddress("?column=primary&stack=%234", "").column, logic.readAddress("?column=primary&stack=%234", "").stack], [null, "#4"]);
  // Names are decoded: a policy with spaces and `&`.
  assert.equal(logic.readAddress("?policy=a%20%26%20b", "").policy, "a & b");
});

test("addressOf writes the view in a fixed order and keeps the address's other parts", () => {
  const view = { ...logic.emptyView(), at: "18", b: "end", a: "start", column: "secondary" };
  assert.equal(logic.addressOf(view, "", ""), "?at=18&a=start&b=end&column=secondary");
  assert.equal(logic.addressOf(logic.emptyView(), "", ""), "");
  assert.equal(logic.addressOf(logic.emptyView(), "?at=3&a=4", "#at=3"), "");
  // Other parameters stay, first; `#at=N` moves into the query; another fragment stays.
  assert.equal(logic.addressOf({ ...logic.emptyView(), at: "5" }, "?theme=dark&at=3", "#at=3"), "?theme=dark&at=5");
  assert.equal(logic.addressOf({ ...logic.emptyView(), at: "5" }, "", "#notes"), "?at=5#notes");
  assert.equal(logic.addressOf({ ...logic.emptyView(), at: "5" }, "", "#at=1&x=2"), "?at=5#x=2");
  assert.equal(logic.addressOf({ ...logic.emptyView(), stack: "#4", policy: "a & b" }, "", ""), "?policy=a%20%26%20b&stack=%234");
});

test("readAddress and addressOf round-trip every view", () => {
  const views = [
    logic.emptyView(),
    { ...logic.emptyView(), at: "start" },
    { ...logic.emptyView(), at: "end", a: "0", b: "39999" },
    { at: "500000", a: "12", b: "start", device: "ipad-pro", policy: "calendar-paste", fork: "13", column: "collapsed", stack: null },
    { at: "3", a: null, b: "end", device: null, policy: "merge stacks & more/+?#", fork: "0", column: null, stack: "#12" },
  ];
  for (const view of views) {
    const address = logic.addressOf(view, "?other=1", "");
    const [search, hash] = address.includes("#") ? [address.slice(0, address.indexOf("#")), address.slice(address.indexOf("#"))] : [address, ""];
    assert.deepEqual(logic.readAddress(search, hash), view, address);
    assert.ok(search.startsWith("?other=1"));
    // Written again from what it reads: the same address.
    assert.equal(logic.addressOf(logic.readAddress(search, hash), search, hash), address);
  }
  // Each key alone, written and read back.
  for (const key of logic.ADDRESS_KEYS) {
    const value = key === "stack" ? "#3" : key === "column" ? "primary" : key === "device" || key === "policy" ? "x y" : "7";
    const view = { ...logic.emptyView(), [key]: value };
    assert.deepEqual(logic.readAddress(logic.addressOf(view, "", ""), ""), view, key);
  }
});

test("openingPoint: the address's at, else data.point (events applied), else the end", () => {
  assert.equal(logic.openingPoint(null, null), "end");
  assert.equal(logic.openingPoint(undefined, undefined), "end");
  assert.equal(logic.openingPoint("18", null), 18);
  assert.equal(logic.openingPoint("18", 30), 18);
  assert.equal(logic.openingPoint("start", 30), "start");
  assert.equal(logic.openingPoint("end", 30), "end");
  // data.point counts events applied: ?at=18 (or inspect --at 18) is 19, the state after @18.
  assert.equal(logic.openingPoint(null, 19), 18);
  assert.equal(logic.openingPoint(null, 500001), 500000);
  assert.equal(logic.openingPoint(null, 0), "start");
});

test("openingPlace: the held commit holding the point, or where to read", () => {
  const commits = held(), whole = { from: 0, to: 10 };
  assert.deepEqual(logic.openingPlace(commits, whole, 10, 5), { index: 2, event: 5, held: true });
  assert.deepEqual(logic.openingPlace(commits, whole, 10, 3), { index: 1, event: 3, held: true });
  assert.deepEqual(logic.openingPlace(commits, whole, 10, "start"), { index: 0, event: 2, held: true });
  assert.deepEqual(logic.openingPlace(commits, whole, 10, "end"), { index: 3, event: 9, held: true });
  assert.deepEqual(logic.openingPlace(commits, whole, 10, 9), { index: 3, event: 9, held: true });
  // Past the log's end: its end.
  assert.deepEqual(logic.openingPlace(commits, whole, 10, 400), { index: 3, event: 9, held: true });
  // Part of a long log: before, after, the start and the end outside it.
  const part = [commit(500, 501), commit(502, 504)], span = { from: 500, to: 505 };
  assert.deepEqual(logic.openingPlace(part, span, 1_000_000, 503), { index: 1, event: 503, held: true });
  assert.deepEqual(logic.openingPlace(part, span, 1_000_000, 12), { index: 0, event: 12, held: false });
  assert.deepEqual(logic.openingPlace(part, span, 1_000_000, 500_000), { index: 1, event: 500_000, held: false });
  assert.deepEqual(logic.openingPlace(part, span, 1_000_000, "start"), { index: 0, event: 0, held: false });
  assert.deepEqual(logic.openingPlace(part, span, 1_000_000, "end"), { index: 1, event: 999_999, held: false });
  assert.deepEqual(logic.openingPlace(part, { from: 500, to: 1_000_000 }, 1_000_000, "end"), { index: 1, event: 504, held: true });
});

test("the opening's at in the address and the note of a point a file page lacks", () => {
  assert.equal(logic.openedAt("7", 30), "7");
  assert.equal(logic.openedAt("start", null), "start");
  assert.equal(logic.openedAt(null, 19), "18");
  assert.equal(logic.openedAt(null, 0), "start");
  assert.equal(logic.openedAt(null, null), null);
  assert.equal(logic.notHeldText(12, { from: 500, to: 900 }),
    " @12 is not in this page (it holds events @500…@899); navtape inspect LOG --at 12 writes the page around it.");
  assert.equal(logic.notHeldText("start", { from: 500, to: 900 }),
    " start is not in this page (it holds events @500…@899); navtape inspect LOG --at start writes the page around it.");
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
  assert.equal(logic.summaryText(s), "ipad · default · unspecified · 40 events, 12 commands · started 2026-11-22T14:00:00.000Z");
  // Live or not is the #live tag's, not the summary's.
  assert.equal(logic.summaryText({ ...s, commands: null, parent: "base @7" }),
    "ipad · default · unspecified · 40 events · started 2026-11-22T14:00:00.000Z · fork of base @7");
  assert.equal(logic.loadedLabel(400, { commands: 12000 }), "loaded commands: 400 of 12000");
  assert.equal(logic.loadedLabel(12, { commands: 12 }), "loaded commands: 12");
  assert.equal(logic.loadedLabel(400, { commands: null }), "loaded commands: 400");
  assert.equal(logic.wholeLabel({ events: 40000 }, null), "whole log: 40000 events");
  assert.equal(logic.wholeLabel({ events: 40000 }, [{ event: 1 }, { event: 2 }]), "whole log: 2 checkpoints");
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
  assert.deepEqual(logic.markerKinds(commit(0, 1, { diverged: 1, resync: true })), ["diverged", "resync"]);
  const commits = [commit(0, 1, { rotation: true, command: "turn" }), commit(2, 3), commit(4, 5, { bugs: ["BUG-6", "ST-1"], command: "show" })];
  assert.deepEqual(logic.markerList(commits), [
    { index: 0, kind: "rotation", at: 0, left: "0%", width: 4, title: "turn" },
    { index: 2, kind: "bug", at: 1, left: "100%", width: 10, title: "show · BUG-6, ST-1" },
  ]);
  assert.equal(logic.markerList([commit(0, 1), commit(2, 2, { diverged: 1 }), commit(3, 3), commit(4, 4)])[0].left, (100 / 3) + "%");
  assert.deepEqual(logic.markerList([commit(0, 1, { rotation: true })]).map((m) => m.left), ["0%"]);
});

test("the A/B marks and their diff", () => {
  const a = { point: "3", event: 3, command: "launch" }, b = { point: "9", event: 9, command: "rotate" };
  assert.equal(logic.marksText(a, undefined), "A: launch (@3)");
  assert.equal(logic.marksText(undefined, b), "  B: rotate (@9)");
  assert.equal(logic.marksText(a, b), "A: launch (@3)  B: rotate (@9)");
  assert.equal(logic.marksText(undefined, undefined), "");
  assert.equal(logic.marksText({ point: "start", event: null, command: null }, { point: "40", event: 40, command: null }), "A: start  B: @40");
  assert.equal(logic.diffHead(a, b), "A @3 → B @9");
  assert.equal(logic.serverDiffHead(a, b), "A @3 → B @9 (navtape diff, from the server):");
  assert.equal(logic.diffURL("/api/sessions/s-1", a, b), "/api/sessions/s-1/diff?a=3&b=9");
  assert.equal(logic.diffURL("/api/sessions/s-1", { point: "start" }, { point: "end" }), "/api/sessions/s-1/diff?a=start&b=end");
  assert.equal(logic.diffCommand(a, { point: "end" }), "navtape diff LOG 3 end");
  assert.deepEqual(logic.drawnDiffHead(a, b), { head: "A @3 → B @9: drawn differences, not navtape diff (this page has no server; the full answer: ",
    command: "navtape diff LOG 3 9", tail: ")" });
  const after = state({ hierarchy: "MN[M, D]", collapsed: true, width: 390, height: 844, sizeClass: "compact",
    columns: [{ role: "collapsed", node: { id: "#1", name: "MN", children: [{ name: "M" }, { name: "D" }] } }] });
  // A collapsed state's one column (role `collapsed`) is its own part: the flag says `false → true`
  // (it said `collapsed: false → MN[M, D]` when the column took the flag's place).
  assert.deepEqual(logic.diffLines(state(), after), [
    "hierarchy: MN[M] | DN[D] → MN[M, D]", "collapsed: false → true", "traits: regular 1180×820 → compact 390×844",
    "primary column: MN[M] → —", "secondary column: DN[D] → —", "collapsed column: — → MN[M, D]",
  ]);
  assert.deepEqual(logic.diffLines(after, state()), [
    "hierarchy: MN[M, D] → MN[M] | DN[D]", "collapsed: true → false", "traits: compact 390×844 → regular 1180×820",
    "collapsed column: MN[M, D] → —", "primary column: — → MN[M]", "secondary column: — → DN[D]",
  ]);
});

test("marks at points, and the drawn differences a file page shows", () => {
  const commits = [commit(0, 2), commit(3, 5, { state: state({ presented: { id: "#9", name: "Sheet" } }) }), commit(6, 9)];
  assert.deepEqual(logic.markOf(commits[1]), { point: "5", event: 5, command: "cmd3" });
  assert.deepEqual(logic.markAt("4", commits, 10), { point: "4", event: 4, command: "cmd3" });
  assert.deepEqual(logic.markAt("start", commits, 10), { point: "start", event: null, command: null });
  assert.deepEqual(logic.markAt("end", commits, 10), { point: "end", event: 9, command: "cmd6" });
  assert.deepEqual(logic.markAt("40", commits, 100), { point: "40", event: 40, command: null });
  assert.equal(logic.pointName("4"), "@4");
  assert.equal(logic.pointName("start"), "start");
  assert.deepEqual(logic.drawnDiff(commits, logic.markAt("0", commits, 10), logic.markAt("4", commits, 10)), ["presented: none → Sheet"]);
  assert.deepEqual(logic.drawnDiff(commits, logic.markAt("1", commits, 10), logic.markAt("end", commits, 10)), []);
  // The start is not drawn (a page draws the states after its commands), nor is a point not held.
  assert.equal(logic.drawnDiff(commits, logic.markAt("start", commits, 10), logic.markAt("4", commits, 10)), null);
  assert.equal(logic.drawnDiff(commits, logic.markAt("4", commits, 100), logic.markAt("40", commits, 100)), null);
});

test("diffLines: a column only one side has, and no difference", () => {
  const a = state(), b = state({ presented: { id: "#9", name: "Sheet" } });
  assert.deepEqual(logic.diffLines(a, b), ["presented: none → Sheet"]);
  assert.deepEqual(logic.diffLines(a, state()), []);
  const three = state({ columns: state().columns.concat([{ role: "supplementary", node: { id: "#7", name: "S" } }]) });
  assert.deepEqual(logic.diffLines(a, three), ["supplementary column: — → S"]);
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

test("marker widths: bugs and divergences at least 10 px, every hit area at least 10 px", () => {
  assert.ok(logic.MARKER_WIDTH.bug >= 10 && logic.MARKER_WIDTH.diverged >= 10);
  assert.ok(logic.MARKER_HIT >= 10);
  assert.deepEqual(logic.MARKER_LEGEND.map(([kind]) => kind).sort(), Object.keys(logic.MARKER_WIDTH).sort());
  const list = logic.markerList([commit(0, 1, { diverged: 1 }), commit(2, 3, { rotation: true })]);
  assert.deepEqual(list.map((m) => [m.kind, m.width]), [["diverged", 10], ["rotation", 4]]);
});

test("markerAt: the nearest marker whose hit area holds the click, bugs first at the same place", () => {
  // 11 commits on a bar 1000 px wide: commit k is at 100·k px.
  const commits = Array.from({ length: 11 }, (_, k) => commit(k, k));
  commits[2] = commit(2, 2, { bugs: ["BUG-6"], diverged: 1 });
  commits[3] = commit(3, 3, { rotation: true });
  commits[8] = commit(8, 8, { diverged: 2 });
  const markers = logic.markerList(commits);
  const at = (x) => { const m = logic.markerAt(markers, x, 1000); return m ? [m.index, m.kind] : null; };
  assert.deepEqual(at(200), [2, "bug"]);
  // Hit areas 10 px wide: ±5 px around each marker, nothing beyond.
  assert.deepEqual(at(195), [2, "bug"]);
  assert.deepEqual(at(205), [2, "bug"]);
  assert.equal(at(194), null);
  assert.equal(at(206), null);
  assert.deepEqual(at(804), [8, "diverged"]);
  // A rotation's tick is 4 px wide, its hit area still 10.
  assert.deepEqual(at(296), [3, "rotation"]);
  assert.equal(at(500), null);
  assert.equal(logic.markerAt([], 10, 1000), null);
  // Markers closer than their hit areas: the nearest wins.
  const dense = logic.markerList(Array.from({ length: 201 }, (_, k) => commit(k, k, k % 2 ? { bugs: ["BUG-1"] } : { diverged: 1 })));
  assert.deepEqual([logic.markerAt(dense, 5.1, 1000).index, logic.markerAt(dense, 9.9, 1000).index], [1, 2]);
});

test("violationLines: each rule's sentence and the controller it is about", () => {
  const c = commit(22, 23, { bugs: ["BUG-6", "NV-2"], violations: [
    { rule: "BUG-6", subject: "#4", message: "stale detail D restored although the user left it" },
    { rule: "NV-2", subject: "#77", message: "popped past the root" },
    { rule: "ST-1", subject: null, message: "no subject" },
  ] });
  assert.deepEqual(logic.violationLines(c), [
    { rule: "BUG-6", bug: true, subject: "#4", text: "BUG-6: stale detail D restored although the user left it (about D #4)" },
    { rule: "NV-2", bug: false, subject: "#77", text: "NV-2: popped past the root (about #77, not drawn)" },
    { rule: "ST-1", bug: false, subject: null, text: "ST-1: no subject" },
  ]);
  assert.deepEqual(logic.violationSubjects(c), ["#4", "#77"]);
  assert.deepEqual(logic.violationLines(commit(0, 1)), []);
  assert.deepEqual(logic.violationSubjects(commit(0, 1, { violations: [{ rule: "A", subject: "#1", message: "" }, { rule: "B", subject: "#1", message: "" }] })), ["#1"]);
});

test("isDivergence: a capture's diverged events", () => {
  assert.equal(logic.isDivergence({ i: 3, text: "diverged displayMode: UIKit allVisible, the model oneBesideSecondary" }), true);
  assert.equal(logic.isDivergence({ i: 3, text: "detailShown D from M" }), false);
  assert.equal(logic.isDivergence({ i: 3, text: "divergedness" }), false);
  assert.equal(logic.isDivergence({ i: 3, text: "resynced UIKit showed stack of MN [M, S] with no recorded cause; adopted" }), false);
});

test("isResync: a capture's resynced events, where the model adopted UIKit's state", () => {
  assert.equal(logic.isResync({ i: 3, text: "resynced UIKit showed stack of MN [M, S] with no recorded cause; adopted" }), true);
  assert.equal(logic.isResync({ i: 3, text: "diverged collapsed: UIKit false, model true" }), false);
});

test("blameTarget: what a view's selection blames, blamedRole: which drawn column it highlights", () => {
  const s = state();
  assert.equal(logic.blameTarget(logic.emptyView(), s), null);
  const column = logic.blameTarget({ ...logic.emptyView(), column: "secondary" }, s);
  assert.deepEqual([column.what, column.part, column.valueAt(s)], ["secondary", { api: "secondary", cli: "secondary" }, "DN (#3)"]);
  const collapsed = logic.blameTarget({ ...logic.emptyView(), column: "collapsed" }, s);
  assert.deepEqual(collapsed.part, { api: "primary", cli: "primary" });
  const stack = logic.blameTarget({ ...logic.emptyView(), stack: "#3" }, s);
  assert.deepEqual([stack.what, stack.part, stack.valueAt(s)], ["DN's stack", { api: "#3", cli: "DN" }, "DN[D]"]);
  const gone = logic.blameTarget({ ...logic.emptyView(), stack: "#30" }, s);
  assert.deepEqual([gone.what, gone.part, gone.valueAt(s)], ["#30's stack", { api: "#30", cli: "#30" }, "not in the hierarchy"]);
  const folded = state({ collapsed: true, columns: [{ role: "collapsed", node: { id: "#1", name: "MN" } }] });
  assert.equal(logic.blamedRole("secondary", s), "secondary");
  assert.equal(logic.blamedRole("primary", folded), "collapsed");
  assert.equal(logic.blamedRole("collapsed", s), "primary");
  assert.equal(logic.blamedRole("secondary", folded), null);
  assert.equal(logic.blamedRole("supplementary", s), null);
});

test("a file page's blame is labelled, with the command that answers in full", () => {
  assert.equal(logic.blameCommand({ api: "#3", cli: "DN" }, 23), "navtape blame LOG DN --at 23");
  assert.equal(logic.drawnBlameLabel({ api: "secondary", cli: "secondary" }, 23),
    "drawn blame, not navtape blame (this page has no server; the full answer: navtape blame LOG secondary --at 23):\n");
});

// The library page's logic (Sources/NavTapeServer/Web/library-logic.js), without a document.
// Run: node --test Tests/Web/
import { test } from "node:test";
import assert from "node:assert/strict";
import * as logic from "../../Sources/NavTapeServer/Web/library-logic.js";

function query(overrides = {}) {
  return { bug: [], rejected: [], device: [], screen: [], diverged: false, sort: "number", descending: false, ...overrides };
}

test("percentEncoded keeps RFC 3986's unreserved characters and encodes every other UTF-8 byte", () => {
  assert.equal(logic.percentEncoded("BUG-6"), "BUG-6");
  assert.equal(logic.percentEncoded("aZ09-_.~"), "aZ09-_.~");
  assert.equal(logic.percentEncoded("a b/é"), "a%20b%2F%C3%A9");
  // Unlike encodeURIComponent: ! ' ( ) * are encoded too.
  assert.equal(logic.percentEncoded("!'()*"), "%21%27%28%29%2A");
  assert.equal(logic.percentEncoded("&=?#+%"), "%26%3D%3F%23%2B%25");
  assert.equal(logic.percentEncoded("😀"), "%F0%9F%98%80");
  assert.equal(logic.percentEncoded(""), "");
});

test("sortLink sorts by a key, the other way when already sorted by it", () => {
  assert.equal(logic.sortLink(query(), "number"), "?sort=number&order=desc");
  assert.equal(logic.sortLink(query(), "events"), "?sort=events");
  assert.equal(logic.sortLink(query({ sort: "events" }), "events"), "?sort=events&order=desc");
  assert.equal(logic.sortLink(query({ sort: "events", descending: true }), "events"), "?sort=events");
  assert.equal(logic.sortLink(query({ sort: "events", descending: true }), "log"), "?sort=log");
});

test("sortLink keeps the filters, in LibraryQuery's order, encoded", () => {
  const q = query({ screen: ["Detail View"], device: ["ipad", "iphone"], rejected: ["NV-1"], bug: ["BUG-6", "BUG-3"], diverged: true });
  assert.equal(logic.sortLink(q, "duration"),
    "?bug=BUG-6&bug=BUG-3&rejected=NV-1&device=ipad&device=iphone&screen=Detail%20View&diverged=1&sort=duration");
  assert.equal(logic.sortLink(query({ device: ["a&b=c"] }), "number"), "?device=a%26b%3Dc&sort=number&order=desc");
});

test("headers: twelve columns, their titles, the sorted one marked", () => {
  const plain = logic.headers(query());
  assert.deepEqual(plain.map((h) => h.text), ["# ▲", "log", "session", "device", "policy", "style", "events", "commands", "duration",
    "bugs", "divergences", "fork of"]);
  assert.deepEqual(plain.map((h) => h.key), logic.SORT_KEYS);
  assert.equal(plain[11].href, "?sort=parent");
  assert.equal(plain[0].href, "?sort=number&order=desc");
  const down = logic.headers(query({ sort: "events", descending: true, bug: ["BUG-6"] }));
  assert.equal(down[6].text, "events ▼");
  assert.equal(down[0].text, "#");
  assert.equal(down[6].href, "?bug=BUG-6&sort=events");
  assert.equal(logic.headers(query({ sort: "events" }))[6].href, "?sort=events&order=desc");
});

test("the filter in words and the counts", () => {
  assert.equal(logic.filterIsEmpty(query()), true);
  assert.equal(logic.filterIsEmpty(query({ diverged: true })), false);
  assert.equal(logic.filterIsEmpty(query({ rejected: ["NV-1"] })), false);
  assert.equal(logic.filterIsEmpty(query({ sort: "events", descending: true })), true);
  assert.equal(logic.filterText(query({ bug: ["BUG-6", "BUG-3"], rejected: ["NV-1"], device: ["ipad"], screen: ["A", "B"], diverged: true })),
    "bug BUG-6|BUG-3, rejected NV-1, device ipad, screen A|B, diverged");
  assert.equal(logic.filterText(query({ device: ["ipad"] })), "device ipad");
  assert.equal(logic.sessionsText(3), "3 sessions");
  assert.equal(logic.shownText(3, query()), "3 shown");
  assert.equal(logic.shownText(1, query({ bug: ["BUG-6"], device: ["ipad"] })), "1 shown: bug BUG-6, device ipad");
});

test("a page of more rows (serve --clickhouse, offset=, limit=): its range of the matching count, links before and after", () => {
  assert.equal(logic.sessionsText(12345, "ClickHouse http://127.0.0.1:8123/, table sessions"),
    "12345 sessions in ClickHouse http://127.0.0.1:8123/, table sessions");
  assert.equal(logic.shownText(1000, query(), 12345, 0), "1–1000 of 12345 shown");
  assert.equal(logic.shownText(345, query({ device: ["ipad"] }), 12345, 12000), "12001–12345 of 12345 shown: device ipad");
  assert.equal(logic.shownText(0, query(), 10, 20), "none of 10 shown");
  assert.equal(logic.shownText(3, query(), 3, 0), "3 shown");
  const q = query({ bug: ["BUG-6"], sort: "events", descending: true });
  assert.deepEqual(logic.pageLinks(q, 0, 1000, 2500, 1000),
    { previous: null, next: "?bug=BUG-6&sort=events&order=desc&offset=1000&limit=1000" });
  assert.deepEqual(logic.pageLinks(q, 2000, 500, 2500, 1000),
    { previous: "?bug=BUG-6&sort=events&order=desc&offset=1000&limit=1000", next: null });
  // Without a limit, a page is as long as this one; the first page's previous link is none.
  assert.deepEqual(logic.pageLinks(query(), 5, 7, 20, undefined), { previous: "?sort=number&offset=0", next: "?sort=number&offset=12" });
  assert.deepEqual(logic.pageLinks(query(), 0, 3, 3, undefined), { previous: null, next: null });
});

test("a fleet's row whose log is not served here has no key: it opens nothing", () => {
  assert.equal(logic.rowHref({ number: 4, key: null, log: "elsewhere/a.navtape", events: 3 }), null);
});

test("offset and duration write milliseconds as SessionTime.offset does", () => {
  assert.equal(logic.offset(12_250), "+12.250s");
  assert.equal(logic.offset(0), "+0.000s");
  assert.equal(logic.offset(-1_500), "-1.500s");
  assert.equal(logic.offset(59_999), "+59.999s");
  assert.equal(logic.offset(60_000), "+1m00.000s");
  assert.equal(logic.offset(4_206_464), "+1h10m06.464s");
  assert.equal(logic.offset(4_206_210_464), "+48d16h23m30.464s");
  assert.equal(logic.offset(86_400_000), "+1d00h00m00.000s");
  assert.equal(logic.duration(12_500), "12.500s");
  assert.equal(logic.duration(7), "0.007s");
  assert.equal(logic.duration(3_723_004), "1h02m03.004s");
});

test("compareText orders by Unicode scalars, canonically equivalent text equal", () => {
  assert.ok(logic.compareText("BUG-10", "BUG-6") < 0);
  assert.ok(logic.compareText("B", "a") < 0);
  assert.ok(logic.compareText("ab", "a") > 0);
  assert.equal(logic.compareText("é", "e\u0301"), 0);
  // By scalar, not UTF-16 unit: U+FF5E sorts before U+1F600 (whose first unit is 0xD83D).
  assert.ok(logic.compareText("\uFF5E", "😀") < 0);
});

test("bugsCell lists the rules in order with their counts", () => {
  assert.equal(logic.bugsCell({ "BUG-6": 2, "BUG-3": 1, "ALT-1": 4 }), "ALT-1 ×4, BUG-3 ×1, BUG-6 ×2");
  assert.equal(logic.bugsCell({}), "");
});

test("rowCells: a readable session's cells after its number", () => {
  const row = { number: 2, key: "s-00000000000000ff", log: "./a.navtape", sessionID: "stale", device: "ipad", policy: "default",
    style: "unspecified", events: 40, commands: 12, duration: 12_500, bugs: { "BUG-6": 1 }, divergences: 0, parent: null };
  assert.deepEqual(logic.rowCells(row),
    ["./a.navtape", "stale", "ipad", "default", "unspecified", "40", "12", "12.500s", "BUG-6 ×1", "", ""]);
  const fork = logic.rowCells({ ...row, divergences: 3, parent: "stale @7", bugs: {} });
  assert.deepEqual(fork.slice(8), ["", "3", "stale @7"]);
  assert.equal(logic.sessionHref(row), "/session/s-00000000000000ff");
});

test("optionValues sorts a menu's values and keeps each once", () => {
  assert.deepEqual(logic.optionValues(["iphone", "ipad", "iphone", "Mac"]), ["Mac", "ipad", "iphone"]);
  assert.deepEqual(logic.optionValues([]), []);
  const given = ["b", "a"];
  logic.optionValues(given);
  assert.deepEqual(given, ["b", "a"]);
});

test("rowHref: a readable session's row opens its page, an unreadable log's row nothing", () => {
  assert.equal(logic.rowHref({ number: 0, key: "s-00000000000000ff", log: "a.navtape", events: 3 }), "/session/s-00000000000000ff");
  assert.equal(logic.rowHref({ number: 1, key: "s-0000000000000100", error: "damaged" }), null);
  assert.equal(logic.rowHref({ number: 1, key: "s-0000000000000100", log: "b.navtape", error: "" }), null);
});

test("rowClickOpens: a plain click anywhere but on a link, not a selection or a modified click", () => {
  const plain = { onLink: false, button: 0, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, selecting: false };
  assert.equal(logic.rowClickOpens(plain), true);
  assert.equal(logic.rowClickOpens({ ...plain, onLink: true }), false);
  assert.equal(logic.rowClickOpens({ ...plain, button: 1 }), false);
  for (const key of ["ctrlKey", "metaKey", "shiftKey", "altKey", "selecting"]) assert.equal(logic.rowClickOpens({ ...plain, [key]: true }), false, key);
});

// The library page's logic that needs no document (library.js draws it): the texts of its rows, its
// header links (LibraryQuery.link(sortingBy:)), the filter in words (QueryFilter.text), durations
// as `navtape` prints them. The data block's shape is described at the top of library.js.
//
// Bundled into the page with library.js (one module): the lines starting `export ` lose that word,
// so every export is a one-line prefix of a top-level declaration, and no name here is declared there.
"use strict";

// The sort keys, in the order of the columns (LibraryQuery.sortKeys), and the columns' titles.
export const SORT_KEYS = ["number", "log", "session", "device", "policy", "style", "events", "commands", "duration", "bugs",
  "divergences", "parent"];
export const HEADER_TITLES = ["#", "log", "session", "device", "policy", "style", "events", "commands", "duration", "bugs",
  "divergences", "fork of"];

const HEX_DIGITS = "0123456789ABCDEF";

// `text` percent-encoded for a query value: its UTF-8 bytes, RFC 3986 unreserved characters kept
// (LibraryQuery.percentEncoded; unlike encodeURIComponent, `!'()*` are encoded too).
export function percentEncoded(text) {
  let out = "";
  for (const byte of new TextEncoder().encode(text)) {
    if ((byte >= 0x61 && byte <= 0x7a) || (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x30 && byte <= 0x39) ||
        byte === 0x2d || byte === 0x5f || byte === 0x2e || byte === 0x7e) {
      out += String.fromCharCode(byte);
    } else {
      out += "%" + HEX_DIGITS[byte >> 4] + HEX_DIGITS[byte & 15];
    }
  }
  return out;
}

// The query string of `query` sorted by `key`: its filters, then `sort=KEY`, and `order=desc` when
// it is already sorted by that key ascending (LibraryQuery.link(sortingBy:)).
export function sortLink(query, key) {
  const pairs = filterPairs(query);
  pairs.push(["sort", key]);
  if (key === query.sort && !query.descending) pairs.push(["order", "desc"]);
  return queryString(pairs);
}

// The query's filters as name-value pairs, in the order the form sends them.
function filterPairs(query) {
  const pairs = [];
  for (const value of query.bug) pairs.push(["bug", value]);
  for (const value of query.rejected) pairs.push(["rejected", value]);
  for (const value of query.device) pairs.push(["device", value]);
  for (const value of query.screen) pairs.push(["screen", value]);
  if (query.diverged) pairs.push(["diverged", "1"]);
  return pairs;
}

function queryString(pairs) {
  return "?" + pairs.map(([name, value]) => name + "=" + percentEncoded(value)).join("&");
}

// The query string of the same view from row `offset` (its filters, its order, `limit` when given).
export function pageLink(query, offset, limit) {
  const pairs = filterPairs(query);
  pairs.push(["sort", query.sort]);
  if (query.descending) pairs.push(["order", "desc"]);
  pairs.push(["offset", String(offset)]);
  if (limit !== undefined && limit !== null) pairs.push(["limit", String(limit)]);
  return queryString(pairs);
}

// The links to the pages before and after this one (null where there is none): `count` rows shown
// from `offset`, of `matching`, pages of `limit` rows (or of this page's size).
export function pageLinks(query, offset, count, matching, limit) {
  const size = limit ?? Math.max(count, 1);
  return {
    previous: offset > 0 ? pageLink(query, Math.max(0, offset - size), limit) : null,
    next: offset + count < matching ? pageLink(query, offset + count, limit) : null,
  };
}

// The column headers: each title (the sorted one marked ▲ or ▼) and the link sorting by it.
export function headers(query) {
  return SORT_KEYS.map((key, i) => ({
    key,
    text: HEADER_TITLES[i] + (key === query.sort ? (query.descending ? " ▼" : " ▲") : ""),
    href: sortLink(query, key),
  }));
}

// Whether the query filters nothing (QueryFilter.isEmpty).
export function filterIsEmpty(query) {
  return !query.bug.length && !query.rejected.length && !query.device.length && !query.screen.length && !query.diverged;
}

// The filters in words (`bug BUG-6|BUG-3, device ipad`; QueryFilter.text).
export function filterText(query) {
  const parts = [];
  if (query.bug.length) parts.push("bug " + query.bug.join("|"));
  if (query.rejected.length) parts.push("rejected " + query.rejected.join("|"));
  if (query.device.length) parts.push("device " + query.device.join("|"));
  if (query.screen.length) parts.push("screen " + query.screen.join("|"));
  if (query.diverged) parts.push("diverged");
  return parts.join(", ");
}

// `3 sessions`: the library's count, whatever is shown; where the rows come from when they are not
// the served logs (`3 sessions in ClickHouse http://…, table sessions`).
export function sessionsText(count, source) {
  return count + " sessions" + (source ? " in " + source : "");
}

// `2 shown: device ipad` (p#shown); a page of more: `1001–2000 of 12345 shown: device ipad`.
export function shownText(count, query, matching = count, offset = 0) {
  const rows = matching > count || offset > 0 ? (count > 0 ? offset + 1 + "–" + (offset + count) : "none") + " of " + matching : String(count);
  return rows + " shown" + (filterIsEmpty(query) ? "" : ": " + filterText(query));
}

function pad(value, width) {
  return String(value).padStart(width, "0");
}

// `+12.250s`, `+1h10m06.464s`, `+48d16h23m30.464s`: milliseconds as SessionTime.offset writes them.
export function offset(milliseconds) {
  const sign = milliseconds < 0 ? "-" : "+";
  const magnitude = Math.abs(milliseconds);
  const seconds = Math.floor(magnitude / 1000), fraction = "." + pad(magnitude % 1000, 3) + "s";
  if (seconds < 60) return sign + seconds + fraction;
  const minutes = Math.floor(seconds / 60), hours = Math.floor(minutes / 60), days = Math.floor(hours / 24);
  const clock = pad(minutes % 60, 2) + "m" + pad(seconds % 60, 2) + fraction;
  if (days > 0) return sign + days + "d" + pad(hours % 24, 2) + "h" + clock;
  if (hours > 0) return sign + hours + "h" + clock;
  return sign + (minutes % 60) + "m" + pad(seconds % 60, 2) + fraction;
}

// `12.500s`: a duration in milliseconds as `navtape` prints one (`duration(_:)`: the offset without its sign).
export function duration(milliseconds) {
  return offset(milliseconds).slice(1);
}

// Text order as Swift's `<` on strings: by Unicode scalars, canonically equivalent strings equal.
export function compareText(a, b) {
  const x = Array.from(a.normalize("NFC"), (c) => c.codePointAt(0));
  const y = Array.from(b.normalize("NFC"), (c) => c.codePointAt(0));
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] < y[i] ? -1 : 1;
  return x.length - y.length;
}

// `BUG-3 ×1, BUG-6 ×2`: a row's bugs by rule, in rule order.
export function bugsCell(bugs) {
  return Object.keys(bugs).sort(compareText).map((rule) => rule + " ×" + bugs[rule]).join(", ");
}

// The cells after a readable row's number: log, session, device, policy, style, events, commands,
// duration, bugs, divergences (blank when none) and the session it forks (blank when none).
export function rowCells(row) {
  return [row.log, row.sessionID, row.device, row.policy, row.style, String(row.events), String(row.commands),
    duration(row.duration), bugsCell(row.bugs), row.divergences > 0 ? String(row.divergences) : "", row.parent ?? ""];
}

// A session's inspector page.
export function sessionHref(row) {
  return "/session/" + row.key;
}

// Where a click anywhere on a row goes: the session's page, or null for an unreadable log's row.
export function rowHref(row) {
  return row.error === undefined && row.key ? sessionHref(row) : null;
}

// Whether a click on a row opens its page in this tab (the row's own handler), or is left to the
// browser: a click on a link, a click with a modifier or another button (a new tab is the link's),
// or a click that ends a text selection.
export function rowClickOpens(click) {
  return !click.onLink && click.button === 0 && !click.ctrlKey && !click.metaKey && !click.shiftKey && !click.altKey && !click.selecting;
}

// A filter menu's values: sorted, each once.
export function optionValues(values) {
  const out = [];
  for (const value of [...values].sort(compareText)) if (!out.length || compareText(out[out.length - 1], value) !== 0) out.push(value);
  return out;
}

import { headers, sessionsText, shownText, pageLinks, rowCells, sessionHref, rowHref, rowClickOpens, optionValues } from "./library-logic.js";
// The library page (`navtape serve`'s `/`): a filter form (device, bug, screen seen, diverged), one
// row per session shown, columns sortable by their headers, each session linking to its inspector
// page. Drawn from the page's data block; every name reaches the document as text or an attribute.
//
// The data block (the page's JSON script element, id "data") is one JSON object:
//
//   {
//     "sessions": 3,                  // how many sessions the library has (shown or not)
//     "matching": 3,                  // how many pass the filter (the rows are a page of them)
//     "offset": 0,                    // the first row's place among them (the query's offset=)
//     "limit": 1000,                  // the page's size when the query or the server sets one
//     "source": "ClickHouse …",       // where the rows come from, when not the served logs
//     "query": {                      // the page's query (LibraryQuery), as read from its address
//       "bug": ["BUG-6"],             //   filter values, each list in the order given (may be empty)
//       "rejected": [],
//       "device": [],
//       "screen": [],
//       "diverged": false,            //   diverged=1
//       "sort": "number",             //   one of SORT_KEYS (library-logic.js)
//       "descending": false           //   order=desc
//     },
//     "options": {                    // the filter menus' values, over every readable session (any
//       "device": ["ipad", "iphone"], //   order, repeats allowed: the page sorts them and keeps each
//       "bug": ["BUG-6"],             //   once); a value in the query's list of the same name is
//       "screen": ["Detail"]          //   selected
//     },
//     "rows": [                       // the rows shown, in the order shown (filtered and sorted as
//       {                             //   LibraryQuery.apply does): a readable session, as a row of
//         "number": 0,                //   /api/sessions (QuerySummary.json with number and key)
//         "key": "s-0123456789abcdef",//   its page is /session/KEY (null: its log is not served here)
//         "log": "a.navtape",
//         "sessionID": "…", "device": "ipad", "policy": "…", "style": "…",
//         "events": 12, "commands": 4,
//         "duration": 12500,          //   milliseconds (shown as 12.500s)
//         "bugs": {"BUG-6": 1},       //   occurrences by rule
//         "divergences": 0,
//         "parent": null              //   "SESSION @EVENT" for a fork, else null
//       },
//       {"number": 1, "key": "s-…", "error": "…"}   // an unreadable log: its message ("log" may be there too)
//     ]
//   }
const data = JSON.parse(document.getElementById("data").textContent);
const query = data.query;
document.getElementById("count").textContent = sessionsText(data.sessions, data.source);

// The filter form: each menu's values, those of the query selected; the sort kept.
const form = document.getElementById("filter");
for (const name of ["device", "bug", "screen"]) {
  const select = form.querySelector("select[name=" + name + "]");
  for (const value of optionValues(data.options[name])) {
    const option = document.createElement("option");
    option.textContent = value;
    if (query[name].includes(value)) option.setAttribute("selected", "");
    select.appendChild(option);
  }
}
if (query.diverged) form.querySelector("input[name=diverged]").setAttribute("checked", "");
form.querySelector("input[name=sort]").setAttribute("value", query.sort);
const shown = document.getElementById("shown");
shown.textContent = shownText(data.rows.length, query, data.matching, data.offset);
// Links to the pages before and after, when the rows are a page of more.
const pages = pageLinks(query, data.offset ?? 0, data.rows.length, data.matching ?? data.rows.length, data.limit);
for (const [name, href] of [["previous", pages.previous], ["next", pages.next]]) {
  if (href === null) continue;
  const link = document.createElement("a");
  link.setAttribute("href", href);
  link.className = name;
  link.textContent = name;
  shown.append(" ", link);
}

// The headers, each a link sorting by its column (again: the other order).
const head = document.querySelector("#sessions thead tr");
for (const header of headers(query)) {
  const cell = document.createElement("th"), link = document.createElement("a");
  link.setAttribute("href", header.href);
  link.textContent = header.text;
  cell.appendChild(link);
  head.appendChild(cell);
}

// One row per session shown: its number linking to its page, then its cells; an unreadable log's
// message. A readable session's row opens its page when clicked anywhere (the number stays a link,
// for a new tab and for the keyboard).
const body = document.querySelector("#sessions tbody");
for (const row of data.rows) {
  const tr = document.createElement("tr");
  const href = rowHref(row);
  if (href !== null) {
    tr.className = "session";
    tr.dataset.href = href;
    tr.addEventListener("click", (e) => {
      const click = { onLink: e.target instanceof Element && e.target.closest("a") !== null, button: e.button, ctrlKey: e.ctrlKey,
        metaKey: e.metaKey, shiftKey: e.shiftKey, altKey: e.altKey, selecting: String(window.getSelection()) !== "" };
      if (rowClickOpens(click)) location.assign(href);
    });
  }
  const number = document.createElement("td");
  tr.appendChild(number);
  if (row.error !== undefined) {
    number.textContent = String(row.number);
    const message = document.createElement("td");
    message.setAttribute("colspan", "11");
    message.textContent = row.error;
    tr.appendChild(message);
  } else {
    if (row.key) {
      const link = document.createElement("a");
      link.setAttribute("href", sessionHref(row));
      link.textContent = String(row.number);
      number.appendChild(link);
    } else {
      number.textContent = String(row.number);
      number.title = "its log is not served here";
    }
    for (const text of rowCells(row)) {
      const cell = document.createElement("td");
      cell.textContent = text;
      tr.appendChild(cell);
    }
  }
  body.appendChild(tr);
}

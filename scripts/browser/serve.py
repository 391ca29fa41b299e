#!/usr/bin/env python3
"""The library and the session page served by `navtape serve`, in a real browser driven over the
DevTools protocol (issue 15): the demo's sessions as a library; filter it with its form (by bug, by
device) and check the rows against `navtape query --json`; sort it by a column header, both ways;
open the stale-detail session from the library's link, scrub it with its slider to three points and
check the drawn hierarchy against `navtape state --json` there and the BUG-6 marker (screenshots in
.build/inspector/serve-*.png); mark A and B with the keyboard and check the page's diff against
`navtape state --json` at both points; click the secondary column and a stack and check the page's
blame against `navtape blame --json`; re-decide it (what-if), drawn beside the recording. On a long
log's page: a blame that walks to the first command held is the server's (`/blame`), as `navtape
blame` says, and a file page says how to look further; A marked, the slider moved away, B marked: the
diff is the server's (`/diff`), as `navtape diff` says.

Issue 28 (the page's address is its state; one diff, one blame; legible): library rows open their
session when clicked anywhere; links with ?at= (start, a point inside a command, the middle, the last
event, end; and the older #at=N) open the command holding the point, drawn as `navtape state` there,
on the long log (40,000 events) and on its file page; links with A and B diff as `navtape diff
--json`, change by change, in order; what-if links (device, policy, fork) draw what `navtape fork`
ends with; blame links (column, stack) blame as `navtape blame`, highlighted in the drawing and the
list; a view made by hand opens again from its address; a file page's diff is labelled drawn
differences with the `navtape diff` command; the bug's sentence and its controller at the bug;
bug and divergence markers at least 10 px wide, selecting their command when clicked; the sliders
labelled. Screenshots of the library, the bug, the diff, the blame and the what-if for
docs/Inspector.md in .build/inspector/doc-*.png; with NAVTAPE_DOC_SHOTS=1, docs/inspector-*.png
(rewritten only when they change: a test run leaves the work tree clean, whatever chromium draws).
Exit 1 on any failure.

  scripts/browser-test                           (after `swift build`; scripts/test runs it)
  NAVTAPE_DOC_SHOTS=1 scripts/browser-test       (also renews docs/inspector-*.png)
  NAVTAPE_BINARY=.build/release/navtape scripts/browser-test --timing LOG [AT]
                                                 (also: scrubbing a big log's page, timed; BENCHMARKS.md)
"""
import base64
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from devtools import NAVTAPE, ROOT, ensure_tools, start_browser, start_server, stop  # noqa: E402

SHOTS = os.path.join(ROOT, ".build", "inspector")
DOCS = os.path.join(ROOT, "docs")

failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print(f"browser-test (served): FAILED: {message}", file=sys.stderr)


def navtape(work, *arguments):
    return subprocess.run([NAVTAPE, *arguments], cwd=work, capture_output=True, text=True).stdout


def load(page, url):
    page.call("Page.navigate", url=url)
    time.sleep(0.05)
    return page.wait("document.readyState === 'complete' && document.body !== null", seconds=60)


def rows(page):
    return page.evaluate("""Array.from(document.querySelectorAll('#sessions tbody tr')).map((r) =>
        Array.from(r.querySelectorAll('td')).map((c) => c.textContent))""")


def screenshot(page, name):
    """The tab as a PNG in .build/inspector/ (CI artefacts)."""
    os.makedirs(SHOTS, exist_ok=True)
    time.sleep(0.1)
    with open(os.path.join(SHOTS, name), "wb") as f:
        f.write(base64.b64decode(page.call("Page.captureScreenshot", format="png")["data"]))


def state_hierarchy(work, log, at):
    return json.loads(navtape(work, "state", log, "--at", str(at), "--json"))["hierarchy"]


def cli_changes(work, log, a, b):
    """`navtape diff LOG A B --json`'s changes, each [change, text], in order."""
    return [[c["change"], c["text"]] for c in json.loads(navtape(work, "diff", log, str(a), str(b), "--json"))["changes"]]


def diff_changes(page):
    """The page's diff as it shows it: each change line's [change, text], in order."""
    return page.evaluate("Array.from(document.querySelectorAll('#diff .change')).map((c) => [c.dataset.change, c.textContent])")


def open_view(page, url):
    """Loads a page and waits until it has opened the view its address names."""
    load(page, url)
    return page.wait("document.body.dataset.opened === 'true'", seconds=60)


def settled(page, search):
    """Waits until the page has written `search` (a query string) as its address."""
    return page.wait(f"location.search === {json.dumps(search)}", seconds=5)


def shown(page):
    """The command shown: its first and last event, the event asked for, the drawn hierarchy."""
    return page.evaluate("""(() => { const c = commits[Number(document.body.dataset.commit)];
        return { first: c.first, last: c.last, event: Number(document.body.dataset.event),
                 drawn: document.getElementById('drawn').textContent }; })()""")


def api(port, path):
    """A JSON answer of the server (`/api/sessions/…`)."""
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    return json.load(opener.open(f"http://127.0.0.1:{port}{path}"))


def click_at(page, x, y):
    """A real mouse click at (x, y) in the tab (as a user clicks: hit-testing included)."""
    for kind in ("mousePressed", "mouseReleased"):
        page.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", clickCount=1)


def center(page, selector):
    return page.evaluate(f"""(() => {{ const e = document.querySelector({json.dumps(selector)}); if (!e) return null;
        e.scrollIntoView({{ block: 'nearest' }}); const r = e.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2, r.width]; }})()""")


def doc_shot(page, name, height=820):
    """A screenshot for docs/Inspector.md: docs/inspector-NAME.png with NAVTAPE_DOC_SHOTS=1 (rewritten
    only when it changed), else .build/inspector/doc-NAME.png."""
    page.call("Emulation.setDeviceMetricsOverride", width=1100, height=height, deviceScaleFactor=1, mobile=False)
    time.sleep(0.2)
    # The whole page when it is longer (a portrait device pushes the diff down).
    whole = page.evaluate("document.documentElement.scrollHeight")
    if whole > height:
        page.call("Emulation.setDeviceMetricsOverride", width=1100, height=min(whole, 1600), deviceScaleFactor=1, mobile=False)
    time.sleep(0.2)
    data = base64.b64decode(page.call("Page.captureScreenshot", format="png")["data"])
    page.call("Emulation.setDeviceMetricsOverride", width=1100, height=700, deviceScaleFactor=1, mobile=False)
    if os.environ.get("NAVTAPE_DOC_SHOTS") == "1":
        path = os.path.join(DOCS, f"inspector-{name}.png")
    else:
        os.makedirs(SHOTS, exist_ok=True)
        path = os.path.join(SHOTS, f"doc-{name}.png")
    old = open(path, "rb").read() if os.path.exists(path) else None
    if old != data:
        with open(path, "wb") as f:
            f.write(data)


def library(page, port, work):
    load(page, f"http://127.0.0.1:{port}/")
    everything = rows(page)
    check(len(everything) == 3, f"the library shows {len(everything)} sessions, not the demo's 3")
    for bug, device in (("BUG-6", ""), ("", "ipad")):
        # The filter form, used as a user does: choose, then press "show".
        page.evaluate(f"""(() => {{ const f = document.getElementById('filter');
            f.querySelector('select[name=bug]').value = '{bug}'; f.querySelector('select[name=device]').value = '{device}';
            f.querySelector('button').click(); }})()""")
        time.sleep(0.2)
        page.wait("document.readyState === 'complete'")
        shown = sorted(row[1] for row in rows(page))
        arguments = ["query", "."] + (["--bug", bug] if bug else []) + (["--device", device] if device else []) + ["--json"]
        expected = sorted(s["log"] for s in json.loads(navtape(work, *arguments))["sessions"])
        check(shown == expected, f"filtered by bug {bug!r} device {device!r}: the page shows {shown}, navtape query {expected}")
        check(page.evaluate("location.search").find("bug=" + bug) >= 0, "the filter is not in the address (cannot be shared)")
    # Sorting by a header, then by the same header again: ascending, then descending.
    load(page, f"http://127.0.0.1:{port}/")
    for order in ("asc", "desc"):
        page.evaluate("""Array.from(document.querySelectorAll('#sessions th a')).find((a) => a.textContent.startsWith('events')).click()""")
        time.sleep(0.2)
        page.wait("document.readyState === 'complete'")
        events = [int(row[6]) for row in rows(page)]
        check(len(events) == 3 and events == sorted(events, reverse=order == "desc"), f"sorted by events {order}: {events}")


def from_library(page, port, work):
    """The library's link to the stale-detail session (by its key), then its slider to three points:
    the ends of the launch, of the collapse and of the last command (BUG-6's). Returns the session's
    number and log."""
    load(page, f"http://127.0.0.1:{port}/")
    link = page.evaluate("""(() => { const row = Array.from(document.querySelectorAll('#sessions tbody tr'))
        .find((r) => r.querySelectorAll('td')[1].textContent.includes('stale')); if (!row) return null;
        const a = row.querySelector('td a'); a.click(); return [a.getAttribute('href'), row.querySelectorAll('td')[0].textContent,
        row.querySelectorAll('td')[1].textContent]; })()""")
    time.sleep(0.2)
    check(link is not None, "the library has no row for the stale-detail session")
    if link is None:
        return None
    href, number, log = link
    check(re.fullmatch(r"/session/s-[0-9a-f]{16}", href) is not None, f"the library links the session as {href!r}, not by its key")
    opened = page.wait(f"location.pathname === {json.dumps(href)} && document.readyState === 'complete' && "
                       "typeof commits !== 'undefined' && document.getElementById('drawn').textContent.length > 0", seconds=60)
    check(opened, f"the library's link {href} did not open the session's page")
    if not opened:
        return None
    points = page.evaluate("""[commits.findIndex((c) => c.command.startsWith('launch')),
        commits.findIndex((c) => c.events.some((e) => e.text.includes('collapsed'))), commits.length - 1]""")
    check(len(set(points)) == 3 and min(points) >= 0, f"three distinct points expected, found {points}")
    for index in points:
        page.evaluate(f"(() => {{ const s = document.getElementById('scrub'); s.value = {index}; s.dispatchEvent(new Event('input')); }})()")
        page.wait(f"document.body.dataset.commit === '{index}'")
        at = int(page.evaluate(f"commits[{index}].last"))
        drawn = page.evaluate("document.getElementById('drawn').textContent")
        expected = state_hierarchy(work, log, at)
        check(page.evaluate("document.body.dataset.event") == str(at), f"the slider at {index} did not show @{at}")
        check(drawn == expected, f"scrubbed to @{at}: the page draws {drawn!r}, navtape state says {expected!r}")
        screenshot(page, f"serve-at-{at}.png")
    titles = page.evaluate("Array.from(document.querySelectorAll('.marker.bug')).map((m) => m.title)")
    check(any("BUG-6" in t for t in titles), f"no .marker.bug whose title names BUG-6: {titles}")
    return int(number), log


def session_page(page, port, work, number, log):
    load(page, f"http://127.0.0.1:{port}/session/{number}")
    commits = page.evaluate("commits.length")
    # A at the first command, B at the last: keyboard, as a user steps.
    page.evaluate("document.querySelector('.commit[data-index=\"0\"]').click()")
    page.key("a")
    page.evaluate(f"document.querySelector('.commit[data-index=\"{commits - 1}\"]').click()")
    page.key("b")
    # A and B are events: the marked commands' last.
    a_event, b_event = page.evaluate("[Number(document.body.dataset.a), Number(document.body.dataset.b)]")
    check([a_event, b_event] == page.evaluate("[commits[0].last, commits[commits.length - 1].last]"),
          f"A and B are not the first and the last command's last events: {a_event}, {b_event}")
    # Served, the diff is the server's, navtape diff's changes in order (the page's own diff of
    # drawn states is a file page's only).
    check(page.wait("document.body.dataset.diffFrom === 'api'"), "the A/B diff was not the server's")
    shown, expected = diff_changes(page), cli_changes(work, log, a_event, b_event)
    check(len(expected) > 0 and shown == expected, f"A @{a_event} → B @{b_event}: the page's changes {shown}, navtape diff's {expected}")
    # Blame: the secondary column, then the first navigation stack drawn; the server's, as navtape
    # blame says, the column or stack highlighted in the drawing and the setting event in the list.
    for what, selector in (("secondary", ".column.secondary"), (None, ".node.navigation")):
        clicked = page.evaluate(f"""(() => {{ const e = document.querySelector('#split {selector}'); if (!e) return null;
            e.click(); return e.querySelector(':scope > .name') ? e.querySelector(':scope > .name').textContent : 'column'; }})()""")
        if clicked is None:
            check(what is None, f"no {selector} drawn")
            continue
        answered = page.wait("document.body.dataset.blameFrom === 'api'")
        text = page.evaluate("document.getElementById('blame').textContent")
        span = re.search(r"\(@(\d+)…@(\d+),", text)
        blame = json.loads(navtape(work, "blame", log, what or clicked, "--at", str(b_event), "--json"))
        set_by = blame["setBy"]["index"] if blame["setBy"] else None
        check(answered and span is not None and set_by is not None and int(span.group(1)) <= set_by <= int(span.group(2)),
              f"blame of {what or clicked}: the page says {text!r}, navtape blame says @{set_by}")
        check(page.evaluate(f"document.querySelectorAll('#split {selector}.blamed').length") == 1,
              f"blame of {what or clicked}: {selector} is not highlighted in the drawing")
        check(page.evaluate("Array.from(document.querySelectorAll('.event.blamed')).map((e) => Number(e.dataset.i))") == [set_by],
              f"blame of {what or clicked}: @{set_by} is not the one event highlighted in the list")


def what_if(page, port, work, number, log):
    """Re-decide the session from its first command under another delegate, in the page: the branch
    is drawn beside the recording, and at the last command it is what `navtape fork` ends with."""
    load(page, f"http://127.0.0.1:{port}/session/{number}")
    page.evaluate("document.querySelector('.commit[data-index=\"0\"]').click()")
    page.evaluate("document.getElementById('wiPolicy').value = 'calendar-paste'; document.getElementById('wiGo').click()")
    check(page.wait("!document.getElementById('whatif').hidden"), "the what-if branch was not drawn")
    page.evaluate("document.querySelector('.commit[data-index=\"' + (commits.length - 1) + '\"]').click()")
    navtape(work, "fork", log, "--at", "start", "--policy", "calendar-paste", "-o", "whatif.navtape")
    expected = json.loads(navtape(work, "state", "whatif.navtape", "--json"))["hierarchy"]
    drawn = page.evaluate("document.getElementById('drawn2').textContent")
    check(drawn == expected, f"what-if at the last command: drawn {drawn!r}, navtape fork ends with {expected!r}")
    check(drawn != page.evaluate("document.getElementById('drawn').textContent"),
          "the calendar-paste delegate should end the stale-detail session differently (no stale detail)")
    # Side by side, labelled: the branch's pane beside the recording's (the page is 1100 wide).
    recorded, branch = page.evaluate("""['recorded', 'whatif'].map((id) => { const r = document.getElementById(id).getBoundingClientRect();
        return [r.left, r.top, r.width]; })""")
    check(abs(recorded[1] - branch[1]) < 2 and branch[0] >= recorded[0] + recorded[2],
          f"the what-if branch is not beside the recording: recorded {recorded}, what if {branch}")
    labels = page.evaluate("[document.getElementById('recLabel').hidden, document.getElementById('recLabel').textContent, "
                           "document.getElementById('wiLabel').textContent]")
    check(not labels[0] and labels[1] == "recorded" and labels[2].startswith("what if "), f"the panes' labels: {labels}")
    screenshot(page, "serve-whatif.png")


def windows(page, port, work, log):
    """A page that holds part of a long log reads more when stepped past either end, and the slider
    over the whole log moves it anywhere: each time the drawn split is `navtape state`'s."""
    total = json.loads(navtape(work, "stats", log, "--json"))["events"]
    load(page, f"http://127.0.0.1:{port}/session/0?at={total // 2}")
    hierarchy = lambda at: json.loads(navtape(work, "state", log, "--at", str(at), "--json"))["hierarchy"]
    for direction, row in (("ArrowRight", "commits.length - 1"), ("ArrowLeft", "0")):
        held = page.evaluate("commits.length")
        page.evaluate(f"document.querySelector('.commit[data-index=\"' + ({row}) + '\"]').click()")
        before = int(page.evaluate("document.body.dataset.event"))
        first = int(page.evaluate("commits[Number(document.body.dataset.commit)].first"))
        page.key(direction)
        moved = page.wait(f"commits.length > {held} && Number(document.body.dataset.event) !== {before}")
        at = int(page.evaluate("document.body.dataset.event"))
        check(moved and (at > before if direction == "ArrowRight" else at < before),
              f"{direction} past the held part did not read more (@{before} → @{at}, {held} commands held)")
        # The very next command in the log, not one further: the selection kept its place while
        # commands were read in front of it.
        shown_first = int(page.evaluate("commits[Number(document.body.dataset.commit)].first"))
        check(shown_first == before + 1 if direction == "ArrowRight" else at == first - 1,
              f"{direction} past the held part skipped commands (from @{first}..@{before} to @{shown_first}..@{at})")
        check(page.evaluate("document.getElementById('drawn').textContent") == hierarchy(at),
              f"after {direction} past the held part: drawn ≠ navtape state at @{at}")
    for target in (7, total - 3):
        page.evaluate(f"(() => {{ const s = document.getElementById('seek'); s.value = {target}; s.dispatchEvent(new Event('change')); }})()")
        page.wait(f"document.body.dataset.event === '{target}'")
        check(page.evaluate("document.body.dataset.event") == str(target), f"the slider did not move the page to @{target}")
        # The command holding the target is drawn, as it stands after its last event (a point inside
        # a command opens the command, as ?at= does).
        last = int(page.evaluate("commits[Number(document.body.dataset.commit)].last"))
        first = int(page.evaluate("commits[Number(document.body.dataset.commit)].first"))
        drawn = page.evaluate("document.getElementById('drawn').textContent")
        check(first <= target <= last, f"after the slider to @{target}: the page shows @{first}…@{last}")
        check(drawn == hierarchy(last), f"after the slider to @{target}: drawn {drawn!r}, navtape state --at {last} says {hierarchy(last)!r}")


def long_blame(page, port, work, log):
    """On a page of part of a long log, blamed at its first held command: each column's and the first
    stack's blame walks to the first command held, so the page asks the server, whose answer is
    navtape blame's (the setting event within the command it names). A file page of part of the log
    says how to look further instead."""
    total = json.loads(navtape(work, "stats", log, "--json"))["events"]
    load(page, f"http://127.0.0.1:{port}/session/0?at={total // 2}")
    page.wait("document.getElementById('drawn').textContent.length > 0", seconds=60)
    # Selecting the first held command starts a read of the 200 before it in the background; when it
    # lands first, the selection is no longer the first held, and the blame is answered in the page
    # (seen in CI). Hold the read-ahead for these blames (the page reads nothing while `extending` is
    # pending), so the page holds exactly what it loaded.
    check(page.wait("extending === null && reading === null"), "the page was still reading after it loaded")
    page.evaluate("extending = new Promise(() => {}); true")
    page.evaluate("document.querySelector('.commit[data-index=\"0\"]').click()")
    check(page.evaluate("Number(document.body.dataset.commit)") == 0, "the first held command is not selected")
    check(page.evaluate("data.window.from") > 0, "the long log's page holds its first command")
    shown = int(page.evaluate("commits[0].last"))
    targets = page.evaluate("""Array.from(document.querySelectorAll('#split > .column')).map((c) => [c.dataset.role, null])
        .concat(Array.from(document.querySelectorAll('#split .node.navigation')).slice(0, 1).map((n) => [null, n.dataset.id]))""")
    asked = outside = 0
    for role, ident in targets:
        selector = f"#split > .column[data-role={role}]" if role else f"#split .node.navigation[data-id=\"{ident}\"]"
        page.evaluate(f"document.querySelector('{selector}').click()")
        answered = page.wait("document.body.dataset.blameFrom === 'api'")
        text = page.evaluate("document.getElementById('blame').textContent")
        what = ident or ("primary" if role == "collapsed" else role)
        check(answered, f"blame of {what} at the first held command was not asked of the server: {text!r}")
        expected = json.loads(navtape(work, "blame", log, what, "--at", str(shown), "--limit", "1", "--json"))
        set_by = expected["setBy"]["index"] if expected["setBy"] else None
        span = re.search(r"set by .*? \(@(\d+)…@(\d+), [^)]*\); @(\d+) ", text)
        if set_by is None:
            check("unchanged since the log's start" in text, f"blame of {what}: navtape blame says unchanged from the start, the page {text!r}")
        else:
            check(span is not None and int(span.group(1)) <= set_by <= int(span.group(2)) and int(span.group(3)) == set_by,
                  f"blame of {what}: the page says {text!r}, navtape blame says @{set_by}")
            before = set_by < page.evaluate("data.window.from")
            check(before == ("before the commands this page holds" in text), f"blame of {what}: @{set_by} is said wrongly to be in or before the page: {text!r}")
            outside += before
        asked += 1
    page.evaluate("extending = null; true")
    check(asked >= 2 and outside >= 1, f"{asked} parts blamed on the long log's page, {outside} set before the part it holds")
    # The file page of the same part: no server, so it says how to look further.
    navtape(work, "inspect", log, "--at", str(total // 2), "--max-commands", "400", "-o", "long.html")
    load(page, "file://" + os.path.join(work, "long.html"))
    page.evaluate("document.querySelector('.commit[data-index=\"0\"]').click(); document.querySelector('#split > .column').click()")
    text = page.evaluate("document.getElementById('blame').textContent")
    check(re.search(r"unchanged since the page's first command, .*; navtape blame LOG \S+ --at \d+ looks further$", text) is not None,
          f"the file page's blame at its first command: {text!r}")
    return asked


def long_diff(page, port, work, log):
    """A marked at the first held command, the slider moved far away (A no longer held), B marked:
    the page's diff is the server's, navtape diff's changes."""
    total = json.loads(navtape(work, "stats", log, "--json"))["events"]
    load(page, f"http://127.0.0.1:{port}/session/0?at={total // 2}")
    page.wait("document.getElementById('drawn').textContent.length > 0", seconds=60)
    page.evaluate("document.querySelector('.commit[data-index=\"0\"]').click()")
    page.key("a")
    a_event = int(page.evaluate("document.body.dataset.a"))
    page.evaluate("(() => { const s = document.getElementById('seek'); s.value = 7; s.dispatchEvent(new Event('change')); })()")
    page.wait("document.body.dataset.event === '7'")
    check(page.evaluate(f"heldCommit({a_event})") == -1, f"A (@{a_event}) is still held after the slider moved to @7")
    page.key("b")
    b_event = int(page.evaluate("document.body.dataset.b"))
    answered = page.wait("document.body.dataset.diffFrom === 'api'")
    text = page.evaluate("document.getElementById('diff').textContent")
    check(answered and page.evaluate("document.body.dataset.a") == str(a_event), f"the diff of A @{a_event} and B @{b_event} was not the server's: {text!r}")
    expected = [c["text"] for c in json.loads(navtape(work, "diff", log, str(a_event), str(b_event), "--json"))["changes"]]
    shown = text.split("\n")[1:]
    check(shown == (expected or ["no difference"]), f"A @{a_event} → B @{b_event}: the page says {shown}, navtape diff {expected}")


def library_rows(page, port):
    """Each readable session's row opens its page when clicked anywhere on it (a real mouse click on a
    cell that is not its link); the number is still a link to the same page."""
    load(page, f"http://127.0.0.1:{port}/")
    doc_shot(page, "library", 360)
    links = page.evaluate("""Array.from(document.querySelectorAll('#sessions tbody tr')).map((r) =>
        [r.dataset.href || null, r.querySelector('td a') ? r.querySelector('td a').getAttribute('href') : null])""")
    check(len(links) == 3 and all(row is not None and row == link for row, link in links),
          f"each row should open the page its number links to: {links}")
    if len(links) < 2:
        return
    x, y, _ = center(page, "#sessions tbody tr:nth-child(2) td:nth-child(4)")
    click_at(page, x, y)
    check(page.wait(f"location.pathname === {json.dumps(links[1][0])} && document.body && document.body.dataset.opened === 'true'", seconds=30),
          f"a click on the second row's device cell did not open {links[1][0]}")


def labels(page, served):
    """The sliders' visible labels, the marker legend, and the live tag (hidden: nothing records)."""
    texts = page.evaluate("""['scrubLabel', 'seekLabel'].map((id) => { const e = document.getElementById(id);
        return e.offsetParent === null ? null : e.textContent; }).concat([document.getElementById('legend').textContent,
        document.getElementById('live').hidden, document.getElementById('live').offsetParent === null])""")
    check(texts[0] is not None and texts[0].startswith("loaded commands"), f"the commands' slider is not labelled: {texts[0]!r}")
    check(not served or (texts[1] is not None and texts[1].startswith("whole log")), f"the whole log's slider is not labelled: {texts[1]!r}")
    check(all(word in texts[2] for word in ("bug", "rotation", "divergence")), f"the marker legend: {texts[2]!r}")
    check(texts[3] and texts[4], "the live tag is shown on a page that follows no recording")


def bug_view(page, port, work, number, log):
    """The stale-detail session opened at its bug by link: the commit holding it shown, the bug's
    sentence (navtape state's violation there) and the controller it is about highlighted; the bug
    marker at least 10 px wide, and a real click on it selects its commit."""
    open_view(page, f"http://127.0.0.1:{port}/session/{number}")
    labels(page, True)
    at = page.evaluate("commits.find((c) => c.bugs.includes('BUG-6')).last")
    open_view(page, f"http://127.0.0.1:{port}/session/{number}?at={at}")
    here = shown(page)
    check(here["first"] <= at <= here["last"] and here["drawn"] == state_hierarchy(work, log, here["last"]),
          f"?at={at}: the page shows @{here['first']}…@{here['last']} drawn {here['drawn']!r}")
    expected = [v for v in json.loads(navtape(work, "state", log, "--at", str(at), "--json"))["violations"] if v["rule"] == "BUG-6"]
    sentences = page.evaluate("Array.from(document.querySelectorAll('#violations .violation.bug')).map((v) => [v.textContent, v.dataset.subject])")
    check(len(expected) == 1 and len(sentences) == 1 and sentences[0][0].startswith("BUG-6: " + expected[0]["message"])
          and sentences[0][1] == expected[0]["subject"], f"the bug's sentence: the page says {sentences}, navtape state {expected}")
    if expected:
        subject = expected[0]["subject"]
        marked = page.evaluate("Array.from(document.querySelectorAll('#split .node.subject')).map((n) => n.dataset.id)")
        check(marked == [subject], f"the controller BUG-6 is about ({subject}) is not the one highlighted: {marked}")
        check(f"{subject})" in sentences[0][0] if sentences else False, f"the sentence does not name {subject}: {sentences}")
    doc_shot(page, "bug")
    # The marker: wide enough, and a click on it (a few pixels off its centre) selects its commit.
    page.evaluate("document.querySelector('.commit[data-index=\"0\"]').click()")
    marker = center(page, ".marker.bug")
    index = page.evaluate("Number(document.querySelector('.marker.bug').dataset.index)")
    check(marker is not None and marker[2] >= 10, f"the bug marker is {marker and marker[2]} px wide, less than 10")
    if marker:
        click_at(page, marker[0] + 4, marker[1])
        check(page.wait(f"document.body.dataset.commit === '{index}'"), f"a click on the bug marker did not select command {index}")
        check(page.evaluate("document.querySelectorAll('#violations .violation.bug').length") == 1, "selected by its marker, the bug's sentence is not shown")


def divergences(page, work, port):
    """A capture's divergences: the marker at least 10 px wide, a click on it selects its commit, and
    the divergence events are highlighted in the list (each `diverged` event, no other)."""
    open_view(page, f"http://127.0.0.1:{port}/session/0")
    counts = page.evaluate("""[commits.reduce((n, c) => n + c.diverged, 0), document.querySelectorAll('.event.divergence').length,
        Array.from(document.querySelectorAll('.event.divergence')).every((e) => e.textContent.includes(' diverged '))]""")
    check(counts[0] >= 1 and counts[0] == counts[1] and counts[2], f"divergences highlighted in the list: {counts}")
    page.evaluate("document.querySelector('.commit[data-index=\"0\"]').click()")
    marker = center(page, ".marker.diverged")
    check(marker is not None and marker[2] >= 10, f"the divergence marker is {marker and marker[2]} px wide, less than 10")
    if marker:
        index = page.evaluate("Number(document.querySelector('.marker.diverged').dataset.index)")
        click_at(page, marker[0] - 4, marker[1])
        check(page.wait(f"document.body.dataset.commit === '{index}'"), f"a click on the divergence marker did not select command {index}")
        check(page.evaluate("document.querySelectorAll('.commit.selected .event.divergence').length") >= 1,
              "the command selected by its divergence marker has no highlighted divergence")


def points(page, port, work, log):
    """Links to points of a long log (40,000 events, the size this script generates): ?at=start, a
    point inside a command, a command's last event in the middle, the last event and ?at=end, and
    the older #at=N far from the part the server loads: each opens the command holding it, drawn as
    navtape state says there, and keeps the point in its address."""
    total = json.loads(navtape(work, "stats", log, "--json"))["events"]
    middle = api(port, f"/api/sessions/0/commits?around={total // 2}&count=1")["commits"][0]
    inside = next((c for c in api(port, f"/api/sessions/0/commits?around={total // 3}&count=9")["commits"] if c["last"] > c["first"]), None)
    check(inside is not None, "no command of more than one event near a third of the long log")
    wanted = [("start", 0), (str(middle["last"]), middle["last"]), (str(total - 1), total - 1), ("end", total - 1)]
    if inside:
        wanted.append((str(inside["first"]), inside["first"]))
    for at, event in wanted:
        open_view(page, f"http://127.0.0.1:{port}/session/0?at={at}")
        here = shown(page)
        holds = here["first"] <= event <= here["last"] if at != "start" else here["first"] == 0
        check(holds, f"?at={at}: the page shows @{here['first']}…@{here['last']}, not the command holding @{event}")
        expected = state_hierarchy(work, log, here["last"])
        check(here["drawn"] == expected, f"?at={at}: drawn {here['drawn']!r}, navtape state --at {here['last']} says {expected!r}")
        if at not in ("start", "end") and int(at) == here["last"]:
            check(here["drawn"] == state_hierarchy(work, log, at), f"?at={at}: drawn ≠ navtape state --at {at}")
        check(settled(page, f"?at={at}"), f"?at={at}: the address became {page.evaluate('location.search')!r}")
    # #at=N: the server loads the end (it never sees a fragment); the page reads around @N.
    early = api(port, "/api/sessions/0/commits?around=120&count=1")["commits"][0]["last"]
    open_view(page, f"http://127.0.0.1:{port}/session/0#at={early}")
    here = shown(page)
    check(here["first"] <= early <= here["last"] and here["drawn"] == state_hierarchy(work, log, here["last"]),
          f"#at={early}: the page shows @{here['first']}…@{here['last']} drawn {here['drawn']!r}")
    check(page.wait(f"location.search === '?at={early}' && location.hash === ''"), f"#at={early} did not move into the query: {page.evaluate('location.href')}")
    labels(page, True)
    # A file page of part of the log: it opens at its --at, or at the ?at= of its address; a point
    # outside the part it holds is said to be.
    navtape(work, "inspect", log, "--at", str(total // 2), "--max-commands", "400", "-o", "part.html")
    url = "file://" + os.path.join(work, "part.html")
    open_view(page, url)
    here = shown(page)
    check(here["first"] <= total // 2 <= here["last"] and here["drawn"] == state_hierarchy(work, log, here["last"]),
          f"the file page of --at {total // 2} opened at @{here['first']}…@{here['last']}")
    check(settled(page, f"?at={total // 2}"), f"the file page's address does not name its point: {page.evaluate('location.search')!r}")
    labels(page, False)
    check(page.evaluate("document.getElementById('seekLabel').textContent").startswith("whole log: "), "the file page's checkpoints slider is not labelled")
    span = page.evaluate("[data.window.from, data.window.to]")
    target = api(port, f"/api/sessions/0/commits?around={span[0] + 150}&count=1")["commits"][0]["last"]
    for query, event in ((f"?at={target}", target), (f"#at={target}", target)):
        open_view(page, url + query)
        here = shown(page)
        check(here["first"] <= event <= here["last"] and here["drawn"] == state_hierarchy(work, log, here["last"]),
              f"the file page at {query}: @{here['first']}…@{here['last']} drawn {here['drawn']!r}")
    open_view(page, url + "?at=5")
    check("@5 is not in this page" in page.evaluate("document.getElementById('note').textContent"),
          "a file page opened at a point it does not hold does not say so")
    return len(wanted) + 1


def ab_links(page, port, work, log, pairs, at="end", number=0):
    """Links with A and B: for each pair, the page's diff is the server's, equal to navtape diff
    LOG A B --json field by field (change and text of every change, in order)."""
    for a, b in pairs:
        open_view(page, f"http://127.0.0.1:{port}/session/{number}?at={at}&a={a}&b={b}")
        answered = page.wait("document.body.dataset.diffFrom === 'api'", seconds=30)
        shown_changes, expected = diff_changes(page), cli_changes(work, log, a, b)
        text = page.evaluate("document.getElementById('diff').textContent")
        check(answered and shown_changes == expected and (expected or text.endswith("\nno difference")),
              f"?a={a}&b={b}: the page's changes {shown_changes}, navtape diff's {expected}")
        check(page.evaluate("[document.body.dataset.a, document.body.dataset.b]") == [a, b], f"?a={a}&b={b}: the marks are not A {a}, B {b}")
    return len(pairs)


def whatif_links(page, port, work, number, log):
    """What-if links (?device=…&policy=…&fork=N): the branch is re-decided on opening, drawn beside
    the recording, and at the last command it is what `navtape fork --at N-1` ends with."""
    checked = 0
    for device, policy, fork in (("", "calendar-paste", 0), ("ipad", "", 13)):
        query = "&".join(part for part in (f"device={device}" if device else "", f"policy={policy}" if policy else "", f"fork={fork}") if part)
        open_view(page, f"http://127.0.0.1:{port}/session/{number}?at=end&{query}")
        drawn = page.wait("!document.getElementById('whatif').hidden && document.getElementById('drawn2').textContent")
        arguments = ["fork", log, "--at", "start" if fork == 0 else str(fork - 1)] + (["--device", device] if device else []) + \
            (["--policy", policy] if policy else []) + ["-o", "whatif-link.navtape", "--force"]
        navtape(work, *arguments)
        expected = json.loads(navtape(work, "state", "whatif-link.navtape", "--json"))["hierarchy"]
        check(drawn == expected, f"?{query}: the what-if draws {drawn!r}, navtape fork ends with {expected!r}")
        chosen = page.evaluate("[document.getElementById('wiDevice').value, document.getElementById('wiPolicy').value, view.fork]")
        check(chosen == [device, policy, str(fork)], f"?{query}: the what-if's choice on the page is {chosen}")
        check(settled(page, f"?at=end&{query}"), f"?{query}: the address became {page.evaluate('location.search')!r}")
        if checked == 0:
            doc_shot(page, "whatif")
        checked += 1
    return checked


def blame_links(page, port, work, number, log):
    """Blame links (?column=ROLE, ?stack=%23ID): the server's blame on opening, as navtape blame says,
    the column (or stack) highlighted in the drawing, the setting event in the events list."""
    at = page.evaluate("commits[commits.length - 1].last")
    for query, what, head, selector in (("column=secondary", "secondary", "secondary = ", "#split > .column[data-role=secondary]"),
                                        ("stack=%234", "#4", "PasteNC1's stack = ", "#split .node[data-id='#4']")):
        open_view(page, f"http://127.0.0.1:{port}/session/{number}?at={at}&{query}")
        answered = page.wait("document.body.dataset.blameFrom === 'api'")
        expected = json.loads(navtape(work, "blame", log, what, "--at", str(at), "--json"))
        set_by = expected["setBy"]["index"] if expected["setBy"] else None
        text = page.evaluate("document.getElementById('blame').textContent")
        check(answered and set_by is not None and f"; @{set_by} " in text and text.startswith(head + expected["value"]),
              f"?{query}: the page's blame {text!r}, navtape blame's @{set_by}")
        check(page.evaluate(f"document.querySelector({json.dumps(selector)}) !== null && document.querySelector({json.dumps(selector)}).classList.contains('blamed')"),
              f"?{query}: {selector} is not highlighted")
        check(page.evaluate("Array.from(document.querySelectorAll('.event.blamed')).map((e) => Number(e.dataset.i))") == [set_by],
              f"?{query}: @{set_by} is not highlighted in the events list")
        if what == "secondary":
            doc_shot(page, "blame")


def round_trip(page, port, work, number, log):
    """A view made by hand (a command stepped to, A and B marked, a what-if, a column blamed) is in
    the address; opened again from it, the page shows the same."""
    def snapshot():
        return page.evaluate("""[document.body.dataset.event, document.body.dataset.a, document.body.dataset.b,
            document.getElementById('drawn').textContent, document.getElementById('drawn2').textContent,
            document.getElementById('whatif').hidden, document.getElementById('diff').textContent,
            document.getElementById('blame').textContent, document.getElementById('wiPolicy').value]""")
    open_view(page, f"http://127.0.0.1:{port}/session/{number}")
    page.evaluate("document.querySelector('.commit[data-index=\"2\"]').click()")
    page.evaluate("document.getElementById('wiPolicy').value = 'calendar-paste'; document.getElementById('wiGo').click()")
    page.wait("!document.getElementById('whatif').hidden")
    page.evaluate("document.querySelector('.commit[data-index=\"3\"]').click()")
    page.key("a")
    page.evaluate("document.querySelector('.commit[data-index=\"7\"]').click()")
    page.key("b")
    page.evaluate("document.querySelector('#split > .column').click()")
    page.key("ArrowLeft")
    page.wait("document.body.dataset.diffFrom === 'api' && document.body.dataset.blameFrom === 'api'")
    time.sleep(0.4)
    page.wait("document.body.dataset.blameFrom === 'api'")
    before, address = snapshot(), page.evaluate("location.search")
    for key in ("at=", "a=", "b=", "policy=calendar-paste", "fork=", "column="):
        check(key in address, f"the address {address!r} lacks {key}")
    open_view(page, f"http://127.0.0.1:{port}/session/{number}{address}")
    page.wait("document.body.dataset.diffFrom === 'api' && document.body.dataset.blameFrom === 'api' && !document.getElementById('whatif').hidden")
    after = snapshot()
    check(after == before, f"opened again from {address}: {after} ≠ {before}")
    check(page.evaluate("location.search") == address, f"opened from {address}, the address became {page.evaluate('location.search')!r}")


def file_page(page, work, log):
    """The page of a log written by navtape inspect (no server): A/B and the blame come from its
    address too, its diff is labelled drawn differences with the navtape diff command that answers
    in full, and a collapse says `collapsed: false → true` (the collapsed column no longer takes the
    flag's place)."""
    navtape(work, "inspect", log, "-o", "stale.html", "--force")
    url = "file://" + os.path.join(work, "stale.html")
    open_view(page, url + "?at=18&a=18&b=20&column=secondary")
    text = page.evaluate("document.getElementById('diff').textContent")
    command = page.evaluate("document.querySelector('#diff code') && document.querySelector('#diff code').textContent")
    check("drawn differences" in text and command == "navtape diff LOG 18 20", f"the file page's diff is not labelled, or lacks its command: {text!r}")
    check("\ncollapsed: false → true\n" in text and "collapsed: false → MN" not in text, f"the file page's diff of a collapse: {text!r}")
    blame = page.evaluate("document.getElementById('blame').textContent")
    check(blame.startswith("drawn blame") and "navtape blame LOG secondary --at 18" in blame, f"the file page's blame: {blame!r}")
    check(page.evaluate("document.querySelector('#split > .column[data-role=secondary]').classList.contains('blamed')"),
          "the file page's blamed column is not highlighted")
    here = shown(page)
    check(here["first"] <= 18 <= here["last"] and here["drawn"] == state_hierarchy(work, log, here["last"]), f"the file page at ?at=18: {here}")
    check(settled(page, "?at=18&a=18&b=20&column=secondary"), f"the file page's address became {page.evaluate('location.search')!r}")


def timing(page, port, work, at):
    """Scrubbing a big log's page: the page load around a point, then 200 steps with →, each timed
    from the key to the drawn split (layout included)."""
    started = time.time()
    load(page, f"http://127.0.0.1:{port}/session/0?at={at}")
    page.wait("document.getElementById('drawn').textContent.length > 0", seconds=60, interval=0.001)
    loaded = time.time() - started
    page.wait("document.body.dataset.opened === 'true'", seconds=60)
    here = shown(page)
    check(str(at) in ("start", "end") or here["first"] <= int(at) <= here["last"],
          f"?at={at}: the page opened at @{here['first']}…@{here['last']}, not the command holding @{at}")
    page.evaluate("document.querySelector('.commit[data-index=\"0\"]').click()")
    steps = page.evaluate("""(() => { const times = [];
        for (let i = 0; i < 200; i++) { const t = performance.now();
          document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight' }));
          void document.getElementById('split').offsetHeight; times.push(performance.now() - t); }
        times.sort((a, b) => a - b); return [times[100], times[198], times[199]]; })()""")
    # Across the held part's end, stepped to as a user does: the page reads the next 200 commands
    # in the background once the selection is within 50 of the end, so the step across finds them.
    approached = []
    for _ in range(3):
        page.evaluate("document.querySelector('.commit[data-index=\"' + (commits.length - 80) + '\"]').click()")
        for _ in range(100):
            before = int(page.evaluate("document.body.dataset.event"))
            started = time.time()
            page.key("ArrowRight")
            page.wait(f"Number(document.body.dataset.event) > {before}", seconds=60, interval=0.001)
            approached.append(time.time() - started)
    # The worst case: a click on the last command held, then → at once (the step waits for the read).
    crossing = []
    for _ in range(5):
        page.evaluate("document.querySelector('.commit[data-index=\"' + (commits.length - 1) + '\"]').click()")
        before = int(page.evaluate("document.body.dataset.event"))
        started = time.time()
        page.key("ArrowRight")
        page.wait(f"Number(document.body.dataset.event) > {before}", seconds=60, interval=0.001)
        crossing.append(time.time() - started)
    events = int(re.search(r"(\d+) events", page.evaluate("document.getElementById('summary').textContent")).group(1))
    seeks = []
    for k in range(10):
        target = (k * 982_451 + 12_345) % events
        started = time.time()
        page.evaluate(f"(() => {{ const s = document.getElementById('seek'); s.value = {target}; s.dispatchEvent(new Event('change')); }})()")
        page.wait(f"document.body.dataset.event === '{target}'", seconds=60, interval=0.001)
        seeks.append(time.time() - started)
    crossing.sort()
    seeks.sort()
    approached.sort()
    print(f"browser-test (served): timing: /session/0?at={at} loaded and drawn in {loaded * 1000:.0f} ms; "
          f"a step (→ to drawn, in the page) p50 {steps[0]:.2f} ms, p99 {steps[1]:.2f} ms, max {steps[2]:.2f} ms; "
          f"{len(approached)} steps with → across the held part's end, each over DevTools: p50 {approached[len(approached) // 2] * 1000:.1f} ms, "
          f"p99 {approached[len(approached) * 99 // 100] * 1000:.1f} ms, max {approached[-1] * 1000:.1f} ms; "
          f"a step from a click on the last command held (waits for the read of 200) median {crossing[2] * 1000:.0f} ms, max {crossing[-1] * 1000:.0f} ms; "
          f"the slider to a random point (reads 200 around it) median {seeks[5] * 1000:.0f} ms, max {seeks[-1] * 1000:.0f} ms "
          f"(each from the DevTools call to the drawn split)")


def main():
    ensure_tools()
    work = tempfile.mkdtemp(prefix="browser-serve.")
    processes = []
    try:
        subprocess.run([NAVTAPE, "demo"], cwd=work, capture_output=True, check=True)
        server, port = start_server(["."], work)
        processes.append(server)
        browser, page = start_browser(f"{work}/profile")
        processes.append(browser)
        page.call("Emulation.setDeviceMetricsOverride", width=1100, height=700, deviceScaleFactor=1, mobile=False)
        library(page, port, work)
        library_rows(page, port)
        logs = [row["log"] for row in json.loads(navtape(work, "query", ".", "--json", "--sessions", "10"))["sessions"]]
        stale = next(i for i, log in enumerate(sorted(logs)) if "stale" in log)
        opened = from_library(page, port, work)
        check(opened is None or opened == (stale, sorted(logs)[stale]), f"the library's link opened {opened}, not the stale-detail session")
        stale_log = sorted(logs)[stale]
        session_page(page, port, work, stale, stale_log)
        what_if(page, port, work, stale, stale_log)
        # Issue 28: the page's address is its state; one diff and one blame (the server's); legible.
        bug_view(page, port, work, stale, stale_log)
        stale_pairs = ab_links(page, port, work, stale_log, [("start", "end"), ("12", "20"), ("18", "23"), ("23", "18"), ("20", "20")],
                               at="23", number=stale)
        open_view(page, f"http://127.0.0.1:{port}/session/{stale}?at=18&a=12&b=18")
        page.wait("document.body.dataset.diffFrom === 'api'")
        doc_shot(page, "diff")
        whatifs = whatif_links(page, port, work, stale, stale_log)
        blame_links(page, port, work, stale, stale_log)
        round_trip(page, port, work, stale, stale_log)
        file_page(page, work, stale_log)
        # A capture with divergences, served on its own.
        os.makedirs(os.path.join(work, "capture"))
        subprocess.run([NAVTAPE, "record", "--intents", os.path.join(ROOT, "Tests/Capture/calendar-paste.intents.jsonl"),
                        "-o", "capture/capture.navtape"], cwd=work, capture_output=True, check=True)
        capture_server, capture_port = start_server(["capture"], work)
        processes.append(capture_server)
        divergences(page, work, capture_port)
        # A log longer than a page holds (2,000 commands), served on its own: a Calendar Paste user.
        subprocess.run([NAVTAPE, "generate", "--app", "calendar-paste", "--events", "40000", "--seed", "5", "-o", "long.navtape"], cwd=work,
                       capture_output=True, check=True)
        long_server, long_port = start_server(["long.navtape"], work)
        processes.append(long_server)
        windows(page, long_port, work, "long.navtape")
        blamed = long_blame(page, long_port, work, "long.navtape")
        long_diff(page, long_port, work, "long.navtape")
        total = json.loads(navtape(work, "stats", "long.navtape", "--json"))["events"]
        opened = points(page, long_port, work, "long.navtape")
        long_pairs = ab_links(page, long_port, work, "long.navtape",
                              [("start", "end"), ("7", str(total // 2)), (str(total // 2), str(total // 2 + 40)),
                               (str(total - 1), "100"), (str(total // 3), str(total // 3))], at=str(total // 2))
        if len(sys.argv) > 2 and sys.argv[1] == "--timing":
            stop([server])
            big, at = os.path.abspath(sys.argv[2]), sys.argv[3] if len(sys.argv) > 3 else "5000000"
            server, port = start_server([big], work)
            processes.append(server)
            timing(page, port, work, at)
        if not failures:
            print("browser-test (served): the library filtered by bug and by device as navtape query, sorted both ways; "
                  "the stale-detail session opened from its link, scrubbed to 3 points drawn as navtape state, BUG-6 marked; "
                  "the A/B diff as navtape diff; the blame of a column and a stack as navtape blame; what-if as navtape fork, beside the recording; "
                  f"a long log's page read more past both ends and moved by the slider, drawn as navtape state; {blamed} blames past its first "
                  "command from the server as navtape blame (the file page points to navtape blame); A/B diff past the held part from the "
                  "server as navtape diff; "
                  f"{opened} ?at= and #at= links to points of the long log ({total} events: start, middle, end) and its file page "
                  f"opened at the command holding them, drawn as navtape state; {stale_pairs + long_pairs} A/B links diffed as navtape diff --json "
                  f"field by field; {whatifs} what-if links as navtape fork; column and stack blame links as navtape blame, highlighted; "
                  "a view made by hand opened again from its address; the file page's drawn differences labelled, with the command; "
                  "bug and divergence markers ≥10 px and clickable, the bug's sentence and its controller highlighted; library rows "
                  "open their session (screenshots in .build/inspector/)")
        return 1 if failures else 0
    finally:
        stop(processes)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())

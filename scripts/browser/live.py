#!/usr/bin/env python3
"""The inspector page following a session being recorded, in a real browser driven over the
DevTools protocol (issue 15, "Live").

Starts the project's own processes: `navtape record --intents -` (fed line by line, as an app's
capture writes), `navtape serve` over its directory, and Debian's chromium headless with
--remote-debugging-port. Opens /session/0, then appends commands one at a time and checks, by
evaluating JavaScript in the page, that each new command arrives over the live stream and is drawn
(the hierarchy read back from the drawn DOM equals `navtape state --json` at the same event), that
the page follows the end while its last command is shown, stays where the user stepped back to
(ArrowLeft) otherwise, and that stepping with ArrowRight then reaches the new commands, and that its
live tag is shown. Also times one command from acknowledgement to drawn. Exit 1 on any failure.

  scripts/browser-test   (after `swift build`; installs chromium and websocket-client when missing)
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from devtools import NAVTAPE, ensure_tools, start_browser, start_server, stop  # noqa: E402


def main():
    ensure_tools()
    work = tempfile.mkdtemp(prefix="browser-live.")
    processes = []
    failures = []

    def check(condition, message):
        if not condition:
            failures.append(message)
            print(f"browser-test (live): FAILED: {message}", file=sys.stderr)

    try:
        os.makedirs(os.path.join(work, "lib"))
        recorder = subprocess.Popen([NAVTAPE, "record", "--intents", "-", "-o", "lib/live.navtape"], cwd=work,
                                    stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        processes.append(recorder)

        def feed(line):
            recorder.stdin.write(json.dumps(line) + "\n")
            recorder.stdin.flush()

        feed({"navtape": "intents", "version": 1, "session": "live", "startTime": 0, "device": "ipad", "traits": "landscape"})
        feed({"time": 0, "command": "setSplitViewControllers", "controllers": [
            {"id": "p", "name": "MasterNC", "kind": "navigation", "children": [{"id": "m", "name": "Master"}]},
            {"id": "d", "name": "Detail"}]})
        feed({"time": 1, "command": "launch"})
        for _ in range(2):
            recorder.stdout.readline()
        server, port = start_server(["lib"], work)
        processes.append(server)
        browser, page = start_browser(f"{work}/profile")
        processes.append(browser)
        page.call("Page.navigate", url=f"http://127.0.0.1:{port}/session/0")
        check(page.wait("document.body && document.body.dataset.live"), "the page never heard from its live stream")
        # The live tag: shown while a writer records into the log (data.live), and only then.
        check(page.evaluate("data.live === true && !document.getElementById('live').hidden && "
                            "document.getElementById('live').offsetParent !== null"), "the page following a recording has no live tag")

        def drawn():
            return page.evaluate("document.getElementById('drawn').textContent")

        def state_hierarchy(at):
            out = subprocess.run([NAVTAPE, "state", "lib/live.navtape", "--at", str(at), "--json"], cwd=work,
                                 capture_output=True, text=True, check=True).stdout
            return json.loads(out)["hierarchy"]

        # Each new command arrives and, while the last command is shown, is drawn.
        timings = []
        for k in range(3):
            name = f"LiveItem{k}"
            feed({"time": 50 + k, "command": "showDetail", "target": {"id": f"x{k}", "name": name}, "sender": "m"})
            acknowledged = recorder.stdout.readline()
            started = time.time()
            events = int(re.search(r"\((\d+) in the log\)", acknowledged).group(1))
            shown = page.wait(f"document.getElementById('drawn').textContent.includes('{name}')")
            timings.append(time.time() - started)
            check(shown, f"{name} was not drawn after it was acknowledged ({acknowledged.strip()})")
            check(page.evaluate("document.body.dataset.live") == str(events), f"the page does not know the log holds {events} events")
            check(drawn() == state_hierarchy(events - 1), f"after {name}: drawn {drawn()!r}, navtape state says {state_hierarchy(events - 1)!r}")

        # Stepped back, the page stays there while commands arrive; stepping forward reaches them.
        page.key("ArrowLeft")
        where = page.evaluate("document.body.dataset.commit")
        before = drawn()
        feed({"time": 60, "command": "changeTraits", "traits": "portrait"})
        acknowledged = recorder.stdout.readline()
        events = int(re.search(r"\((\d+) in the log\)", acknowledged).group(1))
        check(page.wait(f"document.body.dataset.live === '{events}'"), "the rotation did not arrive")
        check(page.evaluate("document.body.dataset.commit") == where and drawn() == before,
              "the page moved away from the command the user stepped back to")
        for _ in range(2):
            page.key("ArrowRight")
        check(drawn() == state_hierarchy(events - 1), f"stepping forward: drawn {drawn()!r}, navtape state says {state_hierarchy(events - 1)!r}")
        check(page.evaluate("document.querySelectorAll('.marker.rotation').length") >= 1, "no rotation marker for the live rotation")

        recorder.stdin.close()
        check(recorder.wait(timeout=30) == 0, "the recorder did not exit 0")
        if not failures:
            print(f"browser-test (live): 4 commands arrived live and were drawn as navtape state says; acknowledged to drawn "
                  f"{min(timings) * 1000:.0f}-{max(timings) * 1000:.0f} ms (poll every 200 ms); stepping back holds, stepping forward reaches them")
        return 1 if failures else 0
    finally:
        stop(processes)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())

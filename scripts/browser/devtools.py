"""DevTools-protocol helpers for the browser tests: the tools they need, chromium headless with
--remote-debugging-port, and one tab spoken to over its WebSocket."""
import json
import os
import re
import subprocess
import sys
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
NAVTAPE = os.path.abspath(os.environ.get("NAVTAPE_BINARY", os.path.join(ROOT, ".build/debug/navtape")))


def ensure_tools():
    if not os.path.exists(NAVTAPE):
        subprocess.run(["swift", "build", "--product", "navtape", "-q"], cwd=ROOT, check=True)
    subprocess.run([os.path.join(ROOT, "scripts", "ensure-deps"), "chromium"], check=True)


class Page:
    """One browser tab, spoken to over the DevTools protocol."""

    def __init__(self, url):
        import websocket
        self.socket = websocket.create_connection(url, timeout=30, suppress_origin=True)
        self.next_id = 0

    def call(self, method, **params):
        self.next_id += 1
        self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv())
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        return result.get("result", {}).get("value")

    def wait(self, expression, seconds=15, interval=0.05):
        """Polls `expression` every `interval` seconds until it is truthy (timings pass a short
        interval: at 50 ms, every wait measured ended on a 50 ms boundary)."""
        deadline = time.time() + seconds
        while time.time() < deadline:
            value = self.evaluate(expression)
            if value:
                return value
            time.sleep(interval)
        return None

    def key(self, name):
        for kind in ("keyDown", "keyUp"):
            self.call("Input.dispatchKeyEvent", type=kind, key=name, code=name)


def start_browser(profile):
    """Chromium headless with a DevTools port; returns the process and its first tab as a Page."""
    browser = subprocess.Popen(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-port=0",
                                f"--user-data-dir={profile}", "about:blank"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    for line in browser.stderr:
        match = re.search(r"DevTools listening on ws://127\.0\.0\.1:(\d+)/", line)
        if match:
            port = int(match.group(1))
            opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
            targets = json.load(opener.open(f"http://127.0.0.1:{port}/json/list"))
            page = Page(next(t["webSocketDebuggerUrl"] for t in targets if t["type"] == "page"))
            page.call("Page.enable")
            return browser, page
    raise RuntimeError("chromium did not open its DevTools port")


def start_server(arguments, cwd):
    """`navtape serve ARGUMENTS --port 0`; returns the process and its port."""
    server = subprocess.Popen([NAVTAPE, "serve", *arguments, "--port", "0"], cwd=cwd, stdout=subprocess.PIPE, text=True)
    return server, int(re.search(r":(\d+)/$", server.stdout.readline().strip()).group(1))


def stop(processes):
    for process in reversed(processes):
        if process.poll() is None:
            process.send_signal(2)
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()

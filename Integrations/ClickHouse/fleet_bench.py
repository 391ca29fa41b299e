#!/usr/bin/env python3
"""The fleet's figures (docs/Fleet.md, "What was measured"), from one run:

- `moments` bytes per row in ClickHouse (chdb) with schema.sql as committed, after OPTIMIZE FINAL;
- `navtape query LIB --json` (median of 3) against chdb answering the same questions: the eight
  queries of queries.sql behind `navtape query`, tables loaded (median of 7), and the three fleet
  questions (median of 7 each).

    python3 Integrations/ClickHouse/fleet_bench.py SESSIONS EVENTS [WORK]

generates SESSIONS app-model sessions of EVENTS events each (`navtape generate --app`, the apps in
turn) into WORK (default: a temporary directory, removed), runs `navtape facts` on them, and prints
one table. NAVTAPE names the binary (default .build/release/navtape). chdb: scripts/engine-test
installs it.
"""
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
NAVTAPE = os.environ.get("NAVTAPE", os.path.join(ROOT, ".build", "release", "navtape"))
sys.path.insert(0, HERE)
import engine_test  # noqa: E402  (its statements() and named_queries())


def timed(body, runs):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        body()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main():
    if len(sys.argv) < 3:
        raise SystemExit(__doc__)
    sessions, events = int(sys.argv[1]), int(sys.argv[2])
    work = sys.argv[3] if len(sys.argv) > 3 else tempfile.mkdtemp(prefix="navtape-fleet-bench-")
    lib = os.path.join(work, "lib")
    os.makedirs(lib, exist_ok=True)
    text = subprocess.run([NAVTAPE, "generate", "--help"], check=True, capture_output=True, text=True).stdout
    apps = [a.strip() for a in re.search(r"Apps:\s*(.*?)\.\n", text, re.S).group(1).replace("\n", " ").split(",")]
    start = time.time()
    for i in range(sessions):
        path = os.path.join(lib, f"{i:04}.navtape")
        if not os.path.exists(path):
            subprocess.run([NAVTAPE, "generate", "--app", apps[i % len(apps)], "--events", str(events), "--seed", str(i + 1),
                            "-o", path], check=True, capture_output=True)
    generated = time.time() - start
    s_rows, m_rows = os.path.join(work, "s.jsonl"), os.path.join(work, "m.jsonl")
    for path in (s_rows, m_rows):
        if os.path.exists(path):
            os.remove(path)
    start = time.time()
    subprocess.run([NAVTAPE, "facts", lib, "--sessions", s_rows, "--moments", m_rows], check=True, capture_output=True)
    facts = time.time() - start
    total = json.loads(subprocess.run([NAVTAPE, "query", lib, "--json"], check=True, capture_output=True, text=True).stdout)

    from chdb import session as chs
    data = os.path.join(work, "chdb")
    shutil.rmtree(data, ignore_errors=True)
    db = chs.Session(data)
    for statement in engine_test.statements(open(engine_test.SCHEMA).read()):
        db.query(statement)
    start = time.time()
    db.query(f"INSERT INTO sessions FROM INFILE '{s_rows}' FORMAT JSONEachRow")
    db.query(f"INSERT INTO moments FROM INFILE '{m_rows}' FORMAT JSONEachRow")
    loaded = time.time() - start
    db.query("OPTIMIZE TABLE moments FINAL")
    db.query("OPTIMIZE TABLE sessions FINAL")
    parts = db.query("SELECT sum(rows), sum(data_compressed_bytes) FROM system.parts WHERE table = 'moments' AND active",
                     "TSV").bytes().decode().split()
    queries = engine_test.named_queries()
    behind_query = [queries[n].replace("{filter}", "1").replace("{listing}", "20") for n in engine_test.SQL_QUERY_NAMES]

    navtape_query = timed(lambda: subprocess.run([NAVTAPE, "query", lib, "--json"], check=True, capture_output=True), 3)
    chdb_query = timed(lambda: [db.query(q, "JSONEachRow").bytes() for q in behind_query], 7)
    questions = {n: timed(lambda n=n: db.query(queries[n], "JSONEachRow").bytes(), 7)
                 for n in ("bugAfterRotation", "depthPerScreen", "firstBuildDiverging")}
    db.close()
    rows, compressed = int(parts[0]), int(parts[1])
    print(f"fleet-bench: {sessions} sessions of {events} events ({total['read']} read, {total['matching']} matching), "
          f"{rows} moments; generate {generated:.1f} s, facts {facts:.2f} s, chdb load {loaded:.2f} s")
    print("| figure | value |")
    print("| --- | --- |")
    print(f"| `moments` in chdb, compressed | {compressed:,} bytes, {compressed / rows:.2f} bytes per row |")
    print(f"| `navtape query LIB --json` (median of 3) | {navtape_query:.4f} s |")
    print(f"| chdb, the eight queries behind `navtape query` (median of 7) | {chdb_query:.4f} s |")
    print(f"| ratio | {navtape_query / chdb_query:.1f}× |")
    for name, seconds in questions.items():
        print(f"| chdb `{name}` (median of 7) | {seconds:.4f} s |")
    if len(sys.argv) <= 3:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()

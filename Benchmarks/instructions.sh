#!/usr/bin/env bash
# Instructions per event of the hot loops, counted by callgrind (the VM has no perf counters, so
# package-benchmark's `instructions` metric is empty). Deterministic for a given binary and session.
#
#   Benchmarks/instructions.sh [LOOP…]     (default: evolveContentsOf cfold decode decodeAndEvolve replay,
#                                          the loops the Evolve, Decode and Replay suites time)
#
# Environment: NAVTAPE_BENCH_EVENTS (default here 200000: callgrind runs ~50× slower than native).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
export NAVTAPE_BENCH_EVENTS=${NAVTAPE_BENCH_EVENTS:-200000}
# The build plan is made again each time, as in scripts/bench: a nested package does not notice a
# source file added to the package it depends on by path.
rm -f .build/release.yaml
swift build -c release --product profile >&2
bin=$(swift build -c release --show-bin-path)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# valgrind 3.19 cannot read Swift 6.3's DWARF: count on a copy without debug info (symbols kept).
cp "$bin/profile" "$work/profile" && strip --strip-debug "$work/profile"
"$work/profile" stats >/dev/null   # generate the session outside callgrind
loops=("$@")
[ ${#loops[@]} -gt 0 ] || loops=(evolveContentsOf cfold decode decodeAndEvolve replay)
printf '| loop | instructions (Ir) | events | Ir / event |\n| --- | ---: | ---: | ---: |\n'
for loop in "${loops[@]}"; do
  valgrind --tool=callgrind --callgrind-out-file="$work/$loop.out" "$work/profile" "$loop" >"$work/$loop.txt" 2>&1
  events=$(sed -n 's/^events: //p' "$work/$loop.txt")
  name=measured$(echo "${loop:0:1}" | tr a-z A-Z)${loop:1}
  [ "$loop" = cfold ] && name=measuredCFold
  ir=$(callgrind_annotate --inclusive=yes "$work/$loop.out" 2>/dev/null | grep "profile[0-9]*${name}y" | head -n 1 | awk '{gsub(",", "", $1); print $1}')
  awk -v l="$loop" -v ir="$ir" -v n="$events" 'BEGIN { printf "| %s | %d | %d | %.1f |\n", l, ir, n, ir / n }'
done

#!/usr/bin/env bash
# Crash safety of the event log: SIGKILL an appending child at random moments, recover, and check
# that every record it acknowledged survived and that the log is an exact prefix of its stream.
#
#   scripts/crash-loop.sh ITERATIONS [--ack-before-sync]
#
# --ack-before-sync runs the child in a deliberately broken mode (it acknowledges records before
# syncing them); the loop must then FAIL, which shows that it can catch lost acknowledgements.
#
# Environment: NAVTAPE_SCRATCH_PATH  SwiftPM scratch path for building EventLogStress (default .build)
#              NAVTAPE_STRESS_BIN    an already built EventLogStress (skips the build)
# Exit status: 0 if every iteration verified, 1 on the first lost or wrong record, 2 on misuse.
set -euo pipefail

usage() { echo "usage: $0 ITERATIONS [--ack-before-sync]" >&2; exit 2; }
[[ $# -ge 1 && $# -le 2 && $1 =~ ^[0-9]+$ ]] || usage
iterations=$1
mode=()
if [[ $# -eq 2 ]]; then
    [[ $2 == --ack-before-sync ]] || usage
    mode=(--ack-before-sync)
fi

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
if [[ -n ${NAVTAPE_STRESS_BIN:-} ]]; then
    bin=$NAVTAPE_STRESS_BIN
else
    scratch=${NAVTAPE_SCRATCH_PATH:-$root/.build}
    swift build --package-path "$root" --scratch-path "$scratch" --product EventLogStress >&2
    bin="$(swift build --package-path "$root" --scratch-path "$scratch" --show-bin-path)/EventLogStress"
fi
[[ -x $bin ]] || { echo "crash-loop: no EventLogStress binary at $bin" >&2; exit 2; }

work=$(mktemp -d "${TMPDIR:-/tmp}/navtape-crash.XXXXXX")
trap 'rm -rf "$work"' EXIT
log=$work/stress.navtape
acks=$work/acks.txt
: >"$acks"

for ((i = 1; i <= iterations; i++)); do
    "$bin" append "$log" "${mode[@]}" >>"$acks" 2>"$work/child.err" &
    child=$!
    sleep "0.$(printf '%03d' $((RANDOM % 76 + 5)))" # 5–80 ms
    kill -KILL "$child" 2>/dev/null || true
    status=0
    wait "$child" 2>/dev/null || status=$?
    if [[ $status -ne 137 && $status -ne 0 ]]; then
        echo "crash-loop: iteration $i: the child failed by itself (status $status):" >&2
        cat "$work/child.err" >&2
        exit 1
    fi
    if ! result=$("$bin" verify "$log" "$acks" 2>&1); then
        echo "crash-loop: FAILED at iteration $i: $result"
        exit 1
    fi
done
echo "crash-loop: $iterations iterations passed (${mode[*]:-group commit}); last $result"

#!/usr/bin/env bash
# Runs `swift test` (arguments passed on) and watches it for a stall.
#
# A hang is a defect, never retried past: a run that writes nothing for STALL_SECONDS
# (default 300; the slowest test takes under two minutes) is stopped, the tests it left
# unfinished are named, and the run fails (exit 124), so the hang is found and fixed. The
# stall once seen here (a download cancelled before it started, which waited for ever) is
# fixed; docs/ARCHITECTURE.md, "Known problems", says what is known.
# Usage: scripts/swift_test.sh [swift test arguments]
set -uo pipefail
cd "$(dirname "$0")/.."
stall="${STALL_SECONDS:-300}"

run_once() {
    local log="$1"
    shift
    # In a process group of its own, so that a stall kills everything the tests started too.
    setsid swift test "$@" > >(tee "$log") 2>&1 &
    local pid=$!
    while kill -0 "$pid" 2>/dev/null; do
        sleep 5
        local quiet=$(($(date +%s) - $(stat -c %Y "$log")))
        if [ "$quiet" -ge "$stall" ]; then
            echo "swift_test: no output for ${quiet} s: the test process stalled; unfinished tests:" >&2
            python3 - "$log" <<'EOF' >&2
import re, sys
from collections import Counter
# Two suites may name a test alike: counted, so that one finished never hides the other.
started, done = Counter(), Counter()
order = []
for line in open(sys.argv[1], encoding="utf-8", errors="replace"):
    if m := re.match(r"^◇ Test (\S+\(.*?\)) started", line):
        started[m.group(1)] += 1
        order.append(m.group(1))
    if m := re.match(r"^[✔✘] Test (\S+\(.*?\)) (with \d+ test cases? )?(passed|failed)", line):
        done[m.group(1)] += 1
for name in dict.fromkeys(order):
    for _ in range(started[name] - done[name]):
        print("  " + name)
EOF
            kill -KILL -- "-$pid" 2>/dev/null
            wait "$pid" 2>/dev/null
            return 124
        fi
    done
    wait "$pid"
}

log=$(mktemp)
trap 'rm -f "$log"' EXIT
run_once "$log" "$@"
status=$?
if [ "$status" -eq 124 ]; then
    echo "swift_test: FAILED: the test process stalled (a hang is a defect: find it, do not retry past it)" >&2
fi
exit "$status"

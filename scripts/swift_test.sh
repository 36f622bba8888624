#!/usr/bin/env bash
# Runs `swift test` (arguments passed on) and watches it for a stall.
#
# A hang is a defect, never retried past: a run that writes nothing for STALL_SECONDS
# (default 300; the slowest test takes under two minutes) is stopped, the tests it left
# unfinished are named, and the run fails (exit 124), so the hang is found and fixed. A stall
# prints every thread of the test process (with gdb) before it is stopped, so the log says
# where it hung.
# Usage: scripts/swift_test.sh [swift test arguments]; with none, every test (in two runs, below).
set -uo pipefail
cd "$(dirname "$0")/.."
stall="${STALL_SECONDS:-300}"

# Every process the tests started: the test process's descendants in whatever session or
# group (a PTY child runs in a session of its own), and what outlived its parent (a tmux
# server daemonises) but carries this run's mark in its environment or names its
# temporary directory.
run_processes() {
    local root="$1" tree="$1" next
    while :; do
        next=$(ps -e -o pid=,ppid= | awk -v tree=" $tree " '{ if (index(tree, " " $2 " ") && !index(tree, " " $1 " ")) printf "%s ", $1 }')
        [ -z "$next" ] && break
        tree="$tree $next"
    done
    echo "$tree"
    pgrep -f -- "$run_tmp/" || true
    grep -l -s -a -F "VITRINE_TEST_RUN=$run_tmp" /proc/[0-9]*/environ | cut -d/ -f3 || true
}

# Where a stalled test process is: every thread's stack (gdb, when installed), so the hang
# can be found from the log of the run that saw it.
dump_stacks() {
    command -v gdb >/dev/null || return 0
    local p
    for p in "$@"; do
        case "$(cat "/proc/$p/comm" 2>/dev/null)" in
        *xctest* | *PackageT*) ;;
        *) continue ;;
        esac
        echo "swift_test: the threads of process $p ($(cat "/proc/$p/comm")):" >&2
        timeout 120 gdb -p "$p" -batch -nx -ex "set pagination off" -ex "thread apply all bt 40" 2>&1 \
            | grep -E '^(Thread|#)' | cut -c1-240 >&2
    done
}

run_once() {
    local log="$1"
    shift
    # In a process group of its own; its temporary files (tmux sockets among them) in a
    # directory of this run, so that a stall kills everything the tests started too.
    TMPDIR="$run_tmp" VITRINE_TEST_RUN="$run_tmp" setsid swift test "$@" > >(tee "$log") 2>&1 &
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
            local stuck
            stuck=$(run_processes "$pid")
            dump_stacks $stuck
            kill -KILL -- "-$pid" $stuck 2>/dev/null
            wait "$pid" 2>/dev/null
            return 124
        fi
    done
    wait "$pid"
}

log=$(mktemp)
# Readable by the tests' second user (they run the app as nobody in directories under it).
run_tmp=$(mktemp -d)
chmod 755 "$run_tmp"
trap 'rm -f "$log"; rm -rf "$run_tmp"' EXIT
if [ "$#" -gt 0 ]; then
    run_once "$log" "$@"
    status=$?
else
    # Every test, in two runs of one build: the end-to-end suites (the app in tmux, watched
    # for what a shopper sees, some of it for a moment: "updating…", a notice) run after the
    # rest, among themselves. Beside twelve hundred tests on two threads their looks at the
    # screen waited seconds for a thread and missed what a shopper would have read.
    run_once "$log" --skip 'EndToEndTests'
    status=$?
    # After failing tests too (not after a stall or a failed build), so one run names every
    # failing test.
    if [ "$status" -eq 0 ] || { [ "$status" -ne 124 ] && grep -q "Test run with" "$log"; }; then
        run_once "$log" --skip-build --filter 'EndToEndTests'
        second=$?
        # A filter that matches nothing passes: renamed suites would have run in the first
        # phase, and this one would say nothing. It must have run some.
        if [ "$second" -eq 0 ] && grep -q "Test run with 0 tests" "$log"; then
            echo "swift_test: FAILED: no end-to-end suite matched 'EndToEndTests'" >&2
            second=1
        fi
        # A stall anywhere is what the run ends with; otherwise the first failure.
        if [ "$status" -eq 0 ] || [ "$second" -eq 124 ]; then status=$second; fi
    fi
fi
# Whatever still runs from this run's temporary directory (a tmux server a test left) goes.
leftover=$(pgrep -f -- "$run_tmp/"; grep -l -s -a -F "VITRINE_TEST_RUN=$run_tmp" /proc/[0-9]*/environ | cut -d/ -f3)
[ -n "$leftover" ] && kill -KILL $leftover 2>/dev/null
if [ "$status" -eq 124 ]; then
    echo "swift_test: FAILED: the test process stalled (a hang is a defect: find it, do not retry past it)" >&2
fi
exit "$status"

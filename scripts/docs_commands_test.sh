#!/usr/bin/env bash
# Docs test: runs every command block (```sh, ```bash, ```shell, or ~~~ fences) of README.md,
# docs/backend.md and the example app's README as a reader pastes them, and fails when one
# fails. Each document gets a fresh HOME and its own throwaway PostgreSQL cluster; README's
# and the example's blocks run from the repository's root (where their readers are), the
# backend's from HOME (a server's shell). A block runs in bash with errexit (command
# substitutions included), stdin closed, in a process group of its own, for at most
# BLOCK_SECONDS (default 600); a document with no block, or a block of a document read on a
# Mac with a `#` comment (zsh does not take them when pasted), fails.
#
# What stands for the reader's machine (a block's text is never changed):
#  - `vitrine` is the built program (VITRINE_BIN, default the debug build);
#  - PostgreSQL: the cluster listens on 127.0.0.1 with password authentication (as Debian's
#    does for TCP), and PGHOSTADDR/PGPORT send libpq there whatever host a URL names
#    (`db.internal`); `sudo -u postgres COMMAND` runs COMMAND as the `postgres` account (when
#    this script is root) over the cluster's socket, where the superuser needs no password
#    (Debian's peer authentication);
#  - `vitrine serve` runs in the background until its block ends, on a free port when it
#    asks for a number (so that instances share one machine); then it must answer
#    `/v1/status`. One that shares a PostgreSQL database is started once more in a copy of
#    HOME (another host, given the files the document says to copy), and both must serve one
#    guest the same home ETag and cart. Every server must stop on SIGTERM with status 0;
#  - `make demo` runs in a tmux pane until the demo's home page is drawn (the backend's search
#    field, no error page), then `q` must end it with status 0; `make test` is the command
#    that runs this script and is not run again;
#  - `swift run vitrine ARGS` is `vitrine ARGS` (the same program, already built), from a
#    directory holding Package.swift, as SwiftPM needs.
# Usage: scripts/docs_commands_test.sh [FILE.md ...]
set -euo pipefail
cd "$(dirname "$0")/.."
repository=$(pwd)
scripts/setup.sh curl openssl >/dev/null

bin=${VITRINE_BIN:-}
if [ -z "$bin" ]; then
    swift build --product vitrine >/dev/null
    bin=.build/debug/vitrine
fi
bin=$(realpath "$bin")
block_seconds=${BLOCK_SECONDS:-600}
documents=("$@")
[ ${#documents[@]} -gt 0 ] || documents=(README.md docs/backend.md Examples/VitrineShop.swiftpm/README.md)
pg_bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)

# Under /tmp whatever TMPDIR is: the cluster's account must reach it.
work=$(mktemp -d /tmp/vitrine-docs.XXXXXX)
chmod 755 "$work"
block_group=""
cluster=""

as_cluster_owner() {
    if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

stop_cluster() {
    if [ -n "$cluster" ] && [ -e "$cluster/data/postmaster.pid" ]; then
        as_cluster_owner "$pg_bin/pg_ctl" -D "$cluster/data" -m immediate stop >/dev/null 2>&1 || true
    fi
    cluster=""
}

# Ends every server still running, by `signal`, and forgets them.
stop_servers() {
    local signal=$1 pid_file
    for pid_file in "$work"/servers/*.pid; do
        [ -e "$pid_file" ] && { kill "-$signal" "$(cat "$pid_file")" 2>/dev/null || true; }
    done
    rm -rf "$work/servers"
    mkdir -p "$work/servers"
}

cleanup() {
    [ -n "$block_group" ] && { kill -KILL -- "-$block_group" 2>/dev/null || true; }
    [ -d "$work/servers" ] && stop_servers KILL
    tmux -S "$work/tmux.sock" kill-server 2>/dev/null || true
    stop_cluster
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# A cluster in `$1`: superuser `postgres`, trusted on its socket (0700: only its account and
# root reach it), passwords over TCP on 127.0.0.1.
start_cluster() {
    cluster=$1
    pg_port=$(free_port)
    mkdir -p "$cluster/data" "$cluster/socket"
    chmod 700 "$cluster/socket"
    [ "$(id -u)" -eq 0 ] && chown -R postgres: "$cluster"
    as_cluster_owner "$pg_bin/initdb" -D "$cluster/data" --auth-local=trust --auth-host=scram-sha-256 -U postgres \
        -E UTF8 --locale=C --no-sync >/dev/null
    as_cluster_owner "$pg_bin/pg_ctl" -D "$cluster/data" -w -l "$cluster/data/log" \
        -o "-c listen_addresses=127.0.0.1 -p $pg_port -k $cluster/socket -c fsync=off" start >/dev/null
}

# --- What stands for the reader's machine ----------------------------------------------------
mkdir -p "$work/servers" "$work/blocks" "$work/shims"
cat >"$work/prelude.sh" <<'PRELUDE'
set -eo pipefail
shopt -s inherit_errexit
export LANG=C.UTF-8 PATH="$docs_shims:$PATH" TMPDIR="$docs_tmp"
unset LC_ALL LC_MESSAGES XDG_DATA_HOME XDG_CONFIG_HOME XDG_CACHE_HOME PGHOST PGUSER PGDATABASE PGPASSWORD PGPASSFILE
vitrine() {
    if [ "${1:-}" != serve ]; then "$docs_vitrine" "$@"; return; fi
    local argument arguments=() next=""
    for argument in "$@"; do
        # Anything that is not a server (`--export-pages`, `--help`) runs in the foreground.
        case "$argument" in --export-pages|--help|-h) "$docs_vitrine" "$@"; return ;; esac
        if [ "$next" = port ] && [[ "$argument" =~ ^[0-9]+$ ]]; then argument=0; fi
        next=""
        [ "$argument" = --port ] && next=port
        arguments+=("$argument")
    done
    [[ " ${arguments[*]} " == *" --port "* ]] || arguments+=(--port 0)
    docs_start_server "${arguments[@]}"
}
# Starts `vitrine ARGUMENTS` in the background and waits for its `listening on` line; its
# status, when it ends, goes to N.status, its URL to N.url.
docs_start_server() {
    local number log
    number=$(($(ls "$docs_servers" | grep -c '\.command$' || true) + 1))
    log="$docs_servers/$number.log"
    printf '%q ' "$@" >"$docs_servers/$number.command"
    pwd >"$docs_servers/$number.directory"
    (
        "$docs_vitrine" "$@" >"$log" 2>&1 &
        echo $! >"$docs_servers/$number.pid"
        status=0
        wait $! || status=$?
        echo "$status" >"$docs_servers/$number.status"
    ) &
    for _ in $(seq 600); do
        if [ -e "$docs_servers/$number.status" ]; then
            echo "docs: vitrine $* ended before listening:" >&2; cat "$log" >&2; return 1
        fi
        local url
        url=$(sed -n 's|^listening on \(http://.*:[0-9][0-9]*\)$|\1|p' "$log" 2>/dev/null || true)
        if [ -n "$url" ]; then
            url=${url/0.0.0.0/127.0.0.1}
            url=${url/\[::\]/[::1]}
            echo "$url" >"$docs_servers/$number.url"
            echo "docs: vitrine $* is listening at $url" >&2
            return 0
        fi
        sleep 0.1
    done
    echo "docs: vitrine $* did not listen within 60 s:" >&2; cat "$log" >&2; return 1
}
make() {
    case "$*" in
        test) echo "docs: make test is the command running this script" >&2 ;;
        demo) docs_run_demo ;;
        *) command make "$@" ;;
    esac
}
# `make demo` in a tmux pane: the demo's home page must be drawn, and `q` must quit with status 0.
docs_run_demo() {
    local status="$docs_servers/demo.status" screen=""
    tmux -S "$docs_tmux" new-session -d -x 100 -y 30 -c "$PWD" "make demo; echo \$? >'$status'; sleep 600"
    for _ in $(seq 3000); do
        screen=$(tmux -S "$docs_tmux" capture-pane -p)
        if grep -q 'Search products' <<<"$screen" || grep -q "couldn't load" <<<"$screen" || [ -e "$status" ]; then break; fi
        sleep 0.1
    done
    if ! grep -q 'Search products' <<<"$screen" || grep -q "couldn't load" <<<"$screen"; then
        echo "docs: make demo drew no home page within 300 s:" >&2; echo "$screen" >&2
        tmux -S "$docs_tmux" kill-server
        return 1
    fi
    tmux -S "$docs_tmux" send-keys q
    for _ in $(seq 600); do [ -e "$status" ] && break; sleep 0.1; done
    tmux -S "$docs_tmux" kill-server
    [ -e "$status" ] || { echo "docs: make demo did not quit on q" >&2; return 1; }
    [ "$(cat "$status")" = 0 ] || { echo "docs: make demo ended with status $(cat "$status")" >&2; return 1; }
    echo "docs: make demo drew the home page and quit on q" >&2
}
PRELUDE
cat >"$work/shims/sudo" <<'SHIM'
#!/usr/bin/env bash
# `sudo -u postgres COMMAND`: COMMAND as the cluster's superuser, over its socket.
[ "${1:-}" = -u ] && [ "${2:-}" = postgres ] || { echo "docs: sudo $* is not provided" >&2; exit 1; }
shift 2
if [ "$(id -u)" -eq 0 ]; then
    exec runuser -u postgres -- env -u PGHOSTADDR HOME="$docs_cluster" PGHOST="$docs_cluster/socket" PGUSER=postgres "$@"
fi
exec env -u PGHOSTADDR PGHOST="$docs_cluster/socket" PGUSER=postgres "$@"
SHIM
cat >"$work/shims/swift" <<'SHIM'
#!/usr/bin/env bash
# `swift run vitrine ARGS`: the built vitrine, from a package's directory; any other `swift`
# is the toolchain's.
if [ "${1:-}" != run ] || [ "${2:-}" != vitrine ]; then
    PATH=${PATH#"$docs_shims:"} exec swift "$@"
fi
shift 2
[ -e Package.swift ] || { echo "error: Could not find Package.swift in this directory ($PWD)" >&2; exit 1; }
source "$docs_prelude"
vitrine "$@"
SHIM
chmod +x "$work/shims/sudo" "$work/shims/swift"

# --- After a block: its servers --------------------------------------------------------------
request() { curl --silent --show-error --max-time 30 "$@"; }

etag_of_home() {
    request --fail -D - -o /dev/null -H "Authorization: Bearer $2" "$1/v1/home?locale=en-US" | sed -n 's/^[Ee][Tt]ag: *\(.*\)\r$/\1/p'
}

# Every server of the block answers; one on a shared PostgreSQL database has a twin on
# another host serving the same; all stop cleanly. The servers are gone afterwards, whatever
# the result.
check_servers() {
    local label=$1 count number result=0
    count=$(ls "$work/servers" | grep -c '\.command$' || true)
    [ "$count" -gt 0 ] || return 0
    for number in $(seq "$count"); do
        request --fail "$(cat "$work/servers/$number.url")/v1/status" >/dev/null \
            || { echo "docs: $label: the server at $(cat "$work/servers/$number.url") does not answer /v1/status" >&2; result=1; }
    done
    if [ "$result" = 0 ] && grep -q -- "--database 'postgresql\|--database postgresql" "$work/servers/1.command"; then
        check_second_host "$label" "$count" || result=1
    fi
    local total
    total=$(ls "$work/servers" | grep -c '\.command$' || true)
    for number in $(seq "$total"); do
        [ -e "$work/servers/$number.pid" ] && kill -TERM "$(cat "$work/servers/$number.pid")" 2>/dev/null || true
    done
    for number in $(seq "$total"); do
        for _ in $(seq 600); do [ -e "$work/servers/$number.status" ] && break; sleep 0.1; done
        local status
        status=$(cat "$work/servers/$number.status" 2>/dev/null || echo "none within 60 s")
        if [ "$status" != 0 ]; then
            echo "docs: $label: server $number ended on SIGTERM with status $status:" >&2
            cat "$work/servers/$number.log" >&2
            result=1
        fi
    done
    stop_servers KILL
    return "$result"
}

# The first server's command again in a copy of HOME without its data: another host that
# was given the files the document says to copy.
check_second_host() {
    local label=$1 count=$2 first second token etag second_etag seen
    rm -rf "$docs_home.second"
    cp -a "$docs_home" "$docs_home.second"
    rm -rf "$docs_home.second/.local"
    (
        export docs_home="$docs_home.second"
        source "$work/prelude.sh"
        export HOME="$docs_home"
        cd "$(cat "$work/servers/1.directory" | sed "s|^$HOME_FIRST|$docs_home|")"
        eval "docs_start_server $(cat "$work/servers/1.command" | sed "s|$HOME_FIRST/|$docs_home/|g")"
    ) || return 1
    first=$(cat "$work/servers/1.url")
    second=$(cat "$work/servers/$((count + 1)).url")
    token=$(request --fail -X POST "$first/v1/sessions" | python3 -c 'import json, sys; print(json.load(sys.stdin)["token"])') || return 1
    etag=$(etag_of_home "$first" "$token")
    second_etag=$(etag_of_home "$second" "$token")
    if [ -z "$etag" ] || [ "$etag" != "$second_etag" ]; then
        echo "docs: $label: two hosts serve the home page as '$etag' and '$second_etag'" >&2
        return 1
    fi
    request --fail -X POST -H "Authorization: Bearer $token" -H 'Idempotency-Key: docs-1' \
        -H 'Content-Type: application/json' --data '{"product_id": "p-1001", "quantity": 2}' "$first/v1/cart/items" >/dev/null || return 1
    seen=$(request --fail -H "Authorization: Bearer $token" "$second/v1/cart" | python3 -c 'import json, sys; print(json.load(sys.stdin)["item_count"])')
    [ "$seen" = 2 ] || { echo "docs: $label: a cart added to at one host holds $seen items at the other" >&2; return 1; }
    echo "docs: $label: another host serves the same home page ($etag) and cart" >&2
}

# Runs a block in a shell of its own (errexit holds there; a tested subshell drops it), in its
# own process group, stdin closed, for at most block_seconds.
run_block() {
    local block=$1 directory=$2 status=0
    (cd "$directory" && exec setsid timeout --kill-after=10 "$block_seconds" bash -c 'source "$1"; export HOME="$docs_home"; source "$2"' \
        block "$work/prelude.sh" "$block") </dev/null &
    block_group=$!
    wait "$block_group" || status=$?
    [ "$status" != 124 ] || echo "docs: the block ran past $block_seconds s" >&2
    return "$status"
}

# Ends whatever the block left running (its servers, once checked; anything it sent to the
# background): its whole process group.
end_block() {
    [ -n "$block_group" ] && { kill -KILL -- "-$block_group" 2>/dev/null || true; }
    block_group=""
}

# --- The blocks ------------------------------------------------------------------------------
failures=0
blocks=0
mkdir -p "$work/tmp"
export docs_tmp="$work/tmp" docs_vitrine="$bin" docs_servers="$work/servers" docs_shims="$work/shims" docs_prelude="$work/prelude.sh" docs_tmux="$work/tmux.sock"
for index in "${!documents[@]}"; do
    document=${documents[$index]}
    place="$work/document-$index"
    mkdir -p "$place/home"
    chmod 755 "$place"
    chmod 700 "$place/home"
    start_cluster "$place/cluster"
    export docs_home="$place/home" docs_cluster="$place/cluster" PGHOSTADDR=127.0.0.1 PGPORT=$pg_port
    export HOME_FIRST="$place/home"
    case "$document" in
        docs/*) directory="$place/home" ;;
        *) directory="$repository" ;;
    esac
    rm -f "$work"/blocks/*
    awk -v out="$work/blocks" -v doc="$document" '
        /^ *(```|~~~) *(sh|bash|shell) *$/ { inside = 1; n++; file = sprintf("%s/%03d.sh", out, n); start = NR; next }
        /^ *(```|~~~) *$/ && inside { inside = 0; close(file); print doc ":" start + 1 > (out "/" sprintf("%03d", n) ".label"); close(out "/" sprintf("%03d", n) ".label"); next }
        inside { sub(/^   /, ""); print > file }
    ' "$document"
    if ! ls "$work"/blocks/*.sh >/dev/null 2>&1; then
        echo "docs: FAILED: $document has no command block" >&2
        failures=$((failures + 1))
    fi
    for block in "$work"/blocks/*.sh; do
        [ -e "$block" ] || continue
        label=$(cat "${block%.sh}.label")
        blocks=$((blocks + 1))
        echo "docs: $label" >&2
        if [ "$document" != docs/backend.md ] && grep -qE '(^|[[:space:]])#' "$block"; then
            echo "docs: FAILED: the block at $label has a # comment, which zsh (a Mac's shell) runs as a command when pasted" >&2
            failures=$((failures + 1))
            continue
        fi
        if ! run_block "$block" "$directory" || ! check_servers "$label"; then
            echo "docs: FAILED: the block at $label" >&2
            failures=$((failures + 1))
        fi
        end_block
        stop_servers KILL
    done
    stop_cluster
done
[ "$failures" -eq 0 ] || { echo "docs: $failures of $blocks command blocks failed" >&2; exit 1; }
echo "docs: $blocks command blocks ran as written"

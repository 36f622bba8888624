#!/usr/bin/env bash
# Docs test: runs every command block (```sh) of README.md, docs/backend.md and the example
# app's README as a reader pastes them, in order, in a fresh HOME, and fails when one fails.
#
# A block's text is run as written; only what stands for the reader's machine is provided:
#  - `vitrine` is the built program (VITRINE_BIN, default the debug build);
#  - PostgreSQL is a throwaway cluster listening on 127.0.0.1: PGHOSTADDR and PGPORT send
#    libpq there whatever host a URL names (`db.internal`), and `sudo -u postgres COMMAND`
#    runs COMMAND as that cluster's superuser;
#  - `vitrine serve` runs in the background, on a free port instead of the one asked for (so
#    that instances share one machine), until its block ends. Then every server must answer
#    `/v1/status`; the first one's command is started once more, as on a second host, and both
#    must serve one guest the same home ETag and the same cart; each must stop on SIGTERM
#    with status 0;
#  - `make demo` runs in a tmux pane until the home page is drawn, then `q` must end it with
#    status 0; `make test` is the command that runs this script and is not run again;
#  - `swift run vitrine ARGS` is `vitrine ARGS` (the same program, already built).
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
documents=("$@")
[ ${#documents[@]} -gt 0 ] || documents=(README.md docs/backend.md Examples/VitrineShop.swiftpm/README.md)

work=$(mktemp -d)
tmux_socket="vitrine-docs-$$"
cluster_data="$work/cluster"
cleanup() {
    tmux -L "$tmux_socket" kill-server 2>/dev/null || true
    for pid_file in "$work"/servers/*.pid; do
        [ -e "$pid_file" ] && { kill -KILL "$(cat "$pid_file")" 2>/dev/null || true; }
    done
    if [ -e "$cluster_data/postmaster.pid" ]; then
        as_cluster_owner "$pg_bin/pg_ctl" -D "$cluster_data" -m immediate stop >/dev/null 2>&1 || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# The cluster runs as `postgres` when this script is root (PostgreSQL refuses root).
as_cluster_owner() {
    if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# --- The throwaway PostgreSQL cluster ------------------------------------------------------
pg_bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
pg_port=$(free_port)
mkdir -p "$cluster_data" "$work/socket"
if [ "$(id -u)" -eq 0 ]; then chown postgres: "$cluster_data" "$work/socket"; chmod 755 "$work"; fi
as_cluster_owner "$pg_bin/initdb" -D "$cluster_data" -A trust -U postgres -E UTF8 --locale=C --no-sync >/dev/null
as_cluster_owner "$pg_bin/pg_ctl" -D "$cluster_data" -w -l "$cluster_data/log" \
    -o "-c listen_addresses=127.0.0.1 -p $pg_port -k $work/socket -c fsync=off" start >/dev/null

# --- What stands for the reader's machine ----------------------------------------------------
mkdir -p "$work/servers" "$work/blocks" "$work/shims"
cat >"$work/prelude.sh" <<PRELUDE
set -eo pipefail
export LANG=C.UTF-8 HOME="$work/home" PGHOSTADDR=127.0.0.1 PGPORT=$pg_port PATH="$work/shims:\$PATH"
unset LC_ALL LC_MESSAGES XDG_DATA_HOME XDG_CONFIG_HOME XDG_CACHE_HOME PGHOST PGUSER PGDATABASE PGPASSWORD
cd "\$HOME"
vitrine_bin="$bin"
servers="$work/servers"
repository="$repository"
tmux_socket="$tmux_socket"
PRELUDE
cat >>"$work/prelude.sh" <<'PRELUDE'
vitrine() {
    if [ "${1:-}" != serve ]; then "$vitrine_bin" "$@"; return; fi
    local argument arguments=() port_given=no
    for argument in "$@"; do
        if [ "$port_given" = next ]; then argument=0; port_given=yes; fi
        [ "$argument" = --port ] && port_given=next
        arguments+=("$argument")
    done
    [ "$port_given" = yes ] || arguments+=(--port 0)
    for argument in "$@"; do
        # Anything that is not a server (`--export-pages`) runs in the foreground.
        if [ "$argument" = --export-pages ]; then "$vitrine_bin" "$@"; return; fi
    done
    start_server "${arguments[@]}"
}
# Starts `vitrine ARGUMENTS` in the background and waits for its `listening on` line; its
# status, when it ends, goes to N.status.
start_server() {
    local number log
    number=$(($(ls "$servers" | grep -c '\.command$' || true) + 1))
    log="$servers/$number.log"
    printf '%q ' "$@" >"$servers/$number.command"
    (
        "$vitrine_bin" "$@" >"$log" 2>&1 &
        echo $! >"$servers/$number.pid"
        status=0
        wait $! || status=$?
        echo "$status" >"$servers/$number.status"
    ) &
    for _ in $(seq 600); do
        if grep -q '^listening on ' "$log" 2>/dev/null; then
            sed -n 's|^listening on http://[^:]*:\([0-9]*\)$|\1|p' "$log" >"$servers/$number.port"
            echo "docs: vitrine $* is listening on port $(cat "$servers/$number.port")" >&2
            return 0
        fi
        if [ -e "$servers/$number.status" ]; then
            echo "docs: vitrine $* ended before listening:" >&2; cat "$log" >&2; return 1
        fi
        sleep 0.1
    done
    echo "docs: vitrine $* did not listen within 60 s:" >&2; cat "$log" >&2; return 1
}
make() {
    case "$*" in
        test) echo "docs: make test is the command running this script" >&2 ;;
        demo) run_demo ;;
        *) command make -C "$repository" "$@" ;;
    esac
}
# `make demo` in a tmux pane: the home page must be drawn, and `q` must quit with status 0.
run_demo() {
    local status="$servers/demo.status" screen=""
    tmux -L "$tmux_socket" new-session -d -x 100 -y 30 -c "$repository" \
        "make demo; echo \$? >'$status'; sleep 600"
    for _ in $(seq 3000); do
        screen=$(tmux -L "$tmux_socket" capture-pane -p)
        if grep -q 'Cart' <<<"$screen" && grep -q 'Search' <<<"$screen"; then break; fi
        [ -e "$status" ] && break
        sleep 0.1
    done
    if ! grep -q 'Search' <<<"$screen"; then
        echo "docs: make demo drew no home page within 300 s:" >&2; echo "$screen" >&2; return 1
    fi
    tmux -L "$tmux_socket" send-keys q
    for _ in $(seq 600); do [ -e "$status" ] && break; sleep 0.1; done
    [ -e "$status" ] || { echo "docs: make demo did not quit on q" >&2; return 1; }
    tmux -L "$tmux_socket" kill-server
    [ "$(cat "$status")" = 0 ] || { echo "docs: make demo ended with status $(cat "$status")" >&2; return 1; }
    rm "$status"
    echo "docs: make demo drew the home page and quit on q" >&2
}
PRELUDE
cat >"$work/shims/sudo" <<'SHIM'
#!/usr/bin/env bash
# `sudo -u postgres COMMAND`: COMMAND as the throwaway cluster's superuser.
[ "${1:-}" = -u ] && [ "${2:-}" = postgres ] || { echo "docs: sudo $* is not provided" >&2; exit 1; }
shift 2
PGUSER=postgres exec "$@"
SHIM
cat >"$work/shims/swift" <<SHIM
#!/usr/bin/env bash
# \`swift run vitrine ARGS\`: the built vitrine (through the prelude's function).
if [ "\${1:-}" != run ] || [ "\${2:-}" != vitrine ]; then
    PATH=\${PATH#"$work/shims:"} exec swift "\$@"
fi
shift 2
source "$work/prelude.sh"
vitrine "\$@"
SHIM
chmod +x "$work/shims/sudo" "$work/shims/swift"

# --- After a block: its servers ------------------------------------------------------------
request() { curl --silent --show-error --max-time 30 "$@"; }

check_servers() {
    local label=$1 count number port token etag second_etag
    count=$(ls "$work/servers" | grep -c '\.command$' || true)
    [ "$count" -gt 0 ] || return 0
    for number in $(seq "$count"); do
        port=$(cat "$work/servers/$number.port")
        request --fail "http://127.0.0.1:$port/v1/status" >/dev/null \
            || { echo "docs: $label: the server on port $port does not answer /v1/status" >&2; return 1; }
    done
    # The first command once more, as on a second host.
    (source "$work/prelude.sh"; eval "start_server $(cat "$work/servers/1.command")")
    local first second
    first=$(cat "$work/servers/1.port")
    second=$(cat "$work/servers/$((count + 1)).port")
    token=$(request --fail -X POST "http://127.0.0.1:$first/v1/sessions" \
        | python3 -c 'import json, sys; print(json.load(sys.stdin)["token"])')
    etag=$(request --fail -D - -o /dev/null -H "Authorization: Bearer $token" \
        "http://127.0.0.1:$first/v1/home?locale=en-US" | sed -n 's/^[Ee][Tt]ag: *\(.*\)\r$/\1/p')
    second_etag=$(request --fail -D - -o /dev/null -H "Authorization: Bearer $token" \
        "http://127.0.0.1:$second/v1/home?locale=en-US" | sed -n 's/^[Ee][Tt]ag: *\(.*\)\r$/\1/p')
    if [ -z "$etag" ] || [ "$etag" != "$second_etag" ]; then
        echo "docs: $label: two instances serve the home page as '$etag' and '$second_etag'" >&2; return 1
    fi
    request --fail -X POST -H "Authorization: Bearer $token" -H 'Idempotency-Key: docs-1' \
        -H 'Content-Type: application/json' --data '{"product_id": "p-1001", "quantity": 2}' \
        "http://127.0.0.1:$first/v1/cart/items" >/dev/null
    local seen
    seen=$(request --fail -H "Authorization: Bearer $token" "http://127.0.0.1:$second/v1/cart" \
        | python3 -c 'import json, sys; print(json.load(sys.stdin)["item_count"])')
    [ "$seen" = 2 ] || { echo "docs: $label: a cart added to at one instance holds $seen items at the other" >&2; return 1; }
    echo "docs: $label: a second instance serves the same home page ($etag) and cart" >&2
    for number in $(seq $((count + 1))); do
        kill -TERM "$(cat "$work/servers/$number.pid")"
    done
    for number in $(seq $((count + 1))); do
        for _ in $(seq 600); do [ -e "$work/servers/$number.status" ] && break; sleep 0.1; done
        local status
        status=$(cat "$work/servers/$number.status" 2>/dev/null || echo "none within 60 s")
        if [ "$status" != 0 ]; then
            echo "docs: $label: server $number ended on SIGTERM with status $status:" >&2
            cat "$work/servers/$number.log" >&2; return 1
        fi
    done
    rm -f "$work/servers"/*
}

# --- The blocks ------------------------------------------------------------------------------
mkdir -p "$work/home"
chmod 700 "$work/home"
failures=0
blocks=0
for document in "${documents[@]}"; do
    awk -v out="$work/blocks" -v doc="$document" '
        /^ *```(sh|bash|shell)$/ { inside = 1; n++; file = sprintf("%s/%03d.sh", out, n); start = NR; next }
        /^ *```$/ && inside { inside = 0; close(file); print doc ":" start+1 > (out "/" sprintf("%03d", n) ".label"); close(out "/" sprintf("%03d", n) ".label"); next }
        inside { sub(/^   /, ""); print > file }
    ' "$document"
    for block in "$work"/blocks/*.sh; do
        [ -e "$block" ] || continue
        label=$(cat "${block%.sh}.label")
        blocks=$((blocks + 1))
        echo "docs: $label" >&2
        # A shell of its own, so that `set -e` holds in the block (a tested subshell drops it).
        if ! bash -c 'source "$1"; source "$2"' block "$work/prelude.sh" "$block" || ! check_servers "$label"; then
            echo "docs: FAILED: the block at $label" >&2
            failures=$((failures + 1))
        fi
        rm -f "$block" "${block%.sh}.label"
    done
done
[ "$failures" -eq 0 ] || { echo "docs: $failures of $blocks command blocks failed" >&2; exit 1; }
echo "docs: $blocks command blocks ran as written"

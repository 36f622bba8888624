#!/usr/bin/env bash
# Contract test: schemathesis (from PyPI, in a venv under .build/) holds the live
# `vitrine serve` to docs/openapi.yaml: no 5xx, every status, content type, header and body
# as documented. Bounded: CONTRACT_EXAMPLES examples per operation (default 25), fixed seed.
# Usage: scripts/contract_test.sh   (VITRINE_BIN overrides the binary, default the debug build)
set -euo pipefail
cd "$(dirname "$0")/.."

bin=${VITRINE_BIN:-}
examples=${CONTRACT_EXAMPLES:-25}
venv=.build/venv
schemathesis_version=4.32.5

if [ -z "$bin" ]; then
    # `swift test` does not build the executable; an old binary would test old code.
    swift build --product vitrine
    bin=.build/debug/vitrine
fi
if [ "$("$venv/bin/schemathesis" --version 2>/dev/null)" != "schemathesis, version $schemathesis_version" ]; then
    echo "contract: installing schemathesis $schemathesis_version into $venv"
    python3 -m venv "$venv" || { scripts/setup.sh python3-venv && python3 -m venv "$venv"; }
    "$venv/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$schemathesis_version"
fi

log=$(mktemp)
# The store in a directory of its own, removed at the end (never the user's default one).
data=$(mktemp -d)
"$bin" serve --host 127.0.0.1 --port 0 --data "$data" >"$log" 2>&1 &
server=$!
cleanup() {
    kill "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
    rm -f "$log"
    rm -rf "$data"
}
trap cleanup EXIT

# The server announces its bound address; wait for it (at most 30 s).
url=""
for _ in $(seq 1 300); do
    url=$(grep -oE 'http://127\.0\.0\.1:[0-9]+' "$log" | head -n 1 || true)
    [ -n "$url" ] && break
    if ! kill -0 "$server" 2>/dev/null; then
        echo "contract: vitrine serve exited early:" >&2
        cat "$log" >&2
        exit 1
    fi
    sleep 0.1
done
if [ -z "$url" ]; then
    echo "contract: vitrine serve did not announce its address" >&2
    cat "$log" >&2
    exit 1
fi

# A guest session whose token every request carries, so that the cart and events routes are
# exercised beyond their 401 (the event statistics then answer their documented 404).
token=$("$venv/bin/python" - "$url" <<'EOF_PY'
import json, sys, urllib.request
answer = urllib.request.urlopen(urllib.request.Request(sys.argv[1] + "/v1/sessions", method="POST"), timeout=10)
print(json.load(answer)["token"])
EOF_PY
)

echo "contract: schemathesis against $url ($examples examples per operation)"
# Run from .build/contract so that schemathesis's own cache stays out of the work tree.
# One worker: CPython 3.11's ast.parse is not safe across threads, and schemathesis's
# coverage phase calls it from each worker ("AST constructor recursion depth mismatch").
root=$(pwd)
mkdir -p .build/contract
cd .build/contract
"$root/$venv/bin/schemathesis" run "$root/docs/openapi.yaml" --url "$url" \
    --checks not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance,response_schema_conformance \
    --mode all --phases examples,coverage,fuzzing --max-examples "$examples" --seed 20261129 \
    --generation-database none --workers 1 --no-color --request-timeout 10 \
    --header "Authorization: Bearer $token"

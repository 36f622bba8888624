#!/usr/bin/env bash
# Schema test: docs/schema/page.schema.json (JSON Schema 2020-12) against the examples, the
# peer fixtures, every page the backend composes and payloads broken on purpose, with
# Python's jsonschema (from PyPI, in the venv under .build/ that the contract test uses).
# Usage: scripts/schema_test.sh   (VITRINE_BIN overrides the binary, default the debug build)
set -euo pipefail
cd "$(dirname "$0")/.."

bin=${VITRINE_BIN:-}
venv=.build/venv
if [ -z "$bin" ]; then
    swift build --product vitrine
    bin=.build/debug/vitrine
fi
if ! "$venv/bin/python" -c 'import jsonschema, rfc3339_validator' 2>/dev/null; then
    echo "schema: installing jsonschema into $venv"
    [ -x "$venv/bin/python" ] || python3 -m venv "$venv" || { scripts/setup.sh python3-venv && python3 -m venv "$venv"; }
    "$venv/bin/pip" install --quiet --disable-pip-version-check "jsonschema==4.26.0" "rfc3339-validator==0.1.4"
fi
pages=$(mktemp -d)
trap 'rm -rf "$pages"' EXIT
"$bin" serve --export-pages "$pages" >/dev/null
"$venv/bin/python" scripts/schema_check.py --vitrine "$bin" --pages "$pages"
# The demo catalogue's files against docs/schema/catalogue.schema.json.
"$venv/bin/python" scripts/catalogue_schema_check.py Sources/RetailBackend/DemoCatalogue

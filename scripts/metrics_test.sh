#!/usr/bin/env bash
# Metrics test: `vitrine serve`'s `GET /metrics` read by Prometheus's own Python client parser
# (prometheus_client from PyPI, in a venv under .build/), after a known series of requests:
# every family is there with its type, and the counts are exactly those requests'.
# Usage: scripts/metrics_test.sh   (VITRINE_BIN overrides the binary, default the debug build)
set -euo pipefail
cd "$(dirname "$0")/.."

bin=${VITRINE_BIN:-}
venv=.build/venv-metrics
client_version=0.21.1

if [ -z "$bin" ]; then
    swift build --product vitrine
    bin=.build/debug/vitrine
fi
if [ "$("$venv/bin/python" -c 'import prometheus_client, importlib.metadata as m; print(m.version("prometheus_client"))' 2>/dev/null)" != "$client_version" ]; then
    echo "metrics: installing prometheus_client $client_version into $venv"
    python3 -m venv "$venv" || { scripts/setup.sh python3-venv && python3 -m venv "$venv"; }
    "$venv/bin/pip" install --quiet --disable-pip-version-check "prometheus_client==$client_version"
fi
exec "$venv/bin/python" scripts/metrics_test.py "$bin"

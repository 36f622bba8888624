#!/usr/bin/env bash
# Regenerates the display-width tables from Debian's unicode-data (installed when missing).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh unicode-data
python3 scripts/generate_unicode_width.py Sources/FlowTerminal/Text/UnicodeWidthTables.swift

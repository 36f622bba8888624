#!/usr/bin/env bash
# Installs what the build and the tests need from Debian's packages, only when missing.
# Usage: scripts/setup.sh [extra-package ...]
set -euo pipefail
# libvterm-dev: the terminal emulator the terminal writer is tested against.
# libsqlite3-dev: the analytics outbox (RetailKit).
# tmux: the end-to-end tests drive the app in a tmux pane, as a person would.
# libcurl4-openssl-dev: the client's HTTP on Linux (HTTPTransport over CCurl).
# libssl-dev: libcrypto's HMAC-SHA-256 for the backend's session tokens.
# gdb: a stalled test run prints the stacks of its test process (scripts/swift_test.sh).
# libpq-dev, postgresql: the backend's shared store (libpq) and the server binaries
#   (initdb, pg_ctl) the tests start a throwaway cluster with.
packages=(libmicrohttpd-dev pkg-config libjpeg62-turbo-dev libpng-dev zlib1g-dev libvterm-dev libsqlite3-dev libcurl4-openssl-dev tmux gdb libssl-dev libpq-dev postgresql "$@")
missing=()
for package in "${packages[@]}"; do
    dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "setup: installing ${missing[*]}"
    sudo_cmd=""
    [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
    $sudo_cmd apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${missing[@]}" >/dev/null
fi

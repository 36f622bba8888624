#!/usr/bin/env python3
"""Holds payloads to docs/schema/page.schema.json (JSON Schema 2020-12) with `jsonschema`.

  schema_check.py --vitrine BIN --pages DIR

- The schema itself is a valid 2020-12 schema.
- Every example payload, every peer fixture that claims to be valid, and every page the
  backend composes (`vitrine serve --export-pages DIR`) validate.
- Payloads that break the strict contract on purpose (Tests/Fixtures/contract/, and the peer
  fixtures marked "no" in Tests/Fixtures/flowui/README.md) are rejected exactly where they
  break it, with a readable error, while `vitrine lint --json` still shows what a client keeps.

Exits 1 with one line per failure, naming the file, the JSON path and the schema's message.
"""
import argparse
import glob
import json
import math
import os
import subprocess
import sys
from multiprocessing import Pool

from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCHEMA = os.path.join(ROOT, "docs", "schema", "page.schema.json")

# Peer fixtures that break this contract, and where (Tests/Fixtures/flowui/README.md).
PEER_INVALID = {
    "page_problem_widgets.json": {"page/sections/0/widgets/3"},
    "problems.json": {"page/sections/0/widgets/3/data", "page/sections/0/widgets/4"},
    # Flow-UI hands `api` endpoints to its host as they are; this contract (§7) wants an
    # absolute path on the backend, so the client refuses these actions. (Its `flowdemo://`
    # deeplinks are absolute URIs and pass the schema: the allow-list is the app's.)
    "home.json": {
        "page/sections/1/widgets/0/actions/tap/sheet/sections/0/widgets/2/actions/change/endpoint",
        "page/sections/1/widgets/2/data/buttons/0/action/endpoint",
    },
}

# Payloads broken on purpose: where the schema rejects them, and what `vitrine lint --json`
# still shows (exit status, diagnostic kinds, and the status of each widget by id).
CONTRACT_INVALID = {
    "negative-price.json": {
        "errors": {"page/sections/0/widgets/1/data/price/amount"},
        "lint": (0, {"malformed_payload"}, {"p-good": "ok", "p-bad": "malformed"}),
    },
    "wrong-types.json": {
        "errors": {"page/sections/0/widgets/1/data/title", "page/sections/0/widgets/2/data"},
        "lint": (0, {"malformed_payload"}, {"t-good": "ok", "t-number": "malformed", "b-no-image": "malformed"}),
    },
    "unknown-arrangement.json": {
        "errors": {"page/sections/0/layout/arrangement", "page/sections/0/layout/columns"},
        "lint": (0, {"unknown_arrangement", "malformed_payload"}, {"t1": "ok"}),
    },
    "missing-type.json": {
        "errors": {"page/sections/0/widgets/0"},
        "lint": (0, {"dropped_element"}, {"kept": "ok"}),
    },
    "bad-colors.json": {
        "errors": {"page/sections/0/widgets/0/layout/background", "page/sections/0/widgets/0/data/title"},
        "lint": (0, set(), {"t": "ok"}),
    },
    "refused-actions.json": {
        "errors": {"page/sections/0/widgets/0/actions/tap/endpoint", "page/sections/0/widgets/1/actions/tap/method"},
        "lint": (0, {"refused_action"}, {"absolute": "ok", "method": "ok", "fine": "ok"}),
    },
    "deeplinks.json": {
        "errors": {"page/sections/0/widgets/1/actions/tap/url", "page/sections/0/widgets/2/actions/tap/url",
                   "page/sections/0/widgets/3/actions/tap/url", "page/sections/0/widgets/4/actions/tap/url"},
        "lint": (0, {"refused_action"}, {"vitrine": "ok", "relative": "ok", "spaced": "ok", "angle": "ok", "quote": "ok", "other-app": "ok"}),
    },
    "beyond-json-schema.json": {
        "errors": {"", "page/sections/0/widgets/0/data/price/currency", "page/sections/0/widgets/1/data/price/amount",
                   "page/sections/0/widgets/2/data/price/amount"},
        "lint": (0, {"malformed_payload"}, {"newline": "malformed", "huge": "malformed", "twice": "malformed", "fine": "ok"}),
    },
    "bad-accessibility.json": {
        "errors": {"page/sections/0/widgets/0/accessibility", "page/sections/0/widgets/1/accessibility/role",
                   "page/sections/0/widgets/2/data/buttons/0/accessibility/label",
                   "page/sections/0/widgets/2/data/buttons/0/accessibility/hidden"},
        "lint": (0, {"malformed_payload"}, {"a-string": "ok", "a-role": "ok", "a-button": "ok", "a-fine": "ok"}),
    },
    "future-schema.json": {
        "errors": {"page/schema_version"},
        "lint": (1, {"unsupported_schema"}, {}),
    },
}

validator = Draft202012Validator(json.load(open(SCHEMA)), format_checker=Draft202012Validator.FORMAT_CHECKER)


def load(path):
    """The document as the client reads it, and what breaks the strict contract beyond what
    JSON Schema can say. Like the client, a repeated key keeps its first occurrence and a
    number beyond a double's range reads as null (Python's own reader keeps the last key and
    reads 1e400 as infinity, which would validate what the client refuses)."""
    beyond = []

    def first_wins(pairs):
        obj = {}
        for key, value in pairs:
            if key in obj:
                beyond.append(("", f"repeated key '{key}': a client keeps the first"))
            else:
                obj[key] = value
        return obj

    def number(text, convert):
        value = convert(text)
        if not math.isfinite(float(value)):
            beyond.append(("", f"number {text[:40]} is beyond a double's range: a client reads null"))
            return None
        return value

    with open(path, "rb") as handle:
        document = json.loads(handle.read().decode("utf-8-sig"), object_pairs_hook=first_wins,
                              parse_float=lambda t: number(t, float), parse_int=lambda t: number(t, int),
                              parse_constant=lambda t: number(t, float))
    return document, beyond


def errors(path):
    """(json path, message) of every schema error in the file at `path`."""
    document, found = load(path)
    for error in validator.iter_errors(document):
        message = error.message
        if error.context:
            # "not valid under any of the given schemas" alone does not say what to fix:
            # add the closest alternative's own complaint.
            closest = best_match(error.context)
            inner = "/".join(str(part) for part in closest.absolute_path)
            message += f" (closest: {closest.message}" + (f" at {inner}" if inner else "") + ")"
        found.append(("/".join(str(part) for part in error.absolute_path), message))
    return found


def describe(path, found):
    return [f"{os.path.relpath(path, ROOT)}: {where or '(root)'}: {message[:300]}" for where, message in found]


def check_page(path):
    return describe(path, errors(path))


def lint(vitrine, path):
    result = subprocess.run([vitrine, "lint", path, "--json"], capture_output=True)
    report = json.loads(result.stdout or b"{}")
    kinds = {d["kind"] for d in report.get("diagnostics", [])}
    statuses = {}

    def walk(entries):
        for entry in entries or []:
            statuses[entry["id"]] = entry["status"]
            walk(entry.get("items"))

    walk(report.get("header"))
    for section in report.get("sections", []):
        if section.get("header"):
            walk([section["header"]])
        walk(section.get("widgets"))
    walk(report.get("footer"))
    return result.returncode, kinds, statuses


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--vitrine", required=True, help="the vitrine binary, for lint")
    parser.add_argument("--pages", required=True, help="a folder written by `vitrine serve --export-pages`")
    arguments = parser.parse_args()

    Draft202012Validator.check_schema(validator.schema)
    failures = []
    checked = 0

    peers = sorted(glob.glob(os.path.join(ROOT, "Tests", "Fixtures", "flowui", "*.json")))
    valid = sorted(glob.glob(os.path.join(ROOT, "Examples", "*.json")))
    valid += [p for p in peers if os.path.basename(p) not in PEER_INVALID]
    backend = sorted(glob.glob(os.path.join(arguments.pages, "page-*.json")))
    if len(backend) < 100:
        failures.append(f"only {len(backend)} backend pages in {arguments.pages}")
    with Pool(os.cpu_count() or 2) as pool:
        for lines in pool.map(check_page, valid + backend, chunksize=16):
            failures += lines
    checked += len(valid) + len(backend)

    rejected = [(p, PEER_INVALID[os.path.basename(p)], None) for p in peers if os.path.basename(p) in PEER_INVALID]
    rejected += [(os.path.join(ROOT, "Tests", "Fixtures", "contract", name), expected["errors"], expected["lint"])
                 for name, expected in sorted(CONTRACT_INVALID.items())]
    for path, expected_paths, expected_lint in rejected:
        checked += 1
        found = errors(path)
        where = {w for w, _ in found}
        if where != expected_paths:
            failures.append(f"{os.path.relpath(path, ROOT)}: expected schema errors at {sorted(expected_paths)}, "
                            f"found {sorted(where)}: " + "; ".join(describe(path, found)))
        if any(not message for _, message in found):
            failures.append(f"{os.path.relpath(path, ROOT)}: an error without a message")
        if expected_lint is not None:
            status, kinds, widgets = lint(arguments.vitrine, path)
            want_status, want_kinds, want_widgets = expected_lint
            if status != want_status or kinds != want_kinds or any(widgets.get(k) != v for k, v in want_widgets.items()):
                failures.append(f"{os.path.relpath(path, ROOT)}: lint gave exit {status}, kinds {sorted(kinds)}, "
                                f"widgets {widgets}; expected exit {want_status}, kinds {sorted(want_kinds)}, widgets {want_widgets}")
        for line in describe(path, found):
            print(f"schema: rejected as expected: {line}")

    if failures:
        print(f"schema: {len(failures)} failure(s) in {checked} payloads", file=sys.stderr)
        for line in failures:
            print(f"schema: {line}", file=sys.stderr)
        return 1
    print(f"schema: {checked} payloads checked ({len(backend)} backend pages), all as expected")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""The package graph test: Package.swift is the real graph.

- Every module a target's Swift sources import that is a target of this package is one of its
  declared dependencies (a module visible only through another's dependencies builds by
  accident, and breaks when that other drops it).
- No module depends on what docs/ARCHITECTURE.md's module table says it may not ("may
  import"), and the table has a row for every module and names no other: the map is true.
- The products are what an adopter picks: the generic SwiftUI renderer without the retail
  views, the retail views separately.

Usage: scripts/package_graph_test.py [PACKAGE_DUMP.json]   (default: runs `swift package dump-package`)
"""
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# import Foo, @testable import Foo, @preconcurrency import Foo, import struct Foo.Bar
IMPORT = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?([A-Za-z_]\w*)")

# The products an adopter picks hold one side: the engine (any widgets) or the retail app.
ENGINE = {"FlowCore", "FlowRuntime", "FlowWidgets", "FlowPresentation", "FlowTerminal", "FlowSwiftUI", "ImagePipeline"}
RETAIL = {"RetailKit", "RetailPresentation", "RetailTerminal", "RetailSwiftUI", "RetailBackend"}
# Test support: no row of the map.
TEST_ONLY = {"TestSupport", "CZlib", "CVTerm", "VitrineTestChild"}


def map_rows(targets):
    """docs/ARCHITECTURE.md's module table: each module's row and the modules of this
    package its "may import" column names ("everything": all; "declarations": the
    Apple declarations modules)."""
    rows = {}
    with open(os.path.join(ROOT, "docs", "ARCHITECTURE.md"), encoding="utf-8") as document:
        for line in document:
            cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
            if len(cells) != 3 or not cells[0].startswith("`"):
                continue
            modules = re.findall(r"`([A-Za-z][\w-]*)`", cells[0])
            column = cells[2]
            if column == "everything":
                allowed = set(targets)
            else:
                allowed = {word for word in re.findall(r"[A-Za-z]\w*", column) if word in targets}
                if "declarations" in column:
                    allowed |= {name for name in targets if name.endswith("Declarations")}
            for module in modules:
                rows[module] = allowed
    return rows


def target_path(target):
    if target.get("path"):
        return os.path.join(ROOT, target["path"])
    folder = "Tests" if target["type"] == "test" else "Sources"
    return os.path.join(ROOT, folder, target["name"])


def dependency_names(target):
    names = set()
    for dependency in target.get("dependencies", []):
        for kind in ("byName", "target", "product"):
            if kind in dependency:
                names.add(dependency[kind][0])
    return names


def imports(path):
    found = {}
    for directory, _, files in os.walk(path):
        for file in files:
            if not file.endswith(".swift"):
                continue
            full = os.path.join(directory, file)
            with open(full, encoding="utf-8") as source:
                for number, line in enumerate(source, 1):
                    match = IMPORT.match(line)
                    if match:
                        found.setdefault(match.group(1), f"{os.path.relpath(full, ROOT)}:{number}")
    return found


def main():
    if len(sys.argv) > 1:
        with open(sys.argv[1], encoding="utf-8") as dump:
            package = json.load(dump)
    else:
        output = subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, check=True, capture_output=True, text=True).stdout
        package = json.loads(output)
    targets = {target["name"]: target for target in package["targets"]}
    rows = map_rows(targets)
    problems = []
    for name, target in sorted(targets.items()):
        declared = dependency_names(target)
        if target["type"] != "system":
            for module, where in sorted(imports(target_path(target)).items()):
                if module in targets and module != name and module not in declared:
                    problems.append(f"{where}: {name} imports {module}, which Package.swift does not give it")
        if target["type"] == "test" or name in TEST_ONLY:
            continue
        if name not in rows:
            problems.append(f"docs/ARCHITECTURE.md: the module table has no row for {name}")
            continue
        for dependency in sorted(declared & set(targets) - rows[name]):
            problems.append(f"Package.swift: {name} depends on {dependency}, which its row in docs/ARCHITECTURE.md does not allow")
    for module in sorted(set(rows) - set(targets)):
        problems.append(f"docs/ARCHITECTURE.md: the module table names {module}, which Package.swift does not have")
    for product in package["products"]:
        members = set(product["targets"])
        if members & ENGINE and members & RETAIL:
            problems.append(f"Package.swift: the product {product['name']} mixes the engine and the retail app: {', '.join(product['targets'])}")
    for problem in problems:
        print(f"package graph: {problem}", file=sys.stderr)
    if problems:
        print(f"package graph: {len(problems)} problems", file=sys.stderr)
        return 1
    print(f"package graph: {len(targets)} targets, every import declared and allowed by the map")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env bash
# The repository stands on its own: copies every file git would commit (tracked, and new
# files not ignored) into a fresh temporary directory with no sibling folders, and runs the
# tests there (every Swift test, which reads the fixtures, and the schema test), so nothing
# beside the checkout (a sibling folder of fixtures, say) can make them pass.
# Usage: scripts/clean_clone_test.sh
set -euo pipefail
cd "$(dirname "$0")/.."

parent=$(mktemp -d)
trap 'rm -rf "$parent"' EXIT
clone="$parent/vitrine"
mkdir "$clone"
git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' file; do
    # A tracked file deleted in the work tree is not part of what would be committed.
    [ -e "$file" ] && printf '%s\0' "$file"
done | tar --null -T - -cf - | tar -xf - -C "$clone"
[ "$(ls -A "$parent")" = "vitrine" ] || { echo "clean clone: the temporary parent is not empty" >&2; exit 1; }

echo "clean clone: testing a copy at $clone"
cd "$clone"
scripts/swift_test.sh
scripts/schema_test.sh
echo "clean clone: passed"

#!/usr/bin/env bash
# Builds a copy of the source without .git, as someone who downloads the repository as a ZIP would: the files git
# tracks plus new files it does not ignore, with this checkout's node_modules. The build must succeed; pages then
# simply have no last-updated date.
set -euo pipefail
cd "$(dirname "$0")/.."
copy=$(mktemp -d "${TMPDIR:-/tmp}/setu-no-git-XXXXXX")
trap 'rm -rf "$copy"' EXIT
git ls-files -z --cached --others --exclude-standard | tar --null --files-from - --ignore-failed-read -cf - 2>/dev/null | tar -xf - -C "$copy"
ln -s "$PWD/node_modules" "$copy/node_modules"
(cd "$copy" && ! git rev-parse --is-inside-work-tree >/dev/null 2>&1) || { echo "the copy is inside a git worktree" >&2; exit 1; }
(cd "$copy" && node scripts/generate.mjs && npx docusaurus build --out-dir build)
test -f "$copy/build/index.html"
if grep -rq 'itemprop=dateModified' "$copy/build/planning/FAQ/index.html"; then
  echo "a build without git history shows last-updated dates it cannot know" >&2
  exit 1
fi
echo "Built without git history: $(find "$copy/build" -name index.html | wc -l) pages."

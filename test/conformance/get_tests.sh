#!/usr/bin/env bash
# Makes the folder of Triton's language tests that the conformance runner
# (test/conformance/run.py) reads: python/test/unit/language/ of Triton at
# the branch point of its release/3.6.x branch (commit e7fb8414), plus
# python/triton/_internal_testing.py for reference (the runner supplies its
# own helpers with the same meaning; it never imports this copy).
#
#   test/conformance/get_tests.sh [DEST] [TRITON_GIT]
#
# DEST defaults to .peer/triton-language-tests (ignored by git: never
# committed). TRITON_GIT is a clone of Triton (github.com/triton-lang/triton,
# or a fork that carries its history such as facebookexperimental/triton);
# without it the script clones triton-lang/triton (blobless) into a
# temporary folder.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
dest="${1:-$root/.peer/triton-language-tests}"
src="${2:-}"
commit=e7fb8414
tmp=""
cleanup() { [ -n "$tmp" ] && rm -rf "$tmp"; return 0; }
trap cleanup EXIT
if [ -z "$src" ]; then
  tmp="$(mktemp -d)"
  git clone -q --filter=blob:none --no-checkout \
    https://github.com/triton-lang/triton.git "$tmp/triton"
  src="$tmp/triton"
fi
if [ -d "$src/.git" ]; then gitdir="$src/.git"; else gitdir="$src"; fi
full="$(git --git-dir="$gitdir" rev-parse --verify "$commit^{commit}")"
rm -rf "$dest"
mkdir -p "$dest"
git --git-dir="$gitdir" archive "$full" python/test/unit/language \
  python/triton/_internal_testing.py | tar -x -C "$dest" \
  --strip-components=0
# Flatten: the tests at DEST/, the reference helpers at DEST/_reference/.
mv "$dest"/python/test/unit/language/* "$dest"/
mkdir -p "$dest/_reference"
mv "$dest/python/triton/_internal_testing.py" "$dest/_reference/"
rm -rf "$dest/python"
echo "$full" > "$dest/COMMIT"
echo "get_tests: $(ls "$dest"/test_*.py | wc -l) test files of Triton $full in $dest"

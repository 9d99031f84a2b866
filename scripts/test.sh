#!/usr/bin/env bash
# The test command: installs what is missing, builds what is stale, then runs
# every test (lit, gtest, the out-of-tree plugin build) through ctest.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${TRIDENT_BUILD_DIR:-$root/build}"
"$root/scripts/build.sh"
"$root/scripts/python-env.sh" --with-torch
cd "$build"
ctest --output-on-failure -j "${TRIDENT_JOBS:-$(nproc)}"
# The fuzzers (docs/fuzzing.md): the libFuzzer target, built with
# AddressSanitizer into build-fuzz/, runs every corpus and regression input,
# then fuzzes for a minute ($TRIDENT_FUZZ_SECONDS; 0 runs only the inputs).
"$root/scripts/fuzz.sh" --time "${TRIDENT_FUZZ_SECONDS:-60}"

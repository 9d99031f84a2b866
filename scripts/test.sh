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

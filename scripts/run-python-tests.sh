#!/usr/bin/env bash
# Runs the Python tests (python/test) with the built extension and the
# pinned virtual environment (scripts/python-env.sh). ctest runs this as
# `python-tests`; extra arguments go to pytest (e.g. -k softmax).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${TRIDENT_BUILD_DIR:-$root/build}"
"$root/scripts/python-env.sh" --with-torch
venv="${TRIDENT_VENV:-$build/venv}"
export PYTHONPATH="$root/python${PYTHONPATH:+:$PYTHONPATH}"
export TRIDENT_LIBRARY="$build/lib/libTridentCore.so"
export TRIDENT_BUILD_DIR="$build"
unset TRIDENT_PLUGIN_PATHS
cd "$root/python"
exec "$venv/bin/python" -m pytest -q -p no:cacheprovider "$@"

#!/usr/bin/env bash
# Configures (first time) and builds Trident into build/ (or $TRIDENT_BUILD_DIR).
# Incremental and safe to re-run: ninja rebuilds only what is stale.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${TRIDENT_BUILD_DIR:-$root/build}"
"$root/scripts/setup.sh"

if [ ! -f "$build/build.ninja" ]; then
  launcher=()
  if [ "${TRIDENT_NO_CCACHE:-0}" != 1 ] && command -v ccache >/dev/null; then
    launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  fi
  cmake -G Ninja -S "$root" -B "$build" \
    -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DCMAKE_EXE_LINKER_FLAGS=-fuse-ld=lld -DCMAKE_SHARED_LINKER_FLAGS=-fuse-ld=lld \
    -DCMAKE_MODULE_LINKER_FLAGS=-fuse-ld=lld \
    "${launcher[@]}"
fi
cmake --build "$build" -j "${TRIDENT_JOBS:-$(nproc)}"

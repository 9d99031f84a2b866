#!/usr/bin/env bash
# Packs what bench/device_runtime.py needs on the GPU machine (which has
# Python 3.12, torch and Triton but no MLIR and no CUDA toolkit) into
# .dev/trident-runtime.tar.xz: the Python package with its extension and
# the core (stripped) in trident/_lib, the example and tutorial kernels, and
# this machine's ptxas and libdevice (kernels compile there too).
#
#   bench/pack_runtime.sh [OUT]      (after scripts/build.sh)
#
# Then, on the GPU machine, with .dev/ carried:
#   python3 bench/device_runtime.py
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${TRIDENT_BUILD_DIR:-$root/build}"
out="${1:-$root/.dev/trident-runtime.tar.xz}"
for f in "$build/lib/libTridentCore.so" "$build/lib/_C.abi3.so"; do
  [ -e "$f" ] || { echo "pack: missing $f (build first)" >&2; exit 1; }
done
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/python" "$stage/bin"
cp -r "$root/python/trident" "$stage/python/"
find "$stage/python" -name __pycache__ -prune -exec rm -rf {} +
lib="$stage/python/trident/_lib"
mkdir -p "$lib"
real="$(readlink -f "$build/lib/libTridentCore.so")"
llvm-strip-22 -o "$lib/$(basename "$real")" "$real"
for link in "$build"/lib/libTridentCore.so*; do
  [ -L "$link" ] && cp -P "$link" "$lib/"
done
llvm-strip-22 -o "$lib/_C.abi3.so" "$build/lib/_C.abi3.so"
# The pipeline-variants plugin (named pipelines the bench times next to the
# default), where a wheel puts the example plugins.
mkdir -p "$lib/plugins"
llvm-strip-22 -o "$lib/plugins/libPipelineVariantsPlugin.so" \
  "$build/plugins/libPipelineVariantsPlugin.so"
# The gpu-ext plugin (an op the plugin lowers itself) and its Python module.
llvm-strip-22 -o "$lib/plugins/libGpuExtPlugin.so" \
  "$build/plugins/libGpuExtPlugin.so"
mkdir -p "$lib/plugins/python"
cp -r "$build/plugins/python/gpux" "$lib/plugins/python/"
# The TLX plugin and its Python module (bench/tlx/device_check.py).
llvm-strip-22 -o "$lib/plugins/libTlxPlugin.so" "$build/plugins/libTlxPlugin.so"
cp -r "$build/plugins/python/tlx" "$lib/plugins/python/"
mkdir -p "$stage/examples" "$stage/kernels"
cp "$root/examples/python/matmul.py" "$root/examples/python/matmul_tma.py" "$stage/examples/"
cp "$root"/python/test/kernels/*.py "$stage/kernels/"
# PACK_PTXAS=0 leaves ptxas out (the GPU machine's own CUDA has one; the
# call scripts use it when the archive has none): small enough to carry
# beside the Triton 3.8 pack (bench/tlx/compare_call.sh).
if [ "${PACK_PTXAS:-1}" != 0 ]; then
  cp /usr/local/cuda/bin/ptxas "$stage/bin/"
fi
cp /usr/local/cuda/nvvm/libdevice/libdevice.10.bc "$stage/bin/"
mkdir -p "$(dirname "$out")"
python3 - "$stage" "$out" <<'PY'
import os, sys, tarfile
stage, out = sys.argv[1], sys.argv[2]
with tarfile.open(out, "w:xz", preset=9) as tar:
    for name in sorted(os.listdir(stage)):
        tar.add(os.path.join(stage, name), arcname=name)
PY
ls -la "$out"

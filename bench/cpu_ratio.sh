#!/usr/bin/env bash
# The CPU back end next to its baselines, as ratios on the same inputs:
#   - the fp32 GEMM example (examples/kernels/matmul_fma_f32.mlir, 64x64
#     tiles) next to OpenBLAS's cblas_sgemm on the same A and B;
#   - vector add (examples/kernels/vector_add.mlir) next to a plain loop
#     out[i] = x[i] + y[i] over the same x and y (the memory bandwidth a
#     loop that does nothing else gets).
# Both sides use the same number of threads (default: one per hardware
# thread; TRIDENT_BENCH_THREADS to change); every result is checked against
# a float64 reference. The timing is bin/trident-bench-cpu.cpp (the
# CpuKernel API, one process); OpenBLAS is dlopen'd from libopenblas.so.0,
# which this script installs (Debian's libopenblas-dev, with its pthread
# build) when it is missing and apt-get can run; TRIDENT_BLAS names another
# library.
#
#   bench/cpu_ratio.sh [BUILD_DIR]     (default: $TRIDENT_BUILD_DIR, else build/)
#
# Sizes: TRIDENT_BENCH_MATMUL_SIZES (M = N = K, default 256,512,1024) and
# TRIDENT_BENCH_ADD_SIZES (default 1048576,16777216: 12 MB, in the caches of
# a big server chip, and 192 MB, in DRAM).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${1:-${TRIDENT_BUILD_DIR:-$root/build}}"

blas="${TRIDENT_BLAS:-libopenblas.so.0}"
if [ -z "${TRIDENT_BLAS:-}" ] && ! ldconfig -p | grep -q 'libopenblas\.so\.0 '; then
  echo "cpu_ratio: installing libopenblas-dev (for cblas_sgemm)"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq libopenblas-dev >/dev/null
fi

# The tool is part of the normal build; this builds it if it is stale.
cmake --build "$build" --target trident-bench-cpu >/dev/null

echo "machine: $(nproc) hardware threads; $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
"$build/bin/trident-bench-cpu" --blas "$blas" \
  --threads "${TRIDENT_BENCH_THREADS:-0}" --reps "${TRIDENT_BENCH_REPS:-10}" \
  --matmul-kernel "$root/examples/kernels/matmul_fma_f32.mlir" --matmul-block 64 \
  --matmul-sizes "${TRIDENT_BENCH_MATMUL_SIZES:-256,512,1024}" \
  --add-kernel "$root/examples/kernels/vector_add.mlir" --add-block 1024 \
  --add-sizes "${TRIDENT_BENCH_ADD_SIZES:-1048576,16777216}"

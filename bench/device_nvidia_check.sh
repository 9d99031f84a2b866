#!/usr/bin/env bash
# Run on the GPU machine (through the device tool) with .dev/ carried, after
# bench/pack_nvidia_check.sh on the build machine: the first run of
# Trident-compiled kernels on the H200.
#
#   bench/device_nvidia_check.sh [ARCHIVE]      (default .dev/nvidia-check.tar.xz)
#
# 1. Runs trident-launch on each hand-written kernel's cubin compiled on the
#    build machine (fresh random inputs, NaN-filled outputs, float64
#    reference; a timing line per kernel).
# 2. Recompiles two kernels here with the carried, self-contained
#    trident-compile and this machine's ptxas, and runs them.
# 3. Checks that a driver error is reported, not crashed on: an sm_80 cubin
#    on the H200 must fail to load (exit 2).
# Every step prints its command and exit status; the script exits 0 only if
# every step did what it should. Status 2 means the archive or the tools
# could not be used at all.
set -uo pipefail
archive="${1:-.dev/nvidia-check.tar.xz}"
dest="${TMPDIR:-/tmp}/trident-nvidia-check"

[ -f "$archive" ] || { echo "device_nvidia_check: no archive at $archive (carry .dev/)" >&2; exit 2; }
rm -rf "$dest" && mkdir -p "$dest"
python3 - "$archive" "$dest" <<'PY' || { echo "device_nvidia_check: cannot unpack $archive" >&2; exit 2; }
import sys, tarfile
with tarfile.open(sys.argv[1], "r:xz") as tar:
    try:
        tar.extractall(sys.argv[2], filter="data")  # Python >= 3.12
    except TypeError:
        tar.extractall(sys.argv[2])
PY

bin="$dest/bin"
k="$dest/kernels"
here="$dest/compiled-here"
mkdir -p "$here"
echo "== machine"
nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv,noheader || echo "(nvidia-smi failed)"
ldd "$bin/trident-launch" | sed 's/^/ldd: /'
"$bin/trident-compile" --print-pipeline --target cuda:90a | sed -n '/stage llir/,$p' \
  || { echo "device_nvidia_check: trident-compile does not run here" >&2; exit 2; }

failures=0
# step WANT NAME CMD...: runs CMD, which must exit with WANT.
step() {
  local want="$1" name="$2"
  shift 2
  echo
  echo "== $name"
  echo "\$ $*"
  "$@"
  local rc=$?
  if [ "$rc" -eq "$want" ]; then
    echo "-- $name: ok (exit $rc)"
  else
    echo "-- $name: FAILED (exit $rc, expected $want)"
    failures=$((failures + 1))
  fi
}

launch="$bin/trident-launch"
# Grids: vector_add 128 elements per program; softmax and layer_norm 4 rows
# per program; matmul 16x16 tiles, grid (ceil(N/16), ceil(M/16)).
step 0 "vector_add" "$launch" "$k/vector_add.cubin" --kernel vector_add --n 1000003 --grid 7813 --time 50
step 0 "vector_add, cluster 2 + 64 KB dynamic shared memory" \
  "$launch" "$k/vector_add_cluster.cubin" --kernel vector_add --n 1000003 --grid 7814 --time 50
step 0 "softmax" "$launch" "$k/softmax.cubin" --kernel softmax --rows 4099 --cols 1000 --grid 1025 --time 20
step 0 "layer_norm" "$launch" "$k/layer_norm.cubin" --kernel layer_norm --rows 4099 --cols 1000 --grid 1025 --time 20
step 0 "matmul fp32" "$launch" "$k/matmul_f32.cubin" --kernel matmul --dtype f32 \
  --m 1000 --n 520 --k 300 --grid 33,63 --time 10
step 0 "matmul bf16 in, fp32 acc, bf16 out" "$launch" "$k/matmul_bf16.cubin" --kernel matmul \
  --dtype bf16 --out-dtype bf16 --m 1000 --n 520 --k 300 --grid 33,63 --time 10

# The same kernels compiled on this machine (its ptxas, the carried core).
step 0 "compile vector_add here" "$bin/trident-compile" "$k/vector_add.mlir" --target cuda:90a \
  --emit cubin -o "$here/vector_add.cubin"
step 0 "vector_add (compiled here)" "$launch" "$here/vector_add.cubin" --kernel vector_add --n 4096 --grid 32
step 0 "compile matmul_bf16 here" "$bin/trident-compile" "$k/matmul_bf16.mlir" --target cuda:90a \
  --emit cubin -o "$here/matmul_bf16.cubin"
step 0 "matmul bf16 (compiled here)" "$launch" "$here/matmul_bf16.cubin" --kernel matmul --dtype bf16 \
  --m 256 --n 256 --k 256 --grid 16,16

# Kernels written in Tile IR and compiled by the whole pipeline.
# vector_add: 1024 elements per program; softmax: 4 rows of up to 256
# columns per program; layer_norm_f32: one row of up to 1024 per program.
step 0 "Tile IR vector_add" "$launch" "$k/tir_vector_add.cubin" --kernel vector_add \
  --n 1000003 --grid 977 --time 50
step 0 "Tile IR softmax" "$launch" "$k/tir_softmax.cubin" --kernel softmax \
  --rows 4099 --cols 250 --grid 1025 --time 20
step 0 "Tile IR layer_norm" "$launch" "$k/tir_layer_norm_f32.cubin" --kernel layer_norm \
  --rows 4099 --cols 1000 --grid 4099 --time 20
step 0 "Tile IR matmul fp32 (CUDA-core dot)" "$launch" "$k/tir_matmul_fma_f32.cubin" --kernel matmul \
  --dtype f32 --m 1000 --n 520 --k 300 --grid 9,16 --time 10
step 0 "Tile IR matmul bf16 64x64x32 tiles (wgmma, 64-byte swizzle)" "$launch" \
  "$k/tir_matmul_fma_bf16.cubin" --kernel matmul --dtype bf16 --out-dtype bf16 \
  --m 1000 --n 520 --k 300 --grid 9,16 --time 10
step 0 "Tile IR matmul bf16 128x128x64 tiles (wgmma, 128-byte swizzle)" "$launch" \
  "$k/tir_matmul_bf16.cubin" --kernel matmul --dtype bf16 --out-dtype bf16 \
  --m 1000 --n 520 --k 300 --grid 5,8 --time 10
step 0 "Tile IR matmul bf16 128x128x64, 2048^3" "$launch" \
  "$k/tir_matmul_bf16.cubin" --kernel matmul --dtype bf16 --out-dtype bf16 \
  --m 2048 --n 2048 --k 2048 --grid 16,16 --time 10
step 0 "Tile IR matmul bf16 128x128x64, specialised (16-byte cp.async), 2048^3" "$launch" \
  "$k/tir_matmul_bf16_aligned.cubin" --kernel matmul --dtype bf16 --out-dtype bf16 \
  --m 2048 --n 2048 --k 2048 --grid 16,16 --time 10
step 0 "Tile IR matmul bf16 128x128x64, specialised, 8 warps (two warpgroups), 1008x528x304" "$launch" \
  "$k/tir_matmul_bf16_aligned_w8.cubin" --kernel matmul --dtype bf16 --out-dtype bf16 \
  --m 1008 --n 528 --k 304 --grid 5,8 --time 10
step 0 "Tile IR matmul bf16 128x128x64, specialised, 8 warps, 2048^3" "$launch" \
  "$k/tir_matmul_bf16_aligned_w8.cubin" --kernel matmul --dtype bf16 --out-dtype bf16 \
  --m 2048 --n 2048 --k 2048 --grid 16,16 --time 10
step 0 "Tile IR matmul bf16 TMA descriptors (load ring + store), 1000x520x304 (edges clipped)" "$launch" \
  "$k/tir_matmul_bf16_tma.cubin" --kernel matmul_tma --dtype bf16 --out-dtype bf16 \
  --m 1000 --n 520 --k 304 --grid 5,8 --time 10
step 0 "Tile IR matmul bf16 TMA descriptors, 2048^3" "$launch" \
  "$k/tir_matmul_bf16_tma.cubin" --kernel matmul_tma --dtype bf16 --out-dtype bf16 \
  --m 2048 --n 2048 --k 2048 --grid 16,16 --time 10
step 0 "Tile IR matmul bf16 TMA descriptors, 8 warps, 2048^3" "$launch" \
  "$k/tir_matmul_bf16_tma_w8.cubin" --kernel matmul_tma --dtype bf16 --out-dtype bf16 \
  --m 2048 --n 2048 --k 2048 --grid 16,16 --time 10
step 0 "Tile IR matmul bf16 TMA descriptors, unpipelined (descriptor loads into registers), 1000x520x304" "$launch" \
  "$k/tir_matmul_bf16_tma_s1.cubin" --kernel matmul_tma --dtype bf16 --out-dtype bf16 \
  --m 1000 --n 520 --k 304 --grid 5,8 --time 10
step 0 "Tile IR vector_add through in-kernel descriptors (masked pointer accesses)" "$launch" \
  "$k/tir_vector_add_desc.cubin" --kernel vector_add --n 1000003 --grid 977 --time 50
step 0 "Tile IR matmul fp32 through in-kernel descriptors, 1000x520x300" "$launch" \
  "$k/tir_matmul_desc_f32.cubin" --kernel matmul --dtype f32 --m 1000 --n 520 --k 300 --grid 9,16 --time 10
step 0 "Tile IR atomic histogram (exact counts)" "$launch" "$k/tir_histogram.cubin" --kernel histogram \
  --n 1000003 --cols 256 --grid 977
step 0 "Tile IR cumsum (scan over registers, lanes, warps)" "$launch" "$k/tir_cumsum.cubin" \
  --kernel cumsum --n 1000003 --grid 977
step 0 "compile Tile IR softmax here" "$bin/trident-compile" "$k/tir_softmax.mlir" --target cuda:90a \
  --emit cubin -o "$here/tir_softmax.cubin"
step 0 "Tile IR softmax (compiled here)" "$launch" "$here/tir_softmax.cubin" --kernel softmax \
  --rows 1000 --cols 256 --grid 250

# Failure paths on a real driver.
step 1 "too small a grid is caught (outputs left NaN)" "$launch" "$k/vector_add.cubin" --kernel vector_add \
  --n 1000003 --grid 7000
step 2 "an sm_80 cubin is refused by the H200 (driver error, exit 2)" "$launch" "$k/vector_add_sm80.cubin" \
  --kernel vector_add --n 4096 --grid 32

echo
if [ "$failures" -eq 0 ]; then
  echo "device_nvidia_check: all steps ok"
  exit 0
fi
echo "device_nvidia_check: $failures step(s) failed"
exit 1

#!/usr/bin/env bash
# Run on the build machine: packs what bench/device_nvidia_check.sh needs
# into .dev/nvidia-check.tar.xz (xz through Python's tarfile: the GPU machine
# has no zstd). The archive holds the stripped core and tools, the
# hand-written test kernels (.mlir) and their cubins and metadata compiled
# here for sm_90a (plus one for sm_80, which the H200 must refuse).
#
#   TRIDENT_BUILD_DIR=build-nv bench/pack_nvidia_check.sh [OUT.tar.xz]
#
# Then, on the GPU machine, with .dev/ carried:
#   bench/device_nvidia_check.sh [.dev/nvidia-check.tar.xz]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${TRIDENT_BUILD_DIR:-$root/build}"
case "$build" in /*) ;; *) build="$root/$build" ;; esac
out="${1:-$root/.dev/nvidia-check.tar.xz}"
kernels="$root/test/Target/NVIDIA/Inputs"

for f in "$build/bin/trident-compile" "$build/bin/trident-launch" "$build/lib/libTridentCore.so"; do
  [ -e "$f" ] || { echo "pack: missing $f (build first)" >&2; exit 1; }
done

stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/bin" "$stage/lib" "$stage/kernels"

# The core under its real file name, with the build's symlinks (the tools
# need the SONAME link), stripped: 114 MB -> about 17 MB.
real="$(readlink -f "$build/lib/libTridentCore.so")"
llvm-strip-22 -o "$stage/lib/$(basename "$real")" "$real"
for link in "$build"/lib/libTridentCore.so*; do
  [ -L "$link" ] && cp -P "$link" "$stage/lib/"
done
for tool in trident-compile trident-launch; do
  llvm-strip-22 -o "$stage/bin/$tool" "$build/bin/$tool"
done

compile() { # compile NAME TARGET OUTNAME
  "$build/bin/trident-compile" "$kernels/$1.mlir" --target "$2" --emit cubin \
    -o "$stage/kernels/$3.cubin"
  "$build/bin/trident-compile" "$kernels/$1.mlir" --target "$2" --emit ptx \
    -o "$stage/kernels/$3.ptx"
}
for k in vector_add vector_add_cluster softmax layer_norm matmul_f32 matmul_bf16; do
  cp "$kernels/$k.mlir" "$stage/kernels/"
  compile "$k" cuda:90a "$k"
done
compile vector_add cuda:80 vector_add_sm80

# Tile IR kernels through the whole pipeline (tir -> gir -> llir -> ptx ->
# cubin), named tir_<kernel>.
for k in vector_add softmax layer_norm_f32 matmul_fma_f32 matmul_fma_bf16 matmul_bf16 matmul_bf16_aligned matmul_bf16_tma vector_add_desc matmul_desc_f32 histogram cumsum; do
  cp "$root/examples/kernels/$k.mlir" "$stage/kernels/tir_$k.mlir"
  "$build/bin/trident-compile" "$root/examples/kernels/$k.mlir" --target cuda:90a \
    --emit cubin -o "$stage/kernels/tir_$k.cubin"
  "$build/bin/trident-compile" "$root/examples/kernels/$k.mlir" --target cuda:90a \
    --emit ptx -o "$stage/kernels/tir_$k.ptx"
done

# The aligned bf16 matmul with 8 warps (two warpgroups along M), through
# the kernel's own warp count (module attribute tir.num_warps).
sed 's/^module {/module attributes {tir.num_warps = 8 : i32} {/' \
  "$root/examples/kernels/matmul_bf16_aligned.mlir" > "$stage/kernels/tir_matmul_bf16_aligned_w8.mlir"
"$build/bin/trident-compile" "$stage/kernels/tir_matmul_bf16_aligned_w8.mlir" --target cuda:90a \
  --emit cubin -o "$stage/kernels/tir_matmul_bf16_aligned_w8.cubin"

# The TMA matmul with 8 warps as well.
sed 's/^module {/module attributes {tir.num_warps = 8 : i32} {/' \
  "$root/examples/kernels/matmul_bf16_tma.mlir" > "$stage/kernels/tir_matmul_bf16_tma_w8.mlir"
"$build/bin/trident-compile" "$stage/kernels/tir_matmul_bf16_tma_w8.mlir" --target cuda:90a \
  --emit cubin -o "$stage/kernels/tir_matmul_bf16_tma_w8.cubin"

# ... and unpipelined (tir.num_stages = 1): each descriptor_load goes by
# TMA through scratch shared memory into registers, the dot stages them.
sed 's/^module {/module attributes {tir.num_stages = 1 : i32} {/' \
  "$root/examples/kernels/matmul_bf16_tma.mlir" > "$stage/kernels/tir_matmul_bf16_tma_s1.mlir"
"$build/bin/trident-compile" "$stage/kernels/tir_matmul_bf16_tma_s1.mlir" --target cuda:90a \
  --emit cubin -o "$stage/kernels/tir_matmul_bf16_tma_s1.cubin"

# Variants for bench/device_matmul_variants.sh: warps x ring stages
# (module attributes tir.num_warps, tir.num_stages) of the TMA and the
# cp.async bf16 matmuls, named tir_<kernel>_w<W>_s<S>.
for k in matmul_bf16_tma matmul_bf16_aligned; do
  for w in 4 8; do
    for s in 3 4; do
      sed "s/^module {/module attributes {tir.num_warps = $w : i32, tir.num_stages = $s : i32} {/" \
        "$root/examples/kernels/$k.mlir" > "$stage/kernels/tir_${k}_w${w}_s${s}.mlir"
      "$build/bin/trident-compile" "$stage/kernels/tir_${k}_w${w}_s${s}.mlir" --target cuda:90a \
        --emit cubin -o "$stage/kernels/tir_${k}_w${w}_s${s}.cubin"
    done
  done
done

mkdir -p "$(dirname "$out")"
python3 - "$stage" "$out" <<'PY'
import os, sys, tarfile
stage, out = sys.argv[1], sys.argv[2]
with tarfile.open(out, "w:xz", preset=9) as tar:
    for name in sorted(os.listdir(stage)):
        tar.add(os.path.join(stage, name), arcname=name)
PY
echo "pack: $out ($(du -h "$out" | cut -f1))"
python3 -c "import tarfile,sys; [print('  ' + m.name) for m in tarfile.open(sys.argv[1]).getmembers() if m.isfile()]" "$out"

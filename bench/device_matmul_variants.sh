#!/usr/bin/env bash
# Run on the GPU machine (device tool, .dev/ carried) after
# bench/pack_nvidia_check.sh: the bf16 matmul variants (TMA and cp.async
# rings; 4 or 8 warps; 3 or 4 stages) side by side with cuBLAS and Triton
# 3.6 in one process each (bench/matmul_ratio.py: float64 check first),
# and each cubin's registers and shared memory.
#
#   bench/device_matmul_variants.sh [ARCHIVE] [SIZE ...]   (default 2048)
set -uo pipefail
archive="${1:-.dev/nvidia-check.tar.xz}"
shift || true
sizes=("$@")
[ ${#sizes[@]} -eq 0 ] && sizes=(2048)
dest="${TMPDIR:-/tmp}/trident-nvidia-check"
[ -f "$archive" ] || { echo "device_matmul_variants: no archive at $archive (carry .dev/)" >&2; exit 2; }
rm -rf "$dest" && mkdir -p "$dest"
python3 -c "import sys, tarfile; tarfile.open(sys.argv[1], 'r:xz').extractall(sys.argv[2])" "$archive" "$dest" \
  || { echo "device_matmul_variants: cannot unpack $archive" >&2; exit 2; }
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader
failures=0
for k in matmul_bf16_tma matmul_bf16_aligned; do
  kind=matmul; [ "$k" = matmul_bf16_tma ] && kind=matmul_tma
  for w in 4 8; do
    for s in 3 4; do
      cubin="$dest/kernels/tir_${k}_w${w}_s${s}.cubin"
      echo
      echo "== $k, $w warps, $s stages: $(python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(d['registers'], 'registers,', d['shared_bytes'], 'shared bytes')" "${cubin%.cubin}.json")"
      python3 "$(dirname "$0")/matmul_ratio.py" "$dest/bin" "$cubin" --kind=$kind "${sizes[@]}" \
        || failures=$((failures + 1))
    done
  done
done
echo
echo "device_matmul_variants: $failures failures"
[ "$failures" -eq 0 ]

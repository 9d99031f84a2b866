#!/usr/bin/env bash
# One device call for issue 26's comparison: the same uTLX tutorials (the
# copy in the Triton 3.8 + uTLX 3.8 pack, in .peer/tlx38) under Trident and under uTLX 3.8,
# each in its own process beside cuBLAS / SDPA, then merged side by side.
#
#   bash bench/tlx/compare_call.sh [NAME...]     (carry .peer/tlx38,
#       .dev/trident-runtime.tar.xz and .dev/triton38-utlx.tar.xz: together
#       they may pass the carry limit; then SYSTEMS=trident in one call and
#       SYSTEMS=utlx38 in the next, and merge the two JSON files here)
# NAMEs: gemm_coop gemm_pingpong gemm_ws fa_ws fa_ws_pipelined fa_pingpong
# fa_pingpong_persistent (none: all). SYSTEMS="trident utlx38" picks sides.
set -u
OUT="${OUT:-/tmp/out}"; mkdir -p "$OUT"
T38=/tmp/t38
case " ${SYSTEMS:-trident utlx38} " in *" utlx38 "*)
  if [ ! -d "$T38/triton" ]; then
    mkdir -p "$T38" && tar -xJf .dev/triton38-utlx.tar.xz -C "$T38"
  fi ;;
esac
# The uTLX 3.8 wheel's own tutorials, copied to .peer/tlx38 (carry it): the
# same files for both systems, also when each runs in a call of its own.
TUT=$PWD/.peer/tlx38
D=/tmp/trident-runtime
if [ ! -d "$D" ]; then
  mkdir -p "$D" && tar -xJf .dev/trident-runtime.tar.xz -C "$D"
fi
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm --format=csv,noheader
/usr/local/cuda/bin/ptxas --version | tail -1
for s in ${SYSTEMS:-trident utlx38}; do
  start=$(date +%s)
  if [ "$s" = trident ]; then
    PTXAS=$D/bin/ptxas; [ -x "$PTXAS" ] || PTXAS=/usr/local/cuda/bin/ptxas
    TRIDENT_PTXAS=$PTXAS TRIDENT_LIBDEVICE=$D/bin/libdevice.10.bc \
      timeout "${LIMIT:-280}" python3 -u bench/tlx/compare.py trident \
      "$TUT" "$OUT/trident.json" "$@" > "$OUT/trident.log" 2>&1
  else
    TRITON_PTXAS_PATH=/usr/local/cuda/bin/ptxas TRITON_CACHE_DIR=/tmp/t38-cache \
      timeout "${LIMIT:-280}" python3 -u bench/tlx/compare.py utlx38 \
      "$TUT" "$OUT/utlx38.json" "$@" --site "$T38" \
      > "$OUT/utlx38.log" 2>&1
  fi
  echo "== $s rc=$? $(( $(date +%s) - start ))s"
done
tail -n 30 "$OUT"/*.log
[ -f "$OUT/trident.json" ] && [ -f "$OUT/utlx38.json" ] && \
  python3 bench/tlx/compare.py merge "$OUT/trident.json" "$OUT/utlx38.json" \
  | tee "$OUT/merged.txt"

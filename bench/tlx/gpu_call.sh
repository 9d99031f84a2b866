#!/usr/bin/env bash
# One device call for the TLX checks (issue 24): unpacks the runtime archive
# (bench/pack_runtime.sh, carried in .dev/) and runs the steps named on the
# command line, each with its whole log under $OUT.
#
#   bash bench/tlx/gpu_call.sh pytest hang check:tma_scale,tma_gemm ...
#
# pytest     python/test/test_tlx.py's GPU tests
# hang       hopper_fa_ws with bounded barrier waits (reports a deadlock)
# check:A,B  bench/tlx/device_check.py A B
set -u
OUT="${OUT:-/tmp/out}"; mkdir -p "$OUT"
D=/tmp/trident-runtime
if [ ! -d "$D" ]; then
  mkdir -p "$D" && tar -xJf .dev/trident-runtime.tar.xz -C "$D"
fi
PTXAS=$D/bin/ptxas; [ -x "$PTXAS" ] || PTXAS=/usr/local/cuda/bin/ptxas
export TRIDENT_PTXAS=$PTXAS TRIDENT_LIBDEVICE=$D/bin/libdevice.10.bc
export TRIDENT_LIBRARY=$D/python/trident/_lib/libTridentCore.so
export PYTHONPATH=$D/python TRIDENT_BUILD_DIR=$D/python/trident/_lib
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm --format=csv,noheader
for step in "$@"; do
  start=$(date +%s)
  case "$step" in
    pytest)
      (cd python && timeout 240 python3 -u -m pytest -q -x -rs test/test_tlx.py \
         -k gpu) > "$OUT/pytest.log" 2>&1; rc=$? ;;
    hang)
      TRIDENT_DEBUG_BARRIERS=1 TRIDENT_DEBUG_BARRIERS_MS=3000 timeout 120 \
        python3 -u bench/tlx/device_check.py hopper_fa_ws > "$OUT/hang.log" 2>&1
      rc=$? ;;
    check:*)
      names="${step#check:}"
      timeout 300 python3 -u bench/tlx/device_check.py ${names//,/ } \
        > "$OUT/check-${names//,/-}.log" 2>&1; rc=$? ;;
    *) echo "unknown step $step"; rc=2 ;;
  esac
  echo "== $step rc=$rc $(( $(date +%s) - start ))s"
done
tail -n 25 "$OUT"/*.log

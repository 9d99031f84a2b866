# Sourced on the GPU machine at the start of a device call: unpacks the
# runtime archive (bench/pack_runtime.sh, carried in .dev/) once per warm
# machine, points Trident at it, installs the carried Liger wheel when
# .peer/wheels has it, and gives `step NAME LIMIT CMD...`, which runs one
# command under a time limit with its whole log in $OUT/NAME.log and prints
# its exit status and wall time. Several steps then share one call:
#
#   source bench/device_env.sh
#   step peer06 240 python3 bench/peer/run.py --only 06 --configs 0
#   step liger 200 python3 bench/peer/liger.py
#   tail -n 30 "$OUT"/*.log
export OUT="${OUT:-/tmp/out}"
mkdir -p "$OUT"
D=/tmp/trident-runtime
if [ ! -d "$D" ]; then
  mkdir -p "$D" && tar -xJf .dev/trident-runtime.tar.xz -C "$D"
fi
PTXAS=$D/bin/ptxas
[ -x "$PTXAS" ] || PTXAS=/usr/local/cuda/bin/ptxas
export TRIDENT_PTXAS=$PTXAS TRIDENT_LIBDEVICE=$D/bin/libdevice.10.bc
export TRIDENT_LIBRARY=$D/python/trident/_lib/libTridentCore.so
export TRIDENT_BUILD_DIR=$D/python/trident/_lib
export PYTHONPATH=$D/python PYTHONUNBUFFERED=1
wheel=.peer/wheels/liger_kernel-0.8.5-py3-none-any.whl
if [ -f "$wheel" ] && [ ! -d /tmp/liger ]; then
  python3 -m pip install -q --no-deps --no-index --target /tmp/liger "$wheel"
fi
[ -d /tmp/liger ] && export PYTHONPATH=$PYTHONPATH:/tmp/liger
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm --format=csv,noheader

step() {
  local name=$1 limit=$2 start rc
  shift 2
  start=$(date +%s)
  timeout "$limit" "$@" > "$OUT/$name.log" 2>&1
  rc=$?
  echo "== $name rc=$rc $(( $(date +%s) - start ))s"
}

#!/usr/bin/env bash
# On the GPU machine: Liger-Kernel's ops under Trident (through
# trident.compat) and under the machine's Triton, side by side
# (bench/peer/liger.py). Carry .dev/trident-runtime.tar.xz and .peer/wheels
# (pip download liger-kernel==0.8.5 --no-deps -d .peer/wheels).
set -u
OUT="${OUT:-/tmp/out}"; mkdir -p "$OUT"
if [ ! -d /tmp/liger ]; then
  python3 -m pip install -q --no-deps --no-index --target /tmp/liger \
    .peer/wheels/liger_kernel-0.8.5-py3-none-any.whl || exit 1
fi
PYTHONPATH=/tmp/liger${PYTHONPATH:+:$PYTHONPATH} timeout "${LIMIT:-300}" \
  python3 -u bench/peer/liger.py "$@" > "$OUT/liger.log" 2>&1
echo "== liger rc=$?"
tail -n 40 "$OUT/liger.log"

#!/usr/bin/env bash
# Run on the GPU machine (through the device tool) with .dev/ carried: checks
# that libTridentCore.so loads there (glibc 2.39, Python 3.12) next to torch
# and Triton 3.6 in one process, and measures the cost of loading it.
set -uo pipefail
mkdir -p /tmp/trident && python3 -c "import tarfile; tarfile.open('.dev/trident.tar.xz').extractall('/tmp/trident')" || exit 1
export TRIDENT_LIBRARY=/tmp/trident/lib/libTridentCore.so PYTHONPATH=$PWD/python
ldd $TRIDENT_LIBRARY | sed 's/^/ldd: /'
/tmp/trident/bin/trident-compile --print-pipeline --target cuda:90a | head -3
PYTHONUNBUFFERED=1 python3 bench/device_smoke.py

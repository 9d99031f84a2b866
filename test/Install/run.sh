#!/usr/bin/env bash
# Installs the build into a scratch prefix (cmake --install) and uses it as
# a user would, from outside the source tree: the tools run, the Python
# package imports from the prefix (its extension finding the installed
# core), compiles and runs a kernel on the CPU target and a plugin DSL op
# from the installed example plugin, and compiles for sm_90a.
# Usage: run.sh BUILD_DIR   (Python: the project's venv, scripts/python-env.sh)
set -euo pipefail
build="$(cd "$1" && pwd)"
python="${TRIDENT_VENV:-$build/venv}/bin/python"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
prefix="$work/prefix"
cmake --install "$build" --prefix "$prefix" >/dev/null

for f in bin/trident-compile bin/trident-opt lib/libTridentCore.so \
         lib/python3/site-packages/trident/__init__.py \
         lib/python3/site-packages/trident/_C.abi3.so \
         lib/trident/plugins/libFmaPlugin.so \
         lib/trident/plugins/python/fma/__init__.py \
         lib/cmake/trident/TridentConfig.cmake; do
  [ -e "$prefix/$f" ] || { echo "install: $f is missing" >&2; exit 1; }
done
"$prefix/bin/trident-compile" --print-pipeline >/dev/null

cd "$work"
# (a file: @trident.jit reads the kernel's source)
cat > "$work/check.py" <<'PY'
import os
import sys

import numpy as np

prefix = os.path.realpath(os.environ["PREFIX"])
import trident
import trident.language as tl

for mod in (trident, sys.modules["trident._C"]):
    path = os.path.realpath(mod.__file__)
    assert path.startswith(prefix + os.sep), "%s loaded from %s" % (
        mod.__name__, path)


@trident.jit
def add(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    y = tl.load(y_ptr + offs, mask=m)
    tl.store(out_ptr + offs, tl.extra.fma.mul_add(x, y, x), mask=m)


trident.load_plugin(os.path.join(prefix, "lib", "trident", "plugins",
                                 "libFmaPlugin.so"))
n = 1000
x = np.random.default_rng(0).standard_normal(n).astype(np.float32)
y = np.random.default_rng(1).standard_normal(n).astype(np.float32)
out = np.full(n, np.nan, dtype=np.float32)
add[(trident.cdiv(n, 256),)](x, y, out, n, BLOCK=256)
ref = x.astype(np.float64) * y + x
err = np.abs(out - ref).max()
assert err < 1e-5, err
k = trident.compile(add, signature={"x_ptr": "*fp32", "y_ptr": "*fp32",
                                    "out_ptr": "*fp32", "n": "i32"},
                    constexprs={"BLOCK": 256}, target="cuda:90a")
assert "fma.rn.f32" in k.asm["ptx"], "no fma in the PTX"
print("installed package: CPU kernel with the fma plugin (error %.1e), "
      "sm_90a compile: ok" % err)
PY
env -u TRIDENT_LIBRARY -u TRIDENT_PLUGIN_PATHS \
  PYTHONPATH="$prefix/lib/python3/site-packages" \
  TRIDENT_CACHE_DIR="$work/cache" PREFIX="$prefix" "$python" "$work/check.py"

"""The one extension file (_C.abi3.so, CPython's limited API 3.11) must load
in every later CPython: the GPU machine runs 3.12. This runs a kernel
under each other interpreter found on the machine (pyenv's or on PATH)."""
import glob
import os
import shutil
import subprocess
import sys

import pytest

CODE = r'''
import ctypes, sys
import trident, trident.language as tl

@trident.jit
def scale(x_ptr, n, F: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, offs < n) * F, offs < n)

class Buf:
    """Host memory with data_ptr() and dtype: no numpy in this interpreter."""
    def __init__(self, values):
        self.raw = (ctypes.c_float * len(values))(*values)
        self.dtype = "float32"
    def data_ptr(self):
        return ctypes.addressof(self.raw)

b = Buf([float(i) for i in range(100)])
scale[(2,)](b, 100, F=3.0, BLOCK=64)
assert list(b.raw) == [3.0 * i for i in range(100)], list(b.raw)[:8]
k = trident.compile(scale, signature={"x_ptr": "*fp32", "n": "i32"},
                    constexprs={"F": 2.0, "BLOCK": 64}, target="cuda:90a")
assert k.asm["cubin"][:4] == b"\x7fELF"
print("OK", sys.version.split()[0])
'''


def interpreters():
    found = {}
    for pattern in ("/root/.pyenv/versions/3.1[2-9]*/bin/python3",
                    os.path.expanduser("~/.pyenv/versions/3.1[2-9]*/bin/python3")):
        for p in sorted(glob.glob(pattern)):
            found[os.path.realpath(p)] = p
    for name in ("python3.12", "python3.13", "python3.14"):
        p = shutil.which(name)
        if p and "/shims/" not in p:
            found[os.path.realpath(p)] = p
    return sorted(found.values())


@pytest.mark.parametrize("python", interpreters() or ["none"])
def test_extension_loads_in_later_python(python, tmp_path):
    if python == "none":
        pytest.skip("LOUD SKIP: no CPython 3.12+ on this machine to load "
                    "_C.abi3.so in (the GPU machine's 3.12 checks it)")
    env = dict(os.environ)
    env["TRIDENT_TARGET"] = "cpu"
    script = tmp_path / "abi3_case.py"
    script.write_text(CODE)
    r = subprocess.run([python, str(script)], env=env, capture_output=True,
                       text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.startswith("OK 3.1"), r.stdout

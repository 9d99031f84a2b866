"""Shared fixtures of the Python tests (run by ctest as `python-tests`).

The tests need no GPU: kernels run on the CPU target (`TRIDENT_TARGET=cpu`)
and are compiled for sm_90a through ptxas to check the GPU path builds.
"""
import os
import shutil

import numpy as np
import pytest

os.environ.setdefault("TRIDENT_TARGET", "cpu")
# A fresh disk cache for each run of the tests (tests of the cache make
# their own).
import tempfile  # noqa: E402
os.environ["TRIDENT_CACHE_DIR"] = tempfile.mkdtemp(prefix="trident-test-"
                                                   "cache-")

import trident  # noqa: E402


def ptxas_available():
    for p in (os.environ.get("TRIDENT_PTXAS"), "/usr/local/cuda/bin/ptxas",
              shutil.which("ptxas")):
        if p and os.path.exists(p):
            return True
    return False


@pytest.fixture
def rng():
    return np.random.default_rng(0)


@pytest.fixture
def compile_sm90():
    """Compiles a kernel for cuda:90a through ptxas and returns it; fails
    (never skips) when ptxas is missing, since CI has it."""
    assert ptxas_available(), "ptxas (CUDA 13) is needed to build cubins"

    def run(fn, signature, constexprs=None, **kw):
        k = trident.compile(fn, signature=signature, constexprs=constexprs,
                            target="cuda:90a", **kw)
        assert k.asm["cubin"][:4] == b"\x7fELF"
        return k
    return run


@pytest.fixture
def check(compile_sm90):
    """check(kernel, grid, **args): runs the kernel on the CPU target, then
    builds the cubin of the specialization that launch used (its signature,
    constexprs and divisibility hints); returns the compiled kernel."""
    def run(kernel, grid=(1,), **kwargs):
        sig, cx, attrs, _ = kernel.specialize(kernel._bind((), kwargs))
        kernel[grid](**kwargs)
        return compile_sm90(kernel, sig, cx, attrs=attrs)
    return run


@pytest.fixture
def plugin_dir():
    root = os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__))))
    build = os.environ.get("TRIDENT_BUILD_DIR", os.path.join(root, "build"))
    return os.path.join(build, "plugins")

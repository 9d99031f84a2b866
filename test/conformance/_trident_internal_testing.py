"""Trident's stand-in for `triton._internal_testing`, the helpers Triton's
unit tests import. The conformance runner (run.py) copies this module next
to the rewritten tests and points their `from triton._internal_testing
import ...` here. Each helper means what Triton's does, answered for
Trident: the target is trident.runtime.driver.active's (backend "cpu" on
the CPU target, "cuda" on a GPU); there is no interpreter and no HIP.

`_cimport` is the runner's: the rewritten `from triton.X import a, b`
becomes `a, b = _cimport("trident.X", ("a", "b"), "triton.X")`, which
binds what trident has and a placeholder for what it lacks (a test that
uses the placeholder fails naming the missing name; the others still run).
"""
import functools
import importlib
import os
import re
import types
from typing import Optional

import numpy as np
import pytest
import torch
from numpy.random import RandomState

import trident
import trident.language as tl

int_dtypes = ['int8', 'int16', 'int32', 'int64']
uint_dtypes = ['uint8', 'uint16', 'uint32', 'uint64']
integral_dtypes = int_dtypes + uint_dtypes
float_dtypes = ['float16', 'float32', 'float64']
float_dtypes_with_bfloat16 = float_dtypes + ['bfloat16']
dtypes = integral_dtypes + float_dtypes
dtypes_with_bfloat16 = dtypes + ['bfloat16']
torch_float8_dtypes = ['float8_e4m3fn', 'float8_e5m2']
torch_dtypes = ['bool'] + int_dtypes + ['uint8'] + float_dtypes + ['bfloat16']
tma_dtypes = sorted(set(dtypes_with_bfloat16) - {"int64", "uint64", "float64"})


# --- the runner's import helper -------------------------------------------

class MissingFeature(AttributeError):
    """A test used a name of Triton's that trident does not have."""


class _Missing:
    def __init__(self, name, why):
        self._name = name
        self._why = why

    def __repr__(self):
        return "<missing %s>" % self._name

    def _fail(self, *args, **kwargs):
        raise MissingFeature("%s is missing (%s)" % (self._name, self._why))

    __call__ = _fail

    def __getattr__(self, attr):
        if attr.startswith("__"):
            raise AttributeError(attr)
        self._fail()


class _ModuleProxy(types.ModuleType):
    """A trident module as the tests see it: its names, and a placeholder
    for each name of Triton's it lacks (so that a module-level
    `@pytest.mark.parametrize("t", [tl.float8e4b15])` still collects and
    only the tests that use the name fail). Submodules are proxies too."""

    def __init__(self, real, triton_name):
        super().__init__(real.__name__, getattr(real, "__doc__", None))
        object.__setattr__(self, "_real", real)
        object.__setattr__(self, "_triton_name", triton_name)
        object.__setattr__(self, "_subs", {})

    def __getattr__(self, name):
        real = object.__getattribute__(self, "_real")
        try:
            value = getattr(real, name)
        except AttributeError:
            if name.startswith("__"):
                raise
            full = "%s.%s" % (self._triton_name, name)
            if re.search(r"(Error|Exception|Failure)$", name):
                subs = object.__getattribute__(self, "_subs")
                if name not in subs:
                    subs[name] = type(name, (Exception,), {"__doc__": full + " (missing)"})
                return subs[name]
            return _Missing(full, "trident's %s has no such name" % real.__name__)
        if isinstance(value, types.ModuleType) and \
                value.__name__.startswith("trident"):
            subs = object.__getattribute__(self, "_subs")
            if name not in subs:
                subs[name] = _ModuleProxy(value, "%s.%s" % (self._triton_name, name))
            return subs[name]
        return value

    def __setattr__(self, name, value):
        setattr(self._real, name, value)

    def __dir__(self):
        return dir(self._real)


def _cmodule(module, triton_module):
    """`import triton.X as name`: trident.X behind a _ModuleProxy."""
    return _ModuleProxy(importlib.import_module(module), triton_module)


def _cimport(module, names, triton_module):
    """The values of `names` from `module`, a placeholder for each one it
    lacks (an exception class for names of errors, which `except` and
    pytest.raises accept and trident never raises)."""
    try:
        mod = importlib.import_module(module)
        why = "trident's %s has no such name" % module
    except ImportError as e:
        mod, why = None, "no module %s: %s" % (module, e)
    out = []
    for name in names:
        if mod is not None and hasattr(mod, name):
            out.append(getattr(mod, name))
            continue
        if mod is not None:
            try:  # a submodule
                out.append(importlib.import_module(module + "." + name))
                continue
            except ImportError:
                pass
        full = "%s.%s" % (triton_module, name)
        if re.search(r"(Error|Exception|Failure)$", name):
            out.append(type(name, (Exception,), {"__doc__": full + " (missing)"}))
        else:
            out.append(_Missing(full, why))
    return tuple(out)


# --- targets ----------------------------------------------------------------

def is_interpreter():
    return False  # Trident has no interpreter mode


def get_current_target():
    return trident.runtime.driver.active.get_current_target()


def _backend():
    return get_current_target().backend


def is_cuda():
    return _backend() == "cuda"


def _major():
    return torch.cuda.get_device_capability()[0] if is_cuda() else 0


def is_ampere_or_newer():
    return _major() >= 8


def is_blackwell():
    return _major() == 10


def is_hopper_or_newer():
    return _major() >= 9


def is_hopper():
    return _major() == 9


def is_sm12x():
    return _major() == 12


def is_hip():
    return False


is_hip_cdna2 = is_hip_cdna3 = is_hip_cdna4 = is_hip
is_hip_gfx11 = is_hip_gfx12 = is_hip_gfx1250 = is_hip_cdna = is_hip


def get_hip_lds_size():
    return 65536


def is_xpu():
    return False


def get_arch():
    return str(get_current_target().arch)


# --- data -------------------------------------------------------------------

def numpy_random(shape, dtype_str, rs: Optional[RandomState] = None,
                 low=None, high=None):
    """Random data of `dtype_str` (never 0 for integers, so that division
    tests can divide); floats from N(0, 1), bfloat16 as float32 values with
    the low 16 bits clear, float8 as int8 bytes in [20, 40)."""
    if isinstance(shape, int):
        shape = (shape,)
    rs = RandomState(seed=17) if rs is None else rs
    if dtype_str in integral_dtypes:
        info = np.iinfo(getattr(np, dtype_str))
        lo = info.min if low is None else max(low, info.min)
        hi = info.max if high is None else min(high, info.max)
        x = rs.randint(lo, hi, shape, dtype=getattr(np, dtype_str))
        x[x == 0] = 1
        return x
    if dtype_str and 'float8' in dtype_str:
        return rs.randint(20, 40, shape, dtype=np.int8)
    if dtype_str in float_dtypes:
        return rs.normal(0, 1, shape).astype(dtype_str)
    if dtype_str == 'bfloat16':
        bits = rs.normal(0, 1, shape).astype('float32').view('uint32')
        return (bits & np.uint32(0xffff0000)).view('float32')
    if dtype_str in ('bool', 'int1', 'bool_'):
        return rs.normal(0, 1, shape) > 0.0
    raise RuntimeError('Unknown dtype %s' % dtype_str)


def _reinterpret(t, dtype):
    fn = getattr(trident, "reinterpret", None)
    if fn is None:
        raise MissingFeature("triton.reinterpret is missing (trident has "
                             "no reinterpret)")
    return fn(t, dtype)


def to_triton(x: np.ndarray, device, dst_type=None):
    """A tensor on `device` with x's values: unsigned arrays and float8 (as
    int8 bytes) reinterpreted to their dtype, float32 to bfloat16 when
    dst_type asks for it."""
    t = x.dtype.name
    if t in uint_dtypes:
        signed = x.astype(getattr(np, t[1:]))
        return _reinterpret(torch.tensor(signed, device=device), getattr(tl, t))
    if dst_type and 'float8' in dst_type:
        return _reinterpret(torch.tensor(x, device=device), getattr(tl, dst_type))
    if t == 'float32' and dst_type == 'bfloat16':
        return torch.tensor(x, device=device).bfloat16()
    return torch.tensor(x, device=device)


_CANONICAL = {'bool': 'int1', 'float8e4nv': 'float8e4nv',
              'float8_e4m3fn': 'float8e4nv', 'float8_e5m2': 'float8e5',
              'float8e5': 'float8e5', 'float8e4b15': 'float8e4b15',
              'float8e4b8': 'float8e4b8', 'float8e5b16': 'float8e5b16',
              'float8_e4m3fnuz': 'float8e4b8', 'float8_e5m2fnuz': 'float8e5b16'}


def str_to_triton_dtype(x: str):
    name = _CANONICAL.get(x, x)
    ty = getattr(tl, name, None)
    if not isinstance(ty, tl.dtype):
        raise MissingFeature("triton.language.%s is missing" % name)
    return ty


def _wrapper_type():
    jit = importlib.import_module("trident.runtime.jit")
    return getattr(jit, "TensorWrapper", ())


def torch_dtype_name(dtype) -> str:
    if isinstance(dtype, tl.dtype):
        return dtype.name
    if isinstance(dtype, torch.dtype):
        return re.match(r'^torch\.(\w+)$', str(dtype)).group(1)
    raise TypeError('not a triton or torch dtype: %s' % type(dtype))


def to_numpy(x):
    wrapper = _wrapper_type()
    if wrapper and isinstance(x, wrapper):
        return x.base.cpu().numpy().astype(getattr(np, torch_dtype_name(x.dtype)))
    if isinstance(x, torch.Tensor):
        if x.dtype is torch.bfloat16:
            return x.cpu().float().numpy()
        return x.cpu().numpy()
    raise ValueError("Not a triton-compatible tensor: %r" % (x,))


def unwrap_tensor(t):
    wrapper = _wrapper_type()
    return t.base if wrapper and isinstance(t, wrapper) else t


# --- features ---------------------------------------------------------------

def supports_tma(byval_only=False):
    # ptxas of CUDA 12.3 or later is what Trident needs anyway.
    return is_hopper_or_newer()


def supports_ws():
    return is_hopper_or_newer()


def tma_skip_msg(byval_only=False):
    if byval_only:
        return ("Requires __grid_constant__ TMA support (NVIDIA Hopper or "
                "higher, CUDA 12.0 or higher)")
    return "Requires advanced TMA support (NVIDIA Hopper or higher, CUDA 12.3 or higher)"


requires_tma = pytest.mark.skipif(not supports_tma(), reason=tma_skip_msg())


def default_alloc_fn(size: int, align: int, _):
    return torch.empty(size, dtype=torch.int8, device="cuda")


# --- triton._filecheck ------------------------------------------------------

def filecheck_test(fn):
    """Triton's FileCheck tests of its own IR: not applicable (the runner's
    rules say so from the source); the test fails if it runs anyway."""
    @functools.wraps(fn)
    def test():
        raise MissingFeature("FileCheck of Triton's MLIR is not applicable")
    return test


def run_filecheck_test(kernel):
    raise MissingFeature("FileCheck of Triton's MLIR is not applicable")


def run_parser(kernel, args=None, kwargs=None, target=None):
    """Runs the front end on `kernel` (a @jit function of no run-time
    arguments, as Triton's tests call it): its compile errors are raised as
    Triton's run_parser raises them."""
    return trident.compile(kernel, signature={}, target="cpu")


def _fresh_knobs_impl(skipped_attr=None):
    """(fresh, reset): Trident's knobs are read from the environment, so
    `fresh` clears the TRIDENT_/TRITON_ variables a test might have set and
    `reset` puts them back."""
    saved = {}

    def fresh():
        for k in list(os.environ):
            if k.startswith(("TRITON_", "TRIDENT_")) and k not in (
                    "TRIDENT_TARGET", "TRIDENT_LIBRARY", "TRIDENT_BUILD_DIR",
                    "TRIDENT_CACHE_DIR"):
                saved[k] = os.environ.pop(k)
        return trident.knobs

    def reset():
        os.environ.update(saved)
        # Hooks a test set through fresh_knobs.runtime do not outlive it.
        runtime = getattr(trident.knobs, "runtime", None)
        for hook in ("jit_cache_hook", "jit_post_compile_hook"):
            if runtime is not None and hasattr(runtime, hook):
                setattr(runtime, hook, None)
        # So do the language knobs it set (None: the environment's value).
        language = getattr(trident.knobs, "language", None)
        for name in getattr(language, "_KNOBS", ()):
            setattr(language, name, None)

    return fresh, reset

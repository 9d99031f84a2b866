"""tl.float8e4b8 and tl.float8e5b16 (the FNUZ fp8 formats: exponent bias
8 and 16, no infinities, no negative zero, 0x80 the only NaN): every code
converts to the float it names and back on the CPU target, floats round to
the nearest code (ties to even) and saturate; NVIDIA targets refuse them,
as Triton does, with the reason."""
import math

import numpy as np
import pytest
import torch

import trident
import trident.language as tl

FORMATS = {"float8e4b8": (3, 8), "float8e5b16": (2, 16)}


def decode(code, mantissa, bias):
    """The float that FNUZ code `code` names."""
    if code == 0x80:
        return math.nan
    sign = -1.0 if code & 0x80 else 1.0
    exp = (code & 0x7F) >> mantissa
    man = code & ((1 << mantissa) - 1)
    if exp == 0:
        return sign * man * 2.0 ** (1 - bias - mantissa)
    return sign * (1 + man / 2 ** mantissa) * 2.0 ** (exp - bias)


@trident.jit
def _upcast(src, dst, N: tl.constexpr):
    i = tl.arange(0, N)
    tl.store(dst + i, tl.load(src + i).to(tl.float32))


@trident.jit
def _downcast(src, dst, N: tl.constexpr):
    i = tl.arange(0, N)
    tl.store(dst + i, tl.load(src + i).to(dst.dtype.element_ty))


@pytest.mark.parametrize("name", sorted(FORMATS))
def test_every_code_upcasts(monkeypatch, name):
    monkeypatch.setenv("TRIDENT_TARGET", "cpu")
    dtype = getattr(tl, name)
    codes = np.arange(256, dtype=np.uint8)
    out = np.zeros(256, np.float32)
    _upcast[(1, )](trident.reinterpret(torch.from_numpy(codes), dtype), out,
                   N=256)
    want = np.array([decode(c, *FORMATS[name]) for c in range(256)],
                    np.float32)
    np.testing.assert_array_equal(out, want)  # (NaN == NaN here)
    assert math.isnan(out[0x80]) and not np.isinf(out).any()


@pytest.mark.parametrize("name", sorted(FORMATS))
def test_floats_round_to_the_nearest_code(monkeypatch, name):
    monkeypatch.setenv("TRIDENT_TARGET", "cpu")
    dtype = getattr(tl, name)
    mantissa, bias = FORMATS[name]
    values = np.array([decode(c, mantissa, bias) for c in range(256)
                       if c != 0x80], np.float64)
    # Each code's value, the midpoints (ties to the even code), values
    # just off the midpoints, -0.0, beyond the largest finite, inf, NaN.
    finite = np.sort(np.unique(values))
    mids = (finite[:-1] + finite[1:]) / 2
    inputs = np.concatenate([finite, mids, mids * (1 + 2 ** -20),
                             mids * (1 - 2 ** -20), [-0.0, 1e30, -1e30,
                                                     np.inf, -np.inf,
                                                     np.nan]])
    inputs = inputs.astype(np.float32)
    n = 1024
    src = np.zeros(n, np.float32)
    src[:len(inputs)] = inputs
    out = np.zeros(n, np.uint8)
    _downcast[(1, )](src, trident.reinterpret(torch.from_numpy(out), dtype),
                     N=n)
    top = finite.max()
    for x, code in zip(src[:len(inputs)], out[:len(inputs)]):
        got = decode(int(code), mantissa, bias)
        if math.isnan(x):
            assert code == 0x80
            continue
        if x == 0:
            assert code == 0x00  # no negative zero
            continue
        if abs(x) >= top:
            assert got == math.copysign(top, x), (x, code)  # saturates
            continue
        # the nearest code; at a tie, the even one
        diffs = np.abs(finite - float(x))
        best = finite[diffs == diffs.min()]
        assert got in best, (x, code, best)
        if len(best) == 2:
            assert int(code) % 2 == 0, (x, code)


def test_nvidia_targets_refuse_them():
    for name in FORMATS:
        with pytest.raises(trident.CompilationError,
                           match="type fp8e%s is not supported in this "
                                 "architecture" % name[7:]):
            trident.compile(_upcast, signature={"src": "*" + name,
                                                "dst": "*fp32"},
                            constexprs={"N": 128}, target="cuda:90a")

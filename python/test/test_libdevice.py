"""libdevice functions that are compositions of core ops (bit reversal, byte
permutation, ldexp, exp10, hypot, ilogb, logb): the CPU target against
numpy/Python references, and the sm_90a cubin."""
import math

import numpy as np
import pytest

import trident
import trident.language as tl
from trident.language.extra.cuda import libdevice


@trident.jit
def unary_kernel(x_ptr, out_ptr, n, OP: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, m)
    if OP == "brev":
        y = libdevice.brev(x)
    elif OP == "exp10":
        y = libdevice.exp10(x)
    elif OP == "ilogb":
        y = libdevice.ilogb(x)
    else:
        y = libdevice.logb(x)
    tl.store(out_ptr + offs, y, m)


@trident.jit
def binary_kernel(x_ptr, y_ptr, s_ptr, out_ptr, n, OP: tl.constexpr,
                  BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, m)
    y = tl.load(y_ptr + offs, m)
    if OP == "byte_perm":
        r = libdevice.byte_perm(x, y, tl.load(s_ptr + offs, m))
    elif OP == "ldexp":
        r = libdevice.ldexp(x, tl.load(s_ptr + offs, m))
    else:
        r = libdevice.hypot(x, y)
    tl.store(out_ptr + offs, r, m)


def _brev(v, bits):
    return int(format(v & ((1 << bits) - 1), "0%db" % bits)[::-1], 2)


@pytest.mark.parametrize("dtype", ["int32", "uint32", "int64"])
def test_brev(dtype, rng, compile_sm90):
    info = np.iinfo(dtype)
    x = rng.integers(info.min, info.max, 64, dtype=dtype, endpoint=True)
    out = np.zeros_like(x)
    unary_kernel[(1,)](x, out, 64, OP="brev", BLOCK=64)
    bits = np.dtype(dtype).itemsize * 8
    ref = np.array([_brev(int(v), bits) for v in x], dtype=np.uint64) \
        .astype(np.dtype(dtype).str.replace("i", "u")).view(dtype)
    np.testing.assert_array_equal(out, ref)
    sig = "*i64" if dtype == "int64" else "*" + {"int32": "i32",
                                                 "uint32": "u32"}[dtype]
    compile_sm90(unary_kernel, {"x_ptr": sig, "out_ptr": sig, "n": "i32"},
                 {"OP": "brev", "BLOCK": 64})


def _byte_perm(x, y, s):
    both = ((y & 0xFFFFFFFF) << 32) | (x & 0xFFFFFFFF)
    out = 0
    for i in range(4):
        idx = (s >> (4 * i)) & 7
        out |= ((both >> (8 * idx)) & 0xFF) << (8 * i)
    return out


def test_byte_perm(rng, compile_sm90):
    x = rng.integers(-2 ** 31, 2 ** 31 - 1, 64, dtype=np.int32)
    y = rng.integers(-2 ** 31, 2 ** 31 - 1, 64, dtype=np.int32)
    s = rng.integers(0, 2 ** 16, 64, dtype=np.int32)
    s[:3] = [0x3210, 0x7654, 0x0123]
    out = np.zeros(64, np.int32)
    binary_kernel[(1,)](x, y, s, out, 64, OP="byte_perm", BLOCK=64)
    ref = np.array([_byte_perm(int(a), int(b), int(c))
                    for a, b, c in zip(x, y, s)], np.uint32).view(np.int32)
    np.testing.assert_array_equal(out, ref)
    assert out[0] == x[0] and out[1] == y[1]
    compile_sm90(binary_kernel, {"x_ptr": "*i32", "y_ptr": "*i32",
                                 "s_ptr": "*i32", "out_ptr": "*i32",
                                 "n": "i32"}, {"OP": "byte_perm", "BLOCK": 64})


def test_ldexp_and_hypot(rng, compile_sm90):
    x = (rng.standard_normal(64) * 10).astype(np.float32)
    y = (rng.standard_normal(64) * 10).astype(np.float32)
    e = rng.integers(-20, 20, 64, dtype=np.int32)
    out = np.zeros(64, np.float32)
    binary_kernel[(1,)](x, y, e, out, 64, OP="ldexp", BLOCK=64)
    np.testing.assert_array_equal(out, np.ldexp(x, e))
    y[:2] = [3e38, 0.0]
    x[:2] = [3e38, 0.0]
    binary_kernel[(1,)](x, y, e, out, 64, OP="hypot", BLOCK=64)
    ref = np.hypot(x.astype(np.float64), y.astype(np.float64))
    np.testing.assert_allclose(out[2:], ref[2:], rtol=2e-7)
    # 3e38 and 3e38: no overflow on the way, only the float32 result
    # (4.2e38) is out of range; hypot(0, 0) is 0, not NaN.
    assert np.isinf(out[0]) and np.isfinite(ref[0])
    assert out[1] == 0.0
    for op in ("ldexp", "hypot"):
        compile_sm90(binary_kernel, {"x_ptr": "*fp32", "y_ptr": "*fp32",
                                     "s_ptr": "*i32", "out_ptr": "*fp32",
                                     "n": "i32"}, {"OP": op, "BLOCK": 64})


def test_exp10(rng, compile_sm90):
    x = rng.uniform(-30, 30, 64).astype(np.float32)
    out = np.zeros(64, np.float32)
    unary_kernel[(1,)](x, out, 64, OP="exp10", BLOCK=64)
    np.testing.assert_allclose(out, 10.0 ** x.astype(np.float64), rtol=2e-5)
    compile_sm90(unary_kernel, {"x_ptr": "*fp32", "out_ptr": "*fp32",
                                "n": "i32"}, {"OP": "exp10", "BLOCK": 64})


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_ilogb_logb(dtype, rng, compile_sm90):
    x = (rng.standard_normal(64) * 1e3).astype(dtype)
    tiny = np.finfo(dtype).smallest_subnormal
    x[:6] = [0.0, tiny, -tiny * 3, np.inf, np.nan, -8.0]
    out = np.zeros(64, np.int32)
    unary_kernel[(1,)](x, out, 64, OP="ilogb", BLOCK=64)
    ref = []
    for v in x:
        if v == 0:
            ref.append(-2 ** 31)
        elif not math.isfinite(v):
            ref.append(2 ** 31 - 1)
        else:
            ref.append(math.frexp(float(v))[1] - 1)
    np.testing.assert_array_equal(out, np.array(ref, np.int32))
    fout = np.zeros(64, dtype)
    unary_kernel[(1,)](x, fout, 64, OP="logb", BLOCK=64)
    fref = np.array([-np.inf if v == 0 else (np.inf if np.isinf(v) else (
        np.nan if np.isnan(v) else math.frexp(float(v))[1] - 1)) for v in x],
        dtype)
    np.testing.assert_array_equal(fout, fref)
    t = "*fp32" if dtype == "float32" else "*fp64"
    compile_sm90(unary_kernel, {"x_ptr": t, "out_ptr": "*i32", "n": "i32"},
                 {"OP": "ilogb", "BLOCK": 64})

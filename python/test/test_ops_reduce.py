"""Reductions and scans: tl.sum/max/min/argmax/argmin over each axis and
the whole tile (keep_dims, ties toward the lower index), tl.reduce with a
@jit combine function (one and two inputs), tl.xor_sum, tensor methods,
tl.cumsum/cumprod and tl.associative_scan (reverse too). Every kernel runs
on the CPU target against numpy (float64 or exact integers) and builds a
cubin for sm_90a."""
import numpy as np
import pytest

import trident
import trident.language as tl

M, N = 16, 32

_SIG = {"float32": "fp32", "float16": "fp16", "float64": "fp64",
        "int32": "i32", "int8": "i8", "int64": "i64", "uint32": "u32",
        "uint8": "u8", "int16": "i16"}


@trident.jit
def reduce_kernel(x_ptr, out_ptr, OP: tl.constexpr, AXIS: tl.constexpr,
                  KEEP: tl.constexpr, BM: tl.constexpr, BN: tl.constexpr):
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    x = tl.load(x_ptr + rm[:, None] * BN + rn[None, :])
    if OP == "sum":
        r = tl.sum(x, axis=AXIS, keep_dims=KEEP)
    elif OP == "max":
        r = tl.max(x, axis=AXIS, keep_dims=KEEP)
    elif OP == "min":
        r = tl.min(x, axis=AXIS, keep_dims=KEEP)
    elif OP == "argmax":
        r = tl.argmax(x, axis=AXIS, keep_dims=KEEP)
    elif OP == "argmin":
        r = tl.argmin(x, axis=AXIS, keep_dims=KEEP)
    elif OP == "xor_sum":
        r = tl.xor_sum(x, axis=AXIS, keep_dims=KEEP)
    elif OP == "method_sum":
        r = x.sum(axis=AXIS, keep_dims=KEEP)
    elif OP == "method_max":
        r = x.max(axis=AXIS, keep_dims=KEEP)
    else:
        r = x.argmin(axis=AXIS, keep_dims=KEEP)
    # Store the result, whatever its shape, as a row-major block.
    if AXIS is None:
        if KEEP:
            tl.store(out_ptr + tl.arange(0, 1)[:, None] +
                     tl.arange(0, 1)[None, :], r)
        else:
            tl.store(out_ptr, r)
    elif AXIS == 0:
        if KEEP:
            tl.store(out_ptr + tl.arange(0, 1)[:, None] + rn[None, :], r)
        else:
            tl.store(out_ptr + rn, r)
    else:
        if KEEP:
            tl.store(out_ptr + rm[:, None] + tl.arange(0, 1)[None, :], r)
        else:
            tl.store(out_ptr + rm, r)


_NP = {"sum": np.sum, "max": np.max, "min": np.min, "argmax": np.argmax,
       "argmin": np.argmin, "xor_sum": np.bitwise_xor.reduce,
       "method_sum": np.sum, "method_max": np.max, "method_argmin": np.argmin}


def _run_reduce(x, op, axis, keep, out_dtype):
    out = np.full(M * N, 111, out_dtype)
    meta = dict(OP=op, AXIS=axis, KEEP=keep, BM=M, BN=N)
    reduce_kernel[(1,)](x, out, **meta)
    if op == "xor_sum":
        ref = (np.bitwise_xor.reduce(x.ravel()) if axis is None else
               np.bitwise_xor.reduce(x, axis=axis))
        if keep:
            ref = np.asarray(ref).reshape([1, 1] if axis is None else
                                          np.expand_dims(ref, axis).shape)
    elif op in ("argmax", "argmin", "method_argmin"):
        ref = _NP[op](x, axis=axis, keepdims=keep)
    else:
        x64 = x.astype(np.int64 if x.dtype.kind in "iu" else np.float64)
        ref = _NP[op](x64, axis=axis, keepdims=keep)
    ref = np.asarray(ref)
    got = out[:ref.size].reshape(ref.shape)
    return got, ref, meta


@pytest.mark.parametrize("axis", [0, 1, None])
@pytest.mark.parametrize("keep", [False, True])
@pytest.mark.parametrize("op", ["sum", "max", "min", "method_sum",
                                "method_max"])
def test_reduce_float32(rng, compile_sm90, op, axis, keep):
    x = rng.standard_normal((M, N)).astype(np.float32)
    got, ref, meta = _run_reduce(x, op, axis, keep, np.float32)
    np.testing.assert_allclose(got, ref, rtol=1e-5, atol=1e-5)
    compile_sm90(reduce_kernel, {"x_ptr": "*fp32", "out_ptr": "*fp32"}, meta)


@pytest.mark.parametrize("axis", [0, 1, None])
@pytest.mark.parametrize("dtype", ["int32", "int8", "uint32", "int64"])
@pytest.mark.parametrize("op", ["sum", "max", "min", "xor_sum"])
def test_reduce_int(rng, compile_sm90, op, axis, dtype):
    info = np.iinfo(dtype)
    lo, hi = (max(info.min, -1000), min(info.max, 1000)) if op == "sum" \
        else (info.min, info.max)
    x = rng.integers(lo, hi, (M, N), dtype=dtype, endpoint=True)
    # tl.sum promotes narrow integers to 32 bits (as Triton does).
    out_dtype = {"int8": "int32"}.get(dtype, dtype) if op == "sum" else dtype
    if op in ("max", "min") and dtype == "int8":
        out_dtype = "int32"
    got, ref, meta = _run_reduce(x, op, axis, False, out_dtype)
    if op == "sum":  # wraps modulo 2^bits like the kernel
        ref = ref.astype(out_dtype)
    np.testing.assert_array_equal(got, ref)
    compile_sm90(reduce_kernel, {"x_ptr": "*" + _SIG[dtype],
                                 "out_ptr": "*" + _SIG[out_dtype]}, meta)


@pytest.mark.parametrize("axis", [0, 1, None])
@pytest.mark.parametrize("keep", [False, True])
@pytest.mark.parametrize("op", ["argmax", "argmin", "method_argmin"])
def test_argmax_argmin_ties(rng, compile_sm90, op, axis, keep):
    # Few distinct values: many ties, which go to the lower index.
    x = rng.integers(0, 4, (M, N)).astype(np.float32)
    got, ref, meta = _run_reduce(x, op, axis, keep, np.int32)
    np.testing.assert_array_equal(got, ref)
    compile_sm90(reduce_kernel, {"x_ptr": "*fp32", "out_ptr": "*i32"}, meta)


def test_argmax_int_and_negative(rng, compile_sm90):
    x = rng.integers(-3, 3, (M, N)).astype(np.int32)
    for op in ("argmax", "argmin"):
        got, ref, meta = _run_reduce(x, op, 1, False, np.int32)
        np.testing.assert_array_equal(got, ref)
        compile_sm90(reduce_kernel, {"x_ptr": "*i32", "out_ptr": "*i32"},
                     meta)


def test_reduce_float16_sum(rng, compile_sm90):
    x = (rng.standard_normal((M, N)) * 0.25).astype(np.float16)
    got, ref, meta = _run_reduce(x, "sum", 1, False, np.float16)
    np.testing.assert_allclose(got.astype(np.float64), ref, rtol=1e-2,
                               atol=2e-2)
    compile_sm90(reduce_kernel, {"x_ptr": "*fp16", "out_ptr": "*fp16"}, meta)


@trident.jit
def masked_row_max_kernel(x_ptr, out_ptr, n, stride, BLOCK: tl.constexpr):
    # A ragged row: the masked-off lanes read -inf.
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + row * stride + offs, mask=offs < n,
                other=-float("inf"))
    tl.store(out_ptr + row, tl.max(x, axis=0))


def test_masked_reduce(rng, compile_sm90):
    rows, n = 7, 100
    x = (rng.standard_normal((rows, n)) - 5).astype(np.float32)
    out = np.zeros(rows, np.float32)
    masked_row_max_kernel[(rows,)](x, out, n, n, BLOCK=128)
    np.testing.assert_array_equal(out, x.max(1))
    compile_sm90(masked_row_max_kernel, {"x_ptr": "*fp32", "out_ptr": "*fp32",
                                         "n": "i32", "stride": "i32"},
                 {"BLOCK": 128})


# ---------------------------------------------------------------------------
# tl.reduce with user combine functions
# ---------------------------------------------------------------------------


@trident.jit
def _sum_of_squares_like(a, b):
    # Not the plain sum: max of the absolute values.
    return tl.maximum(tl.abs(a), tl.abs(b))


@trident.jit
def _min_with_index(v1, i1, v2, i2):
    lt = (v1 < v2) | ((v1 == v2) & (i1 < i2))
    return tl.where(lt, v1, v2), tl.where(lt, i1, i2)


@trident.jit
def user_reduce_kernel(x_ptr, absmax_ptr, minv_ptr, mini_ptr,
                       BM: tl.constexpr, BN: tl.constexpr):
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    x = tl.load(x_ptr + rm[:, None] * BN + rn[None, :])
    tl.store(absmax_ptr + rm, tl.reduce(x, 1, _sum_of_squares_like))
    idx = tl.broadcast_to(rm[:, None], (BM, BN))
    v, i = tl.reduce((x, idx), 0, _min_with_index)
    tl.store(minv_ptr + rn, v)
    tl.store(mini_ptr + rn, i)
    # The whole tile, keep_dims: a 1x1 result.
    whole = tl.reduce(x, None, _sum_of_squares_like, keep_dims=True)
    tl.store(absmax_ptr + BM + tl.arange(0, 1)[:, None] +
             tl.arange(0, 1)[None, :], whole)


def test_reduce_user_combine(rng, compile_sm90):
    x = rng.integers(-5, 5, (M, N)).astype(np.float32)
    absmax = np.zeros(M + 1, np.float32)
    minv = np.zeros(N, np.float32)
    mini = np.zeros(N, np.int32)
    user_reduce_kernel[(1,)](x, absmax, minv, mini, BM=M, BN=N)
    np.testing.assert_array_equal(absmax[:M], np.abs(x).max(1))
    assert absmax[M] == np.abs(x).max()
    np.testing.assert_array_equal(minv, x.min(0))
    np.testing.assert_array_equal(mini, x.argmin(0))
    compile_sm90(user_reduce_kernel, {"x_ptr": "*fp32", "absmax_ptr": "*fp32",
                                      "minv_ptr": "*fp32",
                                      "mini_ptr": "*i32"},
                 {"BM": M, "BN": N})


@trident.jit
def _mul_combine(a, b):
    return a * b


@trident.jit
def product_kernel(x_ptr, out_ptr, BLOCK: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, BLOCK))
    tl.store(out_ptr, tl.reduce(x, 0, _mul_combine))


def test_reduce_product_int64(compile_sm90):
    x = np.array([1, 2, 3, -1, 5, 1, 1, 7] * 4, np.int64)
    out = np.zeros(1, np.int64)
    product_kernel[(1,)](x, out, BLOCK=32)
    assert out[0] == np.prod(x)
    compile_sm90(product_kernel, {"x_ptr": "*i64", "out_ptr": "*i64"},
                 {"BLOCK": 32})


# ---------------------------------------------------------------------------
# Scans
# ---------------------------------------------------------------------------


@trident.jit
def scan_kernel(x_ptr, out_ptr, OP: tl.constexpr, AXIS: tl.constexpr,
                REVERSE: tl.constexpr, BM: tl.constexpr, BN: tl.constexpr):
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    offs = rm[:, None] * BN + rn[None, :]
    x = tl.load(x_ptr + offs)
    if OP == "cumsum":
        r = tl.cumsum(x, axis=AXIS, reverse=REVERSE)
    elif OP == "cumprod":
        r = tl.cumprod(x, axis=AXIS, reverse=REVERSE)
    elif OP == "max":
        r = tl.associative_scan(x, AXIS, _running_max, reverse=REVERSE)
    else:
        r = x.cumsum(AXIS)
    tl.store(out_ptr + offs, r)


@trident.jit
def _running_max(a, b):
    return tl.maximum(a, b)


def _np_scan(x, op, axis, reverse):
    if reverse:
        x = np.flip(x, axis)
    if op in ("cumsum", "method"):
        r = np.cumsum(x, axis=axis)
    elif op == "cumprod":
        r = np.cumprod(x, axis=axis)
    else:
        r = np.maximum.accumulate(x, axis=axis)
    return np.flip(r, axis) if reverse else r


@pytest.mark.parametrize("reverse", [False, True])
@pytest.mark.parametrize("axis", [0, 1])
@pytest.mark.parametrize("op", ["cumsum", "cumprod", "max", "method"])
def test_scan_float32(rng, compile_sm90, op, axis, reverse):
    if op == "method" and reverse:
        reverse = False
    if op == "cumprod":  # values near 1 keep the products in range
        x = rng.uniform(0.8, 1.25, (M, N)).astype(np.float32)
    else:
        x = rng.standard_normal((M, N)).astype(np.float32)
    out = np.zeros((M, N), np.float32)
    meta = dict(OP=op, AXIS=axis, REVERSE=reverse, BM=M, BN=N)
    scan_kernel[(1,)](x, out, **meta)
    ref = _np_scan(x.astype(np.float64), op, axis, reverse)
    np.testing.assert_allclose(out, ref, rtol=1e-5, atol=1e-5)
    compile_sm90(scan_kernel, {"x_ptr": "*fp32", "out_ptr": "*fp32"}, meta)


@pytest.mark.parametrize("reverse", [False, True])
@pytest.mark.parametrize("op", ["cumsum", "cumprod", "max"])
def test_scan_int32(rng, compile_sm90, op, reverse):
    x = rng.integers(-3, 4, (M, N)).astype(np.int32)
    out = np.zeros((M, N), np.int32)
    meta = dict(OP=op, AXIS=1, REVERSE=reverse, BM=M, BN=N)
    scan_kernel[(1,)](x, out, **meta)
    # Products wrap modulo 2^32 as the kernel's do.
    ref = _np_scan(x.astype(np.int64), op, 1, reverse)
    np.testing.assert_array_equal(out, ref.astype(np.int32))
    compile_sm90(scan_kernel, {"x_ptr": "*i32", "out_ptr": "*i32"}, meta)


@trident.jit
def _pair_scan(v1, c1, v2, c2):
    # A segmented sum: a flag (c) restarts the running sum.
    return tl.where(c2 != 0, v2, v1 + v2), c1 | c2


@trident.jit
def segmented_scan_kernel(x_ptr, flag_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    f = tl.load(flag_ptr + offs)
    s, _ = tl.associative_scan((x, f), 0, _pair_scan)
    tl.store(out_ptr + offs, s)


def test_associative_scan_tuple(rng, compile_sm90):
    n = 128
    x = rng.integers(-10, 10, n).astype(np.int32)
    f = (rng.random(n) < 0.1).astype(np.int32)
    f[0] = 1
    out = np.zeros(n, np.int32)
    segmented_scan_kernel[(1,)](x, f, out, BLOCK=n)
    ref = np.zeros(n, np.int64)
    for i in range(n):
        ref[i] = x[i] if f[i] or i == 0 else ref[i - 1] + x[i]
    np.testing.assert_array_equal(out, ref)
    compile_sm90(segmented_scan_kernel, {"x_ptr": "*i32", "flag_ptr": "*i32",
                                         "out_ptr": "*i32"}, {"BLOCK": n})


@trident.jit
def cumsum_1d_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0)
    tl.store(out_ptr + offs, tl.cumsum(x, 0), mask=offs < n)
    tl.store(out_ptr + n, tl.sum(x, 0))


def test_cumsum_int8_promotes(compile_sm90):
    # int8 inputs scan in int32 (no wrap at 127).
    n = 200
    x = np.full(n, 100, np.int8)
    out = np.zeros(n + 1, np.int32)
    cumsum_1d_kernel[(1,)](x, out, n, BLOCK=256)
    np.testing.assert_array_equal(out[:n], np.cumsum(x.astype(np.int64)))
    assert out[n] == 100 * n
    compile_sm90(cumsum_1d_kernel, {"x_ptr": "*i8", "out_ptr": "*i32",
                                    "n": "i32"}, {"BLOCK": 256})

"""tl.flip, tl.sort, tl.topk and tl.bitonic_merge on the CPU target against
numpy (ints and floats, both directions, every dim flip allows, NaN and
inf kept bit for bit by flip), their errors, and cubins for sm_90a."""
import numpy as np
import pytest

import trident
import trident.language as tl

_SIG = {"float32": "fp32", "float16": "fp16", "int32": "i32",
        "int8": "i8", "int64": "i64", "uint16": "u16"}


@trident.jit
def flip3_kernel(x_ptr, z_ptr, A: tl.constexpr, B: tl.constexpr,
                 C: tl.constexpr, DIM: tl.constexpr):
    off = (tl.arange(0, A)[:, None, None] * B * C
           + tl.arange(0, B)[None, :, None] * C
           + tl.arange(0, C)[None, None, :])
    x = tl.load(x_ptr + off)
    if DIM == "none":
        z = tl.flip(x)
    else:
        z = x.flip(DIM)
    tl.store(z_ptr + off, z)


@trident.jit
def sort_kernel(x_ptr, z_ptr, M: tl.constexpr, N: tl.constexpr,
                K: tl.constexpr, OP: tl.constexpr, DESC: tl.constexpr):
    rm = tl.arange(0, M)
    x = tl.load(x_ptr + rm[:, None] * N + tl.arange(0, N)[None, :])
    if OP == "sort":
        z = tl.sort(x, descending=DESC)
    elif OP == "sort_dim":
        z = tl.sort(x, 1, DESC)
    elif OP == "method":
        z = x.sort(descending=DESC)
    elif OP == "topk":
        z = tl.topk(x, K)
    else:
        z = x.topk(K, dim=-1)
    tl.store(z_ptr + rm[:, None] * K + tl.arange(0, K)[None, :], z)


@trident.jit
def merge_kernel(x_ptr, z_ptr, N: tl.constexpr, DESC: tl.constexpr):
    r = tl.arange(0, N)
    tl.store(z_ptr + r, tl.bitonic_merge(tl.load(x_ptr + r), descending=DESC))


def _data(rng, shape, dtype):
    if np.dtype(dtype).kind == "f":
        return rng.standard_normal(shape).astype(dtype)
    info = np.iinfo(dtype)
    # small range: many ties
    lo, hi = (max(info.min, -50), min(info.max, 50))
    return rng.integers(lo, hi, shape).astype(dtype)


@pytest.mark.parametrize("shape", [(1, 16, 64), (8, 2, 4)])
@pytest.mark.parametrize("dtype", ["int32", "float16", "int8"])
@pytest.mark.parametrize("dim", [0, 1, 2, -3, "none"])
def test_flip(rng, shape, dtype, dim):
    x = _data(rng, shape, dtype)
    z = np.zeros_like(x)
    flip3_kernel[(1,)](x, z, *shape, dim)
    want = np.flip(x, 2 if dim == "none" else dim)
    np.testing.assert_array_equal(z, want)


def test_flip_keeps_bits(rng):
    # inf, -0.0 and NaN payloads come back as they were (xor swap on bits)
    x = rng.standard_normal((1, 4, 8)).astype(np.float32)
    x[0, 0, :4] = [np.inf, -np.inf, -0.0, np.nan]
    z = np.zeros_like(x)
    flip3_kernel[(1,)](x, z, 1, 4, 8, 2)
    np.testing.assert_array_equal(z.view(np.int32),
                                  np.flip(x, 2).view(np.int32))


@pytest.mark.parametrize("M, N", [(1, 1), (1, 128), (16, 32)])
@pytest.mark.parametrize("dtype", ["int32", "float16", "float32", "uint16"])
@pytest.mark.parametrize("desc", [False, True])
def test_sort(rng, M, N, dtype, desc):
    x = _data(rng, (M, N), dtype)
    z = np.zeros_like(x)
    sort_kernel[(1,)](x, z, M, N, N, "sort", desc)
    want = np.sort(x, axis=1)
    np.testing.assert_array_equal(z, want[:, ::-1] if desc else want)


@pytest.mark.parametrize("op", ["sort_dim", "method"])
def test_sort_spellings(rng, op):
    x = _data(rng, (4, 32), "float32")
    z = np.zeros_like(x)
    sort_kernel[(1,)](x, z, 4, 32, 32, op, True)
    np.testing.assert_array_equal(z, np.sort(x, axis=1)[:, ::-1])


@pytest.mark.parametrize("M, N, K", [(1, 512, 8), (16, 32, 32), (4, 8, 1)])
@pytest.mark.parametrize("dtype", ["int32", "float16", "int8"])
def test_topk(rng, M, N, K, dtype):
    x = _data(rng, (M, N), dtype)
    z = np.zeros((M, K), dtype)
    sort_kernel[(1,)](x, z, M, N, K, "topk", True)
    np.testing.assert_array_equal(z, np.sort(x, axis=1)[:, ::-1][:, :K])


def test_topk_method(rng):
    x = _data(rng, (4, 32), "int32")
    z = np.zeros((4, 8), np.int32)
    sort_kernel[(1,)](x, z, 4, 32, 8, "topk_method", True)
    np.testing.assert_array_equal(z, np.sort(x, axis=1)[:, ::-1][:, :8])


@pytest.mark.parametrize("desc", [False, True])
def test_bitonic_merge(rng, desc):
    # an ascending half then a descending half merge into one sorted run
    a = np.sort(rng.standard_normal(16).astype(np.float32))
    x = np.concatenate([a, np.sort(rng.standard_normal(16))[::-1]
                        .astype(np.float32)])
    z = np.zeros_like(x)
    merge_kernel[(1,)](x, z, 32, desc)
    want = np.sort(x)
    np.testing.assert_array_equal(z, want[::-1] if desc else want)


@trident.jit
def bad_kernel(x_ptr, z_ptr, OP: tl.constexpr):
    r = tl.arange(0, 8)
    x = tl.load(x_ptr + r[:, None] * 8 + r[None, :])
    if OP == "sort_dim0":
        z = tl.sort(x, 0)
    elif OP == "flip_dim":
        z = tl.flip(x, 2)
    elif OP == "topk_big":
        z = tl.topk(x, 16)
    elif OP == "topk_odd":
        z = tl.topk(x, 3)
    else:
        z = tl.flip(tl.load(x_ptr))
    tl.store(z_ptr + r[:, None] * 8 + r[None, :], z)


@pytest.mark.parametrize("op, msg", [
    ("sort_dim0", "only the last dimension"),
    ("flip_dim", "dim 2 is out of range"),
    ("topk_big", "k=16 exceeds the size 8"),
    ("topk_odd", "k must be a power of two, got 3"),
    ("flip_scalar", "tl.flip needs a tensor"),
])
def test_errors(op, msg):
    x = np.zeros(64, np.float32)
    with pytest.raises(Exception, match=msg):
        bad_kernel[(1,)](x, np.zeros_like(x), op)


@pytest.mark.parametrize("dtype", ["float32", "float16", "int32"])
def test_compile_sm90(compile_sm90, dtype):
    t = "*" + _SIG[dtype]
    sig = {"x_ptr": t, "z_ptr": t}
    compile_sm90(sort_kernel, sig, {"M": 8, "N": 64, "K": 64, "OP": "sort",
                                    "DESC": True})
    compile_sm90(sort_kernel, sig, {"M": 8, "N": 64, "K": 8, "OP": "topk",
                                    "DESC": True})
    compile_sm90(flip3_kernel, sig, {"A": 2, "B": 16, "C": 8, "DIM": 1})

"""tl.map_elementwise: a @jit scalar function applied element by element
(Triton 3.6's test_map_elementwise, _multiple_outputs and _pack cases, a
float function with a loop, broadcast arguments), run on the CPU target
against numpy; the same kernels built for sm_90a through ptxas; and the
errors for misuse, which name the user's line."""
import os

import numpy as np
import pytest

import trident
import trident.language as tl

THIS_FILE = os.path.abspath(__file__)


@trident.jit
def compare(x, y):
    if x < y:
        return -1
    elif x == y:
        return 0
    else:
        return 1


@trident.jit
def compare_kernel(X, Y, Z, BLOCK: tl.constexpr):
    x = tl.load(X + tl.arange(0, BLOCK))
    y = tl.load(Y + tl.arange(0, BLOCK))
    z = tl.map_elementwise(compare, x, y)
    tl.store(Z + tl.arange(0, BLOCK), z)


def test_compare_if_elif_else(rng):
    x = rng.integers(-5, 5, 128).astype(np.int32)
    y = rng.integers(-5, 5, 128).astype(np.int32)
    z = np.full(128, 7, np.int32)
    compare_kernel[(1,)](x, y, z, BLOCK=128)
    ref = (x > y).astype(np.int32) - (y > x).astype(np.int32)
    np.testing.assert_equal(z, ref)
    assert set(np.unique(z)) == {-1, 0, 1}


@trident.jit
def divmod_fn(a, b):
    return a // b, a % b


@trident.jit
def divmod_kernel(A, B, C, D, BLOCK: tl.constexpr):
    a = tl.load(A + tl.arange(0, BLOCK))
    b = tl.load(B + tl.arange(0, BLOCK))
    c, d = tl.map_elementwise(divmod_fn, a, b)
    tl.store(C + tl.arange(0, BLOCK), c)
    tl.store(D + tl.arange(0, BLOCK), d)


@trident.jit
def divmod_pack_fn(a0, a1, b0, b1):
    return a0 // b0, a1 // b1, a0 % b0, a1 % b1


@trident.jit
def divmod_pack_kernel(A, B, C, D, BLOCK: tl.constexpr):
    a = tl.load(A + tl.arange(0, BLOCK))
    b = tl.load(B + tl.arange(0, BLOCK))
    c, d = tl.map_elementwise(divmod_pack_fn, a, b, pack=2)
    tl.store(C + tl.arange(0, BLOCK), c)
    tl.store(D + tl.arange(0, BLOCK), d)


@pytest.mark.parametrize("kernel", [divmod_kernel, divmod_pack_kernel])
def test_divmod_uint32(kernel, rng):
    # Values above 2**31: an unsigned division (a signed one differs).
    a = rng.integers(0, 2**32, 512, dtype=np.uint64).astype(np.uint32)
    b = rng.integers(1, 2**32, 512, dtype=np.uint64).astype(np.uint32)
    b[:64] = rng.integers(1, 100, 64).astype(np.uint32)
    c = np.zeros(512, np.uint32)
    d = np.zeros(512, np.uint32)
    kernel[(1,)](a, b, c, d, BLOCK=512)
    np.testing.assert_equal(c, a // b)
    np.testing.assert_equal(d, a % b)


@trident.jit
def swap_pack_fn(a0, a1):
    # Which element is which matters: a wrong order swaps them.
    return a0 * 10 + 1, a1 * 10 + 2


@trident.jit
def swap_pack_kernel(A, C, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    c = tl.map_elementwise(swap_pack_fn, tl.load(A + offs), pack=2)
    tl.store(C + offs, c)


def test_pack_order():
    a = np.arange(16, dtype=np.int32)
    c = np.zeros(16, np.int32)
    swap_pack_kernel[(1,)](a, c, BLOCK=16)
    np.testing.assert_equal(c, a * 10 + 1 + (a % 2))


@trident.jit
def poly_clamp(x, k):
    # Horner's rule for 1 + x + x^2 + ... (k terms), then a run-time
    # branch on the argument.
    acc = 0.0
    for i in range(k):
        acc = acc * x + 1.0
    if x < 0:
        return -acc, x.to(tl.int32)
    return acc, (x * 2).to(tl.int32)


@trident.jit
def float_kernel(X, Y, I, K, BM: tl.constexpr, BN: tl.constexpr):
    offs = tl.arange(0, BM)[:, None] * BN + tl.arange(0, BN)[None, :]
    x = tl.load(X + offs)
    y, i = tl.map_elementwise(poly_clamp, x, K)
    tl.store(Y + offs, y)
    tl.store(I + offs, i)


def test_float_function_with_loop_and_branch(rng):
    x = rng.uniform(-2, 2, (8, 16)).astype(np.float32)
    y = np.zeros_like(x)
    i = np.zeros((8, 16), np.int32)
    float_kernel[(1,)](x, y, i, 4, BM=8, BN=16)
    acc = 1 + x + x * x + x * x * x
    np.testing.assert_allclose(y, np.where(x < 0, -acc, acc), rtol=1e-5)
    np.testing.assert_equal(i, np.where(x < 0, x, x * 2).astype(np.int32))
    assert y.dtype == np.float32


@trident.jit
def affine(x, a, b):
    return x * a + b


@trident.jit
def broadcast_kernel(X, R, C, Y, Z, BM: tl.constexpr, BN: tl.constexpr):
    rows = tl.arange(0, BM)
    cols = tl.arange(0, BN)
    x = tl.load(X + rows[:, None] * BN + cols[None, :])
    # A Python scalar and a 1x BN row against a BM x BN tile.
    y = tl.map_elementwise(affine, x, 3, tl.load(C + cols)[None, :])
    tl.store(Y + rows[:, None] * BN + cols[None, :], y)
    # A column and a row: the result is BM x BN.
    z = tl.map_elementwise(affine, tl.load(R + rows)[:, None], 2.0,
                           tl.load(C + cols)[None, :])
    tl.store(Z + rows[:, None] * BN + cols[None, :], z)


def test_broadcast_arguments(rng):
    x = rng.uniform(-1, 1, (4, 8)).astype(np.float32)
    r = rng.uniform(-1, 1, 4).astype(np.float32)
    c = rng.uniform(-1, 1, 8).astype(np.float32)
    y = np.zeros_like(x)
    z = np.zeros_like(x)
    broadcast_kernel[(1,)](x, r, c, y, z, BM=4, BN=8)
    np.testing.assert_allclose(y, x * 3 + c[None, :], rtol=1e-6)
    np.testing.assert_allclose(z, r[:, None] * 2 + c[None, :], rtol=1e-6)


@pytest.mark.parametrize("kernel, sig, cx", [
    (compare_kernel, {"X": "*i32", "Y": "*i32", "Z": "*i32"},
     {"BLOCK": 128}),
    (divmod_kernel, {"A": "*u32", "B": "*u32", "C": "*u32", "D": "*u32"},
     {"BLOCK": 512}),
    (divmod_pack_kernel,
     {"A": "*u32", "B": "*u32", "C": "*u32", "D": "*u32"}, {"BLOCK": 512}),
    # pack=2 with one element per thread (128 over 4 warps).
    (divmod_pack_kernel,
     {"A": "*u32", "B": "*u32", "C": "*u32", "D": "*u32"}, {"BLOCK": 128}),
    (float_kernel, {"X": "*fp32", "Y": "*fp32", "I": "*i32", "K": "i32"},
     {"BM": 8, "BN": 16}),
])
def test_sm90a_builds(kernel, sig, cx, compile_sm90):
    k = compile_sm90(kernel, sig, cx)
    ptx = k.asm["ptx"]
    assert "map_elementwise" not in ptx
    if kernel is compare_kernel:
        assert "setp.lt.s32" in ptx
    if kernel in (divmod_kernel, divmod_pack_kernel):
        assert "div.u32" in ptx


# --------------------------------------------------------------------------
# Errors
# --------------------------------------------------------------------------


def error_of(kernel, signature, constexprs=None):
    with pytest.raises(trident.CompilationError) as info:
        trident.compile(kernel, signature=signature,
                        constexprs=constexprs or {}, target="cpu")
    return str(info.value)


def line_of(fn, mark="# <- here"):
    import inspect
    lines, start = inspect.getsourcelines(getattr(fn, "fn", fn))
    hits = [i for i, line in enumerate(lines) if mark in line]
    assert len(hits) == 1
    return start + hits[0]


def plain_python(x):
    return x + 1


@trident.jit
def not_jit_kernel(X, BLOCK: tl.constexpr):
    x = tl.load(X + tl.arange(0, BLOCK))
    y = tl.map_elementwise(plain_python, x)  # <- here
    tl.store(X + tl.arange(0, BLOCK), y)


def test_error_function_not_jit():
    msg = error_of(not_jit_kernel, {"X": "*i32"}, {"BLOCK": 16})
    assert "%s:%d:" % (THIS_FILE, line_of(not_jit_kernel)) in msg, msg
    assert "must be a @trident.jit function" in msg, msg
    assert "the plain Python function 'plain_python'" in msg, msg


@trident.jit
def uneven_returns(x):
    if x > 0:  # <- here
        return x, x
    else:
        return x


@trident.jit
def uneven_kernel(X, BLOCK: tl.constexpr):
    x = tl.load(X + tl.arange(0, BLOCK))
    y = tl.map_elementwise(uneven_returns, x)
    tl.store(X + tl.arange(0, BLOCK), y)


def test_error_return_count_differs_between_branches():
    msg = error_of(uneven_kernel, {"X": "*i32"}, {"BLOCK": 16})
    assert "%s:%d:" % (THIS_FILE, line_of(uneven_returns)) in msg, msg
    assert "2 values in the 'if' branch but one value in the 'else'" in msg, \
        msg


@trident.jit
def returns_tile(x):
    return tl.full([4], 1, tl.int32) + x


@trident.jit
def tile_result_kernel(X, BLOCK: tl.constexpr):
    x = tl.load(X + tl.arange(0, BLOCK))
    y = tl.map_elementwise(returns_tile, x)  # <- here
    tl.store(X + tl.arange(0, BLOCK), y)


def test_error_function_returns_a_tile():
    msg = error_of(tile_result_kernel, {"X": "*i32"}, {"BLOCK": 16})
    assert "%s:%d:" % (THIS_FILE, line_of(tile_result_kernel)) in msg, msg
    assert "returned a tile of shape [4]" in msg, msg
    assert "must return scalars" in msg, msg


@trident.jit
def add_pairs(a0, a1, b0, b1):
    return a0 + a1 + b0 + b1


@trident.jit
def pack_count_kernel(X, BLOCK: tl.constexpr):
    x = tl.load(X + tl.arange(0, BLOCK))
    y = tl.map_elementwise(add_pairs, x, x, pack=2)  # <- here
    tl.store(X + tl.arange(0, BLOCK), y)


def test_error_pack_needs_pack_values_per_output():
    msg = error_of(pack_count_kernel, {"X": "*i32"}, {"BLOCK": 16})
    assert "%s:%d:" % (THIS_FILE, line_of(pack_count_kernel)) in msg, msg
    assert "pack=2" in msg and "returned 1 values" in msg, msg


@trident.jit
def returns_nothing(x):
    tl.static_print("nothing")


@trident.jit
def none_kernel(X, BLOCK: tl.constexpr):
    x = tl.load(X + tl.arange(0, BLOCK))
    y = tl.map_elementwise(returns_nothing, x)  # <- here
    tl.store(X + tl.arange(0, BLOCK), y)


def test_error_function_returns_nothing():
    msg = error_of(none_kernel, {"X": "*i32"}, {"BLOCK": 16})
    assert "%s:%d:" % (THIS_FILE, line_of(none_kernel)) in msg, msg
    assert "returned nothing" in msg, msg


@trident.jit
def bad_pack_kernel(X, BLOCK: tl.constexpr):
    x = tl.load(X + tl.arange(0, BLOCK))
    y = tl.map_elementwise(compare, x, x, pack=3)  # <- here
    tl.store(X + tl.arange(0, BLOCK), y)


def test_error_pack_must_divide_the_elements():
    msg = error_of(bad_pack_kernel, {"X": "*i32"}, {"BLOCK": 16})
    assert "%s:%d:" % (THIS_FILE, line_of(bad_pack_kernel)) in msg, msg
    assert "pack=3 does not divide the 16 elements" in msg, msg

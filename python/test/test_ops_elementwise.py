"""Element-wise ops of the language, checked as Triton defines them.

Each test runs its kernel on the CPU target and compares the numbers with a
numpy reference computed in float64 (or exactly, for integers), and builds
the same kernel for sm_90a through ptxas (the `compile_sm90` fixture).
Typing follows Triton: a Python scalar does not widen a tensor, fp16 with
fp32 gives fp32, int / int gives fp32, `//` and `%` truncate toward zero
(the remainder takes the dividend's sign), signed and unsigned integers
mix by width.
"""
import math

import numpy as np
import pytest

import trident
import trident.language as tl

BLOCK = 64
N = 50  # < BLOCK: every kernel also checks its mask

TL = {"bool": tl.int1, "int8": tl.int8, "int16": tl.int16,
      "int32": tl.int32, "int64": tl.int64, "uint8": tl.uint8,
      "uint16": tl.uint16, "uint32": tl.uint32, "uint64": tl.uint64,
      "float16": tl.float16, "bfloat16": tl.bfloat16, "float32": tl.float32,
      "float64": tl.float64, "float8e4nv": tl.float8e4nv,
      "float8e5": tl.float8e5}
SINT = ["int8", "int16", "int32", "int64"]
UINT = ["uint8", "uint16", "uint32", "uint64"]
INTS = SINT + UINT
FLOATS = ["float16", "float32", "float64"]


def ints(rng, dtype, n=N, lo=None, hi=None):
    info = np.iinfo(dtype)
    lo = info.min if lo is None else lo
    hi = info.max if hi is None else hi
    return rng.integers(lo, hi, size=n, dtype=dtype, endpoint=True)


def bf16(x):
    """float32 values rounded to bfloat16 (to nearest, ties to even)."""
    b = np.asarray(x, np.float32).view(np.uint32).astype(np.uint64)
    b = (b + 0x7FFF + ((b >> 16) & 1)) & 0xFFFF0000
    return b.astype(np.uint32).view(np.float32)


def c_div(a, b):
    """C's integer division and remainder (truncation toward zero), exact
    for every width."""
    q, r = [], []
    for x, y in zip(a.tolist(), b.tolist()):
        t = abs(x) // abs(y)
        t = t if (x < 0) == (y < 0) else -t
        q.append(t)
        r.append(x - y * t)
    return np.array(q, a.dtype), np.array(r, a.dtype)


def out(dtype, n=N, fill=None):
    """An output array filled with a value the kernel must overwrite."""
    dtype = np.dtype(dtype)
    if dtype.kind == "f":
        return np.full(n, np.nan, dtype)
    if dtype.kind == "b":
        return np.zeros(n, dtype)
    return np.full(n, 0x5A if fill is None else fill, dtype)


# ---------------------------------------------------------------------------
# + - * / // % on every integer and float type
# ---------------------------------------------------------------------------


@trident.jit
def arith_kernel(x_ptr, y_ptr, add_ptr, sub_ptr, mul_ptr, div_ptr, fdiv_ptr,
                 mod_ptr, n, DIV_TY: tl.constexpr, IS_INT: tl.constexpr,
                 BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    y = tl.load(y_ptr + offs, mask=m)
    tl.static_assert((x + y).dtype == x.dtype)
    tl.static_assert((x * y).dtype == x.dtype)
    tl.store(add_ptr + offs, x + y, mask=m)
    tl.store(sub_ptr + offs, x - y, mask=m)
    tl.store(mul_ptr + offs, x * y, mask=m)
    q = x / y
    tl.static_assert(q.dtype == DIV_TY)
    tl.store(div_ptr + offs, q, mask=m)
    if IS_INT:
        tl.static_assert((x // y).dtype == x.dtype)
        tl.store(fdiv_ptr + offs, x // y, mask=m)
        tl.static_assert((x % y).dtype == x.dtype)
    else:
        tl.static_assert((x % y).dtype == DIV_TY)
    tl.store(mod_ptr + offs, x % y, mask=m)


@pytest.mark.parametrize("dtype", INTS)
def test_integer_arithmetic(dtype, rng, check):
    x = ints(rng, dtype)
    y = ints(rng, dtype)
    y[y == 0] = 3
    y[:8] = [7, -7, 7, -7, 3, 3, 1, 2] if dtype in SINT else \
        [7, 7, 3, 1, 2, 5, 9, 11]
    x[:8] = [23, 23, -23, -23, -1, 1, 0, -9] if dtype in SINT else \
        [23, 2, 0, 1, 255, 7, 100, 10]
    if dtype in SINT:
        x[x == np.iinfo(dtype).min] += 1   # INT_MIN / -1 overflows in C
    res = {k: out(dtype) for k in ("add", "sub", "mul", "fdiv", "mod")}
    div = out(np.float32)
    check(arith_kernel, x_ptr=x, y_ptr=y, add_ptr=res["add"],
          sub_ptr=res["sub"], mul_ptr=res["mul"], div_ptr=div,
          fdiv_ptr=res["fdiv"], mod_ptr=res["mod"], n=N, DIV_TY=tl.float32,
          IS_INT=True, BLOCK=BLOCK)
    np.testing.assert_array_equal(res["add"], x + y)
    np.testing.assert_array_equal(res["sub"], x - y)
    np.testing.assert_array_equal(res["mul"], x * y)
    q, r = c_div(x, y)
    np.testing.assert_array_equal(res["fdiv"], q)
    np.testing.assert_array_equal(res["mod"], r)
    # int / int is float32 division of the operands converted to float32
    np.testing.assert_allclose(
        div, x.astype(np.float32).astype(np.float64) /
        y.astype(np.float32).astype(np.float64), rtol=1e-6)
    if dtype in SINT:
        # C semantics, not Python's: -23 // 7 == -3 and -23 % 7 == -2
        assert res["fdiv"][2] == -3 and res["mod"][2] == -2
        assert res["fdiv"][1] == -3 and res["mod"][1] == 2


@pytest.mark.parametrize("dtype", FLOATS)
def test_float_arithmetic(dtype, rng, check):
    x = rng.uniform(-10, 10, N).astype(dtype)
    y = rng.uniform(0.5, 10, N).astype(dtype) * \
        rng.choice([-1, 1], N).astype(dtype)
    x[:4] = [7.5, -7.5, 7.5, -7.5]
    y[:4] = [2, 2, -2, -2]
    # fp16 / and % compute in fp32, as Triton does
    div_ty = "float32" if dtype == "float16" else dtype
    res = {k: out(dtype) for k in ("add", "sub", "mul")}
    div, mod = out(div_ty), out(div_ty)
    check(arith_kernel, x_ptr=x, y_ptr=y, add_ptr=res["add"],
          sub_ptr=res["sub"], mul_ptr=res["mul"], div_ptr=div,
          fdiv_ptr=out(dtype), mod_ptr=mod, n=N, DIV_TY=TL[div_ty],
          IS_INT=False, BLOCK=BLOCK)
    x64, y64 = x.astype(np.float64), y.astype(np.float64)
    rtol = {"float16": 1e-3, "float32": 1e-6, "float64": 1e-15}[dtype]
    np.testing.assert_allclose(res["add"], x64 + y64, rtol=rtol, atol=rtol)
    np.testing.assert_allclose(res["sub"], x64 - y64, rtol=rtol, atol=rtol)
    np.testing.assert_allclose(res["mul"], x64 * y64, rtol=rtol)
    np.testing.assert_allclose(div, x64 / y64, rtol=1e-6 if dtype !=
                               "float64" else 1e-15)
    # float % is C's fmod: the sign of the dividend
    np.testing.assert_allclose(mod, np.fmod(x64, y64), rtol=1e-6, atol=1e-6)
    np.testing.assert_array_equal(mod[:4], [1.5, -1.5, 1.5, -1.5])


@trident.jit
def bf16_kernel(x_ptr, y_ptr, add_ptr, sub_ptr, mul_ptr, div_ptr, mod_ptr,
                neg_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m).to(tl.bfloat16)
    y = tl.load(y_ptr + offs, mask=m).to(tl.bfloat16)
    tl.static_assert((x + y).dtype == tl.bfloat16)
    tl.static_assert((x / y).dtype == tl.float32)
    tl.static_assert((x % y).dtype == tl.float32)
    tl.static_assert((x + 1.5).dtype == tl.bfloat16)
    tl.store(add_ptr + offs, (x + y).to(tl.float32), mask=m)
    tl.store(sub_ptr + offs, x - y, mask=m)
    tl.store(mul_ptr + offs, x * y, mask=m)
    tl.store(div_ptr + offs, x / y, mask=m)
    tl.store(mod_ptr + offs, x % y, mask=m)
    tl.store(neg_ptr + offs, -x, mask=m)


def test_bfloat16_arithmetic(rng, check):
    x = rng.uniform(-4, 4, N).astype(np.float32)
    y = rng.uniform(0.25, 4, N).astype(np.float32)
    res = {k: out(np.float32) for k in ("add", "sub", "mul", "div", "mod",
                                         "neg")}
    check(bf16_kernel, x_ptr=x, y_ptr=y, **{k + "_ptr": v for k, v in
                                            res.items()}, n=N, BLOCK=BLOCK)
    xb, yb = bf16(x), bf16(y)
    np.testing.assert_array_equal(res["add"], bf16(xb + yb))
    np.testing.assert_array_equal(res["sub"], bf16(xb - yb))
    np.testing.assert_array_equal(res["mul"], bf16(xb * yb))
    np.testing.assert_array_equal(res["neg"], -xb)
    np.testing.assert_allclose(res["div"], xb.astype(np.float64) / yb,
                               rtol=1e-6)
    np.testing.assert_allclose(res["mod"], np.fmod(xb.astype(np.float64),
                                                   yb), rtol=1e-6, atol=1e-6)


@trident.jit
def floordiv_float_kernel(x_ptr, BLOCK: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, BLOCK))
    tl.store(x_ptr + tl.arange(0, BLOCK), x // 2.0)


def test_floordiv_of_floats_is_an_error():
    with pytest.raises(trident.CompilationError, match="'//'"):
        trident.compile(floordiv_float_kernel, signature={"x_ptr": "*fp32"},
                        constexprs={"BLOCK": 16}, target="cpu")


@trident.jit
def mixed_sign_div_kernel(x_ptr, y_ptr, OP: tl.constexpr,
                          BLOCK: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, BLOCK))
    y = tl.load(y_ptr + tl.arange(0, BLOCK))
    if OP == "%":
        z = x % y
    elif OP == "//":
        z = x // y
    else:
        z = x / y
    tl.store(x_ptr + tl.arange(0, BLOCK), z)


@pytest.mark.parametrize("op", ["%", "//", "/"])
def test_mixed_signedness_division_is_an_error(op):
    with pytest.raises(trident.CompilationError, match="signedness"):
        trident.compile(mixed_sign_div_kernel,
                        signature={"x_ptr": "*i32", "y_ptr": "*u32"},
                        constexprs={"OP": op, "BLOCK": 16}, target="cpu")


# ---------------------------------------------------------------------------
# Promotion: tensor with tensor, tensor with Python scalar
# ---------------------------------------------------------------------------


@trident.jit
def promote_kernel(x_ptr, y_ptr, o_ptr, n, OUT_TY: tl.constexpr,
                   BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    y = tl.load(y_ptr + offs, mask=m)
    z = x + y
    tl.static_assert(z.dtype == OUT_TY)
    tl.store(o_ptr + offs, z, mask=m)


# (lhs, rhs, result) as Triton types them
PROMOTIONS = [
    ("float16", "float32", "float32"),
    ("float32", "float64", "float64"),
    ("int32", "float16", "float16"),
    ("int64", "float32", "float32"),
    ("int8", "int32", "int32"),
    ("int32", "uint32", "uint32"),   # unsigned wins at equal width
    ("int64", "uint32", "int64"),    # the wider signed type wins
    ("uint8", "int16", "int16"),
    ("uint16", "uint64", "uint64"),
    ("bool", "int8", "int8"),
]


@pytest.mark.parametrize("a,b,res", PROMOTIONS)
def test_tensor_tensor_promotion(a, b, res, rng, check):
    def values(dt):
        if dt == "bool":
            return rng.integers(0, 2, N).astype(bool)
        if np.dtype(dt).kind == "f":
            return rng.uniform(-8, 8, N).astype(dt)
        return ints(rng, dt, lo=0 if dt.startswith("u") else -100, hi=100)
    x, y = values(a), values(b)
    o = out(res)
    check(promote_kernel, x_ptr=x, y_ptr=y, o_ptr=o, n=N, OUT_TY=TL[res],
          BLOCK=BLOCK)
    ref = x.astype(res) + y.astype(res)
    np.testing.assert_allclose(o.astype(np.float64), ref.astype(np.float64),
                               rtol=1e-3 if res == "float16" else 1e-12)


@trident.jit
def scalar_promote_kernel(x_ptr, f_ptr, o1_ptr, o2_ptr, o3_ptr, o4_ptr,
                          alpha, n, T: tl.constexpr, T_INT: tl.constexpr,
                          T_FLOAT: tl.constexpr, T_ALPHA: tl.constexpr,
                          BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    # a Python int does not widen the tensor (of its kind or above)
    a = x + 3
    tl.static_assert(a.dtype == T_INT)
    tl.store(o1_ptr + offs, a, mask=m)
    # a Python float widens an integer tensor to fp32, not a float one
    b = x * 0.5
    tl.static_assert(b.dtype == T_FLOAT)
    tl.store(o2_ptr + offs, b, mask=m)
    # a run-time scalar argument (fp32) is a tensor: it takes part
    c = x * alpha
    tl.static_assert(c.dtype == T_ALPHA)
    tl.store(o3_ptr + offs, c, mask=m)
    # reflected operators
    d = 10 - x
    tl.static_assert(d.dtype == T_INT)
    tl.store(o4_ptr + offs, d, mask=m)


SCALAR_PROMOTIONS = [
    # T, T + 3, T * 0.5, T * fp32 argument
    ("int8", "int8", "float32", "float32"),
    # ints of either sign are one kind (Triton 3.6's dtype.KIND): a
    # Python int takes the unsigned tile's type
    ("uint8", "uint8", "float32", "float32"),
    ("int64", "int64", "float32", "float32"),
    ("float16", "float16", "float16", "float32"),
    ("float32", "float32", "float32", "float32"),
    ("float64", "float64", "float64", "float64"),
]


@pytest.mark.parametrize("t,t_int,t_float,t_alpha", SCALAR_PROMOTIONS)
def test_scalar_promotion(t, t_int, t_float, t_alpha, rng, check):
    if np.dtype(t).kind == "f":
        x = rng.uniform(-8, 8, N).astype(t)
    else:
        # (unsigned: 10 - x stays >= 0)
        x = ints(rng, t, lo=0, hi=10 if t.startswith("u") else 100)
    o1, o2, o3, o4 = out(t_int), out(t_float), out(t_alpha), out(t_int)
    check(scalar_promote_kernel, x_ptr=x, f_ptr=x, o1_ptr=o1, o2_ptr=o2,
          o3_ptr=o3, o4_ptr=o4, alpha=1.25, n=N, T=TL[t], T_INT=TL[t_int],
          T_FLOAT=TL[t_float], T_ALPHA=TL[t_alpha], BLOCK=BLOCK)
    x64 = x.astype(np.float64)
    np.testing.assert_allclose(o1, x64 + 3, rtol=1e-3)
    np.testing.assert_allclose(o2, x64 * 0.5, rtol=1e-3)
    np.testing.assert_allclose(o3, x64 * 1.25, rtol=1e-3)
    np.testing.assert_allclose(o4, 10 - x64, rtol=1e-3, atol=1e-2)


@trident.jit
def narrow_wrap_kernel(x_ptr, o_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    y = x + 100            # stays int8: wraps around as int8 does
    tl.static_assert(y.dtype == tl.int8)
    tl.store(o_ptr + offs, y)


def test_scalar_does_not_widen_int8(check):
    x = np.arange(-8, 8, dtype=np.int8) * 10
    o = out(np.int8, 16)
    check(narrow_wrap_kernel, x_ptr=x, o_ptr=o, BLOCK=16)
    np.testing.assert_array_equal(o, (x.astype(np.int64) + 100).astype(
        np.int8))


# ---------------------------------------------------------------------------
# Unary ops, comparisons, bitwise ops, shifts
# ---------------------------------------------------------------------------


@trident.jit
def unary_kernel(x_ptr, neg_ptr, inv_ptr, not_ptr, abs_ptr, n,
                 IS_INT: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    tl.store(neg_ptr + offs, -x, mask=m)
    tl.store(abs_ptr + offs, abs(x), mask=m)
    if IS_INT:
        tl.store(inv_ptr + offs, ~x, mask=m)
    tl.store(not_ptr + offs, not x, mask=m)


@pytest.mark.parametrize("dtype", ["int8", "int32", "int64", "uint16",
                                   "uint32", "float16", "float32",
                                   "float64"])
def test_unary(dtype, rng, check):
    is_int = np.dtype(dtype).kind != "f"
    if is_int:
        x = ints(rng, dtype)
        if dtype in SINT:
            x[x == np.iinfo(dtype).min] = 0
        x[:3] = [0, 1, 5]
    else:
        x = rng.uniform(-5, 5, N).astype(dtype)
        x[:2] = [0, -0.0]
    neg, inv, ab = out(dtype), out(dtype), out(dtype)
    nt = out(bool)
    check(unary_kernel, x_ptr=x, neg_ptr=neg, inv_ptr=inv, not_ptr=nt,
          abs_ptr=ab, n=N, IS_INT=is_int, BLOCK=BLOCK)
    np.testing.assert_array_equal(neg, -x)
    np.testing.assert_array_equal(nt, x == 0)
    if is_int:
        np.testing.assert_array_equal(inv, ~x)
        # abs of an unsigned integer is the value itself
        np.testing.assert_array_equal(ab, np.abs(x) if dtype in SINT else x)
    else:
        np.testing.assert_array_equal(ab, np.abs(x))


@trident.jit
def compare_kernel(x_ptr, y_ptr, lt_ptr, le_ptr, gt_ptr, ge_ptr, eq_ptr,
                   ne_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    y = tl.load(y_ptr + offs, mask=m)
    tl.static_assert((x < y).dtype == tl.int1)
    tl.store(lt_ptr + offs, x < y, mask=m)
    tl.store(le_ptr + offs, x <= y, mask=m)
    tl.store(gt_ptr + offs, x > y, mask=m)
    tl.store(ge_ptr + offs, x >= y, mask=m)
    tl.store(eq_ptr + offs, x == y, mask=m)
    tl.store(ne_ptr + offs, x != y, mask=m)


@pytest.mark.parametrize("dtype", ["int8", "int64", "uint8", "uint32",
                                   "float16", "float32", "float64"])
def test_comparisons(dtype, rng, check):
    if np.dtype(dtype).kind == "f":
        x = rng.integers(-3, 3, N).astype(dtype)
        y = rng.integers(-3, 3, N).astype(dtype)
        x[0], y[1] = np.nan, np.nan  # unordered: only != holds
    else:
        x, y = ints(rng, dtype), ints(rng, dtype)
        y[::3] = x[::3]
        if dtype.startswith("u"):
            # unsigned order: the top bit set is the largest
            x[0], y[0] = np.iinfo(dtype).max, 1
    res = {k: out(bool) for k in ("lt", "le", "gt", "ge", "eq", "ne")}
    check(compare_kernel, x_ptr=x, y_ptr=y,
          **{k + "_ptr": v for k, v in res.items()}, n=N, BLOCK=BLOCK)
    with np.errstate(invalid="ignore"):
        np.testing.assert_array_equal(res["lt"], x < y)
        np.testing.assert_array_equal(res["le"], x <= y)
        np.testing.assert_array_equal(res["gt"], x > y)
        np.testing.assert_array_equal(res["ge"], x >= y)
        np.testing.assert_array_equal(res["eq"], x == y)
        np.testing.assert_array_equal(res["ne"], x != y)


@trident.jit
def bitwise_kernel(x_ptr, y_ptr, s_ptr, and_ptr, or_ptr, xor_ptr, shl_ptr,
                   shr_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    y = tl.load(y_ptr + offs, mask=m)
    s = tl.load(s_ptr + offs, mask=m)
    tl.store(and_ptr + offs, x & y, mask=m)
    tl.store(or_ptr + offs, x | y, mask=m)
    tl.store(xor_ptr + offs, x ^ y, mask=m)
    tl.store(shl_ptr + offs, x << s, mask=m)
    tl.store(shr_ptr + offs, x >> s, mask=m)


@pytest.mark.parametrize("dtype", INTS)
def test_bitwise_and_shifts(dtype, rng, check):
    x, y = ints(rng, dtype), ints(rng, dtype)
    bits = np.dtype(dtype).itemsize * 8
    s = rng.integers(0, bits, N).astype(dtype)
    if dtype in SINT:
        x[:4] = [-1, -128, -77, 77]
    else:
        x[:4] = [np.iinfo(dtype).max, 1 << (bits - 1), 77, 3]
    s[:4] = [1, 3, bits - 1, 2]
    res = {k: out(dtype) for k in ("and", "or", "xor", "shl", "shr")}
    k = check(bitwise_kernel, x_ptr=x, y_ptr=y, s_ptr=s,
              **{k + "_ptr": v for k, v in res.items()}, n=N, BLOCK=BLOCK)
    np.testing.assert_array_equal(res["and"], x & y)
    np.testing.assert_array_equal(res["or"], x | y)
    np.testing.assert_array_equal(res["xor"], x ^ y)
    np.testing.assert_array_equal(res["shl"], x << s)
    # >> is arithmetic on signed integers, logical on unsigned ones
    np.testing.assert_array_equal(res["shr"], x >> s)
    if dtype in SINT:
        assert res["shr"][0] == -1 and res["shr"][2] == -1
    else:
        assert res["shr"][1] == 1 << (bits - 4)
    ptx = k.asm["ptx"]
    w = max(bits, 16)
    assert ("shr.%s%d" % ("s" if dtype in SINT else "u", w)) in ptx or \
        ("shr.%s%d" % ("s" if dtype in SINT else "u", 32)) in ptx, \
        "no %s right shift in the PTX" % ("arithmetic" if dtype in SINT
                                          else "logical")


@trident.jit
def bool_ops_kernel(x_ptr, y_ptr, and_ptr, or_ptr, xor_ptr, lg_ptr, n,
                    BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    y = tl.load(y_ptr + offs, mask=m)
    tl.static_assert(x.dtype == tl.int1)
    tl.store(and_ptr + offs, x & y, mask=m)
    tl.store(or_ptr + offs, x | y, mask=m)
    tl.store(xor_ptr + offs, x ^ y, mask=m)
    tl.store(lg_ptr + offs, (x < 1) & (y > 0) | x.logical_and(y), mask=m)


def test_bool_ops(rng, check):
    x = rng.integers(0, 2, N).astype(bool)
    y = rng.integers(0, 2, N).astype(bool)
    res = {k: out(bool) for k in ("and", "or", "xor", "lg")}
    check(bool_ops_kernel, x_ptr=x, y_ptr=y,
          **{k + "_ptr": v for k, v in res.items()}, n=N, BLOCK=BLOCK)
    np.testing.assert_array_equal(res["and"], x & y)
    np.testing.assert_array_equal(res["or"], x | y)
    np.testing.assert_array_equal(res["xor"], x ^ y)
    np.testing.assert_array_equal(res["lg"], (~x & y) | (x & y))


# ---------------------------------------------------------------------------
# Casts
# ---------------------------------------------------------------------------


@trident.jit
def cast_kernel(x_ptr, o_ptr, n, DST: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    y = x.to(DST)
    tl.static_assert(y.dtype == DST)
    tl.store(o_ptr + offs, y, mask=m)


CASTS = [
    # int -> int: truncation wraps, sign- or zero-extension by the source
    ("int32", "int8"), ("int8", "int64"), ("uint8", "int32"),
    ("int8", "uint32"), ("uint32", "int64"), ("int64", "uint16"),
    ("int32", "uint32"), ("uint64", "int8"),
    # int -> float
    ("int32", "float32"), ("uint32", "float32"), ("int64", "float64"),
    ("int8", "float16"), ("uint8", "float64"), ("uint64", "float64"),
    # float -> int: truncation toward zero
    ("float32", "int32"), ("float64", "int64"), ("float32", "uint8"),
    ("float16", "int16"), ("float64", "uint32"),
    # float -> float: rounding to nearest even
    ("float32", "float16"), ("float16", "float32"), ("float64", "float32"),
    ("float32", "float64"), ("float16", "float64"), ("float64", "float16"),
    # to and from int1: x != 0, and 0 / 1
    ("int32", "bool"), ("float32", "bool"), ("uint8", "bool"),
    ("bool", "int32"), ("bool", "float32"), ("bool", "uint8"),
]


def cast_inputs(rng, src, dst):
    if src == "bool":
        return rng.integers(0, 2, N).astype(bool)
    if np.dtype(src).kind in "iu":
        x = ints(rng, src)
        if np.dtype(dst).kind == "f" and dst == "float16":
            info = np.iinfo(src)
            x = ints(rng, src, lo=max(info.min, -1000),
                     hi=min(info.max, 1000))
        x[:2] = 0
        return x
    # float sources: in the range of the destination
    lo, hi = -1e4, 1e4
    if dst in INTS:
        info = np.iinfo(dst)
        lo, hi = max(info.min, -3e4 if src == "float16" else -1e9), \
            min(info.max, 6e4 if src == "float16" else 1e9)
        lo = 0 if dst.startswith("u") else lo
    x = rng.uniform(lo, hi, N)
    x[:6] = [0.0, 2.7, -2.7 if lo < 0 else 1.5, 0.5, 3.999, hi * 0.99]
    x[6:10] = 0 if dst == "bool" else x[6:10]
    return x.astype(src)


@pytest.mark.parametrize("src,dst", CASTS)
def test_cast(src, dst, rng, check):
    x = cast_inputs(rng, src, dst)
    o = out(dst)
    check(cast_kernel, x_ptr=x, o_ptr=o, n=N, DST=TL[dst], BLOCK=BLOCK)
    if dst == "bool":
        ref = x != 0
    elif np.dtype(src).kind == "f" and dst in INTS:
        ref = np.trunc(x.astype(np.float64)).astype(dst)
    else:
        ref = x.astype(dst)
    np.testing.assert_array_equal(o, ref)


@trident.jit
def bitcast_kernel(x_ptr, o_ptr, back_ptr, n, DST: tl.constexpr,
                   BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    y = x.to(DST, bitcast=True)
    tl.static_assert(y.dtype == DST)
    tl.store(o_ptr + offs, y, mask=m)
    tl.store(back_ptr + offs, tl.cast(y, x.dtype, bitcast=True), mask=m)


@pytest.mark.parametrize("src,dst", [("float32", "int32"),
                                     ("float32", "uint32"),
                                     ("int32", "float32"),
                                     ("float16", "int16"),
                                     ("float64", "int64"),
                                     ("uint64", "float64"),
                                     ("int8", "uint8")])
def test_bitcast(src, dst, rng, check):
    if np.dtype(src).kind == "f":
        x = rng.uniform(-100, 100, N).astype(src)
        x[:3] = [-0.0, np.inf, 1.0]
    else:
        x = ints(rng, src)
        if np.dtype(dst).kind == "f":
            # no NaN patterns: they need not keep their payload
            x = rng.uniform(-1e6, 1e6, N).astype(dst).view(src)
    o, back = out(dst), out(src)
    check(bitcast_kernel, x_ptr=x, o_ptr=o, back_ptr=back, n=N,
          DST=TL[dst], BLOCK=BLOCK)
    np.testing.assert_array_equal(o.view(np.uint8), x.view(np.uint8))
    np.testing.assert_array_equal(back.view(np.uint8), x.view(np.uint8))


@trident.jit
def bitcast_width_kernel(x_ptr, BLOCK: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, BLOCK))
    tl.store(x_ptr + tl.arange(0, BLOCK), x.to(tl.int16, bitcast=True))


def test_bitcast_width_mismatch_is_an_error():
    with pytest.raises(trident.CompilationError, match="bit width"):
        trident.compile(bitcast_width_kernel, signature={"x_ptr": "*fp32"},
                        constexprs={"BLOCK": 16}, target="cpu")


@trident.jit
def bf16_cast_kernel(x_ptr, h_ptr, bits_ptr, back_ptr, i_ptr, fromh_ptr, n,
                     BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    b = x.to(tl.bfloat16)
    tl.store(bits_ptr + offs, b.to(tl.uint16, bitcast=True), mask=m)
    tl.store(back_ptr + offs, b.to(tl.float32), mask=m)
    tl.store(i_ptr + offs, b.to(tl.int32), mask=m)
    h = tl.load(h_ptr + offs, mask=m)
    # fp16 -> bf16 -> fp32
    tl.store(fromh_ptr + offs, h.to(tl.bfloat16).to(tl.float32), mask=m)


def test_bfloat16_casts(rng, check):
    x = rng.uniform(-300, 300, N).astype(np.float32)
    # ties: the lower 16 bits exactly 0x8000 round to even
    x[:4] = np.array([0x3F808000, 0x3F818000, 0xBF808000, 0x3F7FFFFF],
                     np.uint32).view(np.float32)
    h = rng.uniform(-60, 60, N).astype(np.float16)
    bits, back = out(np.uint16), out(np.float32)
    iv, fromh = out(np.int32), out(np.float32)
    check(bf16_cast_kernel, x_ptr=x, h_ptr=h, bits_ptr=bits, back_ptr=back,
          i_ptr=iv, fromh_ptr=fromh, n=N, BLOCK=BLOCK)
    ref = bf16(x)
    np.testing.assert_array_equal(bits, (ref.view(np.uint32) >> 16).astype(
        np.uint16))
    np.testing.assert_array_equal(back, ref)
    np.testing.assert_array_equal(iv, np.trunc(ref).astype(np.int32))
    np.testing.assert_array_equal(fromh, bf16(h.astype(np.float32)))


@trident.jit
def rounding_kernel(x_ptr, h_ptr, b_ptr, n, R: tl.constexpr,
                    BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    tl.store(h_ptr + offs, x.to(tl.float16, fp_downcast_rounding=R), mask=m)
    b = x.to(tl.bfloat16, fp_downcast_rounding=R)
    tl.store(b_ptr + offs, b.to(tl.uint16, bitcast=True), mask=m)


@pytest.mark.parametrize("mode", ["rtne", "rtz"])
def test_fp_downcast_rounding(mode, rng, check):
    x = (rng.uniform(-3e4, 3e4, N) * rng.choice([1, 1e-4], N)).astype(
        np.float32)
    x[:3] = [7e4, -1e5, np.inf]   # beyond fp16's range
    h, bb = out(np.float16), out(np.uint16)
    check(rounding_kernel, x_ptr=x, h_ptr=h, b_ptr=bb, n=N, R=mode,
          BLOCK=BLOCK)
    if mode == "rtne":
        with np.errstate(over="ignore"):
            np.testing.assert_array_equal(h, x.astype(np.float16))
        np.testing.assert_array_equal(bb, bf16(x).view(np.uint32) >> 16)
        return
    # toward zero: the largest magnitude not above |x| (finite x never
    # becomes an infinity), and bf16 drops the low 16 bits
    with np.errstate(over="ignore"):
        near = x.astype(np.float16)
    step = np.nextafter(near, np.float16(0))
    ref = np.where(np.abs(near.astype(np.float32)) > np.abs(x), step, near)
    np.testing.assert_array_equal(h, ref)
    assert h[0] == 65504 and h[1] == -65504 and h[2] == np.inf
    np.testing.assert_array_equal(bb, x.view(np.uint32) >> 16)


@trident.jit
def bad_rounding_kernel(x_ptr, BLOCK: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, BLOCK))
    tl.store(x_ptr + tl.arange(0, BLOCK),
             x.to(tl.float64, fp_downcast_rounding="rtz"))


def test_fp_downcast_rounding_of_an_upcast_is_an_error():
    with pytest.raises(trident.CompilationError, match="narrower float"):
        trident.compile(bad_rounding_kernel, signature={"x_ptr": "*fp32"},
                        constexprs={"BLOCK": 16}, target="cpu")


# fp8: the formats' values, decoded from their bits
def fp8_values(fmt):
    codes = np.arange(256)
    sign = np.where(codes & 0x80, -1.0, 1.0)
    if fmt == "float8e4nv":
        e, m, bias, mbits = (codes >> 3) & 0xF, codes & 7, 7, 3
        nan = (e == 15) & (m == 7)
        inf = np.zeros(256, bool)
    else:
        e, m, bias, mbits = (codes >> 2) & 0x1F, codes & 3, 15, 2
        nan = (e == 31) & (m != 0)
        inf = (e == 31) & (m == 0)
    mag = np.where(e == 0, m / 2.0 ** mbits * 2.0 ** (1 - bias),
                   (1 + m / 2.0 ** mbits) * 2.0 ** (e.astype(float) - bias))
    v = sign * mag
    v[inf] = sign[inf] * np.inf
    v[nan] = np.nan
    return v


def fp8_encode(x, fmt):
    """Round to the nearest fp8 value, ties to an even code."""
    vals = fp8_values(fmt)
    pos = [c for c in range(128) if np.isfinite(vals[c])]
    pv = vals[pos]
    codes = []
    for v in np.asarray(x, np.float64).tolist():
        d = np.abs(pv - abs(v))
        best = np.flatnonzero(d == d.min())
        c = pos[best[0]] if len(best) == 1 else \
            [pos[i] for i in best if pos[i] % 2 == 0][0]
        codes.append(c | (0x80 if math.copysign(1, v) < 0 else 0))
    return np.array(codes, np.uint8)


@trident.jit
def fp8_kernel(x_ptr, h_ptr, c_ptr, bits_ptr, back_ptr, hbits_ptr,
               dec_ptr, dech_ptr, n, F8: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    y = x.to(F8)
    tl.static_assert(y.dtype == F8)
    tl.store(bits_ptr + offs, y.to(tl.uint8, bitcast=True), mask=m)
    tl.store(back_ptr + offs, y.to(tl.float32), mask=m)
    h = tl.load(h_ptr + offs, mask=m)
    tl.store(hbits_ptr + offs, h.to(F8).to(tl.uint8, bitcast=True), mask=m)
    # every code decoded
    codes = tl.arange(0, 256)
    c = tl.load(c_ptr + codes).to(F8, bitcast=True)
    tl.store(dec_ptr + codes, c.to(tl.float32))
    tl.store(dech_ptr + codes, c.to(tl.float16))


@pytest.mark.parametrize("fmt", ["float8e4nv", "float8e5"])
def test_fp8_casts(fmt, rng, check):
    vals = fp8_values(fmt)
    top = np.nanmax(vals[np.isfinite(vals)])
    x = rng.uniform(-top, top, N).astype(np.float32)
    x[:6] = [0.0, -0.0, 1.0, -2.5, top, vals[1] / 2 * 1.5]
    # exact midpoints between neighbours: ties go to the even code
    x[6] = (vals[0x39] + vals[0x3A]) / 2
    x[7] = (vals[0x3A] + vals[0x3B]) / 2
    h = rng.uniform(-min(top, 6e4), min(top, 6e4), N).astype(np.float16)
    codes = np.arange(256, dtype=np.uint8)
    bits, back, hbits = out(np.uint8), out(np.float32), out(np.uint8)
    dec, dech = out(np.float32, 256), out(np.float16, 256)
    check(fp8_kernel, x_ptr=x, h_ptr=h, c_ptr=codes, bits_ptr=bits,
          back_ptr=back, hbits_ptr=hbits, dec_ptr=dec, dech_ptr=dech, n=N,
          F8=TL[fmt], BLOCK=BLOCK)
    np.testing.assert_array_equal(dec, vals.astype(np.float32))
    np.testing.assert_array_equal(dech, vals.astype(np.float16))
    ref = fp8_encode(x, fmt)
    np.testing.assert_array_equal(bits, ref)
    np.testing.assert_array_equal(back, vals[ref].astype(np.float32))
    np.testing.assert_array_equal(hbits, fp8_encode(h, fmt))


class Float8Array:
    """fp8 data for a kernel argument (numpy has no fp8 dtype): the codes
    in a uint8 array, with the dtype name torch and ml_dtypes use."""

    def __init__(self, codes, fmt):
        self.codes = codes
        self.dtype = {"float8e4nv": "float8_e4m3fn",
                      "float8e5": "float8_e5m2"}[fmt]

    @property
    def __array_interface__(self):
        return self.codes.__array_interface__


@trident.jit
def fp8_memory_kernel(x_ptr, y_ptr, f_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=1.5)   # an fp8 tile
    tl.static_assert(x.dtype == y_ptr.dtype.element_ty)
    tl.store(f_ptr + offs, x.to(tl.float32))
    tl.store(y_ptr + offs, x.to(tl.float32) * -2, mask=m)  # stored as fp8


@pytest.mark.parametrize("fmt", ["float8e4nv", "float8e5"])
def test_fp8_in_memory(fmt, rng, compile_sm90):
    vals = fp8_values(fmt)
    codes = np.flatnonzero(np.isfinite(vals) & (np.abs(vals) < 100))
    x = rng.choice(codes, N).astype(np.uint8)
    y = np.zeros(N, np.uint8)
    f = out(np.float32, BLOCK)
    fp8_memory_kernel[(1,)](Float8Array(x, fmt), Float8Array(y, fmt), f, N,
                            BLOCK=BLOCK)
    np.testing.assert_array_equal(f[:N], vals[x])
    np.testing.assert_array_equal(f[N:], 1.5)      # `other`, in fp8
    np.testing.assert_array_equal(y, fp8_encode(vals[x] * -2, fmt))
    ty = "*" + {"float8e4nv": "fp8e4nv", "float8e5": "fp8e5"}[fmt]
    compile_sm90(fp8_memory_kernel, {"x_ptr": ty, "y_ptr": ty,
                                     "f_ptr": "*fp32", "n": "i32"},
                 {"BLOCK": BLOCK})


# ---------------------------------------------------------------------------
# Math
# ---------------------------------------------------------------------------

libdevice = tl.extra.cuda.libdevice


@trident.jit
def unary_math_kernel(x_ptr, o_ptr, n, FN: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=1.0)
    y = FN(x)
    tl.static_assert(y.dtype == x.dtype)
    tl.store(o_ptr + offs, y, mask=m)


def _erf(x):
    return np.vectorize(math.erf)(x)


def _erfc(x):
    return np.vectorize(math.erfc)(x)


# name: (function, numpy reference, input range)
UNARY_MATH = {
    "exp": (tl.exp, np.exp, (-10, 10)),
    "exp2": (tl.exp2, np.exp2, (-10, 10)),
    "log": (tl.log, np.log, (0.01, 100)),
    "log2": (tl.log2, np.log2, (0.01, 100)),
    "sqrt": (tl.sqrt, np.sqrt, (0, 100)),
    "rsqrt": (tl.rsqrt, lambda x: 1 / np.sqrt(x), (0.01, 100)),
    "sin": (tl.sin, np.sin, (-6, 6)),
    "cos": (tl.cos, np.cos, (-6, 6)),
    "erf": (tl.erf, _erf, (-3, 3)),
    "floor": (tl.floor, np.floor, (-10, 10)),
    "ceil": (tl.ceil, np.ceil, (-10, 10)),
    "abs": (tl.abs, np.abs, (-10, 10)),
    "sigmoid": (tl.sigmoid, lambda x: 1 / (1 + np.exp(-x)), (-10, 10)),
    "math.tanh": (tl.math.tanh, np.tanh, (-5, 5)),
    "math.log1p": (tl.math.log1p, np.log1p, (-0.9, 10)),
    "math.expm1": (tl.math.expm1, np.expm1, (-3, 3)),
    "math.log10": (tl.math.log10, np.log10, (0.01, 100)),
    "math.tan": (tl.math.tan, np.tan, (-1.5, 1.5)),
    "math.sinh": (tl.math.sinh, np.sinh, (-5, 5)),
    "math.cosh": (tl.math.cosh, np.cosh, (-5, 5)),
    "math.asin": (tl.math.asin, np.arcsin, (-0.99, 0.99)),
    "math.acos": (tl.math.acos, np.arccos, (-0.99, 0.99)),
    "math.atan": (tl.math.atan, np.arctan, (-10, 10)),
    "math.asinh": (tl.math.asinh, np.arcsinh, (-10, 10)),
    "math.acosh": (tl.math.acosh, np.arccosh, (1.01, 10)),
    "math.atanh": (tl.math.atanh, np.arctanh, (-0.99, 0.99)),
    "math.erfc": (tl.math.erfc, _erfc, (-3, 3)),
    "math.cbrt": (tl.math.cbrt, np.cbrt, (-100, 100)),
    "math.trunc": (tl.math.trunc, np.trunc, (-10, 10)),
    "math.rint": (tl.math.rint, np.rint, (-10, 10)),
    "libdevice.exp": (libdevice.exp, np.exp, (-10, 10)),
    "libdevice.log": (libdevice.log, np.log, (0.01, 100)),
    "libdevice.tanh": (libdevice.tanh, np.tanh, (-5, 5)),
    "libdevice.fast_expf": (libdevice.fast_expf, np.exp, (-10, 10)),
    "libdevice.fabs": (libdevice.fabs, np.abs, (-10, 10)),
    "libdevice.nearbyint": (libdevice.nearbyint, np.rint, (-10, 10)),
    "libdevice.sqrt_rn": (libdevice.sqrt_rn, np.sqrt, (0, 100)),
}


@pytest.mark.parametrize("name", list(UNARY_MATH))
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_unary_math(name, dtype, rng, check):
    fn, ref, (lo, hi) = UNARY_MATH[name]
    if dtype == "float64" and name.startswith("libdevice.fast"):
        return test_unary_math(name, "float32", rng, check)
    x = rng.uniform(lo, hi, N).astype(dtype)
    if name in ("math.rint", "libdevice.nearbyint"):
        x[:4] = [0.5, 1.5, 2.5, -2.5]   # ties to even
    if name in ("floor", "ceil", "math.trunc"):
        x[:3] = [-2.0, -2.5, 2.5]
    o = out(dtype)
    check(unary_math_kernel, x_ptr=x, o_ptr=o, n=N, FN=fn, BLOCK=BLOCK)
    expected = ref(x.astype(np.float64))
    rtol = 2e-6 if dtype == "float32" else 1e-13
    np.testing.assert_allclose(o, expected, rtol=rtol, atol=rtol)


@pytest.mark.parametrize("name", ["exp", "log", "sqrt", "sin", "floor",
                                  "math.tanh"])
def test_unary_math_float16(name, rng, check):
    fn, ref, (lo, hi) = UNARY_MATH[name]
    x = rng.uniform(lo, min(hi, 10), N).astype(np.float16)
    o = out(np.float16)
    check(unary_math_kernel, x_ptr=x, o_ptr=o, n=N, FN=fn, BLOCK=BLOCK)
    np.testing.assert_allclose(o, ref(x.astype(np.float64)), rtol=2e-3,
                               atol=2e-3)


@trident.jit
def int_math_kernel(x_ptr, o_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=1)
    y = tl.sqrt(x)            # integers are converted to float32
    tl.static_assert(y.dtype == tl.float32)
    tl.store(o_ptr + offs, y, mask=m)


def test_math_of_integers(rng, check):
    x = ints(rng, np.int32, lo=0, hi=10000)
    o = out(np.float32)
    check(int_math_kernel, x_ptr=x, o_ptr=o, n=N, BLOCK=BLOCK)
    np.testing.assert_allclose(o, np.sqrt(x.astype(np.float64)), rtol=1e-6)


@trident.jit
def binary_math_kernel(x_ptr, y_ptr, z_ptr, pow_ptr, atan2_ptr, cs_ptr,
                       fma_ptr, divrn_ptr, fdiv_ptr, ldpow_ptr, n,
                       BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=1.0)
    y = tl.load(y_ptr + offs, mask=m, other=1.0)
    z = tl.load(z_ptr + offs, mask=m, other=1.0)
    tl.store(pow_ptr + offs, tl.math.pow(x, y), mask=m)
    tl.store(atan2_ptr + offs, tl.math.atan2(z, y), mask=m)
    tl.store(cs_ptr + offs, tl.math.copysign(x, z), mask=m)
    tl.store(fma_ptr + offs, tl.fma(x, y, z), mask=m)
    tl.store(divrn_ptr + offs, tl.div_rn(z, y), mask=m)
    tl.store(fdiv_ptr + offs, tl.fdiv(z, y), mask=m)
    tl.store(ldpow_ptr + offs, libdevice.pow(x, 2.0), mask=m)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_binary_math(dtype, rng, check):
    x = rng.uniform(0.1, 4, N).astype(dtype)
    y = rng.uniform(-3, 3, N).astype(dtype)
    z = rng.uniform(-10, 10, N).astype(dtype)
    res = {k: out(dtype) for k in ("pow", "atan2", "cs", "fma", "divrn",
                                   "fdiv", "ldpow")}
    check(binary_math_kernel, x_ptr=x, y_ptr=y, z_ptr=z,
          **{k + "_ptr": v for k, v in res.items()}, n=N, BLOCK=BLOCK)
    x64, y64, z64 = (a.astype(np.float64) for a in (x, y, z))
    rtol = 2e-6 if dtype == "float32" else 1e-14
    np.testing.assert_allclose(res["pow"], x64 ** y64, rtol=rtol)
    np.testing.assert_allclose(res["atan2"], np.arctan2(z64, y64), rtol=rtol)
    np.testing.assert_array_equal(res["cs"], np.copysign(x, z))
    np.testing.assert_allclose(res["fma"], x64 * y64 + z64, rtol=rtol,
                               atol=rtol)
    # div_rn is IEEE division, correctly rounded
    np.testing.assert_array_equal(res["divrn"], z / y)
    np.testing.assert_allclose(res["fdiv"], z64 / y64, rtol=rtol)
    np.testing.assert_allclose(res["ldpow"], x64 ** 2, rtol=rtol)


@trident.jit
def umulhi_kernel(x_ptr, y_ptr, o_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    y = tl.load(y_ptr + offs, mask=m)
    tl.store(o_ptr + offs, tl.umulhi(x, y), mask=m)


@pytest.mark.parametrize("dtype", ["int32", "uint32", "int64", "uint64"])
def test_umulhi(dtype, rng, check):
    x, y = ints(rng, dtype), ints(rng, dtype)
    o = out(dtype)
    check(umulhi_kernel, x_ptr=x, y_ptr=y, o_ptr=o, n=N, BLOCK=BLOCK)
    bits = np.dtype(dtype).itemsize * 8
    mask = (1 << bits) - 1
    # the high half of the unsigned product of the bit patterns, as
    # Triton's (__nv_umulhi / __nv_umul64hi) for either signedness
    ref = [((a & mask) * (b & mask)) >> bits for a, b in
           zip(x.tolist(), y.tolist())]
    np.testing.assert_array_equal(o.view("u%d" % (bits // 8)),
                                  np.array(ref, "u%d" % (bits // 8)))


@trident.jit
def bit_count_kernel(x_ptr, popc_ptr, clz_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    p = libdevice.popc(x)
    tl.static_assert(p.dtype == tl.int32)
    tl.store(popc_ptr + offs, p, mask=m)
    tl.store(clz_ptr + offs, libdevice.clz(x), mask=m)


@pytest.mark.parametrize("dtype", ["int32", "uint32", "int64"])
def test_libdevice_popc_clz(dtype, rng, check):
    x = ints(rng, dtype)
    x[:3] = [0, 1, -1 if dtype != "uint32" else 0xFFFFFFFF]
    popc, clz = out(np.int32), out(np.int32)
    check(bit_count_kernel, x_ptr=x, popc_ptr=popc, clz_ptr=clz, n=N,
          BLOCK=BLOCK)
    bits = np.dtype(dtype).itemsize * 8
    u = [v & ((1 << bits) - 1) for v in x.tolist()]
    np.testing.assert_array_equal(popc, [bin(v).count("1") for v in u])
    np.testing.assert_array_equal(clz, [bits - v.bit_length() for v in u])


@trident.jit
def libdevice_int_kernel(x_ptr, y_ptr, hi_ptr, ffs_ptr, n,
                         BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    y = tl.load(y_ptr + offs, mask=m)
    tl.store(hi_ptr + offs, libdevice.mulhi(x, y), mask=m)
    tl.store(ffs_ptr + offs, libdevice.ffs(x), mask=m)


@pytest.mark.parametrize("dtype", ["int32", "uint32", "int64"])
def test_libdevice_mulhi_ffs(dtype, rng, check):
    x, y = ints(rng, dtype), ints(rng, dtype)
    x[:3] = [0, 8, 6]
    hi, ffs = out(dtype), out(np.int32)
    check(libdevice_int_kernel, x_ptr=x, y_ptr=y, hi_ptr=hi, ffs_ptr=ffs,
          n=N, BLOCK=BLOCK)
    bits = np.dtype(dtype).itemsize * 8
    # signed types: the high half of the signed product (__nv_mulhi)
    np.testing.assert_array_equal(
        hi, np.array([(a * b) >> bits for a, b in zip(x.tolist(), y.tolist())],
                     dtype))
    u = [v & ((1 << bits) - 1) for v in x.tolist()]
    np.testing.assert_array_equal(ffs, [(v & -v).bit_length() for v in u])


@trident.jit
def libdevice_float_kernel(x_ptr, y_ptr, fmod_ptr, round_ptr, llrint_ptr,
                           rcp_ptr, sat_ptr, fdim_ptr, fin_ptr, n,
                           BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=1.0)
    y = tl.load(y_ptr + offs, mask=m, other=1.0)
    tl.store(fmod_ptr + offs, libdevice.fmod(x, y), mask=m)
    tl.store(round_ptr + offs, libdevice.round(x), mask=m)
    tl.store(llrint_ptr + offs, libdevice.llrint(x), mask=m)
    tl.store(rcp_ptr + offs, libdevice.rcp_rn(y), mask=m)
    tl.store(sat_ptr + offs, libdevice.saturatef(x), mask=m)
    tl.store(fdim_ptr + offs, libdevice.fdim(x, y), mask=m)
    tl.store(fin_ptr + offs, libdevice.finitef(x * y), mask=m)


def test_libdevice_float_extras(rng, check):
    x = rng.uniform(-5, 5, N).astype(np.float32)
    y = rng.uniform(0.5, 3, N).astype(np.float32)
    x[:6] = [0.5, 1.5, -2.5, 2.5, np.inf, np.nan]
    res = {k: out(np.float32) for k in ("fmod", "round", "rcp", "sat",
                                        "fdim")}
    llrint, fin = out(np.int64), out(bool)
    check(libdevice_float_kernel, x_ptr=x, y_ptr=y,
          **{k + "_ptr": v for k, v in res.items()}, llrint_ptr=llrint,
          fin_ptr=fin, n=N, BLOCK=BLOCK)
    with np.errstate(invalid="ignore"):
        np.testing.assert_array_equal(res["fmod"], np.fmod(x, y))
        # halves away from zero, unlike rint
        np.testing.assert_array_equal(res["round"][:4], [1, 2, -3, 3])
        np.testing.assert_array_equal(
            res["round"][6:], np.sign(x[6:]) * np.floor(np.abs(x[6:]) + 0.5))
        np.testing.assert_array_equal(llrint[:4], [0, 2, -2, 2])
        np.testing.assert_array_equal(llrint[6:], np.rint(x[6:]))
        np.testing.assert_array_equal(res["rcp"], np.float32(1) / y)
        np.testing.assert_array_equal(res["sat"][:5], np.clip(x[:5], 0, 1))
        np.testing.assert_array_equal(res["sat"][6:], np.clip(x[6:], 0, 1))
        np.testing.assert_array_equal(
            res["fdim"], np.where(x > y, x - y, np.where(np.isnan(x), x, 0)))
        np.testing.assert_array_equal(fin, np.isfinite(x * y))


@trident.jit
def minmax_kernel(x_ptr, y_ptr, max_ptr, min_ptr, maxn_ptr, minn_ptr,
                  clamp_ptr, clampn_ptr, n, IS_FLOAT: tl.constexpr,
                  BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    y = tl.load(y_ptr + offs, mask=m)
    tl.store(max_ptr + offs, tl.maximum(x, y), mask=m)
    tl.store(min_ptr + offs, tl.minimum(x, y), mask=m)
    if IS_FLOAT:
        tl.store(maxn_ptr + offs,
                 tl.maximum(x, y, propagate_nan=tl.PropagateNan.ALL), mask=m)
        tl.store(minn_ptr + offs,
                 tl.minimum(x, y, propagate_nan=tl.PropagateNan.ALL), mask=m)
        tl.store(clamp_ptr + offs, tl.clamp(x, -1.0, 2.0), mask=m)
        tl.store(clampn_ptr + offs,
                 tl.clamp(x, -y - 3, y + 3,
                          propagate_nan=tl.PropagateNan.ALL), mask=m)


@pytest.mark.parametrize("dtype", ["float16", "float32", "float64", "int8",
                                   "int64", "uint32"])
def test_minimum_maximum_clamp(dtype, rng, check):
    is_float = np.dtype(dtype).kind == "f"
    if is_float:
        x = rng.uniform(-5, 5, N).astype(dtype)
        y = rng.uniform(0, 5, N).astype(dtype)
        x[0], y[1], x[2], y[2] = np.nan, np.nan, np.nan, np.nan
    else:
        x, y = ints(rng, dtype), ints(rng, dtype)
        if dtype.startswith("u"):
            x[0], y[0] = np.iinfo(dtype).max, 1
    res = {k: out(dtype) for k in ("max", "min", "maxn", "minn", "clamp",
                                   "clampn")}
    check(minmax_kernel, x_ptr=x, y_ptr=y,
          **{k + "_ptr": v for k, v in res.items()}, n=N, IS_FLOAT=is_float,
          BLOCK=BLOCK)
    if not is_float:
        np.testing.assert_array_equal(res["max"], np.maximum(x, y))
        np.testing.assert_array_equal(res["min"], np.minimum(x, y))
        return
    # default: NaN loses (fmax); PropagateNan.ALL: NaN wins
    np.testing.assert_array_equal(res["max"], np.fmax(x, y))
    np.testing.assert_array_equal(res["min"], np.fmin(x, y))
    np.testing.assert_array_equal(res["maxn"], np.maximum(x, y))
    np.testing.assert_array_equal(res["minn"], np.minimum(x, y))
    ok = ~np.isnan(x)
    np.testing.assert_array_equal(res["clamp"][ok], np.clip(x, -1, 2)[ok])
    hi = (y.astype(np.float64) + 3).astype(dtype)
    np.testing.assert_array_equal(
        res["clampn"], np.minimum(np.maximum(x, -hi), hi))


# ---------------------------------------------------------------------------
# where, tile construction, broadcasting, the grid
# ---------------------------------------------------------------------------


@trident.jit
def where_kernel(c_ptr, x_ptr, y_ptr, o1_ptr, o2_ptr, o3_ptr, n,
                 BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    m = offs < n
    c = tl.load(c_ptr + offs, mask=m)
    x = tl.load(x_ptr + offs, mask=m)
    y = tl.load(y_ptr + offs, mask=m)
    tl.store(o1_ptr + offs, tl.where(c, x, y), mask=m)
    # a Python scalar takes the tensor's type
    z = tl.where(c, x, 0)
    tl.static_assert(z.dtype == tl.float16)
    tl.store(o2_ptr + offs, z, mask=m)
    # an integer condition is compared with 0; int8 and a float scalar: fp32
    w = tl.where(offs % 3, y.to(tl.int8), 1.5)
    tl.static_assert(w.dtype == tl.float32)
    tl.store(o3_ptr + offs, w, mask=m)


def test_where(rng, check):
    c = rng.integers(0, 2, N).astype(bool)
    x = rng.uniform(-4, 4, N).astype(np.float16)
    y = rng.integers(-9, 9, N).astype(np.float16)
    o1, o2, o3 = out(np.float16), out(np.float16), out(np.float32)
    check(where_kernel, c_ptr=c, x_ptr=x, y_ptr=y, o1_ptr=o1, o2_ptr=o2,
          o3_ptr=o3, n=N, BLOCK=BLOCK)
    np.testing.assert_array_equal(o1, np.where(c, x, y))
    np.testing.assert_array_equal(o2, np.where(c, x, 0))
    offs = np.arange(N)
    np.testing.assert_array_equal(o3, np.where(offs % 3 != 0,
                                               y.astype(np.int8), 1.5))


@trident.jit
def full_kernel(src_ptr, o_ptr, o16_ptr, oi_ptr, ob_ptr, v, R: tl.constexpr,
                C: tl.constexpr):
    rows = tl.arange(0, R)[:, None]
    cols = tl.arange(0, C)[None, :]
    idx = rows * C + cols
    a = tl.full([R, C], 2.5, tl.float32)
    b = tl.zeros((R, C), dtype=tl.float16)
    s = tl.load(src_ptr + idx)
    z = tl.zeros_like(s)
    tl.static_assert(z.dtype == s.dtype)
    f = tl.full_like(s, 7)
    # a run-time scalar value, converted to the tile's type
    g = tl.full([R, C], v, tl.int32)
    t = tl.full([R, C], True, tl.int1)
    tl.store(o_ptr + idx, a + z + f)
    tl.store(o16_ptr + idx, b + 1)
    tl.store(oi_ptr + idx, g + idx)
    tl.store(ob_ptr + idx, t & (cols > rows))


def test_full_zeros(rng, check):
    R, C = 4, 8
    src = rng.uniform(size=R * C).astype(np.float32)
    o, o16 = out(np.float32, R * C), out(np.float16, R * C)
    oi, ob = out(np.int32, R * C), out(bool, R * C)
    check(full_kernel, src_ptr=src, o_ptr=o, o16_ptr=o16, oi_ptr=oi,
          ob_ptr=ob, v=3.9, R=R, C=C)
    np.testing.assert_array_equal(o, 9.5)
    np.testing.assert_array_equal(o16, 1)
    np.testing.assert_array_equal(oi, 3 + np.arange(R * C))
    r, c = np.divmod(np.arange(R * C), C)
    np.testing.assert_array_equal(ob, c > r)


@trident.jit
def broadcast_kernel(x_ptr, y_ptr, o_ptr, o2_ptr, o3_ptr, M: tl.constexpr,
                     N: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, M))        # (M,)
    y = tl.load(y_ptr + tl.arange(0, N))        # (N,)
    idx = tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :]
    # (M, 1) x (1, N) -> (M, N)
    tl.store(o_ptr + idx, x[:, None] * 10 + y[None, :])
    # (M, N) with (N,): the missing leading dimension is added
    z = tl.zeros([M, N], tl.float32) + y
    tl.store(o2_ptr + idx, z - tl.expand_dims(x, 1))
    # explicit broadcast_to, and tl.broadcast of a pair
    a, b = tl.broadcast(tl.expand_dims(x, 1), tl.expand_dims(y, 0))
    tl.static_assert(a.shape == b.shape)
    w = tl.broadcast_to(x[:, None], (M, N))
    tl.store(o3_ptr + idx, tl.maximum(a, b) + w)


def test_broadcasting(rng, check):
    M, Nn = 8, 16
    x = rng.uniform(-1, 1, M).astype(np.float32)
    y = rng.uniform(-1, 1, Nn).astype(np.float32)
    o, o2, o3 = (out(np.float32, M * Nn) for _ in range(3))
    check(broadcast_kernel, x_ptr=x, y_ptr=y, o_ptr=o, o2_ptr=o2, o3_ptr=o3,
          M=M, N=Nn)
    X, Y = x[:, None], y[None, :]
    np.testing.assert_allclose(o.reshape(M, Nn), X * 10 + Y, rtol=1e-6)
    np.testing.assert_allclose(o2.reshape(M, Nn), Y - X, rtol=1e-6)
    np.testing.assert_allclose(o3.reshape(M, Nn), np.maximum(X, Y) + X,
                               rtol=1e-6)


@trident.jit
def bad_broadcast_kernel(x_ptr):
    a = tl.zeros([8, 4], tl.float32)
    b = tl.zeros([8, 2], tl.float32)
    tl.store(x_ptr + tl.arange(0, 8)[:, None], a + b)


def test_incompatible_shapes_are_an_error():
    with pytest.raises(trident.CompilationError, match="cannot be broadcast"):
        trident.compile(bad_broadcast_kernel, signature={"x_ptr": "*fp32"},
                        target="cpu")


@trident.jit
def grid_kernel(o_ptr):
    x = tl.program_id(0)
    y = tl.program_id(1)
    z = tl.program_id(2)
    nx = tl.num_programs(0)
    ny = tl.num_programs(1)
    nz = tl.num_programs(2)
    lin = (z * ny + y) * nx + x
    tl.store(o_ptr + lin * 4, x + 10 * y + 100 * z)
    tl.store(o_ptr + lin * 4 + 1, nx)
    tl.store(o_ptr + lin * 4 + 2, ny)
    tl.store(o_ptr + lin * 4 + 3, nz)


@pytest.mark.parametrize("grid", [(5,), (3, 4), (2, 3, 4)])
def test_num_programs_on_a_grid(grid, check):
    g = grid + (1,) * (3 - len(grid))
    total = g[0] * g[1] * g[2]
    o = out(np.int32, total * 4, fill=-1)
    check(grid_kernel, grid=grid, o_ptr=o)
    o = o.reshape(g[2], g[1], g[0], 4)
    z, y, x = np.meshgrid(range(g[2]), range(g[1]), range(g[0]),
                          indexing="ij")
    np.testing.assert_array_equal(o[..., 0], x + 10 * y + 100 * z)
    np.testing.assert_array_equal(o[..., 1], g[0])
    np.testing.assert_array_equal(o[..., 2], g[1])
    np.testing.assert_array_equal(o[..., 3], g[2])


# ---------------------------------------------------------------------------
# Constexprs, globals and Python built-ins
# ---------------------------------------------------------------------------

GLOBAL_BLOCK: tl.constexpr = 64
GLOBAL_SCALE = tl.constexpr(3)
GLOBAL_DTYPE = tl.float16
NOT_A_CONSTEXPR = 5


@trident.jit
def constexpr_kernel(x_ptr, o_ptr, misc_ptr, n, DIMS: tl.constexpr,
                     K: tl.constexpr):
    offs = tl.arange(0, GLOBAL_BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    # constexpr arithmetic is done by Python
    HALF: tl.constexpr = GLOBAL_BLOCK // 2
    tl.static_assert(HALF == 32)
    tl.static_assert(K * 2 + 1 == 7)
    tl.static_assert(K ** 2 == 9 and -K == -3 and K % 2 == 1)
    tl.static_assert((K << 2) == 12 and (K | 4) == 7 and K / 2 == 1.5)
    tl.static_assert(len(DIMS) == 3)
    tl.static_assert(DIMS[1] == 20)
    tl.static_assert(min(DIMS) == 10 and max(DIMS[0], K) == 10)
    tl.static_assert(abs(-K) == 3 and int(2.9) == 2)
    tl.static_assert(tl.cdiv(100, K) == 34 and trident.cdiv(7, 2) == 4)
    first = tl.arange(0, HALF)
    y = x * GLOBAL_SCALE
    y = y.to(GLOBAL_DTYPE).to(tl.float32)
    tl.store(o_ptr + offs, y, mask=m)
    tl.store(o_ptr + GLOBAL_BLOCK + first, first.to(tl.float32) * K)
    # Python built-ins on tiles and run-time scalars
    lo = min(x, 0.5)
    hi = max(x, -0.5, lo)
    tl.store(misc_ptr + offs, abs(lo) + hi, mask=m)
    big = tl.where(m, x, float("inf"))
    tl.store(misc_ptr + GLOBAL_BLOCK, tl.min(big, axis=0))
    tl.store(misc_ptr + GLOBAL_BLOCK + 1, float(K) + len(DIMS))
    nn = min(n, 40)   # run-time scalar with a constant
    tl.store(misc_ptr + GLOBAL_BLOCK + 2, nn + abs(n - 100))
    c = tl.cdiv(n, 16)          # tl.cdiv of a run-time scalar
    tl.store(misc_ptr + GLOBAL_BLOCK + 3, c)
    tl.store(misc_ptr + GLOBAL_BLOCK + 4, float("-inf"))


def test_constexprs_globals_and_builtins(rng, check):
    x = rng.uniform(-2, 2, N).astype(np.float32)
    o = out(np.float32, 64 + 32)
    misc = out(np.float32, 64 + 5)
    check(constexpr_kernel, x_ptr=x, o_ptr=o, misc_ptr=misc, n=N,
          DIMS=(10, 20, 30), K=3)
    np.testing.assert_allclose(o[:N], (x * 3).astype(np.float16), rtol=1e-6)
    np.testing.assert_array_equal(o[64:], np.arange(32) * 3)
    lo = np.minimum(x, 0.5)
    hi = np.maximum(np.maximum(x, -0.5), lo)
    np.testing.assert_allclose(misc[:N], np.abs(lo) + hi, rtol=1e-6)
    assert misc[64] == x.min()
    assert misc[65] == 6.0
    assert misc[66] == min(N, 40) + abs(N - 100)
    assert misc[67] == -(-N // 16)
    assert misc[68] == -np.inf


@trident.jit
def plain_global_kernel(x_ptr):
    tl.store(x_ptr, NOT_A_CONSTEXPR)


def test_plain_global_is_an_error():
    with pytest.raises(trident.CompilationError,
                       match="NOT_A_CONSTEXPR.*constexpr"):
        trident.compile(plain_global_kernel, signature={"x_ptr": "*i32"},
                        target="cpu")


@trident.jit
def scalar_arith_kernel(o_ptr, a, b, f):
    # run-time scalars (kernel arguments) follow the same rules as tiles
    tl.store(o_ptr, a // b)
    tl.store(o_ptr + 1, a % b)
    tl.store(o_ptr + 2, (a / b).to(tl.int32) * 1000)
    tl.store(o_ptr + 3, (a * f).to(tl.int32))
    tl.store(o_ptr + 4, -a >> 1)
    tl.store(o_ptr + 5, (a < b).to(tl.int32) + (a == a))
    tl.store(o_ptr + 6, tl.maximum(a, b))
    tl.store(o_ptr + 7, abs(b))


def test_scalar_arguments(check):
    o = out(np.int32, 8)
    check(scalar_arith_kernel, o_ptr=o, a=-17, b=5, f=2.5)
    # -17 // 5 and -17 % 5 truncate: -3 and -2; -17 / 5 is -3.4 in fp32
    np.testing.assert_array_equal(o, [-3, -2, -3000, -42, 8, 2, 5, 5])


@trident.jit
def big_int_argument_kernel(o_ptr, n):
    tl.store(o_ptr, n - 3_000_000_001)


def test_int_argument_above_int32_is_int64():
    # Triton passes an int in [2^31, 2^63) as i64 (not u32): n - a larger
    # constant is negative, not a wrapped unsigned value.
    o = np.zeros(1, np.int64)
    big_int_argument_kernel[(1,)](o, 3_000_000_000)
    np.testing.assert_array_equal(o, [-1])

"""tl.extra.cuda.libdevice, every function: the CPU target (Trident's own
implementations of libdevice's functions) against float64 / exact Python
references, and the sm_90a cubin of the same launch (libdevice.10.bc
linked in, through ptxas). Also tl.extern_elementwise with a user's table,
and its errors."""
import math
from fractions import Fraction

import numpy as np
import pytest

import trident
import trident.language as tl
from trident.language.extra.cuda import libdevice


@trident.jit
def unary_kernel(x_ptr, out_ptr, n, FN: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    m = offs < n
    tl.store(out_ptr + offs, FN(tl.load(x_ptr + offs, m)), m)


@trident.jit
def binary_kernel(x_ptr, y_ptr, out_ptr, n, FN: tl.constexpr,
                  BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, m)
    y = tl.load(y_ptr + offs, m)
    tl.store(out_ptr + offs, FN(x, y), m)


@trident.jit
def ternary_kernel(x_ptr, y_ptr, z_ptr, out_ptr, n, FN: tl.constexpr,
                   BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, m)
    y = tl.load(y_ptr + offs, m)
    z = tl.load(z_ptr + offs, m)
    tl.store(out_ptr + offs, FN(x, y, z), m)


@trident.jit
def quaternary_kernel(a_ptr, b_ptr, c_ptr, d_ptr, out_ptr, n,
                      FN: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    m = offs < n
    a = tl.load(a_ptr + offs, m)
    b = tl.load(b_ptr + offs, m)
    c = tl.load(c_ptr + offs, m)
    d = tl.load(d_ptr + offs, m)
    tl.store(out_ptr + offs, FN(a, b, c, d), m)


N = 64
KERNELS = {1: unary_kernel, 2: binary_kernel, 3: ternary_kernel,
           4: quaternary_kernel}
ARG_NAMES = {1: ["x_ptr"], 2: ["x_ptr", "y_ptr"],
             3: ["x_ptr", "y_ptr", "z_ptr"],
             4: ["a_ptr", "b_ptr", "c_ptr", "d_ptr"]}


def run(check, fn, args, out_dtype):
    """Runs libdevice `fn` on `args` on the CPU, builds its cubin; returns
    the output."""
    out = np.full(len(args[0]), np.nan if np.dtype(out_dtype).kind == "f"
                  else 0x5A, dtype=out_dtype)
    kw = dict(zip(ARG_NAMES[len(args)], args))
    check(KERNELS[len(args)], out_ptr=out, n=len(args[0]), FN=fn, BLOCK=N,
          **kw)
    return out


# --- References --------------------------------------------------------------

def vec(f):
    return lambda *a: np.array([f(*map(float, t)) for t in zip(*a)])


def _trap(f, lo, hi, points=4001):
    """Simpson's rule (`points` odd)."""
    t = np.linspace(lo, hi, points)
    y = f(t)
    return (y[0] + y[-1] + 4 * y[1:-1:2].sum() + 2 * y[2:-1:2].sum()) * \
        (t[1] - t[0]) / 3


def bessel_j(n, x):
    # (1/pi) int_0^pi cos(n t - x sin t) dt; periodic: trapezoid converges
    # fast.
    return _trap(lambda t: np.cos(n * t - x * np.sin(t)), 0, np.pi) / np.pi


def bessel_y(n, x):
    a = _trap(lambda t: np.sin(x * np.sin(t) - n * t), 0, np.pi,
              20001) / np.pi
    b = _trap(lambda t: (np.exp(n * t) + (-1) ** n * np.exp(-n * t)) *
              np.exp(-x * np.sinh(t)), 0, 12, 200001) / np.pi
    return a - b


def bessel_i(n, x):
    return _trap(lambda t: np.exp(x * np.cos(t)) * np.cos(n * t), 0,
                 np.pi) / np.pi


def newton_inverse(f, df, y, x0=0.0):
    x = x0
    for _ in range(100):
        step = (f(x) - y) / df(x)
        x -= step
        if abs(step) <= 1e-17 * max(1.0, abs(x)):
            break
    return x


def erfinv_ref(y):
    return newton_inverse(math.erf,
                          lambda x: 2 / math.sqrt(math.pi) * math.exp(-x * x),
                          y)


def erfcinv_ref(y):
    return newton_inverse(math.erfc,
                          lambda x: -2 / math.sqrt(math.pi) * math.exp(-x * x),
                          y, x0=0.5 if y < 1 else -0.5)


def sinpi_ref(x):
    r = math.remainder(x, 2.0)
    return math.sin(math.pi * r)


def cospi_ref(x):
    return math.cos(math.pi * math.remainder(x, 2.0))


# name -> (reference on float64 inputs, domain per argument, float32 rtol,
#          float64 rtol); atol is rtol (values near zero).
FLOAT_FUNCS = {
    "floor": (np.floor, [(-50, 50)], 0, 0),
    "ceil": (np.ceil, [(-50, 50)], 0, 0),
    "trunc": (np.trunc, [(-50, 50)], 0, 0),
    "rint": (np.rint, [(-50, 50)], 0, 0),
    "nearbyint": (np.rint, [(-50, 50)], 0, 0),
    "round": (vec(lambda x: math.copysign(math.floor(abs(x) + 0.5), x)),
              [(-50, 50)], 0, 0),
    "fabs": (np.abs, [(-50, 50)], 0, 0),
    "sqrt": (np.sqrt, [(0, 100)], 1e-7, 1e-15),
    "rsqrt": (lambda x: 1 / np.sqrt(x), [(0.01, 100)], 2e-7, 1e-15),
    "cbrt": (np.cbrt, [(-100, 100)], 2e-7, 1e-15),
    "rcbrt": (lambda x: 1 / np.cbrt(x), [(0.01, 100)], 2e-7, 1e-15),
    "exp": (np.exp, [(-20, 20)], 2e-7, 1e-15),
    "exp2": (np.exp2, [(-20, 20)], 2e-7, 1e-15),
    "exp10": (lambda x: 10.0 ** x, [(-10, 10)], 2e-7, 1e-14),
    "expm1": (np.expm1, [(-5, 5)], 2e-7, 1e-15),
    "log": (np.log, [(0.01, 100)], 2e-7, 1e-15),
    "log2": (np.log2, [(0.01, 100)], 2e-7, 1e-15),
    "log10": (np.log10, [(0.01, 100)], 2e-7, 1e-15),
    "log1p": (np.log1p, [(-0.9, 10)], 2e-7, 1e-15),
    "sin": (np.sin, [(-10, 10)], 2e-7, 1e-15),
    "cos": (np.cos, [(-10, 10)], 2e-7, 1e-15),
    "tan": (np.tan, [(-1.5, 1.5)], 2e-7, 1e-15),
    "sinh": (np.sinh, [(-5, 5)], 2e-7, 1e-15),
    "cosh": (np.cosh, [(-5, 5)], 2e-7, 1e-15),
    "tanh": (np.tanh, [(-5, 5)], 2e-7, 1e-15),
    "asin": (np.arcsin, [(-1, 1)], 2e-7, 1e-15),
    "acos": (np.arccos, [(-1, 1)], 2e-7, 1e-15),
    "atan": (np.arctan, [(-10, 10)], 2e-7, 1e-15),
    "asinh": (np.arcsinh, [(-10, 10)], 2e-7, 1e-15),
    "acosh": (np.arccosh, [(1, 10)], 2e-7, 1e-15),
    "atanh": (np.arctanh, [(-0.99, 0.99)], 2e-7, 1e-14),
    "sinpi": (vec(sinpi_ref), [(-4, 4)], 2e-7, 1e-14),
    "cospi": (vec(cospi_ref), [(-4, 4)], 2e-7, 1e-14),
    "erf": (vec(math.erf), [(-3, 3)], 2e-7, 1e-15),
    "erfc": (vec(math.erfc), [(-3, 3)], 2e-7, 1e-15),
    "erfinv": (vec(erfinv_ref), [(-0.999, 0.999)], 5e-7, 1e-13),
    "erfcinv": (vec(erfcinv_ref), [(0.001, 1.999)], 5e-7, 1e-13),
    "erfcx": (vec(lambda x: math.exp(x * x) * math.erfc(x)), [(-2, 8)],
              5e-7, 1e-13),
    "normcdf": (vec(lambda x: 0.5 * math.erfc(-x / math.sqrt(2))),
                [(-5, 5)], 2e-7, 1e-15),
    "normcdfinv": (vec(lambda p: -math.sqrt(2) * erfcinv_ref(2 * p)),
                   [(0.001, 0.999)], 5e-7, 1e-13),
    "lgamma": (vec(math.lgamma), [(0.1, 20)], 5e-7, 1e-14),
    "tgamma": (vec(math.gamma), [(0.1, 10)], 5e-7, 1e-14),
    "j0": (vec(lambda x: bessel_j(0, x)), [(0, 20)], 2e-6, 1e-12),
    "j1": (vec(lambda x: bessel_j(1, x)), [(0, 20)], 2e-6, 1e-12),
    "y0": (vec(lambda x: bessel_y(0, x)), [(0.5, 20)], 2e-6, 1e-9),
    "y1": (vec(lambda x: bessel_y(1, x)), [(0.5, 20)], 2e-6, 1e-9),
    "cyl_bessel_i0": (vec(lambda x: bessel_i(0, x)), [(-10, 10)], 5e-7,
                      1e-13),
    "cyl_bessel_i1": (vec(lambda x: bessel_i(1, x)), [(-10, 10)], 5e-7,
                      1e-13),
    "logb": (vec(lambda x: float(math.frexp(x)[1] - 1)), [(-1e6, 1e6)], 0, 0),
    "atan2": (np.arctan2, [(-10, 10), (-10, 10)], 2e-7, 1e-15),
    "hypot": (np.hypot, [(-10, 10), (-10, 10)], 2e-7, 1e-15),
    "rhypot": (lambda x, y: 1 / np.hypot(x, y), [(1, 10), (1, 10)], 2e-7,
               1e-15),
    "copysign": (np.copysign, [(-10, 10), (-10, 10)], 0, 0),
    "nextafter": (np.nextafter, [(-10, 10), (-10, 10)], 0, 0),
    "fmod": (np.fmod, [(-10, 10), (1, 3)], 0, 0),
    "remainder": (vec(math.remainder), [(-10, 10), (1, 3)], 0, 0),
    "fdim": (lambda x, y: np.where(x > y, x - y, 0.0),
             [(-10, 10), (-10, 10)], 0, 0),
    "fmin": (np.fmin, [(-10, 10), (-10, 10)], 0, 0),
    "fmax": (np.fmax, [(-10, 10), (-10, 10)], 0, 0),
    "pow": (np.power, [(0.1, 10), (-3, 3)], 5e-7, 1e-15),
    "fma": (lambda a, b, c: a * b + c, [(-10, 10)] * 3, 2e-7, 1e-15),
    "norm3d": (lambda a, b, c: np.sqrt(a * a + b * b + c * c),
               [(-10, 10)] * 3, 2e-7, 1e-15),
    "rnorm3d": (lambda a, b, c: 1 / np.sqrt(a * a + b * b + c * c),
                [(1, 10)] * 3, 2e-7, 1e-15),
    "norm4d": (lambda a, b, c, d: np.sqrt(a * a + b * b + c * c + d * d),
               [(-10, 10)] * 4, 2e-7, 1e-15),
    "rnorm4d": (lambda a, b, c, d: 1 / np.sqrt(a * a + b * b + c * c + d * d),
                [(1, 10)] * 4, 2e-7, 1e-15),
}


def inputs(rng, domains, dtype):
    return [rng.uniform(lo, hi, N).astype(dtype) for lo, hi in domains]


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("name", sorted(FLOAT_FUNCS))
def test_float_function(name, dtype, rng, check):
    ref_fn, domains, rtol32, rtol64 = FLOAT_FUNCS[name]
    args = inputs(rng, domains, dtype)
    if name in ("floor", "ceil", "trunc", "rint", "nearbyint", "round"):
        args[0][:4] = [2.5, -2.5, 3.5, -0.5]  # halves: the rounding rule
    out = run(check, getattr(libdevice, name), args, dtype)
    rtol = rtol32 if dtype == "float32" else rtol64
    # Exact functions are computed in the argument dtype (nextafter's next
    # float depends on it), the others in float64.
    ref = ref_fn(*[a if rtol == 0 else a.astype(np.float64) for a in args])
    if rtol == 0:
        np.testing.assert_array_equal(out, ref.astype(dtype))
    else:
        np.testing.assert_allclose(out, ref, rtol=rtol, atol=rtol)


def test_float_specials(check):
    x = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0, 2.0] * 8,
                 np.float32)
    np.testing.assert_array_equal(
        run(check, libdevice.erfinv, [x], np.float32)[:8],
        [0.0, -0.0, np.nan, np.nan, np.nan, np.inf, -np.inf, np.nan])
    np.testing.assert_array_equal(
        run(check, libdevice.sinpi, [x], np.float32)[:8],
        [0.0, -0.0, np.nan, np.nan, np.nan, 0.0, -0.0, 0.0])
    ilogb = run(check, libdevice.ilogb, [x], np.int32)[:8]
    # libdevice's rules: INT_MIN for 0 and NaN, INT_MAX for infinities.
    np.testing.assert_array_equal(
        ilogb, [-2 ** 31, -2 ** 31, 2 ** 31 - 1, 2 ** 31 - 1, -2 ** 31, 0, 0,
                1])
    np.testing.assert_array_equal(
        run(check, libdevice.isnan, [x], np.int8)[:8], [0, 0, 0, 0, 1, 0, 0, 0])
    np.testing.assert_array_equal(
        run(check, libdevice.isinf, [x], np.int8)[:8], [0, 0, 1, 1, 0, 0, 0, 0])
    np.testing.assert_array_equal(
        run(check, libdevice.signbit, [x], np.int32)[:8] != 0,
        np.signbit(x[:8]))
    np.testing.assert_array_equal(
        run(check, libdevice.finitef, [x], np.int32)[:8] != 0,
        np.isfinite(x[:8]))
    np.testing.assert_array_equal(
        run(check, libdevice.isfinited, [x.astype(np.float64)], np.int32)[:8]
        != 0, np.isfinite(x[:8]))
    s = run(check, libdevice.saturatef, [x * 0.75], np.float32)[:8]
    np.testing.assert_array_equal(s, [0, 0, 1, 0, 0, 0.75, 0, 1])


# --- Directed rounding: exact references through fractions -------------------

def _neighbours(v, dtype):
    v = dtype(v)
    return [np.nextafter(v, dtype(-np.inf)), v, np.nextafter(v, dtype(np.inf))]


def round_exact(q, mode, dtype):
    """The `dtype` value `q` (a Fraction) rounds to under `mode`."""
    cands = _neighbours(float(q), dtype)
    cands = sorted({c for c in cands for c in _neighbours(c, dtype)},
                   key=lambda c: Fraction(float(c)))
    below = max(c for c in cands if Fraction(float(c)) <= q)
    above = min(c for c in cands if Fraction(float(c)) >= q)
    if mode == "rd":
        return below
    if mode == "ru":
        return above
    if mode == "rz":
        return below if q >= 0 else above
    db, da = q - Fraction(float(below)), Fraction(float(above)) - q
    if db != da:
        return below if db < da else above
    ib = int(np.array(below).view({4: np.int32, 8: np.int64}[
        np.dtype(dtype).itemsize]))
    return below if ib % 2 == 0 else above


def sqrt_exact(a, mode, dtype):
    """Directed rounding of sqrt(a): the neighbours of the nearest, checked
    by squaring (exact in fractions)."""
    a = Fraction(float(a))
    r = dtype(math.sqrt(float(a)))
    cands = sorted({c for c in _neighbours(r, dtype)
                    for c in _neighbours(c, dtype) if c >= 0},
                   key=float)
    below = max(c for c in cands if Fraction(float(c)) ** 2 <= a)
    above = min(c for c in cands if Fraction(float(c)) ** 2 >= a)
    if mode in ("rd", "rz"):
        return below
    if mode == "ru":
        return above
    mid = (Fraction(float(below)) + Fraction(float(above))) / 2
    return below if mid * mid > a else above


ROUNDED = {
    "add": (2, lambda a, b: a + b),
    "sub": (2, lambda a, b: a - b),
    "mul": (2, lambda a, b: a * b),
    "div": (2, lambda a, b: a / b),
    "rcp": (1, lambda a: 1 / a),
    "fma": (3, lambda a, b, c: a * b + c),
}


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("mode", ["rn", "rz", "rd", "ru"])
@pytest.mark.parametrize("op", sorted(ROUNDED) + ["sqrt"])
def test_directed_rounding(op, mode, dtype, rng, check):
    npt = np.dtype(dtype).type
    if op == "sqrt":
        args = [rng.uniform(0.1, 100, N).astype(dtype)]
        ref = [sqrt_exact(a, mode, npt) for a in args[0]]
    else:
        n, f = ROUNDED[op]
        args = [rng.uniform(-10, 10, N).astype(dtype) for _ in range(n)]
        ref = [round_exact(f(*[Fraction(float(v)) for v in t]), mode, npt)
               for t in zip(*args)]
    out = run(check, getattr(libdevice, "%s_%s" % (op, mode)), args, dtype)
    np.testing.assert_array_equal(out, np.array(ref, dtype))


def _to_int(q, mode):
    return {"rn": round, "rz": math.trunc, "rd": math.floor,
            "ru": math.ceil}[mode](q)


INT_RANGES = {"int": (np.int32, -2 ** 31, 2 ** 31 - 1),
              "uint": (np.uint32, 0, 2 ** 32 - 1),
              "ll": (np.int64, -2 ** 63, 2 ** 63 - 1),
              "ull": (np.uint64, 0, 2 ** 64 - 1)}


@pytest.mark.parametrize("mode", ["rn", "rz", "rd", "ru"])
@pytest.mark.parametrize("src", ["float", "double"])
@pytest.mark.parametrize("dst", sorted(INT_RANGES))
def test_float_to_int(src, dst, mode, rng, check):
    fdt = np.float32 if src == "float" else np.float64
    ity, lo, hi = INT_RANGES[dst]
    x = rng.uniform(-1000, 1000, N).astype(fdt)
    x[:8] = [2.5, -2.5, 0.5, np.nan, 1e30, -1e30, 3.7, -3.7]
    out = run(check, getattr(libdevice, "%s2%s_%s" % (src, dst, mode)), [x],
              ity)
    ref = [0 if math.isnan(v) else min(hi, max(lo, _to_int(Fraction(
        float(v)), mode))) for v in x]
    np.testing.assert_array_equal(out, np.array(ref, dtype=ity))


# libdevice has int2double and uint2double (exact) under _rn only.
INT_TO_FLOAT = [(s, d, m) for s in sorted(INT_RANGES) for d in
                ("float", "double") for m in ("rn", "rz", "rd", "ru")
                if not (d == "double" and s in ("int", "uint") and m != "rn")]


@pytest.mark.parametrize("src,dst,mode", INT_TO_FLOAT)
def test_int_to_float(src, dst, mode, rng, check):
    ity, lo, hi = INT_RANGES[src]
    fdt = np.float32 if dst == "float" else np.float64
    x = rng.integers(lo, hi, N, dtype=ity, endpoint=True)
    x[:3] = [lo, hi, 0]
    out = run(check, getattr(libdevice, "%s2%s_%s" % (src, dst, mode)), [x],
              fdt)
    ref = [round_exact(Fraction(int(v)), mode, fdt) for v in x]
    np.testing.assert_array_equal(out, np.array(ref, fdt))


@pytest.mark.parametrize("mode", ["rn", "rz", "rd", "ru"])
def test_double2float(mode, rng, check):
    x = rng.uniform(-10, 10, N)
    out = run(check, getattr(libdevice, "double2float_" + mode), [x],
              np.float32)
    ref = [round_exact(Fraction(float(v)), mode, np.float32) for v in x]
    np.testing.assert_array_equal(out, np.array(ref, np.float32))


# --- Integer functions and bit reinterpretations -----------------------------

def _u(v, bits):
    return int(v) & ((1 << bits) - 1)


def _s(v, bits):
    v &= (1 << bits) - 1
    return v - (1 << bits) if v >> (bits - 1) else v


def _brev(v, bits):
    return int(format(_u(v, bits), "0%db" % bits)[::-1], 2)


def _byte_perm(x, y, s):
    both = (_u(y, 32) << 32) | _u(x, 32)
    return sum(((both >> (8 * ((s >> (4 * i)) & 7))) & 0xFF) << (8 * i)
               for i in range(4))


INT_FUNCS = {
    # name: (argument dtypes, result dtype, reference on Python ints)
    "popc": ([np.int32], np.int32, lambda x: bin(_u(x, 32)).count("1")),
    "clz": ([np.int64], np.int32, lambda x: 64 - _u(x, 64).bit_length()),
    "ffs": ([np.int32], np.int32,
            lambda x: (_u(x, 32) & -_u(x, 32)).bit_length()),
    "brev": ([np.int64], np.int64, lambda x: _s(_brev(x, 64), 64)),
    "byte_perm": ([np.int32] * 3, np.int32,
                  lambda x, y, s: _s(_byte_perm(x, y, _u(s, 32)), 32)),
    "mulhi": ([np.int64] * 2, np.int64, lambda x, y: (x * y) >> 64),
    "umulhi": ([np.uint32] * 2, np.uint32, lambda x, y: (x * y) >> 32),
    "mul24": ([np.int32] * 2, np.int32,
              lambda x, y: _s(_s(x, 24) * _s(y, 24), 32)),
    "sad": ([np.int32, np.int32, np.uint32], np.int32,
            lambda x, y, z: _s(abs(x - y) + z, 32)),
    "hadd": ([np.int32] * 2, np.int32, lambda x, y: (x + y) >> 1),
    "rhadd": ([np.uint32] * 2, np.uint32, lambda x, y: (x + y + 1) >> 1),
    "abs": ([np.int64], np.int64, lambda x: _s(abs(x), 64)),
}


@pytest.mark.parametrize("name", sorted(INT_FUNCS))
def test_int_function(name, rng, check):
    dts, rdt, ref_fn = INT_FUNCS[name]
    args = []
    for dt in dts:
        info = np.iinfo(dt)
        a = rng.integers(info.min, info.max, N, dtype=dt, endpoint=True)
        a[:2] = [info.min, 0]
        args.append(a)
    out = run(check, getattr(libdevice, name), args, rdt)
    ref = [ref_fn(*[int(v) for v in t]) for t in zip(*args)]
    np.testing.assert_array_equal(out, np.array(ref).astype(rdt))


BITCASTS = {
    "float_as_int": (np.float32, np.int32),
    "float_as_uint": (np.float32, np.uint32),
    "int_as_float": (np.int32, np.float32),
    "uint_as_float": (np.uint32, np.float32),
    "double_as_longlong": (np.float64, np.int64),
    "longlong_as_double": (np.int64, np.float64),
}


@pytest.mark.parametrize("name", sorted(BITCASTS))
def test_bitcasts(name, rng, check):
    src, dst = BITCASTS[name]
    x = rng.standard_normal(N).astype(np.float64).astype(
        src if np.dtype(src).kind == "f" else {4: np.float32, 8: np.float64}[
            np.dtype(src).itemsize]).view(src)
    out = run(check, getattr(libdevice, name), [x], dst)
    np.testing.assert_array_equal(out.view(np.uint8), x.view(np.uint8))


def test_double_halves(rng, check):
    x = rng.standard_normal(N)
    hi = run(check, libdevice.double2hiint, [x], np.int32)
    lo = run(check, libdevice.double2loint, [x], np.int32)
    np.testing.assert_array_equal(hi, (x.view(np.uint64) >> 32).astype(
        np.uint32).view(np.int32))
    np.testing.assert_array_equal(lo, x.view(np.uint64).astype(
        np.uint32).view(np.int32))
    back = run(check, libdevice.hiloint2double, [hi, lo], np.float64)
    np.testing.assert_array_equal(back, x)


def test_mixed_argument_functions(rng, check):
    x = rng.uniform(0.5, 3, N).astype(np.float32)
    e = rng.integers(-10, 10, N, dtype=np.int32)
    np.testing.assert_array_equal(run(check, libdevice.ldexp, [x, e],
                                      np.float32), np.ldexp(x, e))
    np.testing.assert_array_equal(run(check, libdevice.scalbn, [x, e],
                                      np.float32), np.ldexp(x, e))
    np.testing.assert_allclose(run(check, libdevice.pow, [x, e], np.float32),
                               x.astype(np.float64) ** e, rtol=1e-6)
    n = rng.integers(0, 4, N, dtype=np.int32)
    xs = rng.uniform(0.5, 10, N)
    np.testing.assert_allclose(run(check, libdevice.jn, [n, xs], np.float64),
                               [bessel_j(int(k), v) for k, v in zip(n, xs)],
                               rtol=1e-10, atol=1e-12)
    np.testing.assert_allclose(run(check, libdevice.yn, [n, xs], np.float64),
                               [bessel_y(int(k), v) for k, v in zip(n, xs)],
                               rtol=1e-8, atol=1e-9)
    y = rng.uniform(-100, 100, N).astype(np.float32)
    y[:4] = [2.5, -2.5, 0.5, 3.5]
    np.testing.assert_array_equal(
        run(check, libdevice.llrint, [y], np.int64), np.rint(y).astype(np.int64))
    np.testing.assert_array_equal(
        run(check, libdevice.llround, [y], np.int64),
        [int(math.copysign(math.floor(abs(v) + 0.5), v)) for v in y])


FAST = {"fast_sinf": np.sin, "fast_cosf": np.cos, "fast_tanf": np.tan,
        "fast_expf": np.exp, "fast_logf": np.log, "fast_log2f": np.log2,
        "fast_log10f": np.log10, "fast_exp10f": lambda x: 10.0 ** x,
        "rsqrt_rn": lambda x: 1 / np.sqrt(x),
        "rcp64h": lambda x: 1 / x}


@pytest.mark.parametrize("name", sorted(FAST))
def test_fast_functions(name, rng, check):
    dt = np.float64 if name == "rcp64h" else np.float32
    x = rng.uniform(0.1, 1.5, N).astype(dt)
    out = run(check, getattr(libdevice, name), [x], dt)
    # rcp64h keeps the high 32 bits of 1/x only.
    np.testing.assert_allclose(out, FAST[name](x.astype(np.float64)),
                               rtol=1e-6 if name == "rcp64h" else 2e-6)


def test_fast_pow_and_divide(rng, check):
    x = rng.uniform(0.1, 4, N).astype(np.float32)
    y = rng.uniform(-2, 2, N).astype(np.float32)
    np.testing.assert_allclose(run(check, libdevice.fast_powf, [x, y],
                                   np.float32),
                               x.astype(np.float64) ** y, rtol=2e-6)
    np.testing.assert_allclose(run(check, libdevice.fast_dividef, [x, y],
                                   np.float32),
                               x.astype(np.float64) / y, rtol=2e-6)


# --- tl.extern_elementwise itself --------------------------------------------

@trident.jit
def user_extern_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, m)
    y = tl.extern_elementwise(
        "", "", [x, 2], {
            (tl.dtype("fp32"), tl.dtype("fp32")): ("__nv_powf",
                                                   tl.dtype("fp32")),
            (tl.float64, tl.float64): ("__nv_pow", tl.float64),
        }, is_pure=True)
    tl.store(out_ptr + offs, y, m)


def test_user_extern_table(rng, check):
    # (fp32, int32) has no entry: the arguments are promoted to fp32 first,
    # as in Triton.
    x = rng.uniform(0.5, 3, N).astype(np.float32)
    out = np.full(N, np.nan, np.float32)
    check(user_extern_kernel, x_ptr=x, out_ptr=out, n=N, BLOCK=N)
    np.testing.assert_allclose(out, x.astype(np.float64) ** 2, rtol=1e-6)


@trident.jit
def extern_error_kernel(x_ptr, n, CASE: tl.constexpr):
    offs = tl.arange(0, 16)
    x = tl.load(x_ptr + offs)
    if CASE == 0:
        y = libdevice.erfinv(x.to(tl.float16))
    elif CASE == 1:
        y = libdevice.atan2(x)
    else:
        y = libdevice.sin(offs)
    tl.store(x_ptr + offs, y)


@pytest.mark.parametrize("case,message", [
    (0, "libdevice.erfinv has no variant for arguments of type (fp16); it "
        "takes (fp32), (fp64)"),
    (1, "libdevice.atan2 takes 2 arguments, got 1"),
    (2, "libdevice.sin has no variant for arguments of type (int32)"),
])
def test_extern_errors(case, message):
    with pytest.raises(trident.CompilationError) as e:
        trident.compile(extern_error_kernel,
                        signature={"x_ptr": "*fp32", "n": "i32"},
                        constexprs={"CASE": case}, target="cpu")
    assert message in str(e.value)
    assert "extern_error_kernel" in str(e.value)

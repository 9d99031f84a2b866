"""`tl.extra.cuda.libdevice`: the libdevice names kernels use, mapped to the
same elementwise math as `tl.math` (the back ends pick each target's
implementation), so kernels that call them also run on the CPU target."""
from ... import math as _m
from ... import core as _core
from ...core import _sem, builtin as _builtin

exp = _m.exp
exp2 = _m.exp2
expm1 = _m.expm1
log = _m.log
log2 = _m.log2
log10 = _m.log10
log1p = _m.log1p
sqrt = _m.sqrt
sqrt_rn = _m.sqrt_rn
rsqrt = _m.rsqrt
sin = _m.sin
cos = _m.cos
tan = _m.tan
tanh = _m.tanh
sinh = _m.sinh
cosh = _m.cosh
asin = _m.asin
acos = _m.acos
atan = _m.atan
atan2 = _m.atan2
asinh = _m.asinh
acosh = _m.acosh
atanh = _m.atanh
erf = _m.erf
erfc = _m.erfc
cbrt = _m.cbrt
floor = _m.floor
ceil = _m.ceil
trunc = _m.trunc
rint = _m.rint
nearbyint = _m.nearbyint
pow = _m.pow
fast_powf = _m.pow
copysign = _m.copysign
fabs = _m.abs
abs = _m.abs
fma = _m.fma
div_rn = _m.div_rn
fast_dividef = _m.fdiv
umulhi = _m.umulhi
isnan = _m.isnan
isinf = _m.isinf
signbit = _m.signbit
fmax = _m.max
fmin = _m.min
fast_expf = _m.exp
fast_logf = _m.log


@_builtin
def popc(x):
    """The number of set bits (int32)."""
    return _sem("libdevice.popc").bit_count("popc", "math.ctpop", x)


@_builtin
def clz(x):
    """The number of leading zero bits (int32)."""
    return _sem("libdevice.clz").bit_count("clz", "math.ctlz", x)


@_builtin
def mulhi(x, y):
    """The high half of the product: signed for signed integers (libdevice's
    __nv_mulhi / __nv_mul64hi), unsigned for unsigned ones."""
    s = _sem("libdevice.mulhi")
    x, y = s.binary_operands(x, y, "libdevice.mulhi")
    if not x.dtype.is_int():
        raise _core.TridentUserError(
            "libdevice.mulhi needs integer operands, got %r" % (x.dtype,))
    if x.dtype.is_int_unsigned():
        return s.umulhi(x, y)
    t = s.type_of(x.type)
    hs = s.builder.opn("arith.mulsi_extended", [x.handle, y.handle], [t, t])
    return _core.tensor(hs[1], x.type)


@_builtin
def ffs(x):
    """The position (from 1) of the lowest set bit, 0 for 0 (int32)."""
    s = _sem("libdevice.ffs")
    t = s.bit_count("ffs", "math.cttz", x)
    return s.where(s.compare("eq", x, 0), 0, s.add(t, 1))


@_builtin
def fmod(x, y):
    """C's fmod: the remainder with the sign of `x`."""
    return _sem("libdevice.fmod").mod(x, y)


@_builtin
def round(x):
    """Rounding to the nearest integer, halves away from zero."""
    return _sem("libdevice.round").math_unary("round_away", x)


@_builtin
def llrint(x):
    """Rounding to the nearest integer (halves to even), as int64."""
    s = _sem("libdevice.llrint")
    return s.cast(s.math_unary("round", x), _core.int64)


@_builtin
def rcp_rn(x):
    """1 / x, correctly rounded."""
    return _sem("libdevice.rcp_rn").fdiv(1.0, x)


@_builtin
def saturatef(x):
    """x clamped to [0, 1]."""
    return _sem("libdevice.saturatef").clamp(x, 0.0, 1.0, None)


@_builtin
def fdim(x, y):
    """x - y when x > y, else +0 (NaN when either is NaN)."""
    s = _sem("libdevice.fdim")
    d = s.sub(x, y)
    return s.where(s.compare("le", x, y), 0.0, d)


@_builtin
def isfinited(x):
    """Whether x is finite (neither infinite nor NaN)."""
    s = _sem("libdevice.isfinited")
    return s.compare("lt", s.abs(x), float("inf"))


finitef = isfinited


def _unsigned_of(s, x, what):
    """(x as the unsigned integer of its width, the dtype to cast back to)."""
    x = s.to_tensor(x)
    if not x.dtype.is_int() or x.dtype.is_bool():
        raise _core.TridentUserError("libdevice.%s needs integers, got %r" %
                                     (what, x.dtype))
    u = {8: _core.uint8, 16: _core.uint16, 32: _core.uint32,
         64: _core.uint64}[x.dtype.int_bitwidth]
    return s.cast(x, u), x.dtype


@_builtin
def brev(x):
    """The bits of x in reverse order (__nv_brev / __nv_brevll)."""
    s = _sem("libdevice.brev")
    u, back = _unsigned_of(s, x, "brev")
    width = u.dtype.int_bitwidth
    # Swap ever larger groups: bits, pairs, nibbles, bytes, ...
    masks = {1: 0x5555555555555555, 2: 0x3333333333333333,
             4: 0x0F0F0F0F0F0F0F0F, 8: 0x00FF00FF00FF00FF,
             16: 0x0000FFFF0000FFFF, 32: 0x00000000FFFFFFFF}
    shift = 1
    while shift < width:
        m = s.scalar_constant(masks[shift] & ((1 << width) - 1), u.dtype)
        lo = s.shl(s.and_(u, m), s.scalar_constant(shift, u.dtype))
        hi = s.and_(s.shr(u, s.scalar_constant(shift, u.dtype)), m)
        u = s.or_(lo, hi)
        shift *= 2
    return s.cast(u, back)


@_builtin
def byte_perm(x, y, selector):
    """CUDA's __byte_perm(x, y, s): result byte i is byte (s >> 4i) & 7 of
    the 8 bytes of y:x (bytes 0-3 from x, 4-7 from y)."""
    s = _sem("libdevice.byte_perm")
    ux, _ = _unsigned_of(s, x, "byte_perm")
    uy, _ = _unsigned_of(s, y, "byte_perm")
    us, _ = _unsigned_of(s, selector, "byte_perm")
    u64 = _core.uint64
    both = s.or_(s.shl(s.cast(uy, u64), s.scalar_constant(32, u64)),
                 s.cast(ux, u64))
    sel = s.cast(us, u64)
    out = None
    for i in range(4):
        idx = s.and_(s.shr(sel, s.scalar_constant(4 * i, u64)),
                     s.scalar_constant(7, u64))
        byte = s.and_(s.shr(both, s.mul(idx, s.scalar_constant(8, u64))),
                      s.scalar_constant(0xFF, u64))
        byte = s.shl(byte, s.scalar_constant(8 * i, u64))
        out = byte if out is None else s.or_(out, byte)
    return s.cast(out, _core.int32)


@_builtin
def ldexp(x, n):
    """x * 2**n, for integer n (exact while the result is a normal
    number)."""
    s = _sem("libdevice.ldexp")
    x = s.to_tensor(x)
    if not x.dtype.is_floating():
        x = s.cast(x, _core.float32)
    n = s.to_tensor(n)
    if not n.dtype.is_int():
        raise _core.TridentUserError("libdevice.ldexp's exponent must be an "
                                     "integer, got %r" % (n.dtype,))
    return s.mul(x, s.math_unary("exp2", s.cast(n, x.dtype)))


@_builtin
def exp10(x):
    """10 ** x."""
    s = _sem("libdevice.exp10")
    x = s.to_tensor(x)
    if not x.dtype.is_floating():
        x = s.cast(x, _core.float32)
    return s.math_unary("exp2", s.mul(x, 3.321928094887362347870319429489))


@_builtin
def hypot(x, y):
    """sqrt(x*x + y*y), scaled by the larger magnitude so that it neither
    overflows nor underflows on the way."""
    s = _sem("libdevice.hypot")
    x, y = s.binary_operands(x, y, "libdevice.hypot")
    if not x.dtype.is_floating():
        x, y = s.cast(x, _core.float32), s.cast(y, _core.float32)
    ax, ay = s.abs(x), s.abs(y)
    big = s.minmax(ax, ay, "max", None)
    small = s.minmax(ax, ay, "min", None)
    safe = s.where(s.compare("eq", big, 0.0), 1.0, big)
    r = s.truediv(small, safe)
    out = s.mul(big, s.math_unary("sqrt", s.fma(r, r, 1.0)))
    inf = s.compare("eq", big, float("inf"))
    return s.where(inf, float("inf"), out)


def _exponent_field(s, x, what):
    x = s.to_tensor(x)
    if x.dtype not in (_core.float32, _core.float64):
        raise _core.TridentUserError("libdevice.%s needs float32 or float64, "
                                     "got %r" % (what, x.dtype))
    if x.dtype == _core.float32:
        bits, mant, bias, ity = 32, 23, 127, _core.int32
    else:
        bits, mant, bias, ity = 64, 52, 1023, _core.int64
    b = s.cast(x, ity, bitcast=True)
    e = s.and_(s.shr(b, s.scalar_constant(mant, ity)),
               s.scalar_constant((1 << (bits - mant - 1)) - 1, ity))
    return x, e, bias, mant, ity


@_builtin
def ilogb(x):
    """The unbiased exponent of x as int32 (normal and subnormal numbers;
    INT_MIN for 0, INT_MAX for infinities and NaN, as C's ilogb)."""
    s = _sem("libdevice.ilogb")
    x, e, bias, mant, ity = _exponent_field(s, x, "ilogb")
    # Subnormals: normalize by 2**mant first.
    tiny = s.compare("eq", e, 0)
    scaled = s.mul(x, float(2 ** mant))
    _, e2, _, _, _ = _exponent_field(s, scaled, "ilogb")
    exp = s.where(tiny, s.sub(e2, bias + mant), s.sub(e, bias))
    exp = s.cast(exp, _core.int32)
    zero = s.compare("eq", x, 0.0)
    special = s.logical_not(s.compare("lt", s.abs(x), float("inf")))
    exp = s.where(zero, -(2 ** 31), exp)
    return s.where(special, 2 ** 31 - 1, exp)


@_builtin
def logb(x):
    """The unbiased exponent of x as a float (-inf for 0, +inf for
    infinities, NaN for NaN)."""
    s = _sem("libdevice.logb")
    x = s.to_tensor(x)
    e = s.cast(ilogb(x), x.dtype)
    e = s.where(s.compare("eq", x, 0.0), float("-inf"), e)
    e = s.where(s.compare("eq", s.abs(x), float("inf")), float("inf"), e)
    return s.where(s.compare("ne", x, x), x, e)

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

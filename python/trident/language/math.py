"""`tl.math`: elementwise math on tensors (floats; integers are converted to
float32 first, as Triton does)."""
from .core import builtin, _sem, _unwrap


def _unary(name):
    def fn(x, _builder=None):
        return _sem("tl.math." + name).math_unary(name, x)
    fn.__name__ = name
    fn.__doc__ = "Elementwise %s." % name
    return builtin(fn)


exp = _unary("exp")
exp2 = _unary("exp2")
log = _unary("log")
log2 = _unary("log2")
log10 = _unary("log10")
log1p = _unary("log1p")
expm1 = _unary("expm1")
sqrt = _unary("sqrt")
rsqrt = _unary("rsqrt")
sin = _unary("sin")
cos = _unary("cos")
tan = _unary("tan")
tanh = _unary("tanh")
sinh = _unary("sinh")
cosh = _unary("cosh")
asin = _unary("asin")
acos = _unary("acos")
atan = _unary("atan")
asinh = _unary("asinh")
acosh = _unary("acosh")
atanh = _unary("atanh")
erf = _unary("erf")
erfc = _unary("erfc")
cbrt = _unary("cbrt")
floor = _unary("floor")
ceil = _unary("ceil")
trunc = _unary("trunc")
rint = _unary("round")
nearbyint = rint


@builtin
def abs(x):
    return _sem("tl.math.abs").abs(x)


@builtin
def fma(x, y, z):
    return _sem("tl.math.fma").fma(x, y, z)


@builtin
def pow(x, y):
    return _sem("tl.math.pow").math_binary("pow", "math.powf", x, y)


@builtin
def atan2(x, y):
    return _sem("tl.math.atan2").math_binary("atan2", "math.atan2", x, y)


@builtin
def copysign(x, y):
    return _sem("tl.math.copysign").math_binary("copysign", "math.copysign",
                                                x, y)


@builtin
def div_rn(x, y):
    return _sem("tl.math.div_rn").fdiv(x, y, ieee_rounding=True)


@builtin
def fdiv(x, y, ieee_rounding=False):
    return _sem("tl.math.fdiv").fdiv(x, y, bool(_unwrap(ieee_rounding)))


@builtin
def sqrt_rn(x):
    return _sem("tl.math.sqrt_rn").math_unary("sqrt", x)


@builtin
def umulhi(x, y):
    return _sem("tl.math.umulhi").umulhi(x, y)


@builtin
def max(x, y, propagate_nan=None):
    return _sem("tl.math.max").minmax(x, y, "max", propagate_nan)


@builtin
def min(x, y, propagate_nan=None):
    return _sem("tl.math.min").minmax(x, y, "min", propagate_nan)


@builtin
def isnan(x):
    s = _sem("tl.math.isnan")
    x = s.to_tensor(x)
    return s.compare("ne", x, x)


@builtin
def isinf(x):
    s = _sem("tl.math.isinf")
    x = s.to_tensor(x)
    return s.compare("eq", s.abs(x), float("inf"))


@builtin
def signbit(x):
    s = _sem("tl.math.signbit")
    x = s.to_tensor(x)
    from . import core
    bits = {16: core.int16, 32: core.int32, 64: core.int64}[
        x.dtype.primitive_bitwidth]
    return s.compare("lt", s.cast(x, bits, bitcast=True), 0)


def _methods():
    # As Triton's: these are also methods of tensors (`x.abs()`, `x.exp()`).
    from .core import _tensor_method
    for fn in (abs, ceil, cos, erf, exp, exp2, floor, log, log2, rsqrt, sin,
               sqrt, sqrt_rn):
        _tensor_method(fn)


_methods()

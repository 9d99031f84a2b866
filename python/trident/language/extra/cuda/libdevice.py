"""`tl.extra.cuda.libdevice`: the libdevice names kernels use, mapped to the
same elementwise math as `tl.math` (the back ends pick each target's
implementation), so kernels that call them also run on the CPU target."""
from ... import math as _m

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

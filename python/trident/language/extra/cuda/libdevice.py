"""`tl.extra.cuda.libdevice`: CUDA libdevice's scalar functions, applied to
the elements of tiles through `tl.extern_elementwise`, with the names and
dtype variants Triton's module has. On NVIDIA GPUs the calls are linked
from libdevice.10.bc; on the CPU target they run Trident's own
implementations of the same functions (trident/Runtime/CpuLibdevice.h), so
kernels that use them run in CI.

Each function takes the dtypes listed in its table (float32 and float64 for
most); other arguments are promoted to their common type first, and a
combination with no variant is an error that lists the accepted ones."""
from ... import core as _core
from ...core import _sem, builtin as _builtin

F, D, I, U, L, UL = "fp32", "fp64", "int32", "uint32", "int64", "uint64"

__all__ = []


def _define(name, variants, post=None):
    """Defines libdevice.<name> over `variants`: (symbol, argument dtype
    names, result dtype name)."""
    table = {tuple(_core.dtype(a) for a in args): (sym, _core.dtype(ret))
             for sym, args, ret in variants}
    arity = len(variants[0][1])
    what = "libdevice." + name

    def fn(*args, _builder=None):
        s = _sem(what)
        if len(args) != arity:
            raise _core.TridentUserError(
                "%s takes %d argument%s, got %d" %
                (what, arity, "" if arity == 1 else "s", len(args)))
        r = s.extern_elementwise("libdevice", "", list(args), table, True,
                                 what=what)
        return post(s, r) if post else r

    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = "libdevice's %s: %s." % (name, ", ".join(
        "%s(%s) -> %s" % (sym, ", ".join(args), ret)
        for sym, args, ret in variants))
    globals()[name] = _builtin(fn)
    __all__.append(name)


def _fd(base, n=1):
    """The usual pair: __nv_<base>f on float32, __nv_<base> on float64."""
    return [("__nv_%sf" % base, (F,) * n, F), ("__nv_%s" % base, (D,) * n, D)]


def _to_bool(s, r):
    return s.cast(r, _core.int1)


for _name in ("floor ceil trunc rint nearbyint round sqrt rsqrt cbrt rcbrt "
              "exp exp2 exp10 expm1 log log2 log10 log1p sin cos tan sinh "
              "cosh tanh asin acos atan asinh acosh atanh sinpi cospi erf "
              "erfc erfinv erfcinv erfcx normcdf normcdfinv lgamma tgamma j0 "
              "j1 y0 y1 cyl_bessel_i0 cyl_bessel_i1 logb fabs").split():
    _define(_name, _fd(_name))
for _name in ("atan2 hypot rhypot copysign nextafter fmod remainder fdim "
              "fmin fmax").split():
    _define(_name, _fd(_name, 2))
for _name, _n in (("fma", 3), ("norm3d", 3), ("rnorm3d", 3), ("norm4d", 4),
                  ("rnorm4d", 4)):
    _define(_name, _fd(_name, _n))

_define("abs", [("__nv_abs", (I,), I), ("__nv_llabs", (L,), L)] + _fd("fabs"))
_define("pow", [("__nv_powif", (F, I), F), ("__nv_powi", (D, I), D)] +
        _fd("pow", 2))
for _name in ("ldexp", "scalbn"):
    _define(_name, [("__nv_%sf" % _name, (F, I), F),
                    ("__nv_%s" % _name, (D, I), D)])
for _name in ("jn", "yn"):
    _define(_name, [("__nv_%sf" % _name, (I, F), F),
                    ("__nv_%s" % _name, (I, D), D)])
_define("ilogb", [("__nv_ilogbf", (F,), I), ("__nv_ilogb", (D,), I)])
_define("llrint", [("__nv_llrintf", (F,), L), ("__nv_llrint", (D,), L)])
_define("llround", [("__nv_llroundf", (F,), L), ("__nv_llround", (D,), L)])
_define("isnan", [("__nv_isnanf", (F,), I), ("__nv_isnand", (D,), I)],
        post=_to_bool)
_define("isinf", [("__nv_isinff", (F,), I), ("__nv_isinfd", (D,), I)],
        post=_to_bool)
_define("signbit", [("__nv_signbitf", (F,), I), ("__nv_signbitd", (D,), I)])
_define("finitef", [("__nv_finitef", (F,), I)])
_define("isfinited", [("__nv_isfinited", (D,), I)])
_define("saturatef", [("__nv_saturatef", (F,), F)])
_define("rcp64h", [("__nv_rcp64h", (D,), D)])
_define("rsqrt_rn", [("__nv_frsqrt_rn", (F,), F)])

# Directed rounding: _rn (to nearest even), _rz, _rd, _ru.
for _r in ("rn", "rz", "rd", "ru"):
    for _op in ("add", "sub", "mul", "div"):
        _define("%s_%s" % (_op, _r), [("__nv_f%s_%s" % (_op, _r), (F, F), F),
                                      ("__nv_d%s_%s" % (_op, _r), (D, D), D)])
    for _op in ("rcp", "sqrt"):
        _define("%s_%s" % (_op, _r), [("__nv_f%s_%s" % (_op, _r), (F,), F),
                                      ("__nv_d%s_%s" % (_op, _r), (D,), D)])
    _define("fma_" + _r, [("__nv_fmaf_" + _r, (F, F, F), F),
                          ("__nv_fma_" + _r, (D, D, D), D)])
    _define("double2float_" + _r, [("__nv_double2float_" + _r, (D,), F)])
    for _src, _sty in (("float", F), ("double", D)):
        for _dst, _dty in (("int", I), ("uint", U), ("ll", L), ("ull", UL)):
            _n = "%s2%s_%s" % (_src, _dst, _r)
            _define(_n, [("__nv_" + _n, (_sty,), _dty)])
    for _src, _sty in (("int", I), ("uint", U), ("ll", L), ("ull", UL)):
        _n = "%s2float_%s" % (_src, _r)
        _define(_n, [("__nv_" + _n, (_sty,), F)])
        if _src in ("ll", "ull") or _r == "rn":
            _n = "%s2double_%s" % (_src, _r)
            _define(_n, [("__nv_" + _n, (_sty,), D)])

# The fast (approximate on a GPU) float32 functions.
for _name in ("sinf cosf tanf expf logf log2f log10f exp10f").split():
    _define("fast_" + _name, [("__nv_fast_" + _name, (F,), F)])
_define("fast_powf", [("__nv_fast_powf", (F, F), F)])
_define("fast_dividef", [("__nv_fast_fdividef", (F, F), F)])

# Integers.
# Bit counts and reversal look at bits only: unsigned integers are
# accepted too (Triton's module takes the signed ones).
for _name in ("clz", "popc", "ffs"):
    _define(_name, [("__nv_" + _name, (I,), I), ("__nv_%sll" % _name, (L,), I),
                    ("__nv_" + _name, (U,), I),
                    ("__nv_%sll" % _name, (UL,), I)])
_define("brev", [("__nv_brev", (I,), I), ("__nv_brevll", (L,), L),
                 ("__nv_brev", (U,), U), ("__nv_brevll", (UL,), UL)])
_define("byte_perm", [("__nv_byte_perm", (I, I, I), I)])
_define("mulhi", [("__nv_mulhi", (I, I), I), ("__nv_umulhi", (U, U), U),
                  ("__nv_mul64hi", (L, L), L), ("__nv_umul64hi", (UL, UL), UL)])
_define("umulhi", [("__nv_umulhi", (U, U), U), ("__nv_umul64hi", (UL, UL), UL)])
_define("mul24", [("__nv_mul24", (I, I), I), ("__nv_umul24", (U, U), U)])
_define("sad", [("__nv_sad", (I, I, U), I), ("__nv_usad", (U, U, U), U)])
_define("hadd", [("__nv_hadd", (I, I), I), ("__nv_uhadd", (U, U), U)])
_define("rhadd", [("__nv_rhadd", (I, I), I), ("__nv_urhadd", (U, U), U)])

# Reinterpretations and halves of doubles.
for _name, _a, _r in (("int_as_float", I, F), ("float_as_int", F, I),
                      ("uint_as_float", U, F), ("float_as_uint", F, U),
                      ("longlong_as_double", L, D),
                      ("double_as_longlong", D, L), ("double2loint", D, I),
                      ("double2hiint", D, I)):
    _define(_name, [("__nv_" + _name, (_a,), _r)])
_define("hiloint2double", [("__nv_hiloint2double", (I, I), D)])

del _name, _n, _r, _op, _src, _sty, _dst, _dty, _a

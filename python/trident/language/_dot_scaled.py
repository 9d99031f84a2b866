"""tl.dot_scaled: the product of two microscaled (MX) tiles.

Trident has no scaled-MMA op; it builds the product from the ops it has,
as Triton does on targets without native support (Hopper and older):

1. each operand is upcast to the compute type, bf16 (fp16 when either
   format is "fp16"): e2m1 nibbles (two per uint8, the first in the low
   bits) are decoded with integer ops, fp8 and 16-bit floats are cast;
2. a scale multiplies each group of K elements: an e8m0 uint8 exponent
   `s` (2^(s-127), 0 giving 0, as Triton's lowering) per 32 elements, or
   an fp8 e4m3 factor per 16;
3. unless `fast_math`, an e8m0 scale of 0xFF (NaN) makes its group NaN;
4. tl.dot of the two upcast tiles, accumulated in fp32.

Shapes: lhs [M, K] and rhs [K, N] (or batched [B, M, K] and [B, K, N]),
e2m1 ones holding half as many bytes along K (or along M / N with
lhs_k_pack / rhs_k_pack False); lhs_scale [M, K // group] and rhs_scale
[N, K // group] (not transposed), or None.
"""
from .._errors import TridentUserError
from . import core as tl
from .core import _unwrap

_FORMATS = ("e2m1", "e4m3", "e5m2", "bf16", "fp16")

# The element type of each format but e2m1, and the unsigned integer type
# that may hold its bits instead.
_FLOAT_OF = {"e4m3": (tl.float8e4nv, tl.uint8),
             "e5m2": (tl.float8e5, tl.uint8),
             "bf16": (tl.bfloat16, tl.uint16),
             "fp16": (tl.float16, tl.uint16)}


def _err(msg, *args):
    raise TridentUserError("tl.dot_scaled: " + (msg % args if args else msg))


def _is_none(x):
    return _unwrap(x) is None


def _format(fmt, which):
    fmt = _unwrap(fmt)
    if not isinstance(fmt, str) or fmt not in _FORMATS:
        _err("%s_format must be one of %s, got %r", which,
             ", ".join(repr(f) for f in _FORMATS), fmt)
    return fmt


def _flag(x, which):
    x = _unwrap(x)
    if isinstance(x, tl.tensor) or (not isinstance(x, bool) and
                                    x not in (0, 1)):
        _err("%s must be a constexpr bool, got %r", which, x)
    return bool(x)


def _compute_type(lhs_format, rhs_format):
    return tl.float16 if "fp16" in (lhs_format, rhs_format) else tl.bfloat16


def _decode_e2m1(sem, nib, ct):
    """The compute-type values of e2m1 nibbles (a uint8 tile, 0..15, bits
    sign, e1, e0, m; exponent bias 1): e == 0 is 0 or the subnormal 0.5,
    built as 16-bit float bits."""
    mbits = 7 if ct == tl.bfloat16 else 10
    bias = 127 if ct == tl.bfloat16 else 15
    em = sem.cast(sem.and_(nib, 7), tl.uint16)
    # e >= 1: exponent e - 1 + bias, mantissa bit m at the top.
    normal = sem.add(sem.shl(em, mbits - 1), (bias - 1) << mbits)
    half = sem.scalar_constant((bias - 1) << mbits, tl.uint16)
    zero = sem.scalar_constant(0, tl.uint16)
    mag = sem.where(sem.compare("ge", em, 2), normal,
                    sem.where(sem.compare("eq", em, 1), half, zero))
    sign = sem.shl(sem.cast(sem.and_(nib, 8), tl.uint16), 12)
    return sem.cast(sem.or_(mag, sign), ct, bitcast=True)


def _interleave_along(sem, lo, hi, dim):
    """Elements of `lo` and `hi` alternated along `dim` (lo first)."""
    j = sem.join(lo, hi)                      # [..., 2]
    rank = len(lo.shape)
    if dim != rank - 1:
        order = list(range(dim + 1)) + [rank] + list(range(dim + 1, rank))
        j = sem.permute(j, order)             # the pair right after dim
    shape = list(lo.shape)
    shape[dim] *= 2
    return sem.reshape(j, shape)


def _upcast(sem, v, fmt, pack_dim, ct, which):
    if fmt == "e2m1":
        if v.dtype != tl.uint8:
            _err("%s in format 'e2m1' must be packed in uint8 (two values "
                 "a byte), got %r", which, v.dtype)
        lo = _decode_e2m1(sem, sem.and_(v, 0xF), ct)
        hi = _decode_e2m1(sem, sem.shr(v, 4), ct)
        return _interleave_along(sem, lo, hi, pack_dim)
    fty, uty = _FLOAT_OF[fmt]
    if v.dtype == uty:
        v = sem.cast(v, fty, bitcast=True)
    elif v.dtype != fty:
        _err("%s in format %r must be %r (or its bits as %r), got %r", which,
             fmt, fty, uty, v.dtype)
    return sem.cast(v, ct)


def _scale_values(sem, scale, ct):
    """The compute-type factors of a scale tile: 2^(s-127) for e8m0
    (uint8, 0 giving 0 and 0xFF infinity), the value for fp8 e4m3."""
    if scale.dtype == tl.float8e4nv:
        return sem.cast(scale, ct)
    if ct == tl.bfloat16:
        bits = sem.shl(sem.cast(scale, tl.uint16), 7)
        return sem.cast(bits, tl.bfloat16, bitcast=True)
    bits = sem.shl(sem.cast(scale, tl.uint32), 23)
    return sem.cast(sem.cast(bits, tl.float32, bitcast=True), ct)


def _spread(sem, s, group, k_dim):
    """A [..., K // group] tile whose last dimension is K's, expanded to
    [..., K] (k_dim == rank - 1) or first transposed to [..., K // group,
    X] and expanded to [..., K, X] (k_dim == rank - 2)."""
    rank = len(s.shape)
    if k_dim == rank - 2:
        s = sem.permute(s, list(range(rank - 2)) + [rank - 1, rank - 2])
    s = sem.expand_dims(s, [k_dim + 1])
    shape = list(s.shape)
    shape[k_dim + 1] = group
    s = sem.broadcast_to(s, shape)
    shape = list(s.shape)
    shape[k_dim] *= group
    del shape[k_dim + 1]
    return sem.reshape(s, shape)


def _apply_scale(sem, v, scale, k_dim, rows, K, ct, fast_math, which):
    scale = sem.to_tensor(scale, which + "_scale")
    if not scale.type.is_block():
        _err("%s_scale must be a tile, got a scalar of type %r", which,
             scale.dtype)
    if scale.dtype == tl.uint8:
        group = 32
    elif scale.dtype == tl.float8e4nv:
        group = 16
    else:
        _err("%s_scale must be uint8 (e8m0 exponents) or float8e4nv, got %r",
             which, scale.dtype)
    if K % group:
        _err("K (%d) must be a multiple of the scale group size (%d)", K,
             group)
    want = list(v.shape[:-2]) + [rows, K // group]
    if list(scale.shape) != want:
        _err("%s_scale must be a tile of shape %s, got %s", which, want,
             list(scale.shape))
    factors = _spread(sem, _scale_values(sem, scale, ct), group, k_dim)
    out = sem.mul(v, factors)
    if fast_math or scale.dtype != tl.uint8:
        return out
    is_nan = _spread(sem, sem.compare("eq", scale, 0xFF), group, k_dim)
    return sem.where(is_nan, float("nan"), out)


def dot_scaled(sem, lhs, lhs_scale, lhs_format, rhs, rhs_scale, rhs_format,
               acc, fast_math, lhs_k_pack, rhs_k_pack, out_dtype):
    lhs_format = _format(lhs_format, "lhs")
    rhs_format = _format(rhs_format, "rhs")
    fast_math = _flag(fast_math, "fast_math")
    lhs_k_pack = _flag(lhs_k_pack, "lhs_k_pack")
    rhs_k_pack = _flag(rhs_k_pack, "rhs_k_pack")
    out_dtype = _unwrap(out_dtype)
    if out_dtype != tl.float32:
        _err("out_dtype must be tl.float32 (the only one supported), got %r",
             out_dtype)
    lhs = sem.to_tensor(lhs, "lhs")
    rhs = sem.to_tensor(rhs, "rhs")
    if not lhs.type.is_block() or not rhs.type.is_block():
        _err("lhs and rhs must be tiles, got %r and %r", lhs.type, rhs.type)
    rank = len(lhs.shape)
    if rank not in (2, 3) or len(rhs.shape) != rank:
        _err("lhs and rhs must be both 2-D or both 3-D, got shapes %s and %s",
             list(lhs.shape), list(rhs.shape))
    for fmt, k_pack, which in ((lhs_format, lhs_k_pack, "lhs"),
                               (rhs_format, rhs_k_pack, "rhs")):
        if not k_pack and fmt != "e2m1":
            _err("%s_k_pack=False is only for e2m1 operands (packed along "
                 "%s), not %r", which, "M" if which == "lhs" else "N", fmt)
    ct = _compute_type(lhs_format, rhs_format)
    # lhs: K is its last dimension; rhs: its next to last.
    a = _upcast(sem, lhs, lhs_format, rank - 1 if lhs_k_pack else rank - 2,
                ct, "lhs")
    b = _upcast(sem, rhs, rhs_format, rank - 2 if rhs_k_pack else rank - 1,
                ct, "rhs")
    M, K = a.shape[-2:]
    K_rhs, N = b.shape[-2:]
    if K != K_rhs:
        _err("lhs and rhs hold different numbers of K elements: %d (shape "
             "%s, %s) vs %d (shape %s, %s)", K, list(lhs.shape), lhs_format,
             K_rhs, list(rhs.shape), rhs_format)
    if rank == 3 and lhs.shape[0] != rhs.shape[0]:
        _err("the batch dimensions differ: %d vs %d", lhs.shape[0],
             rhs.shape[0])
    if not _is_none(lhs_scale):
        a = _apply_scale(sem, a, lhs_scale, rank - 1, M, K, ct, fast_math,
                         "lhs")
    if not _is_none(rhs_scale):
        b = _apply_scale(sem, b, rhs_scale, rank - 2, N, K, ct, fast_math,
                         "rhs")
    if not _is_none(acc):
        acc = sem.to_tensor(acc, "acc")
        want = list(a.shape[:-1]) + [N]
        if acc.dtype != tl.float32 or list(acc.shape) != want:
            _err("acc must be a float32 tile of shape %s, got %r", want,
                 acc.type)
    else:
        acc = None
    return sem.dot(a, b, acc, None, None, None, tl.float32)

"""Functions of the language written in the language itself (as Triton's
standard library is): reductions and scans over combine functions,
sigmoid, softmax, cdiv and friends."""
from ..runtime.jit import jit
from . import core
from . import math as _math
from .core import builtin, constexpr, _unwrap


@jit
def cdiv(x, div):
    return (x + div - 1) // div


@jit
def sigmoid(x):
    return 1 / (1 + _math.exp(-x))


@jit
def softmax(x, dim=None, keep_dims=False, ieee_rounding=False):
    if dim is None:
        _dim: core.constexpr = 0
    else:
        _dim: core.constexpr = dim
    z = x - max(x, _dim, keep_dims=keep_dims)
    num = _math.exp(z)
    den = sum(num, _dim, keep_dims=keep_dims)
    return core.fdiv(num, den, ieee_rounding)


@jit
def _sum_combine(a, b):
    return a + b


@jit
def _first_combine(a, b):
    return a


@jit
def _prod_combine(a, b):
    return a * b


@jit
def _max_combine(a, b):
    return core.maximum(a, b)


@jit
def _min_combine(a, b):
    return core.minimum(a, b)


@jit
def _xor_combine(a, b):
    return a ^ b


@jit
def _or_combine(a, b):
    return a | b


@jit
def _and_combine(a, b):
    return a & b


@jit
def _argmax_combine(value1, index1, value2, index2):
    gt = value1 > value2
    eq = value1 == value2
    lt_idx = index1 < index2
    choose1 = gt | (eq & lt_idx)
    return core.where(choose1, value1, value2), core.where(choose1, index1,
                                                           index2)


@jit
def _argmin_combine(value1, index1, value2, index2):
    lt = value1 < value2
    eq = value1 == value2
    lt_idx = index1 < index2
    choose1 = lt | (eq & lt_idx)
    return core.where(choose1, value1, value2), core.where(choose1, index1,
                                                           index2)


@jit
def _argmax_combine_right(value1, index1, value2, index2):
    gt = value1 > value2
    eq = value1 == value2
    gt_idx = index1 > index2
    choose1 = gt | (eq & gt_idx)
    return core.where(choose1, value1, value2), core.where(choose1, index1,
                                                           index2)


@jit
def _argmin_combine_right(value1, index1, value2, index2):
    lt = value1 < value2
    eq = value1 == value2
    gt_idx = index1 > index2
    choose1 = lt | (eq & gt_idx)
    return core.where(choose1, value1, value2), core.where(choose1, index1,
                                                           index2)


def _sum_dtype(in_dtype, dtype):
    dtype = _unwrap(dtype)
    if dtype is not None:
        return dtype
    if in_dtype.is_int_signed() and in_dtype.int_bitwidth < 32:
        return core.int32
    if in_dtype.is_int_unsigned() and in_dtype.int_bitwidth < 32:
        return core.uint32
    if in_dtype.is_bf16() or in_dtype.is_fp8():
        return core.float32
    return None


def _as_tensor(x):
    return core._sem().to_tensor(x)


@builtin
def sum(input, axis=None, keep_dims=False, dtype=None):
    input = _as_tensor(input)
    out = _sum_dtype(input.dtype, dtype)
    if out is not None:
        input = input.to(out)
    return core.reduce(input, axis, _sum_combine, keep_dims=keep_dims)


@builtin
def xor_sum(input, axis=None, keep_dims=False):
    input = _as_tensor(input)
    if not input.dtype.is_int():
        raise core.TridentUserError("tl.xor_sum needs integers, got %r" %
                                    (input.dtype,))
    return core.reduce(input, axis, _xor_combine, keep_dims=keep_dims)


@builtin
def reduce_or(input, axis=None, keep_dims=False):
    return core.reduce(_as_tensor(input), axis, _or_combine,
                       keep_dims=keep_dims)


@builtin
def reduce_and(input, axis=None, keep_dims=False):
    return core.reduce(_as_tensor(input), axis, _and_combine,
                       keep_dims=keep_dims)


def _with_indices(input, axis, keep_dims, combine):
    sem = core._sem()
    axis_ = _unwrap(axis)
    if axis_ is None:
        input = core.reshape(input, [input.numel.value], can_reorder=False)
        axis_ = 0
    rank = len(input.shape)
    if axis_ < 0:
        axis_ += rank
    idx = core.arange(0, input.shape[axis_])
    if rank > 1:
        idx = sem.expand_dims(idx, [d for d in range(rank) if d != axis_])
        idx = sem.broadcast_to(idx, list(input.shape))
    return core.reduce((input, idx), axis_, combine, keep_dims=keep_dims)


def _promote_small(input):
    # Triton reduces integers and floats narrower than 32 bits in 32 bits.
    if input.dtype.is_floating() and input.dtype.primitive_bitwidth < 32 \
            and not input.dtype.is_fp16():
        return input.to(core.float32)
    if input.dtype.is_int() and input.dtype.int_bitwidth < 32:
        return input.to(core.int32 if input.dtype.is_int_signed() else
                        core.uint32)
    return input


@builtin
def max(input, axis=None, return_indices=False,
        return_indices_tie_break_left=True, keep_dims=False):
    input = _as_tensor(input)
    if _unwrap(return_indices):
        comb = (_argmax_combine if _unwrap(return_indices_tie_break_left)
                else _argmax_combine_right)
        return _with_indices(input, axis, keep_dims, comb)
    input = _promote_small(input)
    return core.reduce(input, axis, _max_combine, keep_dims=keep_dims)


@builtin
def min(input, axis=None, return_indices=False,
        return_indices_tie_break_left=True, keep_dims=False):
    input = _as_tensor(input)
    if _unwrap(return_indices):
        comb = (_argmin_combine if _unwrap(return_indices_tie_break_left)
                else _argmin_combine_right)
        return _with_indices(input, axis, keep_dims, comb)
    input = _promote_small(input)
    return core.reduce(input, axis, _min_combine, keep_dims=keep_dims)


@builtin
def argmax(input, axis, tie_break_left=True, keep_dims=False):
    _, idx = max(input, axis, return_indices=True,
                 return_indices_tie_break_left=tie_break_left,
                 keep_dims=keep_dims)
    return idx


@builtin
def argmin(input, axis, tie_break_left=True, keep_dims=False):
    _, idx = min(input, axis, return_indices=True,
                 return_indices_tie_break_left=tie_break_left,
                 keep_dims=keep_dims)
    return idx


@builtin
def cumsum(input, axis=0, reverse=False, dtype=None):
    input = _as_tensor(input)
    out = _sum_dtype(input.dtype, dtype)
    if out is not None:
        input = input.to(out)
    return core.associative_scan(input, axis, _sum_combine, reverse)


@builtin
def cumprod(input, axis=0, reverse=False):
    input = _as_tensor(input)
    if input.dtype.is_bf16():
        input = input.to(core.float32)  # as Triton: in (and to) float32
    return core.associative_scan(input, axis, _prod_combine, reverse)


@builtin
def swizzle2d(i, j, size_i, size_j, size_g):
    """Triton's grouped ordering of a 2-D grid of blocks."""
    ij = i * size_j + j
    size_gj = size_g * size_j
    group_id = ij // size_gj
    off_i = group_id * size_g
    size_g = core.minimum(size_i - off_i, size_g)
    ij = ij % size_gj
    new_i = off_i + ij % size_g
    new_j = ij // size_g
    return new_i, new_j


@builtin
def histogram(input, num_bins, mask=None):
    """An int32 tile of `num_bins` counts: bin b counts the elements of the
    1-D integer tile `input` equal to b (elements outside 0..num_bins-1, or
    where the 1-D `mask` is False, are not counted). Triton's tl.histogram.
    """
    input = _as_tensor(input)
    n = _unwrap(num_bins)
    if not input.type.is_block() or len(input.shape) != 1 or \
            not input.dtype.is_int() or input.dtype.is_bool():
        raise core.TridentUserError(
            "tl.histogram needs a 1-D tile of integers, got %r" % input.type)
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise core.TridentUserError(
            "tl.histogram: num_bins must be a positive int (a constexpr), "
            "got %r" % (n,))
    hits = input[:, None] == core.arange(0, n)[None, :]
    mask = _unwrap(mask)
    if mask is not None:
        mask = _as_tensor(mask)
        if not mask.dtype.is_bool():
            raise core.TridentUserError(
                "tl.histogram: the mask must be a tile of booleans, got %r"
                % mask.type)
        if mask.type.is_block():
            mask = mask[:, None]
        hits = hits & mask
    return core.reduce(hits.to(core.int32), 0, _sum_combine)


for _fn in (sum, max, min, argmax, argmin, cumsum, cumprod, xor_sum,
            reduce_or, histogram):
    core._tensor_method(_fn)

del constexpr

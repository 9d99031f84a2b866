"""Tensor-descriptor operations written as plain masked pointer accesses:
`desc.gather` / `desc.scatter` (Triton's TMA gather4 / scatter4) and
`desc.atomic_add/min/max/and/or/xor` (TMA reduce stores), with Triton's
rules, and the kernel parameters of a host TensorDescriptor on the CPU
target.

A descriptor of `base`, `shape` and `strides` (elements) addresses element
(i_0, .., i_r-1) at base + sum_k i_k * strides[k]; an element outside
0 <= i_k < shape[k] reads as zero and is not written, as TMA does. These
operations build that address tile and mask from the values the descriptor
was made with (`tl.make_tensor_descriptor`'s, or a host descriptor's on the
CPU target), on every target: correct, though not TMA's speed on a GPU.
"""
from . import core as tl
from .core import TridentUserError, _unwrap, tensor


def _err(msg, *args):
    raise TridentUserError(msg % args if args else msg)


# ---------------------------------------------------------------------------
# Host descriptors on the CPU target
# ---------------------------------------------------------------------------


def host_parameter_types(sem, ty):
    """The kernel parameters that carry a host TensorDescriptor of type `ty`
    on the CPU target, as its launcher passes them: the base pointer, the
    shape, the strides (int64 each, in elements), then 1 if its padding is
    "nan" (else 0, an int64)."""
    rank = len(ty.block_type.shape)
    ptr = tl.pointer_type(ty.block_type.element_ty)
    return [sem.type_of(ptr)] + [sem.type_of(tl.int64)] * (2 * rank + 1)


def host_descriptor(sem, ty, handles):
    """The descriptor value of a host TensorDescriptor parameter from its
    kernel parameters (`handles`, as host_parameter_types lists them): its
    `.shape` is int32 (Triton's type), its `.strides` int64; a float one
    keeps its padding flag, a run-time value (load_padded)."""
    from .semantic import tensor_descriptor
    rank = len(ty.block_type.shape)
    base = tensor(handles[0], tl.pointer_type(ty.block_type.element_ty))
    shape64 = [tensor(h, tl.int64) for h in handles[1:1 + rank]]
    strides = [tensor(h, tl.int64) for h in handles[1 + rank:1 + 2 * rank]]
    # A TensorDescriptor's innermost stride is 1 (its constructor refuses
    # others): a constant, so that rows are read as contiguous vectors.
    strides[-1] = sem.scalar_constant(1, tl.int64)
    h = sem.builder.make_tensor_desc(base.handle, [s.handle for s in shape64],
                                     [s.handle for s in strides],
                                     sem.type_of(ty))
    shape = [sem.cast(s, tl.int32) for s in shape64]
    padding = "zero"
    if ty.block_type.element_ty.is_floating():
        padding = sem.compare("ne", tensor(handles[1 + 2 * rank], tl.int64),
                              sem.scalar_constant(0, tl.int64))
    return tensor_descriptor(h, ty, shape, strides, base, padding)


# ---------------------------------------------------------------------------
# Address tiles
# ---------------------------------------------------------------------------


def _parts(desc, what):
    """(base, shape, strides) of `desc`, or a clear refusal."""
    if desc._base is None or desc._shape is None:
        _err("%s: this descriptor carries no base, shape and strides (a "
             "host TensorDescriptor on a GPU target, where it is a TMA "
             "tensor map); use a descriptor made in the kernel "
             "(tl.make_tensor_descriptor), or the CPU target", what)
    return desc._base, list(desc._shape), list(desc._strides)


def _scalar(sem, x, what):
    """`x`, an integer scalar, as an int64 tensor."""
    x = sem.to_tensor(_unwrap(x), what)
    if x.type.is_block() or not x.dtype.is_int():
        _err("%s must be an integer scalar, got %r", what, x.type)
    return sem.cast(x, tl.int64)


def _place(sem, v, k, rank):
    """The 1-D tile `v` laid along dimension `k` of a rank-`rank` tile
    (size 1 in the others)."""
    axes = [d for d in range(rank) if d != k]
    return sem.expand_dims(v, axes) if axes else v


def _axis(sem, pos, extent, stride, k, rank):
    """(offsets, in-bounds mask) of the int64 positions `pos` (1-D) along
    dimension `k`, laid along it."""
    zero = sem.scalar_constant(0, tl.int64)
    inside = sem.and_(sem.compare("ge", pos, zero),
                      sem.compare("lt", pos, sem.cast(extent, tl.int64)))
    return (_place(sem, sem.mul(pos, stride), k, rank),
            _place(sem, inside, k, rank))


def _access(sem, base, parts):
    """The pointer tile and mask of the (offsets, mask) pairs `parts`, one
    per dimension, broadcast together."""
    offs, mask = parts[0]
    for o, m in parts[1:]:
        offs = sem.add(offs, o)
        mask = sem.and_(mask, m)
    return sem.add(base, offs), mask


def _block(sem, desc, offsets, what):
    """Pointers and mask of the block of `desc` at `offsets`."""
    base, shape, strides = _parts(desc, what)
    offsets = list(_unwrap(offsets))
    rank = len(desc.block_shape)
    if len(offsets) != rank:
        _err("%s: %d offsets for a %d-D block", what, len(offsets), rank)
    parts = []
    for k, size in enumerate(desc.block_shape):
        start = _scalar(sem, offsets[k], "%s's offset %d" % (what, k))
        pos = sem.add(sem.cast(sem.arange(0, size), tl.int64), start)
        parts.append(_axis(sem, pos, shape[k], strides[k], k, rank))
    return _access(sem, base, parts)


def load_padded(desc, offsets):
    """desc.load(offsets) of a descriptor whose out-of-bounds elements read
    as NaN: one made with padding_option="nan", or a host one whose padding
    says at run time (a flag: "nan" or "zero")."""
    sem = tl._sem("descriptor.load")
    ptrs, mask = _block(sem, desc, offsets, "descriptor load")
    fill = sem.scalar_constant(float("nan"), desc.dtype)
    if isinstance(desc._padding, tensor):
        fill = sem.where(desc._padding, fill,
                         sem.scalar_constant(0, desc.dtype))
    return sem.load(ptrs, mask, fill, (), "", "", "", False)


# ---------------------------------------------------------------------------
# gather / scatter
# ---------------------------------------------------------------------------


def _rows(sem, desc, x_offsets, y_offset, what):
    """Pointers and mask of the rows `x_offsets` (a 1-D integer tile),
    columns y_offset .. y_offset + block_shape[1] - 1, of `desc`, after
    Triton's checks of the shapes."""
    if len(desc.block_shape) != 2:
        _err("%s: the descriptor must be 2-D, but its block shape is %s",
             what, desc.block_shape)
    if desc.block_shape[0] != 1:
        _err("%s: the descriptor block must have 1 row, but its block shape "
             "is %s", what, desc.block_shape)
    x = sem.to_tensor(_unwrap(x_offsets), "%s's x_offsets" % what)
    if not x.type.is_block() or len(x.shape) != 1 or not x.dtype.is_int():
        _err("%s: x_offsets must be a 1-D tile of integer row indices, got "
             "%r", what, x.type)
    if x.shape[0] < 8:
        _err("%s must have at least 8 rows, but x_offsets has shape %s",
             what, list(x.shape))
    bits = desc.dtype.primitive_bitwidth
    min_cols = 32 // bits * 8
    if desc.block_shape[1] < min_cols:
        _err("%s of %s must have at least %d columns, but the block shape "
             "is %s", what, desc.dtype.name, min_cols, desc.block_shape)
    base, shape, strides = _parts(desc, what)
    y = _scalar(sem, y_offset, "%s's y_offset" % what)
    cols = sem.add(sem.cast(sem.arange(0, desc.block_shape[1]), tl.int64), y)
    rows = sem.cast(x, tl.int64)
    return _access(sem, base, [
        _axis(sem, rows, shape[0], strides[0], 0, 2),
        _axis(sem, cols, shape[1], strides[1], 1, 2)])


def gather(desc, x_offsets, y_offset):
    """desc.gather(x_offsets, y_offset): the tile [len(x_offsets),
    block_shape[1]] whose row i is row x_offsets[i] of the tensor, from
    column y_offset on."""
    sem = tl._sem("descriptor.gather")
    ptrs, mask = _rows(sem, desc, x_offsets, y_offset, "descriptor gather")
    zero = sem.scalar_constant(0, desc.dtype)
    return sem.load(ptrs, mask, zero, (), "", "", "", False)


def scatter(desc, value, x_offsets, y_offset):
    """desc.scatter(value, x_offsets, y_offset): row i of `value` written
    to row x_offsets[i] of the tensor, from column y_offset on."""
    sem = tl._sem("descriptor.scatter")
    ptrs, mask = _rows(sem, desc, x_offsets, y_offset, "descriptor scatter")
    value = sem.to_tensor(_unwrap(value), "descriptor scatter's value")
    if not value.type.is_block() or list(value.shape) != list(ptrs.shape):
        _err("descriptor scatter: the value must be a tile of shape %s "
             "(x_offsets' rows by the block's columns), got %r",
             list(ptrs.shape), value.type)
    value = sem.cast(value, desc.dtype)
    sem.store(ptrs, value, mask, (), "", "")
    return None


# ---------------------------------------------------------------------------
# Reduce stores (desc.atomic_*)
# ---------------------------------------------------------------------------

# The element types of each reduction, as Triton allows them without native
# TMA (its native ones add float16 and bfloat16 min and max on sm_90+).
_REDUCE_TYPES = {
    "add": ("uint32", "int32", "uint64", "fp32", "fp16", "bf16"),
    "min": ("uint32", "int32", "uint64", "int64"),
    "max": ("uint32", "int32", "uint64", "int64"),
    "and": ("uint32", "int32", "uint64", "int64"),
    "or": ("uint32", "int32", "uint64", "int64"),
    "xor": ("uint32", "int32", "uint64", "int64"),
}


def reduce(desc, kind, offsets, value):
    """desc.atomic_<kind>(offsets, value): each element of the block at
    `offsets` combined atomically with `value`'s (out-of-bounds elements
    are left alone)."""
    what = "descriptor atomic_%s" % kind
    sem = tl._sem(what)
    if desc.dtype.name not in _REDUCE_TYPES[kind]:
        _err("%s does not support %s (it takes %s)", what, desc.dtype.name,
             ", ".join(_REDUCE_TYPES[kind]))
    value = sem.to_tensor(_unwrap(value), "%s's value" % what)
    if not value.type.is_block() or \
            list(value.shape) != list(desc.block_shape):
        _err("%s: the value must be a tile of the block shape %s, got %r",
             what, desc.block_shape, value.type)
    ptrs, mask = _block(sem, desc, offsets, what)
    sem.atomic_rmw(kind, ptrs, value, mask, "relaxed", "gpu")
    return None

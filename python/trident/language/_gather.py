"""`tl.gather(src, index, axis)`: out[i][j] = src[index[i][j]][j] (axis 0),
out[i][j] = src[i][index[i][j]] (axis 1), and so on, as Triton's.

Written with the other operations: along the gathered axis (moved last),
each output element compares its index with every position of `src` and
keeps the bits of the one it names (the comparison tile is split into
chunks of the gathered axis so that none passes the element limit of a
tile). An index outside 0..src.shape[axis]-1 gives zero bits."""
from . import core
from .core import TridentUserError, builtin, _unwrap
from .standard import _sum_combine


# index elements x gathered-axis length that a GPU target builds (see
# gather).
_GPU_ONE_HOT_LIMIT = 65536


def _bits_type(dtype):
    """The integer type `dtype`'s bits are gathered as."""
    if dtype.is_bool():
        return core.int8
    return getattr(core, "int%d" % dtype.primitive_bitwidth)


def _halves(sem, x):
    """The two halves of the last dim of `x` (its first half first)."""
    shape = list(x.shape)
    rank = len(shape)
    x = sem.reshape(x, shape[:-1] + [2, shape[-1] // 2])
    x = sem.permute(x, list(range(rank - 1)) + [rank, rank - 1])
    return sem.split(x)


@builtin
def gather(src, index, axis):
    sem = core._sem()
    src, index = sem.to_tensor(src), sem.to_tensor(index)
    axis = _unwrap(axis)
    if not src.type.is_block() or not index.type.is_block():
        raise TridentUserError("tl.gather needs two tiles, got %r and %r"
                               % (src.type, index.type))
    rank = len(src.shape)
    if len(index.shape) != rank:
        raise TridentUserError(
            "tl.gather: src and index must have one rank, got shapes %s and "
            "%s" % (list(src.shape), list(index.shape)))
    if not index.dtype.is_int() or index.dtype.is_bool():
        raise TridentUserError("tl.gather: index must be a tile of integers,"
                               " got %r" % index.dtype)
    if isinstance(axis, bool) or not isinstance(axis, int) or \
            not -rank <= axis < rank:
        raise TridentUserError("tl.gather: axis must be an int in [%d, %d),"
                               " got %r" % (-rank, rank, axis))
    axis %= rank
    for d in range(rank):
        if d != axis and src.shape[d] != index.shape[d]:
            raise TridentUserError(
                "tl.gather: index's shape %s must match src's %s in every "
                "dim but the axis (%d); dim %d differs" % (
                    list(index.shape), list(src.shape), axis, d))
    # On a GPU every thread holds its part of the one-hot comparison tile
    # in registers: past this size the kernel spills hundreds of KiB and
    # takes minutes to compile (64x64x64: 2 minutes), so it is refused
    # rather than left to look like a hang.
    compared = index.type.numel * src.shape[axis]
    if str(sem.target).startswith("cuda") and compared > _GPU_ONE_HOT_LIMIT:
        raise TridentUserError(
            "tl.gather of %s from %s along axis %d compares %d pairs of "
            "elements; on a GPU target Trident builds a gather as that "
            "comparison, which is limited to %d (a gather through shared "
            "memory is not built yet): gather smaller tiles"
            % (list(index.shape), list(src.shape), axis, compared,
               _GPU_ONE_HOT_LIMIT))
    dtype = src.dtype
    # The gathered axis last.
    order = [d for d in range(rank) if d != axis] + [axis]
    if axis != rank - 1:
        src, index = sem.permute(src, order), sem.permute(index, order)
    bits = _bits_type(dtype)
    src = sem.cast(src, bits) if dtype.is_bool() else \
        sem.cast(src, bits, bitcast=True)
    index = sem.cast(index, core.int32)
    # Chunks of the gathered axis: index's elements times a chunk's length
    # stays within a tile's element limit.
    chunk = src.shape[-1]
    while chunk > 1 and index.type.numel * chunk > \
            core.TRIDENT_MAX_TENSOR_NUMEL:
        chunk //= 2
    chunks = [src]
    while chunks[0].shape[-1] > chunk:
        chunks = [h for c in chunks for h in _halves(sem, c)]
    wanted = sem.expand_dims(index, [rank])           # [..., M, 1]
    out = None
    for i, part in enumerate(chunks):
        positions = sem.arange(i * chunk, (i + 1) * chunk)  # [C]
        hit = sem.compare("eq", wanted, positions)  # [..., M, C]
        values = sem.expand_dims(part, [rank - 1])   # [..., 1, C]
        picked = sem.where(hit, values, sem.scalar_constant(0, bits))
        picked = sem.reduce(picked, rank, _sum_combine, False)
        out = picked if out is None else sem.or_(out, picked)
    out = sem.cast(out, dtype) if dtype.is_bool() else \
        sem.cast(out, dtype, bitcast=True)
    if axis != rank - 1:
        inverse = [order.index(d) for d in range(rank)]
        out = sem.permute(out, inverse)
    return out

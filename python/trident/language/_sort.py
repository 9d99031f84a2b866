"""tl.flip, tl.sort, tl.topk and tl.bitonic_merge, built (as in Triton)
from tile operations: the sorted dimension is reshaped into a hypercube of
2-sized axes, and a 2-sized axis is swapped by xor-ing each element with
the xor of its pair. Sorting is a bitonic network of compare-and-swap
steps; topk keeps the larger half (tl.max over a 2-sized axis) between
merges. Results match Triton 3.6, ties and NaNs included (a NaN never
compares greater, so it stays where the network leaves it)."""
from . import core
from .core import builtin, _unwrap
from .standard import max as _max, min as _min, xor_sum as _xor_sum

_INT_BY_BITS = {8: core.int8, 16: core.int16, 32: core.int32,
                64: core.int64}


def _log2_exact(n, what, name):
    if n < 1 or n & (n - 1):
        raise core.TridentUserError(
            "%s: %s must be a power of two, got %d" % (name, what, n))
    return n.bit_length() - 1


def _block(x, name):
    x = core._sem().to_tensor(x)
    if not x.type.is_block():
        raise core.TridentUserError("%s needs a tensor, got a scalar of "
                                    "type %r" % (name, x.dtype))
    return x


def _norm_dim(dim, rank, name):
    dim = _unwrap(dim)
    if dim is None:
        return rank - 1
    if not isinstance(dim, int) or isinstance(dim, bool) \
            or not -rank <= dim < rank:
        raise core.TridentUserError(
            "%s: dim %r is out of range for a tensor of rank %d"
            % (name, dim, rank))
    return dim + rank if dim < 0 else dim


def _as_int(x):
    # the bits of x as a signed integer tensor of the same width
    bits = x.dtype.primitive_bitwidth
    if x.dtype.is_int() and x.dtype.is_int_signed():
        return x
    if bits == 1:
        return x.to(core.int8)
    if bits not in _INT_BY_BITS:
        raise core.TridentUserError("no integer type of %d bits for %r"
                                    % (bits, x.dtype))
    return x.to(_INT_BY_BITS[bits], bitcast=True)


def _from_int(y, dtype):
    if y.dtype == dtype:
        return y
    if dtype.primitive_bitwidth == 1:
        return y != 0
    return y.to(dtype, bitcast=True)


def _partner(y, axis):
    # each element of the 2-sized `axis` replaced by the other one
    return y ^ _xor_sum(y, axis, keep_dims=True)


@builtin
def flip(x, dim=None):
    x = _block(x, "tl.flip")
    shape = list(x.shape)
    d = _norm_dim(dim, len(shape), "tl.flip")
    steps = _log2_exact(shape[d], "the size of dim %d" % d, "tl.flip")
    if steps == 0:
        return x
    y = core.reshape(_as_int(x), shape[:d] + [2] * steps + shape[d + 1:])
    for i in range(steps):
        y = _partner(y, d + i)
    return _from_int(core.reshape(y, shape), x.dtype)


def _bit(n_dims, j):
    # a boolean tensor over the hypercube's axis n_dims-1-j: True where
    # the j-th bit of the flat index is set
    ar = core.arange(0, 2)
    ar = core.reshape(ar, [1] * (n_dims - j - 1) + [2] + [1] * j)
    return ar != 0


def _compare_and_swap(h, descending, i):
    # one step of the network over bit i of the flat index; `descending` is
    # a Python bool or a boolean tensor broadcast over the hypercube
    n_dims = len(h.shape)
    other = _from_int(_partner(_as_int(h), n_dims - 1 - i), h.dtype)
    want_larger = _bit(n_dims, i)
    if isinstance(descending, bool):
        if descending:
            want_larger = want_larger == False  # noqa: E712
    else:
        want_larger = want_larger ^ descending
    return core.where((h > other) != want_larger, other, h)


def _merge(h, stage, order):
    # `order`: False ascending, True descending, None alternating by
    # blocks of 2**stage elements
    descending = order if order is not None else _bit(len(h.shape), stage)
    for i in range(stage):
        h = _compare_and_swap(h, descending, stage - 1 - i)
    return h


def _hypercube(x):
    n = x.numel.value if hasattr(x.numel, "value") else int(x.numel)
    n_dims = n.bit_length() - 1
    return core.reshape(x, [2] * n_dims if n_dims else [1]), n_dims


def _sort_impl(x, k, dim, descending, name):
    x = _block(x, name)
    shape = list(x.shape)
    d = _norm_dim(dim, len(shape), name)
    if d != len(shape) - 1:
        raise core.TridentUserError(
            "%s: only the last dimension can be sorted (dim %d of a tensor "
            "of rank %d)" % (name, d, len(shape)))
    for j, s in enumerate(shape):
        _log2_exact(s, "the size of dim %d" % j, name)
    log_n = _log2_exact(shape[-1], "the size of the sorted dim", name)
    log_k = log_n
    if k is not None:
        log_k = _log2_exact(k, "k", name)
        if log_k > log_n:
            raise core.TridentUserError(
                "%s: k=%d exceeds the size %d of the sorted dim"
                % (name, k, shape[-1]))
    h, n_dims = _hypercube(x)
    if n_dims == 0:
        return x
    for i in range(1, log_k + 1):
        h = _merge(h, i, None if i < log_n else descending)
    for i in range(log_k + 1, log_n + 1):
        axis = len(h.shape) - 1 - log_k
        h = _max(h, axis) if descending else _min(h, axis)
        h = _merge(h, log_k, None if i < log_n else descending)
    return core.reshape(h, shape[:-1] + [2 ** log_k])


def _flag(v, what, name):
    v = _unwrap(v)
    if not isinstance(v, (bool, int)):
        raise core.TridentUserError("%s: %s must be a constant bool, got %r"
                                    % (name, what, v))
    return bool(v)


@builtin
def sort(x, dim=None, descending=False):
    return _sort_impl(x, None, dim,
                      _flag(descending, "descending", "tl.sort"), "tl.sort")


@builtin
def topk(x, k, dim=None):
    k = _unwrap(k)
    if not isinstance(k, int) or isinstance(k, bool):
        raise core.TridentUserError("tl.topk: k must be a constant int, got "
                                    "%r" % (k,))
    return _sort_impl(x, k, dim, True, "tl.topk")


@builtin
def bitonic_merge(x, dim=None, descending=False):
    name = "tl.bitonic_merge"
    x = _block(x, name)
    d = _norm_dim(dim, len(x.shape), name)
    if d != len(x.shape) - 1:
        raise core.TridentUserError(
            "%s: only the last dimension is supported (dim %d of a tensor "
            "of rank %d)" % (name, d, len(x.shape)))
    for j, s in enumerate(x.shape):
        _log2_exact(s, "the size of dim %d" % j, name)
    stage = _log2_exact(x.shape[-1], "the size of the merged dim", name)
    h, n_dims = _hypercube(x)
    if n_dims == 0:
        return x
    h = _merge(h, stage, _flag(descending, "descending", name))
    return core.reshape(h, list(x.shape))


for _fn in (flip, sort, topk):
    core._tensor_method(_fn)

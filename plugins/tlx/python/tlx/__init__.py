"""Python module of the TLX plugin: `trident.language.extra.tlx`.

    import trident
    trident.load_plugin(".../libTlxPlugin.so")
    import trident.language.extra.tlx as tlx

Inside a kernel:

    bufs = tlx.local_alloc((BLOCK_M, BLOCK_K), tl.float16, NUM_BUFFERS)
    a = tlx.local_view(bufs, i)      # buffer i of the ring
    tlx.local_store(a, x)            # tile -> shared memory
    y = tlx.local_load(a)            # shared memory -> tile

The ops are the plugin's `tlx` dialect, built through `trident.language.ir`.
"""
import enum

from trident.language import core as _core
from trident.language import ir as _ir
from trident.language.core import builtin

TridentUserError = _core.TridentUserError


def _shape(shape, what):
    shape = _core._unwrap(shape)
    try:
        dims = [_core._unwrap(d) for d in shape]
    except TypeError:
        raise TridentUserError("%s needs a tuple of constexpr extents, got %r"
                               % (what, shape)) from None
    for d in dims:
        if isinstance(d, bool) or not isinstance(d, int) or d <= 0:
            raise TridentUserError("%s needs positive constexpr extents, got "
                                   "%r" % (what, dims))
    return dims


def _spell(dims, dtype):
    return "x".join(str(d) for d in dims) + "x" + _ir.type_text(dtype)


def _buffer_type(value, what):
    ty = getattr(value, "type", None)
    name = getattr(ty, "name", "")
    if not isinstance(ty, _core.ir_type) or not name.startswith("!tlx.buffer<"):
        raise TridentUserError("%s needs one buffer (tlx.local_view of a "
                               "tlx.local_alloc), got %r" % (what, ty))
    return name


def _tile_of(buffer_type_name):
    """(dims, element type text) of '!tlx.buffer<128x64xf16>'."""
    body = buffer_type_name[len("!tlx.buffer<"):-1]
    parts = body.split("x")
    return [int(p) for p in parts[:-1]], parts[-1]


class storage_kind(enum.Enum):
    """Where tlx.local_alloc places its buffers."""
    smem = "smem"
    tmem = "tmem"


@builtin
def local_alloc(shape, dtype, num, storage=storage_kind.smem, reuse=None,
                layout=None):
    """`num` buffers of a `shape` tile of `dtype` in shared memory, as one
    ring (`tlx.local_view` picks one)."""
    storage = _core._unwrap(storage)
    if storage == storage_kind.tmem:
        raise TridentUserError("tlx.local_alloc: storage=tmem is Blackwell's "
                               "tensor memory; Hopper (sm_90) has none, use "
                               "storage=tlx.storage_kind.smem")
    if storage != storage_kind.smem:
        raise TridentUserError("tlx.local_alloc: storage must be a "
                               "tlx.storage_kind, got %r" % (storage,))
    for what, value in (("reuse", reuse), ("layout", layout)):
        if _core._unwrap(value) is not None:
            raise TridentUserError("tlx.local_alloc: %s= is not supported by "
                                   "this version of the TLX plugin" % what)
    dims = _shape(shape, "tlx.local_alloc")
    count = _core._unwrap(num)
    if isinstance(count, bool) or not isinstance(count, int) or count <= 0:
        raise TridentUserError("tlx.local_alloc needs a positive constexpr "
                               "number of buffers, got %r" % (count,))
    ty = _ir.type("!tlx.buffers<%d%s>" % (count, "x" + _spell(dims, dtype)))
    return _ir.op("tlx.local_alloc", results=[ty]).result


@builtin
def local_view(buffers, index):
    """Buffer `index` of the ring `buffers`."""
    ty = getattr(buffers, "type", None)
    name = getattr(ty, "name", "")
    if not isinstance(ty, _core.ir_type) or not name.startswith("!tlx.buffers<"):
        raise TridentUserError("tlx.local_view needs the result of "
                               "tlx.local_alloc, got %r" % (ty,))
    body = name[len("!tlx.buffers<"):-1]
    one = _ir.type("!tlx.buffer<" + body.split("x", 1)[1] + ">")
    return _ir.op("tlx.local_view", operands=[buffers, index],
                  results=[one]).result


@builtin
def local_load(buffer):
    """The tile held in `buffer`."""
    dims, elem = _tile_of(_buffer_type(buffer, "tlx.local_load"))
    tile = _ir.type("tensor<%sx%s>" % ("x".join(map(str, dims)), elem))
    return _ir.op("tlx.local_load", operands=[buffer], results=[tile]).result


@builtin
def local_store(buffer, value):
    """Writes tile `value` into `buffer` (same shape and element type)."""
    _buffer_type(buffer, "tlx.local_store")
    _ir.op("tlx.local_store", operands=[buffer, value])


def _element_of(type_name):
    return _ir.type(type_name[:-1].rsplit("x", 1)[1])


@builtin
def dtype_of(value):
    """The element type of a tile or of a TLX buffer (ring)."""
    ty = getattr(value, "type", None)
    if isinstance(ty, _core.ir_type) and ty.name.startswith("!tlx.buffer"):
        return _element_of(ty.name)
    if isinstance(ty, _core.dtype):
        return ty.scalar
    raise TridentUserError("tlx.dtype_of needs a tile or a TLX buffer, got %r"
                           % (value,))


@builtin
def size_of(dtype):
    """The bytes of one element of `dtype`, as a constexpr."""
    ty = _core._unwrap(dtype)
    if (not isinstance(ty, _core.dtype) or isinstance(ty, _core.ir_type) or
            not getattr(ty, "primitive_bitwidth", 0)):
        raise TridentUserError("tlx.size_of needs a scalar dtype, got %r"
                               % (ty,))
    return _core.constexpr(max(1, ty.primitive_bitwidth // 8))

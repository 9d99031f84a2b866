"""Python module of the TLX plugin: `trident.language.extra.tlx`.

    import trident
    trident.load_plugin(".../libTlxPlugin.so")
    import trident.language.extra.tlx as tlx

Inside a kernel:

    bufs = tlx.local_alloc((BLOCK_M, BLOCK_K), tl.float16, NUM_BUFFERS)
    a = tlx.local_view(bufs, i)      # buffer i of the ring
    tlx.local_store(a, x)            # tile -> shared memory
    y = tlx.local_load(a)            # shared memory -> tile
    t = tlx.async_load(ptrs, a, mask=m)            # global -> shared, async
    tlx.async_load_commit_group([t])
    tlx.async_load_wait_group(0)
    acc = tlx.async_dot(a, b_buf, acc)             # wgmma, async
    acc = tlx.async_dot_wait(0, acc)

The ops are the plugin's `tlx` dialect, built through `trident.language.ir`.
"""
import enum

from trident.language import core as _core
from trident.language import ir as _ir
from trident.language.core import _sem, builtin

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
    """Buffer `index` of the ring `buffers` (or barrier `index` of
    tlx.alloc_barriers)."""
    ty = getattr(buffers, "type", None)
    name = getattr(ty, "name", "")
    if isinstance(ty, _core.ir_type) and name.startswith("!tlx.barriers<"):
        return _ir.op("tlx.barrier_view", operands=[buffers, index],
                      results=[_ir.type("!tlx.barrier")]).result
    if not isinstance(ty, _core.ir_type) or not name.startswith("!tlx.buffers<"):
        raise TridentUserError("tlx.local_view needs the result of "
                               "tlx.local_alloc, got %r" % (ty,))
    body = name[len("!tlx.buffers<"):-1]
    one = _ir.type("!tlx.buffer<" + body.split("x", 1)[1] + ">")
    return _ir.op("tlx.local_view", operands=[buffers, index],
                  results=[one]).result


# `ring[i]` is `tlx.local_view(ring, i)`, for buffers and barriers alike,
# as TLX kernels write it (`q_fulls[cid]`).
_ir.value_methods("!tlx.buffers<", __getitem__=local_view)
_ir.value_methods("!tlx.barriers<", __getitem__=local_view)


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
def local_trans(input, dims=(1, 0)):  # noqa: A002 - TLX's name
    """`input` (a buffer) viewed with its dimensions permuted: dimension i
    of the result is dimension dims[i] of the buffer. No data moves."""
    dims_, elem = _tile_of(_buffer_type(input, "tlx.local_trans"))
    order = [_core._unwrap(d) for d in _core._unwrap(dims)]
    if sorted(order) != list(range(len(dims_))):
        raise TridentUserError("tlx.local_trans: dims must permute the "
                               "buffer's %d dimensions, got %r"
                               % (len(dims_), order))
    shape = [dims_[d] for d in order]
    ty = _ir.type("!tlx.buffer<%sx%s>" % ("x".join(map(str, shape)), elem))
    return _ir.op("tlx.local_trans", operands=[input], results=[ty],
                  attrs={"order": "array<i32: %s>" % ", ".join(
                      map(str, order))}).result


@builtin
def local_slice(buffer, offset, shape):
    """The block of `buffer` of `shape` whose first element is at `offset`
    (constexprs or run-time i32 scalars, one per dimension), viewed in
    place: no data moves. A buffer that TMA or async_dot use is laid out
    for them, and is cut into whole swizzle atoms of every row, or whole
    rows (8 at a time) of a buffer one atom wide."""
    dims, elem = _tile_of(_buffer_type(buffer, "tlx.local_slice"))
    part = _shape(shape, "tlx.local_slice")
    offsets = list(_core._unwrap(offset))
    if len(part) != len(dims) or len(offsets) != len(dims):
        raise TridentUserError(
            "tlx.local_slice: the buffer has %d dimensions; give as many "
            "offsets and extents, got %d and %d"
            % (len(dims), len(offsets), len(part)))
    for d, (o, n, full) in enumerate(zip(offsets, part, dims)):
        o = _core._unwrap(o)
        if n > full or (isinstance(o, int) and not 0 <= o <= full - n):
            raise TridentUserError(
                "tlx.local_slice: dimension %d: a block of %d at offset %s "
                "does not fit the buffer's %d" % (d, n, o, full))
    ty = _ir.type("!tlx.buffer<%sx%s>" % ("x".join(map(str, part)), elem))
    return _ir.op("tlx.local_slice", operands=[buffer] + offsets,
                  results=[ty]).result


@builtin
def local_reinterpret(src, dtype, shape=None, layout=None):
    """The bytes of `src` (a buffer, or each buffer of a ring) viewed as
    tiles of `dtype` and `shape` (default: `src`'s), no more bytes than
    each holds: a buffer reused in a later phase of the kernel. The view is
    laid out for its own uses (TMA, async_dot, registers)."""
    what = "tlx.local_reinterpret"
    if _core._unwrap(layout) is not None:
        raise TridentUserError("%s: layout= (an explicit shared-memory "
                               "layout) is not supported by this version of "
                               "the TLX plugin; the view is laid out for its "
                               "uses" % what)
    ty = getattr(src, "type", None)
    name = getattr(ty, "name", "")
    ring = isinstance(ty, _core.ir_type) and name.startswith("!tlx.buffers<")
    if ring:
        body = name[len("!tlx.buffers<"):-1]
        count, rest = body.split("x", 1)
        dims = [int(p) for p in rest.split("x")[:-1]]
    else:
        dims, _ = _tile_of(_buffer_type(src, what))
    new_dims = dims if _core._unwrap(shape) is None else _shape(shape, what)
    elem = _ir.type_text(_core._unwrap(dtype))
    if ring:
        out = "!tlx.buffers<%s>" % "x".join(
            [count] + [str(d) for d in new_dims] + [elem])
    else:
        out = "!tlx.buffer<%s>" % "x".join([str(d) for d in new_dims] +
                                            [elem])
    return _ir.op("tlx.local_reinterpret", operands=[src],
                  results=[_ir.type(out)]).result


@builtin
def subslice(local_allocated_buffer, offset, size):
    """TLX's slice of a buffer in tensor memory (Blackwell)."""
    raise TridentUserError("tlx.subslice cuts buffers of tensor memory "
                           "(Blackwell's storage=tmem), which Hopper (sm_90) "
                           "does not have; use tlx.local_slice for shared "
                           "memory")


@builtin
def dtype_of(value):
    """The element type of a tile, of a TLX buffer (ring) or of what a
    pointer (or a tile of pointers) points to."""
    ty = getattr(value, "type", None)
    if isinstance(ty, _core.ir_type) and ty.name.startswith("!tlx.buffer"):
        return _element_of(ty.name)
    if hasattr(value, "block_type") and hasattr(value, "dtype"):
        return value.dtype  # a tensor descriptor
    if isinstance(ty, _core.dtype):
        if ty.scalar.is_ptr():
            return ty.scalar.element_ty
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


# ---------------------------------------------------------------------------
# Asynchronous copies (cp.async)
# ---------------------------------------------------------------------------

_TOKEN = "!tlx.token"


def _token():
    return _ir.type(_TOKEN)


def _tokens(tokens, what):
    tokens = _core._unwrap(tokens)
    if tokens is None:
        return []
    if not isinstance(tokens, (list, tuple)):
        tokens = [tokens]
    out = []
    for t in tokens:
        ty = getattr(t, "type", None)
        if not isinstance(ty, _core.ir_type) or ty.name != _TOKEN:
            raise TridentUserError("%s takes the tokens of tlx.async_load and "
                                   "tlx.async_load_commit_group, got %r"
                                   % (what, ty))
        out.append(t)
    return out


def _is_zero(value):
    value = _core._unwrap(value)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value == 0
    return False


def _refuse(what, name, value, default):
    if _core._unwrap(value) != default:
        raise TridentUserError("%s: %s= is not supported by this version of "
                               "the TLX plugin" % (what, name))


@builtin
def async_load(src, result, mask=None, other=None, cache_modifier="",
               eviction_policy="", is_volatile=False, bulk=False,
               bulk_size=None, barrier=None):
    """Starts copying the elements `src` (a tile of pointers of the
    buffer's shape) points to into buffer `result`, in the background
    (cp.async); where `mask` is false the buffer gets zeros. Returns a token
    for tlx.async_load_commit_group."""
    what = "tlx.async_load"
    _refuse(what, "bulk", bulk, False)
    _refuse(what, "bulk_size", bulk_size, None)
    _refuse(what, "barrier", barrier, None)
    _refuse(what, "is_volatile", is_volatile, False)
    for name, value in (("cache_modifier", cache_modifier),
                        ("eviction_policy", eviction_policy)):
        if not isinstance(_core._unwrap(value), str):
            raise TridentUserError("%s: %s must be a string" % (what, name))
    dims, elem = _tile_of(_buffer_type(result, what))
    sem = _sem(what)
    src = _core._unwrap(src)
    sty = getattr(src, "type", None)
    if (not isinstance(src, _core.tensor) or not sty.is_block() or
            not src.dtype.is_ptr()):
        raise TridentUserError("%s needs a tile of pointers of the buffer's "
                               "shape %s, got %r" % (what, dims, sty))
    if list(src.shape) != dims or \
            _ir.type_text(src.dtype.element_ty) != elem:
        raise TridentUserError(
            "%s copies a tile of pointers to %s of the buffer's shape %s into "
            "it, got pointers to %s of shape %s"
            % (what, elem, dims, _ir.type_text(src.dtype.element_ty),
               list(src.shape)))
    mask = sem._mem_mask(src, _core._unwrap(mask), what)
    if other is not None and not _is_zero(other):
        raise TridentUserError("%s: other= must be 0 (cp.async fills the "
                               "masked-off elements with zeros), got %r"
                               % (what, _core._unwrap(other)))
    operands = [src, result] + ([mask] if mask is not None else [])
    return _ir.op("tlx.async_load", operands=operands,
                  results=[_token()]).result


@builtin
def async_load_commit_group(tokens=[]):  # noqa: B006 - TLX's signature
    """Closes the group of the copies started so far; returns its token."""
    toks = _tokens(tokens, "tlx.async_load_commit_group")
    return _ir.op("tlx.async_commit_group", operands=toks,
                  results=[_token()]).result


@builtin
def async_load_wait_group(pendings, tokens=[]):  # noqa: B006
    """Waits until at most `pendings` (a constexpr) copy groups of the
    program are in flight; the copies done are then visible to every
    thread and to the tensor cores."""
    n = _core._unwrap(pendings)
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise TridentUserError("tlx.async_load_wait_group needs a constexpr "
                               "count of pending groups >= 0, got %r" % (n,))
    toks = _tokens(tokens, "tlx.async_load_wait_group")
    return _ir.op("tlx.async_wait", operands=toks, results=[_token()],
                  attrs={"pendings": _ir.attr.i32(n)}).result


# ---------------------------------------------------------------------------
# Asynchronous warpgroup dots (wgmma)
# ---------------------------------------------------------------------------


def _operand_dims(value, what, name):
    ty = getattr(value, "type", None)
    if isinstance(ty, _core.ir_type) and ty.name.startswith("!tlx.buffer<"):
        return _tile_of(ty.name)
    if isinstance(value, _core.tensor) and ty.is_block():
        return list(value.shape), _ir.type_text(value.dtype.scalar)
    raise TridentUserError("%s: %s must be a buffer (tlx.local_view) or a "
                           "tile, got %r" % (what, name, ty))


@builtin
def async_dot(A, B, acc=None, use_acc=None, pred=None, mBarriers=[],  # noqa
              two_ctas=False, force_async=False, input_precision=None,
              out_dtype=_core.float32):
    """Starts `A @ B + acc` on Hopper's tensor cores (wgmma): A (MxK) a
    buffer or a tile, B (KxN) a buffer, acc an fp32 tile (zeros when None;
    not added when `use_acc` is false). Read the result after
    tlx.async_dot_wait."""
    what = "tlx.async_dot"
    _refuse(what, "pred", pred, None)
    if _core._unwrap(mBarriers):
        raise TridentUserError("%s: mBarriers= is Blackwell's (tcgen05); "
                               "Hopper's dots are waited for with "
                               "tlx.async_dot_wait" % what)
    _refuse(what, "two_ctas", two_ctas, False)
    if _core._unwrap(out_dtype) != _core.float32:
        raise TridentUserError("%s accumulates in tl.float32 only, got "
                               "out_dtype=%r" % (what, _core._unwrap(out_dtype)))
    precision = _core._unwrap(input_precision)
    if precision not in (None, "tf32", "ieee"):
        raise TridentUserError("%s: input_precision must be 'tf32' (the "
                               "tensor cores' f32) or None, got %r"
                               % (what, precision))
    A, B = _core._unwrap(A), _core._unwrap(B)
    a_dims, a_elem = _operand_dims(A, what, "A")
    b_dims, b_elem = _operand_dims(B, what, "B")
    if not isinstance(getattr(B, "type", None), _core.ir_type):
        raise TridentUserError("%s: B must be a buffer in shared memory "
                               "(tlx.local_view)" % what)
    if len(a_dims) != 2 or len(b_dims) != 2 or a_dims[1] != b_dims[0]:
        raise TridentUserError("%s: shapes %s and %s do not form a matrix "
                               "product" % (what, a_dims, b_dims))
    m, n = a_dims[0], b_dims[1]
    sem = _sem(what)
    acc = _core._unwrap(acc)
    if acc is None:
        acc = sem.full([m, n], 0, _core.float32)
    elif not isinstance(acc, _core.tensor) or list(acc.shape) != [m, n] or \
            acc.dtype != _core.float32:
        raise TridentUserError("%s: acc must be a %dx%d tl.float32 tile, got "
                               "%r" % (what, m, n, getattr(acc, "type", acc)))
    operands = [A, B, acc]
    use = _core._unwrap(use_acc)
    if use is not None:
        if isinstance(use, bool):
            use = sem.to_tensor(use)
        if not isinstance(use, _core.tensor) or use.type.is_block():
            raise TridentUserError("%s: use_acc must be a bool or a scalar "
                                   "condition, got %r" % (what, use))
        operands.append(sem.cast(use, _core.int1))
    return _ir.op("tlx.async_dot", operands=operands,
                  results=[acc.type]).result


@builtin
def async_dot_wait(pendings, inp):
    """Returns `inp` (the result of tlx.async_dot) once at most `pendings`
    (a constexpr) async dots of the warpgroup are in flight."""
    n = _core._unwrap(pendings)
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise TridentUserError("tlx.async_dot_wait needs a constexpr count of "
                               "pending dots >= 0, got %r" % (n,))
    inp = _core._unwrap(inp)
    if not isinstance(inp, _core.tensor) or not inp.type.is_block():
        raise TridentUserError("tlx.async_dot_wait waits for the tile "
                               "tlx.async_dot returned, got %r"
                               % (getattr(inp, "type", inp),))
    return _ir.op("tlx.async_dot_wait", operands=[inp], results=[inp.type],
                  attrs={"pendings": _ir.attr.i32(n)}).result


# ---------------------------------------------------------------------------
# Barriers in shared memory (mbarriers) and TMA copies
# ---------------------------------------------------------------------------


def _barrier(bar, what):
    ty = getattr(bar, "type", None)
    if not isinstance(ty, _core.ir_type) or ty.name != "!tlx.barrier":
        raise TridentUserError("%s needs one barrier (tlx.local_view of "
                               "tlx.alloc_barriers), got %r" % (what, ty))
    return bar


def _pred(pred, what):
    pred = _core._unwrap(pred)
    if pred is None:
        return []
    sem = _sem(what)
    if isinstance(pred, bool):
        pred = sem.to_tensor(pred)
    if not isinstance(pred, _core.tensor) or pred.type.is_block():
        raise TridentUserError("%s: pred must be a scalar condition, got %r"
                               % (what, getattr(pred, "type", pred)))
    return [sem.cast(pred, _core.int1)]


def _const_int(v, what, least):
    v = _core._unwrap(v)
    if isinstance(v, bool) or not isinstance(v, int) or v < least:
        raise TridentUserError("%s needs a constexpr int >= %d, got %r"
                               % (what, least, v))
    return v


@builtin
def alloc_barriers(num_barriers, arrive_count=1):
    """`num_barriers` barriers in shared memory, each completing a phase
    when `arrive_count` arrivals (and the bytes announced to it) came."""
    n = _const_int(num_barriers, "tlx.alloc_barriers: num_barriers", 1)
    count = _const_int(arrive_count, "tlx.alloc_barriers: arrive_count", 1)
    return _ir.op("tlx.alloc_barriers",
                  results=[_ir.type("!tlx.barriers<%d>" % n)],
                  attrs={"arrive_count": _ir.attr.i32(count)}).result


@builtin
def alloc_warp_barrier(num_barriers, num_warps=1, num_arrivals=1):
    """`num_barriers` barriers whose arrivals count threads: a phase
    completes when every thread of `num_warps` warps has arrived
    `num_arrivals` times (tlx.barrier_arrive on them is an arrival of each
    thread that runs it, with no synchronization of the group first)."""
    n = _const_int(num_barriers, "tlx.alloc_warp_barrier: num_barriers", 1)
    warps = _const_int(num_warps, "tlx.alloc_warp_barrier: num_warps", 1)
    times = _const_int(num_arrivals, "tlx.alloc_warp_barrier: num_arrivals",
                       1)
    return _ir.op("tlx.alloc_barriers",
                  results=[_ir.type("!tlx.barriers<%d>" % n)],
                  attrs={"arrive_count": _ir.attr.i32(warps * 32 * times),
                         "per_thread": _ir.attr.unit}).result


@builtin
def barrier_expect_bytes(bar, size, pred=None):
    """Arrives on `bar` (one thread of the group) announcing `size` bytes
    that TMA copies naming `bar` will bring."""
    what = "tlx.barrier_expect_bytes"
    n = _const_int(size, what + ": size", 0)
    return _ir.op("tlx.barrier_expect_bytes",
                  operands=[_barrier(bar, what)] + _pred(pred, what),
                  attrs={"bytes": _ir.attr.i32(n)})


@builtin
def barrier_wait(bar, phase, pred=None):
    """Waits until the phase of `bar` with parity `phase` has completed."""
    what = "tlx.barrier_wait"
    sem = _sem(what)
    phase = _core._unwrap(phase)
    if isinstance(phase, bool):
        phase = int(phase)
    phase = sem.cast(sem.to_tensor(phase), _core.int32)
    if phase.type.is_block():
        raise TridentUserError("%s: phase must be a scalar, got a tile" % what)
    _ir.op("tlx.barrier_wait",
           operands=[_barrier(bar, what), phase] + _pred(pred, what))


@builtin
def barrier_arrive(bar, arrive_count=1, remote_cta_rank=None, pred=None):
    """Arrives on `bar`: one thread of each group of warps that runs it
    (each tlx.async_task, or the program), `arrive_count` times. With
    `remote_cta_rank`, on the same barrier of that CTA of the thread-block
    cluster (launch with ctas_per_cga)."""
    what = "tlx.barrier_arrive"
    n = _const_int(arrive_count, what + ": arrive_count", 1)
    preds = _pred(pred, what)
    remote = [] if _core._unwrap(remote_cta_rank) is None else \
        [_cta_rank(remote_cta_rank, what + ": remote_cta_rank")]
    _ir.op("tlx.barrier_arrive",
           operands=[_barrier(bar, what)] + preds + remote,
           attrs={"count": _ir.attr.i32(n),
                  "operandSegmentSizes": "array<i32: 1, %d, %d>"
                  % (len(preds), len(remote))})


def _cta_rank(rank, what):
    """A CTA's rank in its cluster (a constexpr or an i32 scalar) as an i32
    scalar."""
    sem = _sem(what)
    value = _core._unwrap(rank)
    if isinstance(value, int) and not 0 <= value < 16:
        raise TridentUserError("%s must be a CTA's rank in its cluster, got %d"
                               % (what, value))
    rank = sem.to_tensor(rank)
    if not rank.dtype.is_int() or rank.shape:
        raise TridentUserError("%s must be an integer scalar, got %r"
                               % (what, rank.type))
    return sem.cast(rank, _core.int32)


def _tma_operands(desc, buffer, offsets, eviction_policy, what):
    """The descriptor (as a tensor) and the i32 offsets of a TMA copy
    between it and `buffer`, checked."""
    if _core._unwrap(eviction_policy) not in ("", "evict_first",
                                              "evict_last"):
        raise TridentUserError("%s: eviction_policy must be '', 'evict_first' "
                               "or 'evict_last'" % what)
    desc = _core._unwrap(desc)
    if not hasattr(desc, "block_type"):
        raise TridentUserError("%s needs a tensor descriptor (a host "
                               "TensorDescriptor argument or "
                               "tl.make_tensor_descriptor), got %r"
                               % (what, getattr(desc, "type", desc)))
    _buffer_type(buffer, what)
    sem = _sem(what)
    offs = [sem.cast(sem.to_tensor(o), _core.int32)
            for o in _core._unwrap(offsets)]
    if len(offs) != len(desc.block_shape):
        raise TridentUserError("%s: %d offsets for a descriptor of rank %d"
                               % (what, len(offs), len(desc.block_shape)))
    return _core.tensor(desc.handle, desc.type), offs


@builtin
def async_descriptor_load(desc, result, offsets, barrier, pred=None,
                          cache_modifier="", eviction_policy="",
                          multicast_targets=[], two_ctas=False):  # noqa: B006
    """Starts a TMA copy of the block of `desc` at `offsets` into buffer
    `result`; the copy completes the bytes tlx.barrier_expect_bytes
    announced to `barrier`."""
    what = "tlx.async_descriptor_load"
    _refuse(what, "two_ctas", two_ctas, False)
    d, offs = _tma_operands(desc, result, offsets, eviction_policy, what)
    preds = _pred(pred, what)
    # The CTAs of the cluster that receive the block: a mask, bit r for r.
    mask = []
    targets = _core._unwrap(multicast_targets)
    if targets:
        sem = _sem(what)
        for t in targets:
            bit = sem.shl(sem.to_tensor(1),
                          _cta_rank(t, what + ": multicast_targets"))
            mask = [bit if not mask else sem.or_(mask[0], bit)]
    return _ir.op("tlx.async_descriptor_load",
                  operands=[d] + offs + [result, _barrier(barrier, what)] +
                  preds + mask,
                  attrs={"operandSegmentSizes":
                         "array<i32: 1, %d, 1, 1, %d, %d>"
                         % (len(offs), len(preds), len(mask))})


@builtin
def async_descriptor_store(desc, source, offsets, eviction_policy="",
                           store_reduce=""):
    """Starts a TMA copy of buffer `source` to the block of `desc` at
    `offsets` (one thread of the group issues it). Fence what the group
    wrote into `source` first (tlx.fence_async_shared);
    tlx.async_descriptor_store_wait waits for the copy's reads. With
    `store_reduce` ("add", "min", "max", "and", "or", "xor"), the block is
    combined with what memory holds, atomically (TMA reductions)."""
    what = "tlx.async_descriptor_store"
    reduce = _core._unwrap(store_reduce) or ""
    if reduce not in ("", "add", "min", "max", "and", "or", "xor"):
        raise TridentUserError("%s: store_reduce must be '', 'add', 'min', "
                               "'max', 'and', 'or' or 'xor', got %r"
                               % (what, reduce))
    d, offs = _tma_operands(desc, source, offsets, eviction_policy, what)
    attrs = {"reduce": _ir.attr.string(reduce)} if reduce else {}
    _ir.op("tlx.async_descriptor_store", operands=[d] + offs + [source],
           attrs=attrs)


@builtin
def async_descriptor_store_wait(pendings):
    """Waits until at most `pendings` of this group's TMA stores still read
    their buffers (the others' buffers may be written again)."""
    n = _const_int(pendings, "tlx.async_descriptor_store_wait: pendings", 0)
    _ir.op("tlx.async_descriptor_store_wait",
           attrs={"pendings": _ir.attr.i32(n)})


_DESCRIPTOR_BYTES = 128  # one descriptor's storage (a TMA tensor map)


class tensor_descriptor_ptr(_core.tensor):
    """Global memory for `num` device-made descriptors, 128 bytes each
    (`tlx.allocate_tensor_descriptor`): `p[i]` and `p + i` are the i-th
    one's storage, for `tlx.make_tensor_descriptor(desc_ptr=...)` and
    `tlx.reinterpret_tensor_descriptor`."""

    def __init__(self, handle, num, descriptor_size=_DESCRIPTOR_BYTES):
        super().__init__(handle, _core.pointer_type(_core.int8))
        self._num = num
        self._size = descriptor_size

    @property
    def num(self):
        return self._num

    @property
    def descriptor_size(self):
        return self._size

    def _plain(self):
        return _core.tensor(self.handle, self.type)

    def _advance(self, index, what):
        raw = _core._unwrap(index)
        if isinstance(raw, bool) or not (isinstance(raw, int) or
                                         isinstance(raw, _core.tensor)):
            raise TridentUserError("%s: the index must be an integer, got %r"
                                   % (what, raw))
        if isinstance(raw, int):
            if not 0 <= raw < self._num:
                raise TridentUserError(
                    "%s: descriptor %d of %d (the storage holds %d "
                    "descriptors, 0 to %d)" % (what, raw, self._num,
                                               self._num, self._num - 1))
            if raw == 0:
                return tensor_descriptor_ptr(self.handle, self._num,
                                             self._size)
            left = self._num - raw
        else:
            if raw.type.is_block() or not raw.dtype.is_int():
                raise TridentUserError("%s: the index must be a scalar "
                                       "integer, got %r" % (what, raw.type))
            left = 1
        sem = _sem(what)
        offset = sem.mul(index, self._size)
        moved = sem.add(self._plain(), offset)
        return tensor_descriptor_ptr(moved.handle, left, self._size)

    def __getitem__(self, index):
        return self._advance(index, "tlx.tensor_descriptor_ptr[...]")

    def __add__(self, index):
        return self._advance(index, "tlx.tensor_descriptor_ptr + ...")

    def __repr__(self):
        return "tlx.tensor_descriptor_ptr(num=%d, size=%d)" % (self._num,
                                                               self._size)


def _desc_ptr(value, what):
    raw = _core._unwrap(value)
    if not isinstance(raw, tensor_descriptor_ptr):
        raise TridentUserError(
            "%s: desc_ptr must be storage from tlx.allocate_tensor_descriptor"
            " (a tlx.tensor_descriptor_ptr), got %r" % (what, raw))
    return raw


@builtin
def allocate_tensor_descriptor(num):
    """Global memory for `num` descriptors made in the kernel (128 bytes
    each, 128-byte aligned), this program's own for the whole run: index it
    (`p[i]`) for `tlx.make_tensor_descriptor(desc_ptr=p[i], ...)` and
    `tlx.reinterpret_tensor_descriptor(p[i], ...)`. On GPUs it comes from
    the launch's scratch memory (`trident.set_allocator`)."""
    n = _core._unwrap(num)
    if isinstance(n, bool) or not isinstance(n, int):
        raise TridentUserError("tlx.allocate_tensor_descriptor: num must be a "
                               "constexpr integer, got %r" % (n,))
    if n <= 0:
        raise TridentUserError("tlx.allocate_tensor_descriptor: num must be "
                               "positive, got %d" % n)
    op = _ir.op("tir.global_scratch_alloc",
                results=[_core.pointer_type(_core.int8)],
                attrs={"nbytes": _ir.attr.i64(n * _DESCRIPTOR_BYTES),
                       "alignment": _ir.attr.i64(_DESCRIPTOR_BYTES)})
    return tensor_descriptor_ptr(op.result.handle, n)


@builtin
def make_tensor_descriptor(desc_ptr, base, shape, strides, block_shape,
                           padding_option="zero"):
    """A TMA descriptor made on the device (`tl.make_tensor_descriptor`),
    in TLX's spelling. With `desc_ptr=None` the core places it in global
    scratch memory (`trident.set_allocator`); with storage from
    `tlx.allocate_tensor_descriptor` it is also written there, where
    `tlx.reinterpret_tensor_descriptor` finds it."""
    strides = _core._unwrap(strides)
    if _core._unwrap(strides[-1]) != 1:
        raise TridentUserError("tlx.make_tensor_descriptor: the last stride "
                               "must be 1, got %r"
                               % (_core._unwrap(strides[-1]),))
    if _core._unwrap(desc_ptr) is None:
        return _core.make_tensor_descriptor(base, shape, strides, block_shape,
                                            padding_option)
    storage = _desc_ptr(desc_ptr, "tlx.make_tensor_descriptor")
    # The core checks everything on a descriptor made without storage; the
    # one with storage is built from the same operands.
    plain = _core.make_tensor_descriptor(base, shape, strides, block_shape,
                                         padding_option)
    sem = _sem("tlx.make_tensor_descriptor")
    base = sem.to_tensor(base)
    shape = [sem.cast(sem.to_tensor(d), _core.int32)
             for d in _core._unwrap(shape)]
    strides = [sem.cast(sem.to_tensor(t), _core.int64) for t in strides]
    rank = len(shape)
    op = _ir.op("tir.make_tensor_descriptor",
                operands=[base] + shape + strides + [storage._plain()],
                results=[plain.type],
                attrs={"operandSegmentSizes":
                       "array<i32: 1, %d, %d, 1>" % (rank, rank)})
    return type(plain)(op.result.handle, plain.type)


@builtin
def reinterpret_tensor_descriptor(desc_ptr, block_shape, dtype):
    """The descriptor `tlx.make_tensor_descriptor(desc_ptr=...)` wrote at
    `desc_ptr`, moving blocks of `block_shape` of `dtype`."""
    storage = _desc_ptr(desc_ptr, "tlx.reinterpret_tensor_descriptor")
    dims = _shape(block_shape, "tlx.reinterpret_tensor_descriptor: "
                               "block_shape")
    dt = _core._unwrap(dtype)
    if not isinstance(dt, _core.dtype) or dt.is_ptr():
        raise TridentUserError("tlx.reinterpret_tensor_descriptor: dtype must "
                               "be an element type (tl.float16, ...), got %r"
                               % (dt,))
    from trident.language.semantic import (tensor_descriptor,
                                           tensor_descriptor_type)
    ty = tensor_descriptor_type(_core.block_type(dt, dims))
    op = _ir.op("tir.reinterpret_tensor_descriptor",
                operands=[storage._plain()], results=[ty])
    return tensor_descriptor(op.result.handle, ty)


# ---------------------------------------------------------------------------
# Warp specialization: tasks on groups of warps of their own
# ---------------------------------------------------------------------------

_TASK_STACK = []   # the tlx.async_tasks / tlx.async_task scopes being built


class async_tasks(_ir.region_scope):
    """`with tlx.async_tasks():` holds the kernel's tasks (`with
    tlx.async_task(...)` blocks), which run at the same time on separate
    groups of warps."""

    _restore_names = True

    def __init__(self, *args, exclusive=False, no_ending_cluster_sync=False,
                 mbarrier_try_wait_suspend_ns=None, **kwargs):
        if args or kwargs:
            raise TridentUserError("tlx.async_tasks takes no task ids or "
                                   "other arguments here, got %r"
                                   % ((args, kwargs),))
        if _core._unwrap(exclusive):
            raise TridentUserError("tlx.async_tasks: exclusive= is not "
                                   "supported by this version of the TLX "
                                   "plugin")
        ns = _core._unwrap(mbarrier_try_wait_suspend_ns)
        if ns is not None and (not isinstance(ns, int) or ns < 0):
            raise TridentUserError("tlx.async_tasks: "
                                   "mbarrier_try_wait_suspend_ns must be a "
                                   "non-negative int, got %r" % (ns,))

    def _describe(self):
        return "with tlx.async_tasks()"

    def _begin(self):
        # Scopes left by a compilation that failed inside one are dropped.
        sem = _sem("tlx.async_tasks")
        _TASK_STACK[:] = [s for s in _TASK_STACK if s.sem is sem]
        self.sem = sem
        if any(isinstance(s, async_tasks) for s in _TASK_STACK):
            raise TridentUserError("tlx.async_tasks inside another "
                                   "tlx.async_tasks")
        self.op = _ir.op("tlx.async_tasks", regions=1)
        _TASK_STACK.append(self)
        return self.op.block(0)

    def _end(self):
        _TASK_STACK.pop()
        self.op.verify()


class async_task(_ir.region_scope):
    """`with tlx.async_task("default"):` runs its body on the program's own
    warps; `with tlx.async_task(num_warps=4, registers=232, replicate=2):`
    on `num_warps` warps of its own (per replica), each thread with at
    most `registers` registers. Each task starts from the names bound
    before `tlx.async_tasks()`: what one task rebinds, the next does not
    see (as in TLX)."""

    _restore_names = True

    def __init__(self, *args, num_warps=None, num_regs=None, registers=None,
                 replicate=1, warp_group_start_id=None):
        self.default = False
        if args:
            if len(args) != 1 or _core._unwrap(args[0]) != "default":
                raise TridentUserError(
                    "tlx.async_task takes \"default\" or keyword arguments "
                    "(num_warps=, registers=, replicate=); task-id lists are "
                    "not supported, got %r" % (args,))
            self.default = True
        regs = _core._unwrap(registers if registers is not None
                             else num_regs)
        if regs is not None and (not isinstance(regs, int) or regs % 8 or
                                 not 24 <= regs <= 256):
            raise TridentUserError("tlx.async_task: registers must be a "
                                   "multiple of 8 from 24 to 256, got %r"
                                   % (regs,))
        self.registers = regs
        warps = _core._unwrap(num_warps)
        if self.default:
            if warps is not None:
                raise TridentUserError("tlx.async_task(\"default\") runs on "
                                       "the kernel's num_warps; it takes no "
                                       "num_warps")
        elif (isinstance(warps, bool) or not isinstance(warps, int) or
              warps <= 0 or warps & (warps - 1)):
            raise TridentUserError("tlx.async_task needs num_warps, a power "
                                   "of two, got %r" % (warps,))
        self.num_warps = warps
        rep = _core._unwrap(replicate)
        if isinstance(rep, bool) or not isinstance(rep, int) or rep < 1:
            raise TridentUserError("tlx.async_task: replicate must be a "
                                   "positive int, got %r" % (rep,))
        if self.default and rep != 1:
            raise TridentUserError("tlx.async_task(\"default\") cannot be "
                                   "replicated")
        self.replicate = rep
        if _core._unwrap(warp_group_start_id) is not None:
            raise TridentUserError("tlx.async_task: warp_group_start_id= is "
                                   "not supported by this version of the "
                                   "TLX plugin")

    def _describe(self):
        return "with tlx.async_task()"

    def _copies(self):
        return self.replicate

    def _begin(self):
        sem = _sem("tlx.async_task")
        _TASK_STACK[:] = [s for s in _TASK_STACK if s.sem is sem]
        self.sem = sem
        if not _TASK_STACK or not isinstance(_TASK_STACK[-1], async_tasks):
            raise TridentUserError("tlx.async_task belongs directly inside "
                                   "'with tlx.async_tasks():'")
        attrs = {"replica": _ir.attr.i32(self._copy)}
        if self.default:
            attrs["default_task"] = _ir.attr.unit
        else:
            attrs["num_warps"] = _ir.attr.i32(self.num_warps)
        if self.registers is not None:
            attrs["registers"] = _ir.attr.i32(self.registers)
        self.op = _ir.op("tlx.async_task", attrs=attrs, regions=1)
        _TASK_STACK.append(self)
        return self.op.block(0)

    def _end(self):
        _TASK_STACK.pop()


@builtin
def async_task_replica_id():
    """The replica of the enclosing tlx.async_task being built (0 ..
    replicate - 1), as a constexpr."""
    for scope in reversed(_TASK_STACK):
        if isinstance(scope, async_task):
            return _core.constexpr(scope._copy)
    raise TridentUserError("tlx.async_task_replica_id() belongs inside "
                           "'with tlx.async_task(...)'")


# ---------------------------------------------------------------------------
# Fences and the thread's identity
# ---------------------------------------------------------------------------


@builtin
def fence(scope):
    """A memory fence: "gpu" or "sys" (this thread's accesses ordered for
    every thread of the GPU, or of the system too), or "async_shared" (its
    shared-memory writes visible to TMA stores and wgmma after it)."""
    scope = _core._unwrap(scope)
    if scope not in ("gpu", "sys", "async_shared"):
        raise TridentUserError("tlx.fence: scope must be 'gpu', 'sys' or "
                               "'async_shared', got %r" % (scope,))
    _ir.op("nvgir.fence", attrs={"scope": _ir.attr.string(scope)})


@builtin
def fence_async_shared():
    """`tlx.fence("async_shared")`."""
    _ir.op("nvgir.fence", attrs={"scope": _ir.attr.string("async_shared")})


def _special_register(name, dtype, what):
    sem = _sem(what)
    constraint = "=l" if dtype == _core.int64 else "=r"
    width = "u64" if dtype == _core.int64 else "u32"
    return sem.inline_asm("mov.%s $0, %%%s;" % (width, name), constraint, [],
                          dtype, False, 1)


@builtin
def thread_id(axis):
    """This thread's index in its program along `axis` (0, 1 or 2)."""
    axis = _core._unwrap(axis)
    if axis not in (0, 1, 2):
        raise TridentUserError("tlx.thread_id: axis must be 0, 1 or 2, got "
                               "%r" % (axis,))
    return _special_register("tid." + "xyz"[axis], _core.int32,
                             "tlx.thread_id")


@builtin
def clock64():
    """The SM's 64-bit cycle counter (for timing inside a kernel)."""
    return _special_register("clock64", _core.int64, "tlx.clock64")


@builtin
def cluster_cta_rank():
    """This CTA's rank in its thread-block cluster (0 without clusters)."""
    return _special_register("cluster_ctarank", _core.int32,
                             "tlx.cluster_cta_rank")


@builtin
def cluster_size_1d():
    """The number of CTAs in this CTA's cluster (1 without clusters)."""
    return _special_register("cluster_nctarank", _core.int32,
                             "tlx.cluster_size_1d")


def _named_barrier(bar, arrive_count, arrive, what):
    bar = _core._unwrap(bar)
    if isinstance(bar, bool) or not isinstance(bar, int) or not 0 <= bar <= 15:
        raise TridentUserError("%s: the barrier is a constexpr id from 0 to "
                               "15, got %r" % (what, bar))
    n = _core._unwrap(arrive_count)
    if isinstance(n, bool) or not isinstance(n, int) or n <= 0 or n % 32:
        raise TridentUserError("%s: arrive_count counts whole warps' threads "
                               "(a multiple of 32), got %r" % (what, n))
    attrs = {"id": _ir.attr.i32(bar), "threads": _ir.attr.i32(n)}
    if arrive:
        attrs["arrive"] = _ir.attr.unit
    _ir.op("nvgir.named_barrier", attrs=attrs)


@builtin
def named_barrier_wait(bar, arrive_count):
    """Waits at hardware barrier `bar` until `arrive_count` threads
    (waiting and arriving ones together) have reached it."""
    _named_barrier(bar, arrive_count, False, "tlx.named_barrier_wait")


@builtin
def named_barrier_arrive(bar, arrive_count):
    """Counts this warp's threads at hardware barrier `bar` (of
    `arrive_count` threads in all) without waiting."""
    _named_barrier(bar, arrive_count, True, "tlx.named_barrier_arrive")

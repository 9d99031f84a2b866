"""Tensor descriptors beyond block loads and stores, on the CPU target
against numpy: `.shape` / `.strides` of a host TensorDescriptor argument,
`desc.gather` / `desc.scatter` (rows chosen by an index tile),
`desc.atomic_add/min/max/and/or/xor` (elementwise atomics into a block),
out-of-bounds rows and columns, their errors, and the cubins of the
generic lowering for sm_90a."""
import numpy as np
import pytest

import trident
import trident.language as tl
from trident.tools.tensor_descriptor import TensorDescriptor

torch = pytest.importorskip("torch")

_TORCH = {"float32": torch.float32, "float16": torch.float16,
          "int8": torch.int8, "int32": torch.int32, "int64": torch.int64,
          "uint32": torch.uint32, "uint64": torch.uint64,
          "bfloat16": torch.bfloat16}


# ---------------------------------------------------------------------------
# .shape / .strides of a host descriptor
# ---------------------------------------------------------------------------


@trident.jit
def _sizes_of(desc, out_ptr):
    tl.store(out_ptr + 0, desc.shape[0])
    tl.store(out_ptr + 1, desc.shape[1])
    tl.store(out_ptr + 2, desc.strides[0].to(tl.int32))
    tl.store(out_ptr + 3, desc.strides[1].to(tl.int32))


@trident.jit
def host_sizes(desc, out_ptr, M, N):
    tl.static_assert(desc.shape[0].dtype == tl.int32)
    tl.static_assert(desc.strides[0].dtype == tl.int64)
    tl.device_assert(desc.shape[0] == M)
    tl.device_assert(desc.shape[1] == N)
    # through a call and a loop-carried value too
    d = desc
    for _ in range(2):
        d = d
    _sizes_of(d, out_ptr)
    # the last block, found from the run-time shape
    MB: tl.constexpr = desc.block_shape[0]
    NB: tl.constexpr = desc.block_shape[1]
    m0 = (desc.shape[0] - 1) // MB * MB
    n0 = (desc.shape[1] - 1) // NB * NB
    v = desc.load([m0, n0])
    desc.store([m0, n0], v * 2)


def test_host_descriptor_shape_and_strides():
    base = torch.arange(40 * 50, dtype=torch.float32).reshape(40, 50)
    a = base[3:27, 5:37]  # a view: strides (50, 1), shape (24, 32)
    expect = a.clone()
    expect[16:24, 16:32] *= 2
    out = torch.zeros(4, dtype=torch.int32)
    host_sizes[(1,)](TensorDescriptor.from_tensor(a, [8, 16]), out, 24, 32)
    assert out.tolist() == [24, 32, 50, 1]
    assert torch.equal(a, expect)
    # another shape, same specialization: the values are run-time ones
    b = torch.ones(19, 33)
    host_sizes[(1,)](TensorDescriptor.from_tensor(b, [8, 16]), out, 19, 33)
    assert out.tolist() == [19, 33, 33, 1]
    assert b[16:19, 32].tolist() == [2.0] * 3 and b[15, 32] == 1.0
    assert b[16:19, 31].tolist() == [1.0] * 3


@trident.jit
def host_shape_only(out_ptr, desc):
    tl.store(out_ptr, desc.shape[0])


def test_host_descriptor_shape_on_a_gpu_target_is_refused_clearly():
    with pytest.raises(trident.CompilationError,
                       match=r"\.shape: a host TensorDescriptor argument has "
                             r"it on the CPU target, not yet on a GPU"):
        trident.compile(host_shape_only,
                        signature={"out_ptr": "*i32",
                                   "desc": "tensordesc<fp32[8,8]>"},
                        target="cuda:90a")


# ---------------------------------------------------------------------------
# gather / scatter
# ---------------------------------------------------------------------------


@trident.jit
def gather_rows(out_ptr, in_ptr, idx_ptr, y, X, Y, BX: tl.constexpr,
                BY: tl.constexpr):
    idx = tl.load(idx_ptr + tl.arange(0, BX))
    desc = tl.make_tensor_descriptor(in_ptr, [X, Y], [Y, 1], [1, BY])
    out = desc.gather(idx, y)
    tl.store(out_ptr + tl.arange(0, BX)[:, None] * BY +
             tl.arange(0, BY)[None, :], out)


@trident.jit
def gather_rows_host(out_ptr, desc, idx_ptr, y, BX: tl.constexpr):
    BY: tl.constexpr = desc.block_shape[1]
    idx = tl.load(idx_ptr + tl.arange(0, BX))
    out = desc.gather(idx, y)
    tl.store(out_ptr + tl.arange(0, BX)[:, None] * BY +
             tl.arange(0, BY)[None, :], out)


def _gathered(a, idx, y, by):
    """numpy's gather: rows idx, columns y.., zero outside `a`."""
    out = np.zeros((len(idx), by), dtype=a.dtype)
    for i, r in enumerate(idx):
        for j in range(by):
            if 0 <= r < a.shape[0] and 0 <= y + j < a.shape[1]:
                out[i, j] = a[r, y + j]
    return out


@pytest.mark.parametrize("dtype", ["float32", "float16", "int8"])
@pytest.mark.parametrize("host", [False, True])
def test_gather(dtype, host, rng):
    X, Y, BX, BY = 40, 64, 16, 32
    a = (rng.standard_normal((X, Y)) * 50).astype(dtype)
    idx = rng.integers(0, X, BX).astype(np.int32)
    idx[3], idx[7] = X, -2  # rows outside: zeros
    for y in (0, 16, 48):  # y=48: the last 16 columns are outside
        t = torch.from_numpy(a)
        out = torch.full((BX, BY), 3, dtype=_TORCH[dtype])
        if host:
            gather_rows_host[(1,)](out, TensorDescriptor.from_tensor(
                t, [1, BY]), torch.from_numpy(idx), y, BX)
        else:
            gather_rows[(1,)](out, t, torch.from_numpy(idx), y, X, Y, BX, BY)
        np.testing.assert_array_equal(out.numpy(), _gathered(a, idx, y, BY))


@trident.jit
def gather_dot(a_ptr, b_ptr, out_ptr, K: tl.constexpr, BM: tl.constexpr,
               BN: tl.constexpr, BK: tl.constexpr):
    a_desc = tl.make_tensor_descriptor(a_ptr, [BM, K], [K, 1], [1, BK])
    b_desc = tl.make_tensor_descriptor(b_ptr, [K, BN], [BN, 1], [1, BN])
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        a = a_desc.gather(tl.arange(0, BM), k)
        b = b_desc.gather(tl.arange(0, BK) + k, 0)
        acc = tl.dot(a, b, acc=acc)
    tl.store(out_ptr + tl.arange(0, BM)[:, None] * BN +
             tl.arange(0, BN)[None, :], acc)


def test_gather_in_a_loop_feeding_dot():
    a = torch.arange(16 * 64, dtype=torch.float32).reshape(16, 64) / 64
    b = torch.arange(64 * 16, dtype=torch.float32).reshape(64, 16) / 64
    out = torch.zeros(16, 16)
    gather_dot[(1,)](a, b, out, 64, 16, 16, 16)
    torch.testing.assert_close(out, a @ b)


@trident.jit
def scatter_rows(out_ptr, in_ptr, idx_ptr, y, X, Y, BX: tl.constexpr,
                 BY: tl.constexpr):
    idx = tl.load(idx_ptr + tl.arange(0, BX))
    data = tl.load(in_ptr + tl.arange(0, BX)[:, None] * BY +
                   tl.arange(0, BY)[None, :])
    desc = tl.make_tensor_descriptor(out_ptr, [X, Y], [Y, 1], [1, BY])
    desc.scatter(data, idx, y)


@trident.jit
def scatter_rows_host(desc, in_ptr, idx_ptr, y, BX: tl.constexpr):
    BY: tl.constexpr = desc.block_shape[1]
    idx = tl.load(idx_ptr + tl.arange(0, BX))
    data = tl.load(in_ptr + tl.arange(0, BX)[:, None] * BY +
                   tl.arange(0, BY)[None, :])
    desc.scatter(data, idx, y)


@pytest.mark.parametrize("dtype", ["float32", "float16", "int8"])
@pytest.mark.parametrize("host", [False, True])
def test_scatter(dtype, host, rng):
    X, Y, BX, BY = 24, 64, 8, 32
    data = (rng.standard_normal((BX, BY)) * 50).astype(dtype)
    idx = rng.permutation(X)[:BX].astype(np.int32)
    idx[2], idx[5] = X + 3, -1  # rows outside: not written
    for y in (0, 48):  # y=48: the last 16 columns are outside
        # the tensor lies inside a larger buffer whose margins must stay
        whole = np.full((X + 2, Y), 7, dtype=dtype)
        expect = whole.copy()
        for i, r in enumerate(idx):
            if 0 <= r < X:
                n = min(BY, Y - y)
                expect[1 + r, y:y + n] = data[i, :n]
        t = torch.from_numpy(whole)
        view = t[1:X + 1]
        if host:
            scatter_rows_host[(1,)](TensorDescriptor.from_tensor(view,
                                                                 [1, BY]),
                                    torch.from_numpy(data),
                                    torch.from_numpy(idx), y, BX)
        else:
            scatter_rows[(1,)](view, torch.from_numpy(data),
                               torch.from_numpy(idx), y, X, Y, BX, BY)
        np.testing.assert_array_equal(whole, expect)


# ---------------------------------------------------------------------------
# atomic_* (reduce stores)
# ---------------------------------------------------------------------------


@trident.jit
def reduce_block(out_desc, out_ptr, a_ptr, M, N, m0, n0, MB: tl.constexpr,
                 NB: tl.constexpr, KIND: tl.constexpr):
    # every program adds its tile into the same block at (m0, n0)
    val = tl.load(a_ptr + tl.program_id(0) * MB * NB +
                  tl.arange(0, MB)[:, None] * NB + tl.arange(0, NB)[None, :])
    if out_desc is None:
        desc = tl.make_tensor_descriptor(out_ptr, shape=[M, N],
                                         strides=[N, 1],
                                         block_shape=[MB, NB])
    else:
        desc = out_desc
    if KIND == "add":
        desc.atomic_add([m0, n0], val)
    elif KIND == "min":
        desc.atomic_min([m0, n0], val)
    elif KIND == "max":
        desc.atomic_max([m0, n0], val)
    elif KIND == "and":
        desc.atomic_and([m0, n0], val)
    elif KIND == "or":
        desc.atomic_or([m0, n0], val)
    else:
        desc.atomic_xor([m0, n0], val)


_NP_REDUCE = {"add": np.add, "min": np.minimum, "max": np.maximum,
              "and": np.bitwise_and, "or": np.bitwise_or,
              "xor": np.bitwise_xor}


def _values(rng, shape, dtype):
    if np.dtype(dtype).kind == "f":
        # small integers: sums are exact in any order
        return rng.integers(-8, 8, shape).astype(dtype)
    info = np.iinfo(dtype)
    return rng.integers(max(info.min, -2 ** 40), min(info.max, 2 ** 40),
                        shape, dtype=np.int64 if info.min < 0 else
                        np.uint64).astype(dtype)


@pytest.mark.parametrize("kind,dtype", [
    ("add", "float32"), ("add", "float16"), ("add", "int32"),
    ("add", "uint64"), ("min", "int32"), ("min", "uint32"),
    ("max", "int64"), ("max", "uint64"), ("and", "int32"),
    ("or", "uint64"), ("xor", "int64")])
@pytest.mark.parametrize("host", [False, True])
def test_reduce(kind, dtype, host, rng):
    M, N, MB, NB, P = 12, 40, 8, 16, 4
    out = _values(rng, (M, N), dtype)
    vals = _values(rng, (P, MB, NB), dtype)
    # the block at (8, 32) reaches past both edges: rows 8..11, cols 32..39
    # are inside, the rest is left alone
    m0, n0 = 8, 32
    expect = out.copy()
    for p in range(P):
        region = expect[m0:m0 + MB, n0:n0 + NB]
        region[...] = _NP_REDUCE[kind](region, vals[p, :region.shape[0],
                                                     :region.shape[1]])
    t = torch.from_numpy(out.copy()) if dtype not in ("uint32", "uint64") \
        else torch.from_numpy(out.view(dtype.replace("u", ""))).view(
            _TORCH[dtype])
    v = torch.from_numpy(vals) if dtype not in ("uint32", "uint64") \
        else torch.from_numpy(vals.view(dtype.replace("u", ""))).view(
            _TORCH[dtype])
    desc = TensorDescriptor.from_tensor(t, [MB, NB]) if host else None
    reduce_block[(P,)](desc, t, v, M, N, m0, n0, MB, NB, kind)
    got = t.view(_TORCH[dtype.replace("u", "")]).numpy().view(dtype) \
        if dtype.startswith("u") else t.numpy()
    np.testing.assert_array_equal(got, expect)


@pytest.mark.parametrize("kind,dtype", [
    ("add", "int64"), ("add", "float64"), ("min", "float16"),
    ("max", "bfloat16"), ("and", "float32"), ("xor", "int8")])
def test_reduce_refuses_what_triton_refuses(kind, dtype):
    t = torch.zeros(16, 16, dtype=_TORCH.get(dtype, getattr(torch, dtype)))
    v = torch.zeros(1, 16, 16, dtype=t.dtype)
    with pytest.raises(trident.CompilationError,
                       match=r"descriptor atomic_%s does not support " % kind):
        reduce_block[(1,)](None, t, v, 16, 16, 0, 0, 16, 16, kind)


# ---------------------------------------------------------------------------
# Errors
# ---------------------------------------------------------------------------


@trident.jit
def bad_gather(out_ptr, in_ptr, BR: tl.constexpr, BC: tl.constexpr,
               ROWS: tl.constexpr, CASE: tl.constexpr):
    if CASE == "1d":
        desc = tl.make_tensor_descriptor(in_ptr, [64], [1], [BC])
    else:
        desc = tl.make_tensor_descriptor(in_ptr, [64, 64], [64, 1], [BR, BC])
    if CASE == "2d_idx":
        idx = tl.arange(0, ROWS)[:, None] + tl.zeros((ROWS, 2), tl.int32)
        v = desc.gather(idx, 0)
    elif CASE == "scatter_shape":
        desc.scatter(tl.zeros((ROWS, BC * 2), tl.float32),
                     tl.arange(0, ROWS), 0)
        v = tl.zeros((ROWS, BC), tl.float32)
    else:
        v = desc.gather(tl.arange(0, ROWS), 0)
    tl.store(out_ptr + tl.arange(0, BC), tl.sum(v, 0))


@pytest.mark.parametrize("case,br,bc,rows,match", [
    ("1d", 1, 16, 8, r"descriptor gather: the descriptor must be 2-D"),
    ("rows", 2, 16, 8, r"the descriptor block must have 1 row"),
    ("few", 1, 16, 4, r"descriptor gather must have at least 8 rows"),
    ("cols", 1, 4, 8, r"descriptor gather of fp32 must have at least 8 "
                      r"columns"),
    ("2d_idx", 1, 16, 8, r"x_offsets must be a 1-D tile of integer row"),
    ("scatter_shape", 1, 16, 8, r"descriptor scatter: the value must be a "
                                r"tile of shape \[8, 16\]"),
])
def test_gather_scatter_errors(case, br, bc, rows, match):
    t = torch.zeros(64 * 64)
    out = torch.zeros(64)
    with pytest.raises(trident.CompilationError, match=match):
        bad_gather[(1,)](out, t, br, bc, rows, case)


@trident.jit
def bad_reduce(out_ptr, CASE: tl.constexpr):
    desc = tl.make_tensor_descriptor(out_ptr, [16, 16], [16, 1], [8, 8])
    if CASE == "shape":
        desc.atomic_add([0, 0], tl.zeros((8, 4), tl.int32))
    else:
        desc.atomic_add([0], tl.zeros((8, 8), tl.int32))


@pytest.mark.parametrize("case,match", [
    ("shape", r"descriptor atomic_add: the value must be a tile of the block "
              r"shape \[8, 8\]"),
    ("offsets", r"descriptor atomic_add: 1 offsets for a 2-D block")])
def test_reduce_errors(case, match):
    with pytest.raises(trident.CompilationError, match=match):
        bad_reduce[(1,)](torch.zeros(256, dtype=torch.int32), case)


# ---------------------------------------------------------------------------
# The generic lowering builds for sm_90a too
# ---------------------------------------------------------------------------


def test_gather_scatter_reduce_build_for_sm90(compile_sm90):
    compile_sm90(gather_rows, {"out_ptr": "*fp16", "in_ptr": "*fp16",
                               "idx_ptr": "*i32", "y": "i32", "X": "i32",
                               "Y": "i32"}, {"BX": 16, "BY": 32})
    compile_sm90(scatter_rows, {"out_ptr": "*fp32", "in_ptr": "*fp32",
                                "idx_ptr": "*i32", "y": "i32", "X": "i32",
                                "Y": "i32"}, {"BX": 8, "BY": 32})
    compile_sm90(reduce_block, {"out_ptr": "*i32", "a_ptr": "*i32",
                                "M": "i32", "N": "i32", "m0": "i32",
                                "n0": "i32"},
                 {"out_desc": None, "MB": 8, "NB": 16, "KIND": "max"})


# ---------------------------------------------------------------------------
# Descriptors carried by loops and ifs; padding_option="nan"
# ---------------------------------------------------------------------------


@trident.jit
def carried(a_ptr, b_ptr, M, N, MB: tl.constexpr, NB: tl.constexpr):
    moff = tl.program_id(0) * MB
    desc = tl.make_tensor_descriptor(a_ptr, shape=[M, N], strides=[N, 1],
                                     block_shape=[MB, NB])
    for i in range(0, N, NB):
        # every third block goes to b: the descriptor is made again in the
        # loop, and the loop carries it
        if i % (3 * NB) == 0:
            desc = tl.make_tensor_descriptor(b_ptr, shape=[M, N],
                                             strides=[N, 1],
                                             block_shape=[MB, NB])
        else:
            desc = tl.make_tensor_descriptor(a_ptr, shape=[M, N],
                                             strides=[N, 1],
                                             block_shape=[MB, NB])
        v = desc.load([moff, i])
        desc.store([moff, i], v + 10)
    n = 0
    while n < N:
        desc.store([moff, n], desc.load([moff, n]) + 1)
        n += NB


def test_descriptor_carried_by_loops_and_ifs():
    M, N, MB, NB = 16, 96, 8, 16
    a = torch.zeros(M, N)
    b = torch.zeros(M, N)
    carried[(M // MB,)](a, b, M, N, MB, NB)
    ea, eb = np.zeros((M, N), np.float32), np.zeros((M, N), np.float32)
    for i in range(0, N, NB):
        (eb if i % (3 * NB) == 0 else ea)[:, i:i + NB] += 10
    # after the loop desc is the one of its last iteration (i = 80: a)
    ea += 1
    np.testing.assert_array_equal(a.numpy(), ea)
    np.testing.assert_array_equal(b.numpy(), eb)


def test_carried_descriptor_builds_for_sm90(compile_sm90):
    compile_sm90(carried, {"a_ptr": "*fp16", "b_ptr": "*fp16", "M": "i32",
                           "N": "i32"}, {"MB": 64, "NB": 64})


@trident.jit
def nan_padded(in_ptr, out_ptr, IM, IN, OM, ON, MB: tl.constexpr,
               NB: tl.constexpr, PAD: tl.constexpr):
    desc = tl.make_tensor_descriptor(in_ptr, shape=[IM, IN], strides=[IN, 1],
                                     block_shape=[MB, NB], padding_option=PAD)
    m = tl.program_id(0) * MB
    n = tl.program_id(1) * NB
    v = desc.load([m, n])
    om = m + tl.arange(0, MB)
    on = n + tl.arange(0, NB)
    tl.store(out_ptr + om[:, None] * ON + on[None, :], v)


@pytest.mark.parametrize("pad", ["nan", "zero"])
def test_padding_option(pad):
    IM, IN, OM, ON, B = 20, 24, 32, 32, 16
    a = torch.arange(IM * IN, dtype=torch.float32).reshape(IM, IN)
    out = torch.full((OM, ON), 5.0)
    nan_padded[(OM // B, ON // B)](a, out, IM, IN, OM, ON, B, B, pad)
    expect = torch.full((OM, ON), float(pad == "nan" and "nan" or 0))
    expect[:IM, :IN] = a
    torch.testing.assert_close(out, expect, equal_nan=True)


def test_padding_option_errors():
    a = torch.zeros(16, 16, dtype=torch.int32)
    with pytest.raises(trident.CompilationError,
                       match=r"padding_option='nan' needs a float tensor"):
        nan_padded[(1, 1)](a, a, 16, 16, 16, 16, 16, 16, "nan")
    with pytest.raises(trident.CompilationError,
                       match=r"padding_option must be 'zero' or 'nan', got "
                             r"'one'"):
        nan_padded[(1, 1)](a, a, 16, 16, 16, 16, 16, 16, "one")


@trident.jit
def host_load(desc, out_ptr, MB: tl.constexpr, NB: tl.constexpr):
    # through a loop, so that the padding travels with the descriptor
    d = desc
    for _ in range(2):
        d = d
    v = d.load([tl.program_id(0) * MB, tl.program_id(1) * NB])
    om = tl.program_id(0) * MB + tl.arange(0, MB)
    on = tl.program_id(1) * NB + tl.arange(0, NB)
    tl.store(out_ptr + om[:, None] * (NB * tl.num_programs(1)) +
             on[None, :], v)


@pytest.mark.parametrize("pad", ["nan", "zero"])
@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16])
def test_host_descriptor_padding(pad, dtype):
    a = torch.arange(12 * 20, dtype=torch.float32).reshape(12, 20).to(dtype)
    out = torch.full((16, 32), 5.0, dtype=dtype)
    desc = TensorDescriptor(a, a.shape, a.stride(), [8, 16], padding=pad)
    host_load[(2, 2)](desc, out, 8, 16)
    expect = torch.full((16, 32), float(pad == "nan" and "nan" or 0),
                        dtype=dtype)
    expect[:12, :20] = a
    torch.testing.assert_close(out, expect, equal_nan=True)
    # the same kernel (the padding is a run-time value) with the other one
    other = "zero" if pad == "nan" else "nan"
    desc = TensorDescriptor(a, a.shape, a.stride(), [8, 16], padding=other)
    host_load[(2, 2)](desc, out, 8, 16)
    assert out[12:].isnan().all().item() == (other == "nan")
    assert out[:12, 20:].isnan().all().item() == (other == "nan")
    assert torch.equal(out[:12, :20], a)


# ---------------------------------------------------------------------------
# Descriptors as arguments and results of noinline functions
# ---------------------------------------------------------------------------


@trident.jit(noinline=True)
def _make_desc(ptr, M, N, MB: tl.constexpr, NB: tl.constexpr):
    return tl.make_tensor_descriptor(ptr, shape=[M, N], strides=[N, 1],
                                     block_shape=[MB, NB])


@trident.jit(noinline=True)
def _abs_block(in_desc, out_desc, MB: tl.constexpr, NB: tl.constexpr):
    m = tl.program_id(0) * MB
    n = tl.program_id(1) * NB
    out_desc.store([m, n], tl.abs(in_desc.load([m, n])))
    out_desc.atomic_add([m, n], tl.full([MB, NB], 1.0, tl.float32))


@trident.jit
def noinline_descs(out_ptr, a_ptr, M, N, MB: tl.constexpr, NB: tl.constexpr,
                   HOST_IN):
    if HOST_IN is None:
        in_desc = _make_desc(a_ptr, M, N, MB, NB)
    else:
        in_desc = HOST_IN
    out_desc = _make_desc(out_ptr, M, N, MB, NB)
    _abs_block(in_desc, out_desc, MB, NB)


@pytest.mark.parametrize("host", [False, True])
def test_descriptors_through_noinline_functions(host, rng):
    M, N, MB, NB = 24, 64, 8, 32
    a = torch.from_numpy(rng.standard_normal((M, N)).astype(np.float32))
    out = torch.zeros(M, N)
    host_in = TensorDescriptor.from_tensor(a, [MB, NB]) if host else None
    noinline_descs[(M // MB, N // NB)](out, a, M, N, MB, NB, host_in)
    torch.testing.assert_close(out, a.abs() + 1)


def test_noinline_descriptors_build_for_sm90(compile_sm90):
    compile_sm90(noinline_descs, {"out_ptr": "*fp32", "a_ptr": "*fp32",
                                  "M": "i32", "N": "i32"},
                 {"MB": 8, "NB": 32, "HOST_IN": None})


def test_gather_of_a_host_descriptor_on_a_gpu_target_is_refused_clearly():
    with pytest.raises(trident.CompilationError,
                       match=r"descriptor gather: this descriptor carries no "
                             r"base, shape and strides \(a host "
                             r"TensorDescriptor on a GPU target"):
        trident.compile(gather_rows_host,
                        signature={"out_ptr": "*fp32",
                                   "desc": "tensordesc<fp32[1,32]>",
                                   "idx_ptr": "*i32", "y": "i32"},
                        constexprs={"BX": 16}, target="cuda:90a")


def test_host_descriptor_innermost_stride_is_checked_at_launch():
    # the kernel takes the innermost stride as the constant 1
    a = torch.zeros(16, 32)
    desc = TensorDescriptor.from_tensor(a, [8, 16])
    out = torch.zeros(16, 32)
    host_load[(2, 2)](desc, out, 8, 16)
    desc.strides = [32, 2]  # changed after the constructor's check
    with pytest.raises(trident.KernelError,
                       match=r"the innermost stride must be 1, got 2"):
        host_load[(2, 2)](desc, out, 8, 16)

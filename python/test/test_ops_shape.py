"""Shape ops: tl.broadcast_to, tl.reshape, tl.view, tl.trans / tl.permute /
x.T, tl.expand_dims, x[:, None] / x[None, :], tl.join / tl.split,
tl.interleave, tl.ravel, tl.cat. Every kernel runs on the CPU target
against numpy and builds a cubin for sm_90a."""
import numpy as np
import pytest

import trident
import trident.language as tl

M, N = 16, 32


@trident.jit
def broadcast_kernel(col_ptr, row_ptr, out_ptr, s_out_ptr, s,
                     BM: tl.constexpr, BN: tl.constexpr):
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    col = tl.load(col_ptr + rm)            # [BM]
    row = tl.load(row_ptr + rn)            # [BN]
    c = tl.broadcast_to(col[:, None], (BM, BN))
    r = tl.broadcast_to(tl.expand_dims(row, 0), BM, BN)
    offs = rm[:, None] * BN + rn[None, :]
    tl.store(out_ptr + offs, c * 100 + r)
    # A scalar broadcast, and broadcasting by arithmetic.
    tl.store(s_out_ptr + offs, tl.broadcast_to(s, (BM, BN)) +
             row[None, :] - col[:, None])


def test_broadcast_and_expand_dims(rng, compile_sm90):
    col = rng.integers(0, 50, M).astype(np.int32)
    row = rng.integers(0, 50, N).astype(np.int32)
    out = np.zeros((M, N), np.int32)
    sout = np.zeros((M, N), np.int32)
    broadcast_kernel[(1,)](col, row, out, sout, 7, BM=M, BN=N)
    np.testing.assert_array_equal(out, col[:, None] * 100 + row[None, :])
    np.testing.assert_array_equal(sout, 7 + row[None, :] - col[:, None])
    compile_sm90(broadcast_kernel, {"col_ptr": "*i32", "row_ptr": "*i32",
                                    "out_ptr": "*i32", "s_out_ptr": "*i32",
                                    "s": "i32"}, {"BM": M, "BN": N})


@trident.jit
def reshape_kernel(x_ptr, out_ptr, OP: tl.constexpr, BM: tl.constexpr,
                   BN: tl.constexpr):
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    x = tl.load(x_ptr + rm[:, None] * BN + rn[None, :])
    # Results are stored in row-major order of their shape.
    if OP == "reshape_1d":
        y = tl.reshape(x, BM * BN)
        tl.store(out_ptr + tl.arange(0, BM * BN), y)
    elif OP == "ravel":
        y = tl.ravel(x)
        tl.store(out_ptr + tl.arange(0, BM * BN), y)
    elif OP == "reshape_tuple":
        y = tl.reshape(x, (BN, BM))
        tl.store(out_ptr + tl.arange(0, BN)[:, None] * BM +
                 tl.arange(0, BM)[None, :], y)
    elif OP == "method":
        y = x.reshape(BM * 2, BN // 2)
        tl.store(out_ptr + tl.arange(0, BM * 2)[:, None] * (BN // 2) +
                 tl.arange(0, BN // 2)[None, :], y)
    else:  # reshape to 3-D and back, summed over the middle dimension
        y = tl.reshape(x, (BM, 4, BN // 4))
        z = tl.sum(y, axis=1)
        tl.store(out_ptr + rm[:, None] * (BN // 4) +
                 tl.arange(0, BN // 4)[None, :], z)


@pytest.mark.parametrize("op", ["reshape_1d", "ravel", "reshape_tuple",
                                "method", "reshape_3d"])
def test_reshape(rng, compile_sm90, op):
    x = rng.standard_normal((M, N)).astype(np.float32)
    out = np.zeros(M * N, np.float32)
    reshape_kernel[(1,)](x, out, OP=op, BM=M, BN=N)
    if op == "reshape_3d":
        ref = x.astype(np.float64).reshape(M, 4, N // 4).sum(1).ravel()
        np.testing.assert_allclose(out[:ref.size], ref, rtol=1e-5, atol=1e-6)
    else:
        np.testing.assert_array_equal(out, x.ravel())
    compile_sm90(reshape_kernel, {"x_ptr": "*fp32", "out_ptr": "*fp32"},
                 {"OP": op, "BM": M, "BN": N})


@trident.jit
def view_sum_kernel(x_ptr, out_ptr, BM: tl.constexpr, BN: tl.constexpr):
    # tl.view (may reorder): only an order-independent reduction follows.
    x = tl.load(x_ptr + tl.arange(0, BM)[:, None] * BN +
                tl.arange(0, BN)[None, :])
    v = tl.view(x, (BM * BN,))
    tl.store(out_ptr, tl.sum(v, axis=0))
    tl.store(out_ptr + 1, tl.max(tl.ravel(x, can_reorder=True), axis=0))


def test_view(rng, compile_sm90):
    x = rng.integers(-100, 100, (M, N)).astype(np.int32)
    out = np.zeros(2, np.int32)
    view_sum_kernel[(1,)](x, out, BM=M, BN=N)
    np.testing.assert_array_equal(out, [x.sum(), x.max()])
    compile_sm90(view_sum_kernel, {"x_ptr": "*i32", "out_ptr": "*i32"},
                 {"BM": M, "BN": N})


@trident.jit
def trans_kernel(x_ptr, out_ptr, OP: tl.constexpr, BM: tl.constexpr,
                 BN: tl.constexpr):
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    x = tl.load(x_ptr + rm[:, None] * BN + rn[None, :])
    if OP == "trans":
        y = tl.trans(x)
    elif OP == "trans_dims":
        y = tl.trans(x, 1, 0)
    elif OP == "permute":
        y = tl.permute(x, (1, 0))
    else:
        y = x.T
    tl.store(out_ptr + rn[:, None] * BM + rm[None, :], y)


@pytest.mark.parametrize("op", ["trans", "trans_dims", "permute", "T"])
@pytest.mark.parametrize("dtype,sig", [("float32", "*fp32"),
                                       ("float16", "*fp16"),
                                       ("int8", "*i8"), ("int64", "*i64")])
def test_trans(rng, compile_sm90, op, dtype, sig):
    x = (rng.standard_normal((M, N)) * 20).astype(dtype)
    out = np.zeros((N, M), dtype)
    trans_kernel[(1,)](x, out, OP=op, BM=M, BN=N)
    np.testing.assert_array_equal(out, x.T)
    compile_sm90(trans_kernel, {"x_ptr": sig, "out_ptr": sig},
                 {"OP": op, "BM": M, "BN": N})


@trident.jit
def permute3d_kernel(x_ptr, out_ptr, A: tl.constexpr, B: tl.constexpr,
                     C: tl.constexpr):
    ra = tl.arange(0, A)[:, None, None]
    rb = tl.arange(0, B)[None, :, None]
    rc = tl.arange(0, C)[None, None, :]
    x = tl.load(x_ptr + ra * B * C + rb * C + rc)
    y = tl.permute(x, 2, 0, 1)  # shape (C, A, B)
    yc = tl.arange(0, C)[:, None, None]
    ya = tl.arange(0, A)[None, :, None]
    yb = tl.arange(0, B)[None, None, :]
    tl.store(out_ptr + yc * A * B + ya * B + yb, y)


def test_permute_3d(rng, compile_sm90):
    A, B, C = 4, 8, 16
    x = rng.integers(0, 1000, (A, B, C)).astype(np.int32)
    out = np.zeros((C, A, B), np.int32)
    permute3d_kernel[(1,)](x, out, A=A, B=B, C=C)
    np.testing.assert_array_equal(out, np.transpose(x, (2, 0, 1)))
    compile_sm90(permute3d_kernel, {"x_ptr": "*i32", "out_ptr": "*i32"},
                 {"A": A, "B": B, "C": C})


@trident.jit
def join_split_kernel(a_ptr, b_ptr, j_ptr, lo_ptr, hi_ptr,
                      BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    a = tl.load(a_ptr + offs)
    b = tl.load(b_ptr + offs)
    j = tl.join(a, b)  # [BLOCK, 2]
    tl.store(j_ptr + offs[:, None] * 2 + tl.arange(0, 2)[None, :], j)
    # Split a tile made elsewhere (loaded as pairs), and swap the halves.
    p = tl.load(j_ptr + offs[:, None] * 2 + tl.arange(0, 2)[None, :])
    lo, hi = tl.split(p * 3)
    tl.store(lo_ptr + offs, hi)
    tl.store(hi_ptr + offs, lo)


def test_join_split(rng, compile_sm90):
    n = 64
    a = rng.standard_normal(n).astype(np.float32)
    b = rng.standard_normal(n).astype(np.float32)
    j = np.zeros((n, 2), np.float32)
    lo = np.zeros(n, np.float32)
    hi = np.zeros(n, np.float32)
    join_split_kernel[(1,)](a, b, j, lo, hi, BLOCK=n)
    np.testing.assert_array_equal(j, np.stack([a, b], axis=1))
    np.testing.assert_array_equal(lo, b * np.float32(3))
    np.testing.assert_array_equal(hi, a * np.float32(3))
    compile_sm90(join_split_kernel, {"a_ptr": "*fp32", "b_ptr": "*fp32",
                                     "j_ptr": "*fp32", "lo_ptr": "*fp32",
                                     "hi_ptr": "*fp32"}, {"BLOCK": n})


@trident.jit
def join_2d_kernel(a_ptr, b_ptr, out_ptr, s_ptr, BM: tl.constexpr,
                   BN: tl.constexpr):
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    offs = rm[:, None] * BN + rn[None, :]
    a = tl.load(a_ptr + offs)
    b = tl.load(b_ptr + offs)
    j = tl.join(a, b)  # [BM, BN, 2]
    r2 = tl.arange(0, 2)[None, None, :]
    tl.store(out_ptr + rm[:, None, None] * BN * 2 + rn[None, :, None] * 2 +
             r2, j)
    # split(join(a, b)) == (a, b), combined so both halves are checked.
    x, y = tl.split(j)
    tl.store(s_ptr + offs, x.to(tl.int32) * 1000 + y)


def test_join_split_2d(rng, compile_sm90):
    a = rng.integers(0, 100, (M, N)).astype(np.int16)
    b = rng.integers(0, 100, (M, N)).astype(np.int16)
    out = np.zeros((M, N, 2), np.int16)
    s = np.zeros((M, N), np.int32)
    join_2d_kernel[(1,)](a, b, out, s, BM=M, BN=N)
    np.testing.assert_array_equal(out, np.stack([a, b], axis=-1))
    np.testing.assert_array_equal(s, a.astype(np.int32) * 1000 + b)
    compile_sm90(join_2d_kernel, {"a_ptr": "*i16", "b_ptr": "*i16",
                                  "out_ptr": "*i16", "s_ptr": "*i32"},
                 {"BM": M, "BN": N})


@trident.jit
def interleave_kernel(a_ptr, b_ptr, out_ptr, out2_ptr, BM: tl.constexpr,
                      BN: tl.constexpr):
    offs = tl.arange(0, BN)
    a = tl.load(a_ptr + offs)
    b = tl.load(b_ptr + offs)
    tl.store(out_ptr + tl.arange(0, 2 * BN), tl.interleave(a, b))
    # 2-D: interleaves along the last dimension.
    rm = tl.arange(0, BM)
    a2 = tl.load(a_ptr + rm[:, None] * BN + offs[None, :])
    b2 = tl.load(b_ptr + rm[:, None] * BN + offs[None, :])
    tl.store(out2_ptr + rm[:, None] * 2 * BN +
             tl.arange(0, 2 * BN)[None, :], tl.interleave(a2, b2))


def test_interleave(rng, compile_sm90):
    a = rng.standard_normal((M, N)).astype(np.float32)
    b = rng.standard_normal((M, N)).astype(np.float32)
    out = np.zeros(2 * N, np.float32)
    out2 = np.zeros((M, 2 * N), np.float32)
    interleave_kernel[(1,)](a, b, out, out2, BM=M, BN=N)
    ref = np.empty(2 * N, np.float32)
    ref[0::2], ref[1::2] = a[0], b[0]
    np.testing.assert_array_equal(out, ref)
    ref2 = np.empty((M, 2 * N), np.float32)
    ref2[:, 0::2], ref2[:, 1::2] = a, b
    np.testing.assert_array_equal(out2, ref2)
    compile_sm90(interleave_kernel, {"a_ptr": "*fp32", "b_ptr": "*fp32",
                                     "out_ptr": "*fp32", "out2_ptr": "*fp32"},
                 {"BM": M, "BN": N})


@trident.jit
def cat_kernel(a_ptr, b_ptr, out_ptr, s_ptr, BM: tl.constexpr,
               BN: tl.constexpr):
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    a = tl.load(a_ptr + rm[:, None] * BN + rn[None, :])
    b = tl.load(b_ptr + rm[:, None] * BN + rn[None, :])
    c = tl.cat(a, b)  # [2 * BM, BN], a above b
    tl.store(out_ptr + tl.arange(0, 2 * BM)[:, None] * BN + rn[None, :], c)
    # With can_reorder, only the multiset is kept: check a sum.
    tl.store(s_ptr, tl.sum(tl.ravel(tl.cat(a, b, can_reorder=True)), axis=0))


def test_cat(rng, compile_sm90):
    a = rng.integers(-50, 50, (M, N)).astype(np.int32)
    b = rng.integers(-50, 50, (M, N)).astype(np.int32)
    out = np.zeros((2 * M, N), np.int32)
    s = np.zeros(1, np.int32)
    cat_kernel[(1,)](a, b, out, s, BM=M, BN=N)
    np.testing.assert_array_equal(out, np.concatenate([a, b]))
    assert s[0] == a.sum() + b.sum()
    compile_sm90(cat_kernel, {"a_ptr": "*i32", "b_ptr": "*i32",
                              "out_ptr": "*i32", "s_ptr": "*i32"},
                 {"BM": M, "BN": N})


@trident.jit
def bool_shape_kernel(x_ptr, out_ptr, BM: tl.constexpr, BN: tl.constexpr):
    # Shape ops on i1 tiles (masks): transposed, reshaped, then used.
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    x = tl.load(x_ptr + rm[:, None] * BN + rn[None, :])
    m = tl.trans(x > 0)
    m = tl.reshape(m, (BN * BM,))
    tl.store(out_ptr + tl.arange(0, BM * BN), m.to(tl.int32))


def test_shape_ops_on_masks(rng, compile_sm90):
    x = rng.standard_normal((M, N)).astype(np.float32)
    out = np.zeros(M * N, np.int32)
    bool_shape_kernel[(1,)](x, out, BM=M, BN=N)
    np.testing.assert_array_equal(out, (x.T > 0).ravel().astype(np.int32))
    compile_sm90(bool_shape_kernel, {"x_ptr": "*fp32", "out_ptr": "*i32"},
                 {"BM": M, "BN": N})

"""Loads and stores: masks, `other`, cache modifiers, eviction policies,
volatile, 2-D pointer tiles, bool arrays, int64 offsets, scalars, block
pointers (tl.make_block_ptr / tl.advance) and tensor descriptors, and the
atomics. Every kernel runs on the CPU target against numpy and builds a
cubin for sm_90a."""
import re

import numpy as np
import pytest

import trident
import trident.language as tl

P32 = "*fp32"


# ---------------------------------------------------------------------------
# tl.load / tl.store
# ---------------------------------------------------------------------------


@trident.jit
def masked_copy_kernel(x_ptr, y_ptr, n, OTHER: tl.constexpr,
                       LOAD_CACHE: tl.constexpr, STORE_CACHE: tl.constexpr,
                       EVICT: tl.constexpr, VOLATILE: tl.constexpr,
                       BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=OTHER,
                cache_modifier=LOAD_CACHE, eviction_policy=EVICT,
                volatile=VOLATILE)
    # Every lane stores (the grid covers more than n): the lanes past n
    # write `other`, which shows the load's masked-off value.
    tl.store(y_ptr + offs, x * 2.0, cache_modifier=STORE_CACHE,
             eviction_policy=EVICT)


# The last two columns: the load and store instructions of the PTX. The
# modifier is the cache operator; evict_first / evict_last an L2 policy
# (createpolicy, .L2::cache_hint) and, without a modifier, .L1::evict_*
# (ptxas takes one or the other); a volatile load keeps neither.
@pytest.mark.parametrize("load_cache,store_cache,evict,volatile,ld,st", [
    ("", "", "", False, "ld.global.b32", "st.global.b32"),
    (".ca", ".wb", "evict_normal", False, "ld.global.ca.b32",
     "st.global.wb.b32"),
    (".cg", ".cg", "evict_first", False, "ld.global.cg.L2::cache_hint.b32",
     "st.global.cg.L2::cache_hint.b32"),
    (".cs", "", "evict_last", False, "ld.global.cs.L2::cache_hint.b32",
     "st.global.L1::evict_last.L2::cache_hint.b32"),
    ("", "", "evict_first", False,
     "ld.global.L1::evict_first.L2::cache_hint.b32",
     "st.global.L1::evict_first.L2::cache_hint.b32"),
    (".cv", ".cs", "evict_last", True, "ld.volatile.global.b32",
     "st.global.cs.L2::cache_hint.b32"),
    ("cv", ".wt", "", False, "ld.global.cv.b32", "st.global.wt.b32"),
    ("", ".wt", "", True, "ld.volatile.global.b32", "st.global.wt.b32"),
])
def test_load_store_modifiers(rng, compile_sm90, load_cache, store_cache,
                              evict, volatile, ld, st):
    n, block = 1000, 256
    x = rng.standard_normal(n).astype(np.float32)
    y = np.full(4 * block, np.nan, np.float32)
    meta = dict(OTHER=-3.5, LOAD_CACHE=load_cache, STORE_CACHE=store_cache,
                EVICT=evict, VOLATILE=volatile, BLOCK=block)
    masked_copy_kernel[(4,)](x, y, n, **meta)
    ref = np.full(4 * block, -7.0)
    ref[:n] = x.astype(np.float64) * 2
    np.testing.assert_array_equal(y, ref.astype(np.float32))
    k = compile_sm90(masked_copy_kernel,
                     {"x_ptr": P32, "y_ptr": P32, "n": "i32"}, meta)
    ptx = k.asm["ptx"]
    # Two elements per thread, each its own access (n is not known to be
    # a multiple of anything); the masked loads are predicated.
    accesses = re.findall(r"\b((?:ld|st)\.(?:volatile\.)?global\S*)\s", ptx)
    assert sorted(accesses) == sorted([ld] * 2 + [st] * 2), accesses
    if not volatile and ld != "ld.global.b32":
        assert re.search(r"@%p\d+ " + re.escape(ld) + " ", ptx), ptx
    policies = re.findall(r"createpolicy\.fractional\.L2::(\w+)\.b64", ptx)
    hinted = evict in ("evict_first", "evict_last")
    assert set(policies) == ({evict} if hinted else set()), policies


@trident.jit
def cache_modifier_kernel(x_ptr, LOAD_CACHE: tl.constexpr,
                          STORE_CACHE: tl.constexpr, EVICT: tl.constexpr):
    offs = tl.arange(0, 16)
    x = tl.load(x_ptr + offs, cache_modifier=LOAD_CACHE,
                eviction_policy=EVICT)
    tl.store(x_ptr + offs, x, cache_modifier=STORE_CACHE)


@pytest.mark.parametrize("load_cache,store_cache,evict,match", [
    (".wb", "", "", r"tl.load: cache_modifier '.wb' is only for tl.store; "
     r"tl.load takes '.ca', '.cg', '.cs', '.cv'"),
    ("", ".ca", "", r"tl.store: cache_modifier '.ca' is only for tl.load; "
     r"tl.store takes '.wb', '.cg', '.cs', '.wt'"),
    ("", ".cv", "", r"cache_modifier '.cv' is only for tl.load"),
    (".wt", "", "", r"cache_modifier '.wt' is only for tl.store"),
    (".lu", "", "", r"tl.load: cache_modifier '.lu' is not a cache "
     r"modifier"),
    ("", "xyz", "", r"tl.store: cache_modifier '.xyz' is not a cache "
     r"modifier"),
    ("", "", "evict_sometimes", r"tl.load: eviction_policy "
     r"'evict_sometimes' is not one of 'evict_normal', 'evict_first', "
     r"'evict_last'"),
])
def test_cache_modifier_errors(load_cache, store_cache, evict, match):
    with pytest.raises(trident.CompilationError, match=match):
        trident.compile(cache_modifier_kernel, signature={"x_ptr": P32},
                        constexprs=dict(LOAD_CACHE=load_cache,
                                        STORE_CACHE=store_cache,
                                        EVICT=evict), target="cpu")


@trident.jit
def masked_store_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    # Only the odd elements below n are written.
    tl.store(y_ptr + offs, x + 1, mask=m & (offs % 2 == 1))


@pytest.mark.parametrize("dtype", ["int8", "int16", "int32", "int64",
                                   "uint8", "float16", "float32", "float64"])
def test_masked_store_dtypes(rng, compile_sm90, dtype):
    n, block = 777, 128
    x = (rng.integers(-50, 50, n)).astype(dtype)
    y = np.zeros(n, dtype)
    grid = (trident.cdiv(n, block),)
    masked_store_kernel[grid](x, y, n, BLOCK=block)
    ref = np.zeros(n, dtype)
    ref[1::2] = (x[1::2].astype(np.float64) + 1).astype(dtype)
    np.testing.assert_array_equal(y, ref)
    short = {"int8": "i8", "int16": "i16", "int32": "i32", "int64": "i64",
             "uint8": "u8", "float16": "fp16", "float32": "fp32",
             "float64": "fp64"}[dtype]
    compile_sm90(masked_store_kernel, {"x_ptr": "*" + short,
                                       "y_ptr": "*" + short, "n": "i32"},
                 {"BLOCK": block})


@trident.jit
def tile2d_kernel(x_ptr, y_ptr, M, N, stride_xm, stride_ym,
                  BM: tl.constexpr, BN: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    mask = (rm[:, None] < M) & (rn[None, :] < N)
    x = tl.load(x_ptr + rm[:, None] * stride_xm + rn[None, :], mask=mask,
                other=0.0)
    # A transposed store: y is N x M.
    tl.store(y_ptr + rn[None, :] * stride_ym + rm[:, None], x * x,
             mask=mask)


def test_2d_pointer_tile(rng, compile_sm90):
    M, N = 70, 45
    x = rng.standard_normal((M, N)).astype(np.float32)
    y = np.full((N, M), np.nan, np.float32)
    grid = (trident.cdiv(M, 32), trident.cdiv(N, 16))
    tile2d_kernel[grid](x, y, M, N, x.strides[0] // 4, y.strides[0] // 4,
                        BM=32, BN=16)
    np.testing.assert_allclose(y, (x.astype(np.float64) ** 2).T, rtol=1e-6)
    compile_sm90(tile2d_kernel, {"x_ptr": P32, "y_ptr": P32, "M": "i32",
                                 "N": "i32", "stride_xm": "i32",
                                 "stride_ym": "i32"}, {"BM": 32, "BN": 16})


@trident.jit
def bool_kernel(a_ptr, b_ptr, out_ptr, cnt_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    m = offs < n
    a = tl.load(a_ptr + offs, mask=m, other=False)
    b = tl.load(b_ptr + offs, mask=m, other=True)
    tl.store(out_ptr + offs, a ^ b, mask=m)
    tl.store(cnt_ptr, tl.sum(a.to(tl.int32), axis=0))


def test_bool_load_store(rng, compile_sm90):
    n = 200
    a = rng.random(n) < 0.5
    b = rng.random(n) < 0.3
    out = np.zeros(n, bool)
    cnt = np.zeros(1, np.int32)
    bool_kernel[(1,)](a, b, out, cnt, n, BLOCK=256)
    np.testing.assert_array_equal(out, a ^ b)
    assert cnt[0] == a.sum()
    compile_sm90(bool_kernel, {"a_ptr": "*i1", "b_ptr": "*i1",
                               "out_ptr": "*i1", "cnt_ptr": "*i32",
                               "n": "i32"}, {"BLOCK": 256})


@trident.jit
def int64_offset_kernel(x_ptr, y_ptr, base, n, BLOCK: tl.constexpr):
    # `base` is an int64: the offsets are int64 tiles.
    offs = base + tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < base + n
    x = tl.load(x_ptr + (offs - base), mask=m)
    tl.store(y_ptr + (offs - base), offs.to(tl.float64) + x, mask=m)


def test_int64_offsets(rng, compile_sm90):
    n, base = 300, 2 ** 40
    x = rng.standard_normal(n)
    y = np.zeros(n)
    int64_offset_kernel[(trident.cdiv(n, 128),)](x, y, base, n, BLOCK=128)
    np.testing.assert_array_equal(y, (base + np.arange(n)) + x)
    compile_sm90(int64_offset_kernel, {"x_ptr": "*fp64", "y_ptr": "*fp64",
                                       "base": "i64", "n": "i32"},
                 {"BLOCK": 128})


@trident.jit
def scalar_kernel(x_ptr, y_ptr, i):
    # Scalar loads and stores, with an int32 and an int64 offset.
    a = tl.load(x_ptr + i)
    b = tl.load(x_ptr + i.to(tl.int64) + 1)
    tl.store(y_ptr + tl.program_id(0), a * 10 + b)
    tl.store(y_ptr + 4, -1)


def test_scalar_load_store(compile_sm90):
    x = np.arange(10, dtype=np.int32)
    y = np.zeros(5, np.int32)
    scalar_kernel[(3,)](x, y, 6)
    np.testing.assert_array_equal(y, [67, 67, 67, 0, -1])
    compile_sm90(scalar_kernel, {"x_ptr": "*i32", "y_ptr": "*i32",
                                 "i": "i32"})


@trident.jit
def scalar_masked_kernel(x_ptr, y_ptr, n):
    pid = tl.program_id(0)
    v = tl.load(x_ptr + pid, mask=pid < n, other=-1)
    tl.store(y_ptr + pid, v * 2, mask=pid != 2)


def test_scalar_masked(compile_sm90):
    x = np.arange(1, 9, dtype=np.int32)
    y = np.full(8, 100, np.int32)
    scalar_masked_kernel[(8,)](x, y, 5)
    np.testing.assert_array_equal(y, [2, 4, 100, 8, 10, -2, -2, -2])
    compile_sm90(scalar_masked_kernel, {"x_ptr": "*i32", "y_ptr": "*i32",
                                        "n": "i32"})


# ---------------------------------------------------------------------------
# Block pointers
# ---------------------------------------------------------------------------


@trident.jit
def block_ptr_copy_kernel(x_ptr, y_ptr, M, N, stride_m, stride_n,
                          BM: tl.constexpr, BN: tl.constexpr,
                          PAD: tl.constexpr):
    pm, pn = tl.program_id(0), tl.program_id(1)
    src = tl.make_block_ptr(x_ptr, shape=(M, N), strides=(stride_m, stride_n),
                            offsets=(pm * BM, pn * BN), block_shape=(BM, BN),
                            order=(1, 0))
    # y has the padded shape (a whole number of blocks): every value read,
    # padding included, lands there.
    dst = tl.make_block_ptr(y_ptr, shape=(M, N), strides=(N + BN, 1),
                            offsets=(pm * BM, pn * BN), block_shape=(BM, BN),
                            order=(1, 0))
    x = tl.load(src, boundary_check=(0, 1), padding_option=PAD)
    tl.store(dst, x)


@pytest.mark.parametrize("pad", ["zero", "nan"])
def test_block_ptr_ragged(rng, compile_sm90, pad):
    M, N, BM, BN = 37, 50, 16, 32
    x = rng.standard_normal((M, N)).astype(np.float32)
    gm, gn = trident.cdiv(M, BM), trident.cdiv(N, BN)
    y = np.full((gm * BM, N + BN), 123.0, np.float32)
    block_ptr_copy_kernel[(gm, gn)](x, y, M, N, N, 1, BM=BM, BN=BN, PAD=pad)
    ref = np.full((gm * BM, gn * BN), 0.0 if pad == "zero" else np.nan,
                  np.float32)
    ref[:M, :N] = x
    np.testing.assert_array_equal(y[:, :gn * BN], ref)
    compile_sm90(block_ptr_copy_kernel, {"x_ptr": P32, "y_ptr": P32,
                                         "M": "i32", "N": "i32",
                                         "stride_m": "i32",
                                         "stride_n": "i32"},
                 {"BM": BM, "BN": BN, "PAD": pad})


@trident.jit
def block_ptr_rowsum_kernel(x_ptr, out_ptr, M, N, stride_m,
                            BM: tl.constexpr, BN: tl.constexpr):
    # Sums each row of x with a block pointer advanced along the columns.
    pm = tl.program_id(0)
    p = tl.make_block_ptr(x_ptr, shape=(M, N), strides=(stride_m, 1),
                          offsets=(pm * BM, 0), block_shape=(BM, BN),
                          order=(1, 0))
    acc = tl.zeros((BM,), tl.float32)
    for _ in range(0, tl.cdiv(N, BN)):
        acc += tl.sum(tl.load(p, boundary_check=(0, 1)), axis=1)
        p = tl.advance(p, (0, BN))
    o = tl.make_block_ptr(out_ptr, shape=(M,), strides=(1,),
                          offsets=(pm * BM,), block_shape=(BM,), order=(0,))
    tl.store(o, acc, boundary_check=(0,))


def test_block_ptr_advance_loop(rng, compile_sm90):
    M, N = 45, 100
    x = rng.standard_normal((M, N)).astype(np.float32)
    out = np.full(M + 3, 77.0, np.float32)
    block_ptr_rowsum_kernel[(trident.cdiv(M, 16),)](x, out, M, N, N, BM=16,
                                                    BN=32)
    np.testing.assert_allclose(out[:M], x.astype(np.float64).sum(1),
                               rtol=1e-5, atol=1e-5)
    np.testing.assert_array_equal(out[M:], 77.0)  # boundary_check on store
    compile_sm90(block_ptr_rowsum_kernel, {"x_ptr": P32, "out_ptr": P32,
                                           "M": "i32", "N": "i32",
                                           "stride_m": "i32"},
                 {"BM": 16, "BN": 32})


@trident.jit
def block_ptr_store_loop_kernel(x_ptr, y_ptr, M, N,
                                BM: tl.constexpr, BN: tl.constexpr):
    # Copies x (M x N) to y transposed (N x M), block by block along N,
    # reading through a column-major block pointer of x's transpose.
    pm = tl.program_id(0)
    src = tl.make_block_ptr(x_ptr, shape=(N, M), strides=(1, N),
                            offsets=(0, pm * BM), block_shape=(BN, BM),
                            order=(0, 1))
    dst = tl.make_block_ptr(y_ptr, shape=(N, M), strides=(M, 1),
                            offsets=(0, pm * BM), block_shape=(BN, BM),
                            order=(1, 0))
    for _ in range(0, tl.cdiv(N, BN)):
        v = tl.load(src, boundary_check=(0, 1), padding_option="zero")
        tl.store(dst, v + 1.0, boundary_check=(0, 1))
        src = tl.advance(src, (BN, 0))
        dst = tl.advance(dst, (BN, 0))


def test_block_ptr_store_in_loop(rng, compile_sm90):
    M, N = 40, 70
    x = rng.standard_normal((M, N)).astype(np.float32)
    y = np.full((N + 1, M), 5.0, np.float32)  # one guard row
    block_ptr_store_loop_kernel[(trident.cdiv(M, 16),)](x, y, M, N, BM=16,
                                                        BN=32)
    np.testing.assert_array_equal(y[:N], (x.astype(np.float64) + 1).T
                                  .astype(np.float32))
    np.testing.assert_array_equal(y[N], 5.0)
    compile_sm90(block_ptr_store_loop_kernel, {"x_ptr": P32, "y_ptr": P32,
                                               "M": "i32", "N": "i32"},
                 {"BM": 16, "BN": 32})


@trident.jit
def block_ptr_if_while_kernel(a_ptr, b_ptr, y_ptr, m_ptr, mo_ptr, n, pick,
                              BLOCK: tl.constexpr):
    # y = 2 * (a if pick == 0 else b), block by block in a while loop; the
    # source block pointer is chosen by a run-time if, and a bool block is
    # copied negated through block pointers in the same loop.
    src = tl.make_block_ptr(a_ptr, shape=(n,), strides=(1,), offsets=(0,),
                            block_shape=(BLOCK,), order=(0,))
    if pick != 0:
        src = tl.make_block_ptr(b_ptr, shape=(n,), strides=(1,),
                                offsets=(0,), block_shape=(BLOCK,),
                                order=(0,))
    dst = tl.make_block_ptr(y_ptr, shape=(n,), strides=(1,), offsets=(0,),
                            block_shape=(BLOCK,), order=(0,))
    mp = tl.make_block_ptr(m_ptr, shape=(n,), strides=(1,), offsets=(0,),
                           block_shape=(BLOCK,), order=(0,))
    mo = tl.make_block_ptr(mo_ptr, shape=(n,), strides=(1,), offsets=(0,),
                           block_shape=(BLOCK,), order=(0,))
    i = 0
    while i < n:
        tl.store(dst, tl.load(src, boundary_check=(0,)) * 2,
                 boundary_check=(0,))
        tl.store(mo, ~tl.load(mp, boundary_check=(0,)), boundary_check=(0,))
        src = tl.advance(src, (BLOCK,))
        dst = tl.advance(dst, (BLOCK,))
        mp = tl.advance(mp, (BLOCK,))
        mo = tl.advance(mo, (BLOCK,))
        i += BLOCK


@pytest.mark.parametrize("pick", [0, 1])
def test_block_ptr_if_while(rng, compile_sm90, pick):
    n, block = 100, 32
    a = rng.standard_normal(n).astype(np.float32)
    b = rng.standard_normal(n).astype(np.float32)
    m = rng.integers(0, 2, n).astype(bool)
    y = np.full(n + 4, 9.0, np.float32)
    mo = np.zeros(n + 4, bool)
    block_ptr_if_while_kernel[(1,)](a, b, y, m, mo, n, pick, BLOCK=block)
    np.testing.assert_array_equal(y[:n], 2 * (b if pick else a))
    np.testing.assert_array_equal(y[n:], 9.0)
    np.testing.assert_array_equal(mo[:n], ~m)
    np.testing.assert_array_equal(mo[n:], False)
    compile_sm90(block_ptr_if_while_kernel,
                 {"a_ptr": P32, "b_ptr": P32, "y_ptr": P32, "m_ptr": "*i1",
                  "mo_ptr": "*i1", "n": "i32", "pick": "i32"},
                 {"BLOCK": block})


def test_block_ptr_tile_ir():
    # The front end emits Tile IR block pointers; the tir stage lowers them
    # to masked pointer accesses, the loop carrying only the offset it
    # advances.
    k = trident.compile(block_ptr_rowsum_kernel,
                        signature={"x_ptr": P32, "out_ptr": P32, "M": "i32",
                                   "N": "i32", "stride_m": "i32"},
                        constexprs={"BM": 16, "BN": 32}, target="cpu")
    src = k.source_ir
    assert "tir.make_block_ptr" in src
    assert "{order = array<i32: 1, 0>} : !tir.ptr<f32> -> " \
        "!tir.blockptr<tensor<16x32xf32>>" in src
    assert "tir.advance" in src
    assert "tir.block_load %" in src and "boundary_check = [0, 1]" in src
    assert "tir.block_store %" in src and "boundary_check = [0]" in src
    assert "-> (tensor<16xf32>, !tir.blockptr<tensor<16x32xf32>>)" in src
    tir = k.asm["tir"]
    for op in ("blockptr", "tir.make_block_ptr", "tir.advance",
               "tir.block_load", "tir.block_store"):
        assert op not in tir, op
    assert "iter_args(%arg6 = %cst_2, %arg7 = %c0_i32) -> " \
        "(tensor<16xf32>, i32)" in tir or \
        "-> (tensor<16xf32>, i32)" in tir
    assert "tir.load %" in tir and "x!tir.ptr<f32>>" in tir
    assert "tir.store %" in tir


def block_ptr_error(kernel, signature, match):
    with pytest.raises(trident.CompilationError, match=match):
        trident.compile(kernel, signature=signature, target="cpu")


@trident.jit
def block_ptr_bad_check_kernel(x_ptr, n):
    p = tl.make_block_ptr(x_ptr, shape=(n,), strides=(1,), offsets=(0,),
                          block_shape=(16,), order=(0,))
    tl.load(p, boundary_check=(1,))


@trident.jit
def block_ptr_bad_order_kernel(x_ptr, n):
    tl.make_block_ptr(x_ptr, shape=(n, n), strides=(n, 1), offsets=(0, 0),
                      block_shape=(16, 16), order=(1, 1))


@trident.jit
def block_ptr_nan_int_kernel(x_ptr, n):
    p = tl.make_block_ptr(x_ptr, shape=(n,), strides=(1,), offsets=(0,),
                          block_shape=(16,), order=(0,))
    tl.load(p, boundary_check=(0,), padding_option="nan")


@trident.jit
def block_ptr_mask_kernel(x_ptr, n):
    p = tl.make_block_ptr(x_ptr, shape=(n,), strides=(1,), offsets=(0,),
                          block_shape=(16,), order=(0,))
    tl.load(p, mask=tl.arange(0, 16) < n)


@trident.jit
def block_ptr_arith_kernel(x_ptr, n):
    p = tl.make_block_ptr(x_ptr, shape=(n,), strides=(1,), offsets=(0,),
                          block_shape=(16,), order=(0,))
    tl.load(p + 1)


@trident.jit
def block_ptr_store_shape_kernel(x_ptr, n):
    p = tl.make_block_ptr(x_ptr, shape=(n,), strides=(1,), offsets=(0,),
                          block_shape=(16,), order=(0,))
    tl.store(p, tl.zeros((32,), tl.float32))


@trident.jit
def block_ptr_advance_rank_kernel(x_ptr, n):
    p = tl.make_block_ptr(x_ptr, shape=(n,), strides=(1,), offsets=(0,),
                          block_shape=(16,), order=(0,))
    tl.advance(p, (1, 2))


def test_block_ptr_errors():
    f32 = {"x_ptr": P32, "n": "i32"}
    block_ptr_error(block_ptr_bad_check_kernel, f32,
                    "boundary_check dimension 1 is out of range for a 1-D "
                    "block pointer")
    block_ptr_error(block_ptr_bad_order_kernel, f32,
                    r"order must be a permutation of the dimensions 0..1, "
                    r"got \(1, 1\)")
    block_ptr_error(block_ptr_nan_int_kernel, {"x_ptr": "*i32", "n": "i32"},
                    "padding_option='nan' needs a float tensor")
    block_ptr_error(block_ptr_mask_kernel, f32,
                    "takes no mask or other: use boundary_check")
    block_ptr_error(block_ptr_arith_kernel, f32,
                    "pointer arithmetic on a block pointer .*tl.advance")
    block_ptr_error(block_ptr_store_shape_kernel, f32,
                    r"storing a tile of shape \[32\] through a block pointer "
                    r"of block shape \[16\]")
    block_ptr_error(block_ptr_advance_rank_kernel, f32,
                    "tl.advance: 2 offsets for a 1-D block pointer")


# ---------------------------------------------------------------------------
# Tensor descriptors
# ---------------------------------------------------------------------------


@trident.jit
def descriptor_kernel(x_ptr, y_ptr, M, N, BM: tl.constexpr,
                      BN: tl.constexpr):
    pm, pn = tl.program_id(0), tl.program_id(1)
    xd = tl.make_tensor_descriptor(x_ptr, shape=[M, N], strides=[N, 1],
                                   block_shape=[BM, BN])
    yd = tl.make_tensor_descriptor(y_ptr, shape=[M, N], strides=[N, 1],
                                   block_shape=[BM, BN])
    v = xd.load([pm * BM, pn * BN])
    # Out-of-bounds elements read as zero and are not written.
    yd.store([pm * BM, pn * BN], v * 3.0 + 1.0)


def test_tensor_descriptor_ragged(rng, compile_sm90):
    M, N, BM, BN = 50, 72, 32, 32
    x = rng.standard_normal((M, N)).astype(np.float32)
    y = np.full((M + 2, N), 9.0, np.float32)  # two guard rows
    descriptor_kernel[(trident.cdiv(M, BM), trident.cdiv(N, BN))](
        x, y, M, N, BM=BM, BN=BN)
    np.testing.assert_allclose(y[:M], x.astype(np.float64) * 3 + 1,
                               rtol=1e-6, atol=1e-6)
    np.testing.assert_array_equal(y[M:], 9.0)
    compile_sm90(descriptor_kernel, {"x_ptr": P32, "y_ptr": P32, "M": "i32",
                                     "N": "i32"}, {"BM": BM, "BN": BN})


@trident.jit
def descriptor_sum_kernel(x_ptr, out_ptr, M, N, BM: tl.constexpr,
                          BN: tl.constexpr):
    # Column sums of a ragged x through a descriptor, in a loop over rows.
    pn = tl.program_id(0)
    xd = tl.make_tensor_descriptor(x_ptr, shape=[M, N], strides=[N, 1],
                                   block_shape=[BM, BN])
    acc = tl.zeros((BN,), tl.float32)
    for m in range(0, M, BM):
        acc += tl.sum(xd.load([m, pn * BN]), axis=0)
    od = tl.make_tensor_descriptor(out_ptr, shape=[1, N], strides=[N, 1],
                                   block_shape=[1, BN])
    od.store([0, pn * BN], acc[None, :])


def test_tensor_descriptor_loop(rng, compile_sm90):
    M, N = 100, 40
    x = rng.standard_normal((M, N)).astype(np.float32)
    out = np.full(N + 8, 4.0, np.float32)
    descriptor_sum_kernel[(trident.cdiv(N, 16),)](x, out, M, N, BM=32,
                                                  BN=16)
    np.testing.assert_allclose(out[:N], x.astype(np.float64).sum(0),
                               rtol=1e-5, atol=1e-5)
    np.testing.assert_array_equal(out[N:], 4.0)
    compile_sm90(descriptor_sum_kernel, {"x_ptr": P32, "out_ptr": P32,
                                         "M": "i32", "N": "i32"},
                 {"BM": 32, "BN": 16})


# ---------------------------------------------------------------------------
# Atomics (program instances run concurrently on the CPU too: only
# order-independent results are checked)
# ---------------------------------------------------------------------------


@trident.jit
def atomic_add_kernel(x_ptr, total_ptr, hist_ptr, n, SEM: tl.constexpr,
                      SCOPE: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0)
    tl.atomic_add(total_ptr, tl.sum(x, axis=0), sem=SEM, scope=SCOPE)
    tl.atomic_add(hist_ptr + (x % 16), 1, mask=m, sem=SEM, scope=SCOPE)


@pytest.mark.parametrize("sem,scope", [(None, None), ("relaxed", "gpu"),
                                       ("acquire", "cta"),
                                       ("release", "sys"),
                                       ("acq_rel", "gpu")])
def test_atomic_add_int_histogram(rng, compile_sm90, sem, scope):
    n = 5000
    x = rng.integers(0, 1000, n).astype(np.int32)
    total = np.zeros(1, np.int32)
    hist = np.zeros(16, np.int32)
    meta = dict(SEM=sem, SCOPE=scope, BLOCK=256)
    atomic_add_kernel[(trident.cdiv(n, 256),)](x, total, hist, n, **meta)
    assert total[0] == x.sum()
    np.testing.assert_array_equal(hist, np.bincount(x % 16, minlength=16))
    compile_sm90(atomic_add_kernel, {"x_ptr": "*i32", "total_ptr": "*i32",
                                     "hist_ptr": "*i32", "n": "i32"}, meta)


@trident.jit
def atomic_fadd_kernel(x_ptr, out_ptr, old_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    # Each element is added to its own slot (offs % 8): float sums of
    # small integers are exact in any order.
    tl.atomic_add(out_ptr + offs % 8, x, mask=m)
    old = tl.atomic_add(old_ptr + offs, x, mask=m)
    tl.store(old_ptr + n + offs, old, mask=m)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_atomic_add_float(rng, compile_sm90, dtype):
    n = 3000
    x = rng.integers(-20, 20, n).astype(dtype)
    out = np.zeros(8, dtype)
    old = np.zeros(2 * n, dtype)
    old[:n] = 0.5
    atomic_fadd_kernel[(trident.cdiv(n, 512),)](x, out, old, n, BLOCK=512)
    ref = np.zeros(8)
    np.add.at(ref, np.arange(n) % 8, x.astype(np.float64))
    np.testing.assert_array_equal(out, ref)
    np.testing.assert_array_equal(old[:n], 0.5 + x.astype(np.float64))
    np.testing.assert_array_equal(old[n:], 0.5)  # the values before the add
    t = "*fp32" if dtype == "float32" else "*fp64"
    compile_sm90(atomic_fadd_kernel, {"x_ptr": t, "out_ptr": t, "old_ptr": t,
                                      "n": "i32"}, {"BLOCK": 512})


@trident.jit
def atomic_minmax_kernel(x_ptr, mx_ptr, mn_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    slot = offs % 4
    tl.atomic_max(mx_ptr + slot, x, mask=m)
    tl.atomic_min(mn_ptr + slot, x, mask=m, sem="relaxed")


@pytest.mark.parametrize("dtype,sig", [("int32", "*i32"), ("uint32", "*u32"),
                                       ("int64", "*i64"), ("uint64", "*u64"),
                                       ("float32", "*fp32")])
def test_atomic_max_min(rng, compile_sm90, dtype, sig):
    n = 4000
    if dtype.startswith("float"):
        x = (rng.standard_normal(n) * 100).astype(dtype)  # with negatives
        init_mx, init_mn = -np.inf, np.inf
    elif dtype.startswith("uint"):
        # Values above 2^31 (2^63) catch a signed comparison.
        x = rng.integers(0, np.iinfo(dtype).max, n, dtype=dtype,
                         endpoint=True)
        init_mx, init_mn = 0, np.iinfo(dtype).max
    else:
        x = rng.integers(np.iinfo(dtype).min, np.iinfo(dtype).max, n,
                         dtype=dtype)
        init_mx, init_mn = np.iinfo(dtype).min, np.iinfo(dtype).max
    mx = np.full(4, init_mx, dtype)
    mn = np.full(4, init_mn, dtype)
    atomic_minmax_kernel[(trident.cdiv(n, 256),)](x, mx, mn, n, BLOCK=256)
    slots = np.arange(n) % 4
    np.testing.assert_array_equal(mx, [x[slots == s].max() for s in range(4)])
    np.testing.assert_array_equal(mn, [x[slots == s].min() for s in range(4)])
    compile_sm90(atomic_minmax_kernel, {"x_ptr": sig, "mx_ptr": sig,
                                        "mn_ptr": sig, "n": "i32"},
                 {"BLOCK": 256})


def test_atomic_float_max_all_negative(compile_sm90):
    # Every value negative, the initial value too: the unsigned-min half of
    # the float max does all the work.
    x = -np.arange(1, 1001, dtype=np.float32) / 7
    mx = np.full(4, -np.inf, np.float32)
    mn = np.full(4, 0.0, np.float32)
    atomic_minmax_kernel[(4,)](x, mx, mn, 1000, BLOCK=256)
    slots = np.arange(1000) % 4
    np.testing.assert_array_equal(mx, [x[slots == s].max() for s in range(4)])
    np.testing.assert_array_equal(mn, [x[slots == s].min() for s in range(4)])


@trident.jit
def atomic_bits_kernel(x_ptr, and_ptr, or_ptr, xor_ptr, n,
                       BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    tl.atomic_and(and_ptr + offs % 2, x, mask=m, sem="acq_rel", scope="gpu")
    tl.atomic_or(or_ptr + offs % 2, x, mask=m, sem="release", scope="cta")
    tl.atomic_xor(xor_ptr + offs % 2, x, mask=m, sem="relaxed", scope="sys")


@pytest.mark.parametrize("dtype,sig", [("int32", "*i32"), ("uint64", "*u64")])
def test_atomic_and_or_xor(rng, compile_sm90, dtype, sig):
    n = 999
    info = np.iinfo(dtype)
    x = rng.integers(info.min, info.max, n, dtype=dtype)
    x[::3] |= np.array(0x11, dtype)  # keep some bits set in every AND
    a = np.full(2, -1 if dtype == "int32" else info.max, dtype)
    o = np.zeros(2, dtype)
    xr = np.zeros(2, dtype)
    atomic_bits_kernel[(trident.cdiv(n, 128),)](x, a, o, xr, n, BLOCK=128)
    for s in range(2):
        v = x[s::2]
        np.testing.assert_equal(a[s], np.bitwise_and.reduce(v))
        np.testing.assert_equal(o[s], np.bitwise_or.reduce(v))
        np.testing.assert_equal(xr[s], np.bitwise_xor.reduce(v))
    compile_sm90(atomic_bits_kernel, {"x_ptr": sig, "and_ptr": sig,
                                      "or_ptr": sig, "xor_ptr": sig,
                                      "n": "i32"}, {"BLOCK": 128})


@trident.jit
def atomic_xchg_kernel(x_ptr, slot_ptr, old_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    old = tl.atomic_xchg(slot_ptr + offs % 3, x, mask=m, sem="acq_rel")
    tl.store(old_ptr + offs, old, mask=m)


@pytest.mark.parametrize("dtype,sig", [("int32", "*i32"),
                                       ("float32", "*fp32")])
def test_atomic_xchg(compile_sm90, dtype, sig):
    # The exchanges of one slot form a chain: the values seen as `old` and
    # the final value together are the initial value and every x once.
    n = 600
    x = np.arange(1, n + 1).astype(dtype)
    slot = np.array([-1, -2, -3], dtype)
    old = np.zeros(n, dtype)
    atomic_xchg_kernel[(trident.cdiv(n, 64),)](x, slot, old, n, BLOCK=64)
    for s in range(3):
        seen = np.sort(np.concatenate([old[s::3], slot[s:s + 1]]))
        want = np.sort(np.concatenate([x[s::3], [-(s + 1)]]))
        np.testing.assert_array_equal(seen, want)
    compile_sm90(atomic_xchg_kernel, {"x_ptr": sig, "slot_ptr": sig,
                                      "old_ptr": sig, "n": "i32"},
                 {"BLOCK": 64})


@trident.jit
def cas_counter_kernel(counter_ptr, ticket_ptr):
    # Each program takes a ticket with a CAS retry loop.
    pid = tl.program_id(0)
    old = tl.load(counter_ptr, volatile=True)
    prev = tl.atomic_cas(counter_ptr, old, old + 1, sem="acq_rel", scope="gpu")
    while prev != old:
        old = prev
        prev = tl.atomic_cas(counter_ptr, old, old + 1)
    tl.store(ticket_ptr + pid, old)


def test_atomic_cas_counter(compile_sm90):
    g = 64
    counter = np.zeros(1, np.int32)
    tickets = np.full(g, -1, np.int32)
    cas_counter_kernel[(g,)](counter, tickets)
    assert counter[0] == g
    np.testing.assert_array_equal(np.sort(tickets), np.arange(g))
    compile_sm90(cas_counter_kernel, {"counter_ptr": "*i32",
                                      "ticket_ptr": "*i32"})


@trident.jit
def spin_lock_kernel(lock_ptr, data_ptr, x_ptr):
    # A critical section under a CAS spin lock: a non-atomic
    # read-modify-write of two words that must stay consistent.
    pid = tl.program_id(0)
    while tl.atomic_cas(lock_ptr, 0, 1, sem="acquire") == 1:
        pass
    x = tl.load(x_ptr + pid)
    s = tl.load(data_ptr)
    c = tl.load(data_ptr + 1)
    tl.store(data_ptr, s + x)
    tl.store(data_ptr + 1, c + 1)
    tl.atomic_xchg(lock_ptr, 0, sem="release")


def test_atomic_cas_spin_lock(compile_sm90):
    g = 100
    x = np.arange(g, dtype=np.int64) * 3 + 1
    lock = np.zeros(1, np.int64)
    data = np.zeros(2, np.int64)
    spin_lock_kernel[(g,)](lock, data, x)
    assert lock[0] == 0
    np.testing.assert_array_equal(data, [x.sum(), g])
    compile_sm90(spin_lock_kernel, {"lock_ptr": "*i64", "data_ptr": "*i64",
                                    "x_ptr": "*i64"})


@trident.jit
def cas_tile_kernel(x_ptr, cmp_ptr, n, BLOCK: tl.constexpr):
    # Tile CAS: sets x[i] = i where x[i] == cmp[i] (once per element).
    offs = tl.arange(0, BLOCK)
    c = tl.load(cmp_ptr + offs)
    old = tl.atomic_cas(x_ptr + offs, c, offs, sem="relaxed", scope="cta")
    tl.store(cmp_ptr + offs, old)


def test_atomic_cas_tile(compile_sm90):
    x = np.array([5, 1, 7, 3] * 16, np.int32)
    cmp = np.array([5, 0, 7, 0] * 16, np.int32)
    cas_tile_kernel[(1,)](x, cmp, 64, BLOCK=64)
    idx = np.arange(64)
    hit = np.array([True, False, True, False] * 16)
    np.testing.assert_array_equal(x, np.where(hit, idx, [5, 1, 7, 3] * 16))
    np.testing.assert_array_equal(cmp, [5, 1, 7, 3] * 16)
    compile_sm90(cas_tile_kernel, {"x_ptr": "*i32", "cmp_ptr": "*i32",
                                   "n": "i32"}, {"BLOCK": 64})


# ---------------------------------------------------------------------------
# tl.device_print and the hints (tl.multiple_of, tl.max_contiguous,
# tl.assume): the hints must not change results.
# ---------------------------------------------------------------------------


@trident.jit
def print_kernel(x_ptr, n, BLOCK: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, BLOCK))
    tl.device_print("x", x)
    tl.device_print("n=", n)
    tl.device_print("h", x, hex=True)


def test_device_print(capfd, compile_sm90):
    x = np.array([1, -2, 30, 4], np.int32)
    print_kernel[(1,)](x, 7, BLOCK=4)
    out = capfd.readouterr().out.splitlines()
    vals = [line for line in out if " x: " in line]
    assert [v.split()[-1] for v in vals] == ["1", "-2", "30", "4"], out
    assert [v.split("idx")[1].split()[0] for v in vals] == \
        ["(0)", "(1)", "(2)", "(3)"], out
    # Triton's lines: a scalar's index is (), the prefix ends in ": ",
    # hex values are padded to their type's width
    assert "pid (0, 0, 0) idx () n=: 7" in out, out
    hexes = [line.split()[-1] for line in out if " h: " in line]
    assert hexes == ["0x00000001", "0xfffffffe", "0x0000001e",
                     "0x00000004"], out
    k = compile_sm90(print_kernel, {"x_ptr": "*i32", "n": "i32"},
                     {"BLOCK": 4})
    assert "vprintf" in k.asm["ptx"]


@trident.jit
def print_float_kernel(x_ptr, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    x = tl.load(x_ptr + pid * BLOCK + tl.arange(0, BLOCK))
    tl.device_print("v ", x * 2)


def test_device_print_float_programs(capfd):
    x = np.array([0.5, 1.25, -3.0, 8.0], np.float32)
    print_float_kernel[(2,)](x, BLOCK=2)
    out = [line for line in capfd.readouterr().out.splitlines()
           if " v: " in line]
    got = sorted((line.split(")")[0], float(line.split()[-1]))
                 for line in out)
    assert got == [("pid (0, 0, 0", 1.0),
                   ("pid (0, 0, 0", 2.5), ("pid (1, 0, 0", -6.0),
                   ("pid (1, 0, 0", 16.0)], out


@trident.jit
def hinted_copy_kernel(x_ptr, y_ptr, n, stride, HINT: tl.constexpr,
                       BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    if HINT:
        offs = tl.max_contiguous(tl.multiple_of(offs, BLOCK), BLOCK)
        tl.assume(n > 0)
        tl.assume(stride > 0)
        tl.assume(pid >= 0)
    m = offs < n
    x = tl.load(x_ptr + offs * stride, mask=m, other=0.0)
    tl.store(y_ptr + offs, x + 1.0, mask=m)


@pytest.mark.parametrize("hint", [False, True])
def test_hints_keep_results(rng, compile_sm90, hint):
    n, block = 1000, 128
    x = rng.standard_normal(2 * n).astype(np.float32)
    y = np.zeros(n, np.float32)
    hinted_copy_kernel[(trident.cdiv(n, block),)](x, y, n, 2, HINT=hint,
                                                  BLOCK=block)
    np.testing.assert_array_equal(y, x[::2] + np.float32(1))
    compile_sm90(hinted_copy_kernel, {"x_ptr": P32, "y_ptr": P32, "n": "i32",
                                      "stride": "i32"},
                 {"HINT": hint, "BLOCK": block})


@trident.jit
def hinted_2d_kernel(x_ptr, y_ptr, stride, BM: tl.constexpr,
                     BN: tl.constexpr):
    rm = tl.arange(0, BM)
    rn = tl.max_contiguous(tl.multiple_of(tl.arange(0, BN), 8), 8)
    offs = rm[:, None] * stride + rn[None, :]
    offs = tl.multiple_of(offs, (1, 8))
    x = tl.load(x_ptr + offs)
    tl.store(y_ptr + rm[:, None] * BN + rn[None, :], x * 2)


def test_hints_2d(rng, compile_sm90):
    x = rng.integers(-100, 100, (16, 64)).astype(np.int32)
    y = np.zeros((16, 32), np.int32)
    hinted_2d_kernel[(1,)](x, y, 64, BM=16, BN=32)
    np.testing.assert_array_equal(y, x[:, :32] * 2)
    compile_sm90(hinted_2d_kernel, {"x_ptr": "*i32", "y_ptr": "*i32",
                                    "stride": "i32"}, {"BM": 16, "BN": 32},
                 attrs={"stride": {"tir.divisibility": 16}})

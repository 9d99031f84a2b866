"""Kernels in the idioms of Triton's tutorials (written here, in the
styles of python/tutorials 03 and 09), compiled for sm_90a with no GPU:
the code generation that decides their speed on the H200 is checked in
CI. Each idiom once ran at a fraction of Triton's speed (issue 23,
bench/NOTES.md): these tests fail if it comes back.

- 03: offsets `(pid * BLOCK + arange) % M` (with and without the
  tutorial's `tl.assume(pid_n >= 0)`), masks on K alone: 16-byte
  cp.async into a ring, wgmma, no spills (was: B in 2-byte scalar loads,
  no pipelining, 344 bytes spilled).
- 09: B stored N x K and read as `b.T` through a TMA descriptor: the loop
  is pipelined with TMA copies and wgmma reads the transposed ring (was:
  no pipelining, TMA through scratch into registers, 596 bytes spilled).
- 09: the persistent matmul with pointer loads and `flatten=True`: the
  fused loop carries scalars, not the offset tiles the prologue built
  (was: 4 offset tiles carried, 255 registers, 548-7596 bytes spilled).
- 03's 2-warp configs (64x32x32, 32x64x32), fp16 and fp8 (e5m2, e4m3):
  too few warps for wgmma, the dot runs on mma.sync, fp8 widened to f16
  (was: the CUDA-core dot, 8 TFLOP/s against Triton's 177 on the H100).
"""
import re

import numpy as np
import pytest

import trident
import trident.language as tl

DIV16 = {"tir.divisibility": 16}


@trident.jit
def grouped_matmul(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak,
                   stride_bk, stride_bn, stride_cm, stride_cn,
                   BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                   BLOCK_K: tl.constexpr, GROUP_M: tl.constexpr,
                   ASSUME: tl.constexpr):
    pid = tl.program_id(axis=0)
    num_pid_m = tl.cdiv(M, BLOCK_M)
    num_pid_n = tl.cdiv(N, BLOCK_N)
    num_pid_in_group = GROUP_M * num_pid_n
    group_id = pid // num_pid_in_group
    first_pid_m = group_id * GROUP_M
    group_size_m = min(num_pid_m - first_pid_m, GROUP_M)
    pid_m = first_pid_m + ((pid % num_pid_in_group) % group_size_m)
    pid_n = (pid % num_pid_in_group) // group_size_m
    if ASSUME:
        tl.assume(pid_m >= 0)
        tl.assume(pid_n >= 0)
    offs_am = (pid_m * BLOCK_M + tl.arange(0, BLOCK_M)) % M
    offs_bn = (pid_n * BLOCK_N + tl.arange(0, BLOCK_N)) % N
    offs_k = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + (offs_am[:, None] * stride_am + offs_k[None, :] * stride_ak)
    b_ptrs = b_ptr + (offs_k[:, None] * stride_bk + offs_bn[None, :] * stride_bn)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        a = tl.load(a_ptrs, mask=offs_k[None, :] < K - k * BLOCK_K, other=0.0)
        b = tl.load(b_ptrs, mask=offs_k[:, None] < K - k * BLOCK_K, other=0.0)
        acc = tl.dot(a, b, acc)
        a_ptrs += BLOCK_K * stride_ak
        b_ptrs += BLOCK_K * stride_bk
    c = acc.to(tl.float16)
    offs_cm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_cn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    c_ptrs = c_ptr + stride_cm * offs_cm[:, None] + stride_cn * offs_cn[None, :]
    tl.store(c_ptrs, c, mask=(offs_cm[:, None] < M) & (offs_cn[None, :] < N))


@trident.jit
def matmul_b_transposed(a_ptr, b_ptr, c_ptr, M, N, K, BLOCK_M: tl.constexpr,
                        BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1],
                                       block_shape=[BLOCK_M, BLOCK_K])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[N, K], strides=[K, 1],
                                       block_shape=[BLOCK_N, BLOCK_K])
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in tl.range(tl.cdiv(K, BLOCK_K)):
        a = a_desc.load([pid_m * BLOCK_M, k * BLOCK_K])
        b = b_desc.load([pid_n * BLOCK_N, k * BLOCK_K])
        acc = tl.dot(a, b.T, acc)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    tl.store(c_ptr + offs_m[:, None] * N + offs_n[None, :], acc.to(tl.float16))


@trident.jit
def _tile_coords(tile_id, num_pid_in_group, num_pid_m, GROUP_M: tl.constexpr):
    group_id = tile_id // num_pid_in_group
    first_pid_m = group_id * GROUP_M
    group_size_m = min(num_pid_m - first_pid_m, GROUP_M)
    return first_pid_m + (tile_id % group_size_m), \
        (tile_id % num_pid_in_group) // group_size_m


@trident.jit
def persistent_matmul(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak,
                      stride_bk, stride_bn, stride_cm, stride_cn,
                      BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                      BLOCK_K: tl.constexpr, GROUP_M: tl.constexpr,
                      NUM_SMS: tl.constexpr):
    start_pid = tl.program_id(axis=0)
    num_pid_m = tl.cdiv(M, BLOCK_M)
    num_pid_n = tl.cdiv(N, BLOCK_N)
    k_tiles = tl.cdiv(K, BLOCK_K)
    num_tiles = num_pid_m * num_pid_n
    offs_k_for_mask = tl.arange(0, BLOCK_K)
    num_pid_in_group = GROUP_M * num_pid_n
    for tile_id in tl.range(start_pid, num_tiles, NUM_SMS, flatten=True):
        pid_m, pid_n = _tile_coords(tile_id, num_pid_in_group, num_pid_m, GROUP_M)
        offs_am = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
        offs_bn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
        offs_am = tl.where(offs_am < M, offs_am, 0)
        offs_bn = tl.where(offs_bn < N, offs_bn, 0)
        offs_am = tl.max_contiguous(tl.multiple_of(offs_am, BLOCK_M), BLOCK_M)
        offs_bn = tl.max_contiguous(tl.multiple_of(offs_bn, BLOCK_N), BLOCK_N)
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
        for ki in range(k_tiles):
            offs_k = ki * BLOCK_K + tl.arange(0, BLOCK_K)
            a_ptrs = a_ptr + (offs_am[:, None] * stride_am + offs_k[None, :] * stride_ak)
            b_ptrs = b_ptr + (offs_k[:, None] * stride_bk + offs_bn[None, :] * stride_bn)
            a = tl.load(a_ptrs, mask=offs_k_for_mask[None, :] < K - ki * BLOCK_K, other=0.0)
            b = tl.load(b_ptrs, mask=offs_k_for_mask[:, None] < K - ki * BLOCK_K, other=0.0)
            acc = tl.dot(a, b, acc)
        offs_cm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
        offs_cn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
        c_ptrs = c_ptr + stride_cm * offs_cm[:, None] + stride_cn * offs_cn[None, :]
        tl.store(c_ptrs, acc.to(tl.float16),
                 mask=(offs_cm[:, None] < M) & (offs_cn[None, :] < N))


def count(pattern, text):
    return len(re.findall(pattern, text))


def loop_of(ptx):
    """The PTX between the first loop label and its backward branch (the
    main loop of these kernels: the K loop)."""
    labels = re.findall(r"^(\$L__BB\d+_\d+):", ptx, re.M)
    for label in labels:
        start = ptx.index(label + ":")
        back = re.search(r"bra(\.uni)?\s+" + re.escape(label) + ";", ptx[start:])
        if back:
            return ptx[start:start + back.end()]
    return ""


@pytest.mark.parametrize("assume", [True, False])
@pytest.mark.parametrize("tile", [(128, 256, 64, 8, 3), (128, 128, 64, 4, 4)])
def test_grouped_matmul_modulo_offsets(assume, tile):
    bm, bn, bk, warps, stages = tile
    k = trident.compile(
        grouped_matmul,
        signature={"a_ptr": "*fp16", "b_ptr": "*fp16", "c_ptr": "*fp16",
                   "M": "i32", "N": "i32", "K": "i32", "stride_am": "i32",
                   "stride_bk": "i32", "stride_cm": "i32"},
        constexprs={"BLOCK_M": bm, "BLOCK_N": bn, "BLOCK_K": bk, "GROUP_M": 8,
                    "ASSUME": assume, "stride_ak": 1, "stride_bn": 1,
                    "stride_cn": 1},
        attrs={n: DIV16 for n in ("a_ptr", "b_ptr", "c_ptr", "M", "N", "K",
                                  "stride_am", "stride_bk", "stride_cm")},
        target="cuda:90a", num_warps=warps, num_stages=stages)
    ptx, meta = k.asm["ptx"], k.metadata
    # Both operands of every iteration in 16-byte cp.async (none narrower),
    # no plain global loads anywhere (only the ring feeds the dot).
    per_thread = (bm * bk + bk * bn) * 2 // 16 // (32 * warps)
    loop = loop_of(ptx)
    assert count(r"cp\.async\.cg\.shared\.global \[[^]]+\], \[[^]]+\], 16", loop) == per_thread
    assert count(r"cp\.async\.c[ag]\.shared\.global \[[^]]+\], \[[^]]+\], (4|8)\b", ptx) == 0
    assert count(r"ld\.global", ptx) == 0
    # One m64nBNk16 per 64 rows of a warpgroup per 16 of K.
    rows_per_group = bm // (warps // 4)
    assert count(r"wgmma\.mma_async", loop) == bk // 16 * (rows_per_group // 64)
    assert meta["spill_stores"] == 0 and meta["spill_loads"] == 0


def test_tma_matmul_b_transposed():
    k = trident.compile(
        matmul_b_transposed,
        signature={"a_ptr": "*fp16", "b_ptr": "*fp16", "c_ptr": "*fp16",
                   "M": "i32", "N": "i32", "K": "i32"},
        constexprs={"BLOCK_M": 128, "BLOCK_N": 128, "BLOCK_K": 64},
        attrs={n: DIV16 for n in ("a_ptr", "b_ptr", "c_ptr", "M", "N", "K")},
        target="cuda:90a", num_warps=4, num_stages=3)
    ptx, meta = k.asm["ptx"], k.metadata
    loop = loop_of(ptx)
    # The next iterations' tiles come by TMA inside the loop, the dot reads
    # the ring (no shared-memory traffic of its own), nothing spills.
    assert count(r"cp\.async\.bulk\.tensor", loop) == 2
    assert count(r"wgmma\.mma_async", loop) == 64 // 16 * (128 // 64)
    assert count(r"st\.shared", loop) == 0 and count(r"ld\.shared", loop) == 0
    assert meta["spill_stores"] == 0 and meta["spill_loads"] == 0
    assert "tir.trans" not in k.asm["gir"] and "memdesc_trans" in k.asm["gir"]


def test_tma_matmul_b_transposed_cpu():
    # The same source on the CPU target, against float64.
    rng = np.random.default_rng(0)
    M, N, K = 256, 128, 192
    a = rng.standard_normal((M, K)).astype(np.float16)
    b = rng.standard_normal((N, K)).astype(np.float16)
    c = np.full((M, N), np.nan, dtype=np.float16)
    trident.set_allocator(lambda size, align, stream: np.empty(size, np.int8))
    try:
        matmul_b_transposed[(M // 64, N // 64)](a, b, c, M, N, K, BLOCK_M=64,
                                                 BLOCK_N=64, BLOCK_K=64)
    finally:
        trident.set_allocator(None)
    ref = a.astype(np.float64) @ b.astype(np.float64).T
    err = np.linalg.norm(c.astype(np.float64) - ref) / np.linalg.norm(ref)
    assert err < 1e-2


@pytest.mark.parametrize("tile", [(128, 128, 64, 8, 3), (128, 128, 64, 4, 3),
                                  (128, 256, 64, 8, 3)])
def test_persistent_flattened_pointer_matmul(tile):
    bm, bn, bk, warps, stages = tile
    k = trident.compile(
        persistent_matmul,
        signature={"a_ptr": "*fp16", "b_ptr": "*fp16", "c_ptr": "*fp16",
                   "M": "i32", "N": "i32", "K": "i32", "stride_am": "i32",
                   "stride_bk": "i32", "stride_cm": "i32"},
        constexprs={"BLOCK_M": bm, "BLOCK_N": bn, "BLOCK_K": bk, "GROUP_M": 8,
                    "NUM_SMS": 132, "stride_ak": 1, "stride_bn": 1,
                    "stride_cn": 1},
        attrs={n: DIV16 for n in ("a_ptr", "b_ptr", "c_ptr", "M", "N", "K",
                                  "stride_am", "stride_bk", "stride_cm")},
        target="cuda:90a", num_warps=warps, num_stages=stages)
    ptx, meta = k.asm["ptx"], k.metadata
    assert count(r"cp\.async\.cg\.shared\.global \[[^]]+\], \[[^]]+\], 16", ptx) > 0
    assert count(r"wgmma\.mma_async", ptx) > 0
    assert meta["spill_stores"] == 0 and meta["spill_loads"] == 0
    # The fused loop carries no tile but the accumulator.
    loop = re.search(r"scf\.for .* iter_args\(.*\) -> \(([^)]*)\)", k.asm["gir"])
    carried = [t for t in loop.group(1).split(", ") if t.startswith("tensor")]
    assert len(carried) == 1 and "xf32" in carried[0], carried


def test_persistent_flattened_pointer_matmul_cpu():
    rng = np.random.default_rng(1)
    M, N, K = 160, 96, 80
    a = rng.standard_normal((M, K)).astype(np.float16)
    b = rng.standard_normal((K, N)).astype(np.float16)
    c = np.full((M, N), np.nan, dtype=np.float16)
    persistent_matmul[(3,)](a, b, c, M, N, K, K, 1, N, 1, N, 1, BLOCK_M=32,
                            BLOCK_N=32, BLOCK_K=32, GROUP_M=2, NUM_SMS=3)
    ref = a.astype(np.float64) @ b.astype(np.float64)
    err = np.linalg.norm(c.astype(np.float64) - ref) / np.linalg.norm(ref)
    assert err < 1e-2


@pytest.mark.parametrize("dtype", ["fp16", "fp8e5", "fp8e4nv"])
@pytest.mark.parametrize("tile", [(64, 32, 32), (32, 64, 32)])
def test_grouped_matmul_two_warps_on_mma_sync(dtype, tile):
    bm, bn, bk = tile
    k = trident.compile(
        grouped_matmul,
        signature={"a_ptr": "*" + dtype, "b_ptr": "*" + dtype,
                   "c_ptr": "*fp16", "M": "i32", "N": "i32", "K": "i32",
                   "stride_am": "i32", "stride_bn": "i32", "stride_cm": "i32"},
        constexprs={"BLOCK_M": bm, "BLOCK_N": bn, "BLOCK_K": bk, "GROUP_M": 8,
                    "ASSUME": True, "stride_ak": 1, "stride_bk": 1,
                    "stride_cn": 1},
        attrs={n: DIV16 for n in ("a_ptr", "b_ptr", "c_ptr", "M", "N", "K",
                                  "stride_am", "stride_bn", "stride_cm")},
        target="cuda:90a", num_warps=2, num_stages=5)
    ptx, meta = k.asm["ptx"], k.metadata
    loop = loop_of(ptx)
    # m16n8k16 over the tile per K step of 16, shared by the two warps.
    per_warp = (bm // 16) * (bn // 8) * (bk // 16) // 2
    assert count(r"mma\.sync\.aligned\.m16n8k16\.row\.col\.f32\.f16\.f16\.f32",
                 loop) == per_warp
    assert count(r"fma\.rn\.f32", loop) == 0
    assert count(r"wgmma", ptx) == 0
    assert meta["spill_stores"] == 0 and meta["spill_loads"] == 0

"""fp8 `tl.dot(..., max_num_imprecise_acc=L)` as Triton's
test_dot_max_num_imprecise_acc writes it (test_core.py): on sm_90a, a dot
whose L is at most its K sums each run of L products along K in wgmma from
zero and adds the run's partial sum to the fp32 accumulator with `add.f32`
(Triton's "promotion"), so the PTX holds (BM * BN) / (32 * warps) *
(BK / L) of them; with L unset (None: all of K at wgmma's precision) none.
On the CPU target the same kernel runs against a float64 numpy product.

64x64 blocks with 8 warps have fewer rows than two warpgroups stacked
along M cover: as Triton (warps [4, 2]), the second warpgroup sits beside
the first along N and each runs m64n32 instructions over its 32 columns,
with the same promotion adds per thread."""
import re

import numpy as np
import pytest
import torch

import trident
import trident.language as tl

F8 = {"fp8e5": torch.float8_e5m2, "fp8e4nv": torch.float8_e4m3fn}
PTX_TYPE = {"fp8e5": "e5m2", "fp8e4nv": "e4m3"}


@trident.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
                  stride_am, stride_ak, stride_bk, stride_bn,
                  stride_cm, stride_cn,
                  BLOCK_SIZE_M: tl.constexpr, BLOCK_SIZE_N: tl.constexpr,
                  BLOCK_SIZE_K: tl.constexpr,
                  low_precision_acc: tl.constexpr,
                  num_stages: tl.constexpr = 3):
    pid = tl.program_id(axis=0)
    num_pid_m = tl.cdiv(M, BLOCK_SIZE_M)
    pid_m = pid % num_pid_m
    pid_n = pid // num_pid_m
    offs_am = (pid_m * BLOCK_SIZE_M + tl.arange(0, BLOCK_SIZE_M)) % M
    offs_bn = (pid_n * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)) % N
    offs_k = tl.arange(0, BLOCK_SIZE_K)
    a_ptrs = a_ptr + (offs_am[:, None] * stride_am +
                      offs_k[None, :] * stride_ak)
    b_ptrs = b_ptr + (offs_k[:, None] * stride_bk +
                      offs_bn[None, :] * stride_bn)
    accumulator = tl.zeros((BLOCK_SIZE_M, BLOCK_SIZE_N), dtype=tl.float32)
    for k in tl.range(0, tl.cdiv(K, BLOCK_SIZE_K), num_stages=num_stages):
        a = tl.load(a_ptrs)
        b = tl.load(b_ptrs)
        accumulator = tl.dot(a, b, acc=accumulator,
                             max_num_imprecise_acc=low_precision_acc)
        a_ptrs += BLOCK_SIZE_K * stride_ak
        b_ptrs += BLOCK_SIZE_K * stride_bk
    offs_cm = pid_m * BLOCK_SIZE_M + tl.arange(0, BLOCK_SIZE_M)
    offs_cn = pid_n * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)
    c_ptrs = c_ptr + stride_cm * offs_cm[:, None] + stride_cn * offs_cn[None, :]
    tl.store(c_ptrs, accumulator)


M, N, K = 128, 256, 256
NUM_WARPS = 8


def _bound(low_precision_acc, bk):
    # As Triton's test: an L above BLOCK_K is passed as None.
    return low_precision_acc if low_precision_acc <= bk else None


def _compile(compile_sm90, in_type, bm, bn, bk, imprecise):
    # The specialization a launch on (M, N, K) row-major tensors makes:
    # unit strides as constants, the rest divisible by 16.
    sig = {"a_ptr": "*" + in_type, "b_ptr": "*" + in_type, "c_ptr": "*fp32",
           **{n: "i32" for n in ("M", "N", "K", "stride_am", "stride_bk",
                                 "stride_cm")}}
    attrs = {n: {"tir.divisibility": 16} for n in sig}
    return compile_sm90(matmul_kernel, sig,
                        {"stride_ak": 1, "stride_bn": 1, "stride_cn": 1,
                         "BLOCK_SIZE_M": bm, "BLOCK_SIZE_N": bn,
                         "BLOCK_SIZE_K": bk, "low_precision_acc": imprecise,
                         "num_stages": 3},
                        num_warps=NUM_WARPS, num_stages=3, attrs=attrs)


@pytest.mark.parametrize("in_type", ["fp8e5", "fp8e4nv"])
@pytest.mark.parametrize("low_precision_acc", [32, 64, 128, None])
def test_promotion_adds_sm90(compile_sm90, in_type, low_precision_acc):
    bm, bn, bk = 128, 256, 128
    imprecise = (None if low_precision_acc is None
                 else _bound(low_precision_acc, bk))
    k = _compile(compile_sm90, in_type, bm, bn, bk, imprecise)
    ptx = k.asm["ptx"]
    forms = set(re.findall(r"wgmma\.mma_async\.\S+", ptx))
    t = PTX_TYPE[in_type]
    assert forms == {"wgmma.mma_async.sync.aligned.m64n256k32.f32.%s.%s"
                     % (t, t)}, forms
    # One dot in the PTX (the pipelined loop does not repeat it): 128 / 32
    # k32 instructions.
    assert ptx.count("wgmma.mma_async") == bk // 32
    # Runs of L along K (one, the whole K, without a bound).
    runs = 1 if imprecise is None else bk // imprecise
    assert ptx.count("wgmma.commit_group") == runs
    assert ptx.count("wgmma.wait_group") == runs
    # Each run of a bounded dot starts from zero (scale-d 0: the first
    # instruction's predicate is false); an unbounded one adds to the
    # carried accumulator.
    assert ptx.count("setp.ne.b32 p, 0, 0;") == (0 if imprecise is None
                                                 else runs)
    expected = 0
    if imprecise is not None:
        expected = (bm * bn) // (32 * NUM_WARPS) * (bk // imprecise)
    assert ptx.count("add.f32") == expected
    assert not k.metadata["wgmma_serialized"]


@pytest.mark.parametrize("in_type", ["fp8e5", "fp8e4nv"])
@pytest.mark.parametrize("low_precision_acc", [32, 64, None])
def test_small_blocks_sm90(compile_sm90, in_type, low_precision_acc):
    # 64x64 blocks with 8 warps: the two warpgroups split N, each with
    # m64n32k32 instructions (two K steps of the 64-wide block), no
    # mma.sync.
    k = _compile(compile_sm90, in_type, 64, 64, 64, low_precision_acc)
    ptx = k.asm["ptx"]
    t = PTX_TYPE[in_type]
    forms = set(re.findall(r"wgmma\.mma_async\.\S+", ptx))
    assert forms == {"wgmma.mma_async.sync.aligned.m64n32k32.f32.%s.%s"
                     % (t, t)}, forms
    assert ptx.count("wgmma.mma_async") == 64 // 32
    assert "mma.sync" not in ptx


@pytest.mark.parametrize("blocks,n", [((64, 64, 64), 32), ((64, 128, 64), 64)])
def test_small_blocks_fp16_sm90(compile_sm90, blocks, n):
    # Triton's matmul with fp16 operands, 64-row blocks and 8 warps: wgmma
    # of n = N / 2 per warpgroup (Triton's instrShape), k16 steps.
    bm, bn, bk = blocks
    k = _compile(compile_sm90, "fp16", bm, bn, bk, None)
    ptx = k.asm["ptx"]
    forms = set(re.findall(r"wgmma\.mma_async\.\S+", ptx))
    assert forms == {"wgmma.mma_async.sync.aligned.m64n%dk16.f32.f16.f16"
                     % n}, forms
    assert ptx.count("wgmma.mma_async") == bk // 16
    assert "mma.sync" not in ptx


@pytest.mark.parametrize("blocks", [(128, 256, 128), (64, 64, 64)])
def test_precise_sm90(compile_sm90, blocks):
    # low_precision_acc = 0 (Triton's test passes it as is): every sum in
    # full precision, which wgmma's fp8 accumulation does not give: the
    # dot runs on mma.sync with f16 operands (exact products), no adds.
    k = _compile(compile_sm90, "fp8e5", *blocks, 0)
    ptx = k.asm["ptx"]
    assert "wgmma.mma_async" not in ptx
    assert "mma.sync.aligned.m16n8k16" in ptx
    assert ptx.count("add.f32") == 0


def test_small_blocks_promotion_adds_sm90(compile_sm90):
    # As Triton: each thread holds (64 * 64) / (32 * 8) accumulator
    # elements, one promotion add each per run of 32 along K (two runs).
    k = _compile(compile_sm90, "fp8e5", 64, 64, 64, 32)
    assert k.asm["ptx"].count("add.f32") == (64 * 64) // (32 * NUM_WARPS) * 2


def _reference(a, b):
    return a.double().numpy() @ b.double().numpy()


@pytest.mark.parametrize("blocks", [(128, 256, 128), (64, 64, 64)])
@pytest.mark.parametrize("in_type", ["fp8e5", "fp8e4nv"])
@pytest.mark.parametrize("low_precision_acc", [0, 32, 64, 128])
def test_matmul_cpu(blocks, in_type, low_precision_acc):
    bm, bn, bk = blocks
    torch.manual_seed(0)
    a = torch.randn(M, K).to(F8[in_type])
    b = torch.randn(K, N).to(F8[in_type])
    c = torch.empty((M, N), dtype=torch.float32)
    grid = (triton_cdiv(M, bm) * triton_cdiv(N, bn), 1)
    matmul_kernel[grid](a, b, c, M, N, K, a.stride(0), a.stride(1),
                        b.stride(0), b.stride(1), c.stride(0), c.stride(1),
                        bm, bn, bk, _bound(low_precision_acc, bk),
                        num_warps=NUM_WARPS, num_stages=3)
    # fp8 products are exact in fp32: only the fp32 sums round.
    np.testing.assert_allclose(c.double().numpy(), _reference(a, b),
                               rtol=1e-5, atol=1e-4)


def triton_cdiv(x, y):
    return (x + y - 1) // y

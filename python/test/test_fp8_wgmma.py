"""fp8 matrix products in the style of Triton's tutorial 03 (A row-major,
B given as `b.T`: KxN with K contiguous; fp32 accumulator): on the CPU
target against float64 (fp8 products are exact, so only the fp32 sums
round), and for sm_90a, where they run on Hopper's warpgroup MMA
(`wgmma.mma_async ... .e5m2/.e4m3`, k32) fed by a cp.async pipeline whose
rings are K-major for both operands (wgmma transposes 16-bit types only)."""
import re

import numpy as np
import pytest
import torch

import trident
import trident.language as tl

F8 = {"fp8e4nv": torch.float8_e4m3fn, "fp8e5": torch.float8_e5m2}
PTX_TYPE = {"fp8e4nv": "e4m3", "fp8e5": "e5m2"}


@trident.jit
def fp8_matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
                      stride_am, stride_ak, stride_bk, stride_bn,
                      stride_cm, stride_cn,
                      BLOCK_SIZE_M: tl.constexpr, BLOCK_SIZE_N: tl.constexpr,
                      BLOCK_SIZE_K: tl.constexpr, GROUP_SIZE_M: tl.constexpr):
    pid = tl.program_id(axis=0)
    num_pid_m = tl.cdiv(M, BLOCK_SIZE_M)
    num_pid_n = tl.cdiv(N, BLOCK_SIZE_N)
    num_pid_in_group = GROUP_SIZE_M * num_pid_n
    group_id = pid // num_pid_in_group
    first_pid_m = group_id * GROUP_SIZE_M
    group_size_m = min(num_pid_m - first_pid_m, GROUP_SIZE_M)
    pid_m = first_pid_m + ((pid % num_pid_in_group) % group_size_m)
    pid_n = (pid % num_pid_in_group) // group_size_m
    tl.assume(pid_m >= 0)
    tl.assume(pid_n >= 0)
    tl.assume(stride_am > 0)
    tl.assume(stride_bn > 0)
    offs_am = (pid_m * BLOCK_SIZE_M + tl.arange(0, BLOCK_SIZE_M)) % M
    offs_bn = (pid_n * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)) % N
    offs_k = tl.arange(0, BLOCK_SIZE_K)
    a_ptrs = a_ptr + (offs_am[:, None] * stride_am +
                      offs_k[None, :] * stride_ak)
    b_ptrs = b_ptr + (offs_k[:, None] * stride_bk +
                      offs_bn[None, :] * stride_bn)
    accumulator = tl.zeros((BLOCK_SIZE_M, BLOCK_SIZE_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_SIZE_K)):
        a = tl.load(a_ptrs, mask=offs_k[None, :] < K - k * BLOCK_SIZE_K,
                    other=0.0)
        b = tl.load(b_ptrs, mask=offs_k[:, None] < K - k * BLOCK_SIZE_K,
                    other=0.0)
        accumulator = tl.dot(a, b, accumulator)
        a_ptrs += BLOCK_SIZE_K * stride_ak
        b_ptrs += BLOCK_SIZE_K * stride_bk
    c = accumulator.to(c_ptr.dtype.element_ty)
    offs_cm = pid_m * BLOCK_SIZE_M + tl.arange(0, BLOCK_SIZE_M)
    offs_cn = pid_n * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)
    c_ptrs = c_ptr + stride_cm * offs_cm[:, None] + stride_cn * offs_cn[None, :]
    tl.store(c_ptrs, c, mask=(offs_cm[:, None] < M) & (offs_cn[None, :] < N))


def _matmul_cpu(a, b, out_dtype, bm=32, bn=32, bk=32, group=4):
    M, K = a.shape
    N = b.shape[1]
    c = torch.empty((M, N), dtype=out_dtype)
    grid = (triton_cdiv(M, bm) * triton_cdiv(N, bn),)
    fp8_matmul_kernel[grid](a, b, c, M, N, K, a.stride(0), a.stride(1),
                            b.stride(0), b.stride(1), c.stride(0),
                            c.stride(1), BLOCK_SIZE_M=bm, BLOCK_SIZE_N=bn,
                            BLOCK_SIZE_K=bk, GROUP_SIZE_M=group)
    return c


def triton_cdiv(x, y):
    return (x + y - 1) // y


@pytest.mark.parametrize("ta,tb", [("fp8e5", "fp8e5"), ("fp8e4nv", "fp8e4nv"),
                                   ("fp8e4nv", "fp8e5")])
@pytest.mark.parametrize("out", [torch.float32, torch.float16])
def test_fp8_matmul_cpu(ta, tb, out):
    # Ragged M, N and K (the K tail masked), B as `b.T` (K contiguous).
    torch.manual_seed(0)
    M, N, K = 150, 100, 200
    a = torch.randn(M, K).to(F8[ta])
    b = torch.randn(N, K).to(F8[tb]).T
    assert b.stride() == (1, K)
    c = _matmul_cpu(a, b, out)
    ref = a.double() @ b.double()
    # fp8 products are exact in fp32; only the fp32 sums (and, for an fp16
    # C, the final rounding) differ from float64.
    tol = 1e-5 if out == torch.float32 else 1e-3
    np.testing.assert_allclose(c.double().numpy(), ref.numpy(), rtol=tol,
                               atol=tol * 4)


def test_fp8_dot_exact_cpu():
    # One tile, row-major B, values whose products and sums are exact in
    # fp32: the fp8 dot must match float64 exactly.
    torch.manual_seed(1)
    vals = torch.tensor([0.0, 0.25, -0.5, 1.0, -1.5, 2.0, 0.75, -3.0])
    a = vals[torch.randint(0, 8, (64, 64))].to(torch.float8_e4m3fn)
    b = vals[torch.randint(0, 8, (64, 32))].to(torch.float8_e5m2)
    c = _matmul_cpu(a, b, torch.float32, bm=64, bn=32, bk=64)
    assert torch.equal(c.double(), a.double() @ b.double())


def _compile_sm90(compile_sm90, ta, tb, stages, bn=256):
    sig = {"a_ptr": "*" + ta, "b_ptr": "*" + tb, "c_ptr": "*fp16",
           **{n: "i32" for n in ("M", "N", "K", "stride_am", "stride_bn",
                                 "stride_cm")}}
    # What a launch specializes: 16-byte aligned pointers, sizes and row
    # strides divisible by 16, unit strides along K (A and `b.T`) and N (C).
    attrs = {n: {"tir.divisibility": 16} for n in sig}
    # Triton's tutorial's fp8 configuration for Hopper.
    return compile_sm90(fp8_matmul_kernel, sig,
                        {"BLOCK_SIZE_M": 128, "BLOCK_SIZE_N": bn,
                         "BLOCK_SIZE_K": 128, "GROUP_SIZE_M": 8,
                         "stride_ak": 1, "stride_bk": 1, "stride_cn": 1},
                        num_warps=8, num_stages=stages, attrs=attrs)


@pytest.mark.parametrize("ta,tb,stages", [("fp8e5", "fp8e5", 3),
                                          ("fp8e4nv", "fp8e4nv", 3),
                                          ("fp8e4nv", "fp8e5", 4),
                                          ("fp8e5", "fp8e4nv", 2)])
def test_fp8_matmul_wgmma_sm90(compile_sm90, ta, tb, stages):
    k = _compile_sm90(compile_sm90, ta, tb, stages)
    ptx = k.asm["ptx"]
    forms = set(re.findall(r"wgmma\.mma_async\.\S+", ptx))
    assert forms == {"wgmma.mma_async.sync.aligned.m64n256k32.f32.%s.%s"
                     % (PTX_TYPE[ta], PTX_TYPE[tb])}, forms
    # Both operands K-major: no transpose immediates (fp8 has none), and
    # 128 / 32 = 4 instructions per K step of the loop.
    assert ptx.count("wgmma.mma_async") == 4
    # The loop's loads go through the cp.async ring (16-byte copies).
    assert "cp.async.cg.shared.global" in ptx
    assert ("wgmma.wait_group.sync.aligned 1;" in ptx) == (stages > 2)
    # The CUDA-core dot is gone: no fp32 FMAs on decoded fp8 values.
    assert ptx.count("fma.rn.f32") < 64
    md = k.metadata
    assert md["spill_stores"] == 0 and md["spill_loads"] == 0
    assert not md["wgmma_serialized"]
    # The rings: stages x (128x128 + 256x128) bytes.
    assert md["shared_bytes"] >= stages * (128 * 128 + 256 * 128)


def test_fp8_dot_precise_stays_on_cuda_cores(compile_sm90):
    # max_num_imprecise_acc = 0 asks for full-precision sums, and 16 bounds
    # them below one k32 step: wgmma's fp8 accumulation gives neither, so
    # the exact mma.sync dot (f16 operands) remains. 32 or 64 (<= K = 64)
    # run on wgmma, its sums promoted to f32 every L products (one add.f32
    # per accumulator register and run; test_dot_imprecise_acc.py has
    # Triton's kernel); None sums all of K in wgmma, with no adds.
    @trident.jit
    def precise(a_ptr, b_ptr, c_ptr, IMPRECISE: tl.constexpr):
        r = tl.arange(0, 64)
        a = tl.load(a_ptr + r[:, None] * 64 + r[None, :])
        b = tl.load(b_ptr + r[:, None] * 64 + r[None, :])
        c = tl.dot(a, b, max_num_imprecise_acc=IMPRECISE)
        tl.store(c_ptr + r[:, None] * 64 + r[None, :], c)
    sig = {"a_ptr": "*fp8e4nv", "b_ptr": "*fp8e4nv", "c_ptr": "*fp32"}
    for imprecise in (0, 16):
        ptx = compile_sm90(precise, sig, {"IMPRECISE": imprecise}).asm["ptx"]
        assert "wgmma.mma_async" not in ptx and "mma.sync" in ptx
    # 64x64 over 4 warps: 32 accumulator registers per thread; the
    # accumulator is zero, so the first run's sums are the result (no add).
    for imprecise, runs in ((32, 2), (64, 1), (None, 1)):
        ptx = compile_sm90(precise, sig, {"IMPRECISE": imprecise}).asm["ptx"]
        assert "wgmma.mma_async" in ptx
        assert ptx.count("wgmma.commit_group") == runs, imprecise
        assert ptx.count("add.f32") == 32 * (runs - 1), imprecise

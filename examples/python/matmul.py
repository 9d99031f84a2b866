"""A Triton-style grouped matmul written in Python, run by Trident.

Only the imports differ from a Triton kernel. Without a GPU runtime it runs
on the CPU target (real compiled code, on numpy arrays) and is checked
against numpy in float64; then the same source is compiled for the H200
(sm_90a) and the PTX is inspected for tensor-core (wgmma) instructions.

    python examples/python/matmul.py [M N K]
"""
import sys
import time

import numpy as np

import trident as triton
import trident.language as tl


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
                  stride_am, stride_ak, stride_bk, stride_bn,
                  stride_cm, stride_cn,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                  BLOCK_K: tl.constexpr, GROUP_M: tl.constexpr):
    pid = tl.program_id(0)
    num_pid_m = tl.cdiv(M, BLOCK_M)
    num_pid_n = tl.cdiv(N, BLOCK_N)
    group = GROUP_M * num_pid_n
    first_m = (pid // group) * GROUP_M
    group_m = min(num_pid_m - first_m, GROUP_M)
    pid_m = first_m + (pid % group) % group_m
    pid_n = (pid % group) // group_m

    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + offs_m[:, None] * stride_am + offs_k[None, :] * stride_ak
    b_ptrs = b_ptr + offs_k[:, None] * stride_bk + offs_n[None, :] * stride_bn
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        k_left = K - k * BLOCK_K
        a = tl.load(a_ptrs, mask=(offs_m[:, None] < M) &
                    (offs_k[None, :] < k_left), other=0.0)
        b = tl.load(b_ptrs, mask=(offs_k[:, None] < k_left) &
                    (offs_n[None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc)
        a_ptrs += BLOCK_K * stride_ak
        b_ptrs += BLOCK_K * stride_bk
    c = acc.to(c_ptr.dtype.element_ty)
    c_ptrs = c_ptr + offs_m[:, None] * stride_cm + offs_n[None, :] * stride_cn
    tl.store(c_ptrs, c, mask=(offs_m[:, None] < M) & (offs_n[None, :] < N))


def matmul(a, b, BLOCK_M=64, BLOCK_N=64, BLOCK_K=32, GROUP_M=8):
    M, K = a.shape
    _, N = b.shape
    c = np.full((M, N), np.nan, dtype=np.float32)
    grid = lambda meta: (triton.cdiv(M, meta["BLOCK_M"]) *  # noqa: E731
                         triton.cdiv(N, meta["BLOCK_N"]),)
    s = a.itemsize
    matmul_kernel[grid](a, b, c, M, N, K,
                        a.strides[0] // s, a.strides[1] // s,
                        b.strides[0] // s, b.strides[1] // s,
                        c.strides[0] // 4, c.strides[1] // 4,
                        BLOCK_M=BLOCK_M, BLOCK_N=BLOCK_N, BLOCK_K=BLOCK_K,
                        GROUP_M=GROUP_M)
    return c


# The specialization a launch on aligned bf16 matrices would make, for
# ahead-of-time compiles (here, and in bench/frontend_compile.py).
BF16_SIGNATURE = {"a_ptr": "*bf16", "b_ptr": "*bf16", "c_ptr": "*bf16",
                  "M": "i32", "N": "i32", "K": "i32", "stride_am": "i32",
                  "stride_ak": "i32", "stride_bk": "i32", "stride_bn": "i32",
                  "stride_cm": "i32", "stride_cn": "i32"}
BF16_CONSTEXPRS = {"BLOCK_M": 128, "BLOCK_N": 128, "BLOCK_K": 64,
                   "GROUP_M": 8, "stride_ak": 1, "stride_bn": 1,
                   "stride_cn": 1}
BF16_ATTRS = {n: {"tir.divisibility": 16} for n in
              ("a_ptr", "b_ptr", "c_ptr", "M", "N", "K", "stride_am",
               "stride_bk", "stride_cm")}


def main(argv):
    M, N, K = (int(x) for x in argv[1:4]) if len(argv) >= 4 else \
        (300, 260, 200)
    rng = np.random.default_rng(0)
    a = rng.standard_normal((M, K)).astype(np.float32)
    b = rng.standard_normal((K, N)).astype(np.float32)
    t0 = time.perf_counter()
    c = matmul(a, b)
    first = time.perf_counter() - t0
    t0 = time.perf_counter()
    reps = 5
    for _ in range(reps):
        c = matmul(a, b)
    each = (time.perf_counter() - t0) / reps
    ref = a.astype(np.float64) @ b.astype(np.float64)
    err = np.abs(c - ref).max()
    rel = err / np.abs(ref).max()
    ok = not np.isnan(c).any() and rel < 1e-5
    print("matmul_kernel on the CPU, fp32, M=%d N=%d K=%d: max abs error "
          "%.2e (relative %.1e) vs numpy float64: %s" %
          (M, N, K, err, rel, "PASS" if ok else "FAIL"))
    print("  first call (compile + run) %.3f s, then %.2f ms per call "
          "(%.1f GFLOP/s)" % (first, each * 1e3, 2 * M * N * K / each / 1e9))

    try:
        k = triton.compile(matmul_kernel, signature=BF16_SIGNATURE,
                           constexprs=BF16_CONSTEXPRS, target="cuda:90a",
                           num_warps=4, num_stages=3, attrs=BF16_ATTRS)
    except triton.CompilationError as e:
        print("  sm_90a compile failed:", e)
        return 1
    ptx = k.asm["ptx"]
    md = k.metadata
    print("  same source, bf16, for cuda:90a: stages %s; %d registers, %d "
          "spills, %d bytes of shared memory; wgmma.mma_async x%d, "
          "cp.async %s in the PTX" %
          (", ".join(k.asm), md.get("registers", -1),
           md.get("spill_stores", 0) + md.get("spill_loads", 0),
           md.get("shared_bytes", 0), ptx.count("wgmma.mma_async"),
           "yes" if "cp.async" in ptx else "no"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))

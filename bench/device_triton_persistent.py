"""How far a persistent TMA matmul gets under Triton 3.6 at the shapes of
issue 11 (the figure Trident's one-tile-per-program TMA matmul misses at
8192x8192x1024): tiles strided over 132 programs, descriptors made in the
kernel, the tile loop flattened with the K loop (and warp-specialized
where Triton allows), against cuBLAS in the same process. Triton only: it
sets the next target for Trident. On the GPU machine:

    python3 bench/device_triton_persistent.py
"""
import statistics

import torch
import triton
import triton.language as tl
from triton.testing import do_bench


@triton.jit
def persistent_tma(a_ptr, b_ptr, c_ptr, M, N, K, BLOCK_M: tl.constexpr,
                   BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
                   GROUP_M: tl.constexpr, NUM_SMS: tl.constexpr,
                   FLATTEN: tl.constexpr, WS: tl.constexpr):
    a_desc = tl.make_tensor_descriptor(a_ptr, [M, K], [K, 1],
                                       [BLOCK_M, BLOCK_K])
    b_desc = tl.make_tensor_descriptor(b_ptr, [K, N], [N, 1],
                                       [BLOCK_K, BLOCK_N])
    c_desc = tl.make_tensor_descriptor(c_ptr, [M, N], [N, 1],
                                       [BLOCK_M, BLOCK_N])
    num_m = tl.cdiv(M, BLOCK_M)
    num_n = tl.cdiv(N, BLOCK_N)
    k_tiles = tl.cdiv(K, BLOCK_K)
    for tile in tl.range(tl.program_id(0), num_m * num_n, NUM_SMS,
                         flatten=FLATTEN, warp_specialize=WS):
        group = GROUP_M * num_n
        first_m = (tile // group) * GROUP_M
        gm = min(num_m - first_m, GROUP_M)
        pid_m = first_m + (tile % group) % gm
        pid_n = (tile % group) // gm
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
        for k in range(k_tiles):
            a = a_desc.load([pid_m * BLOCK_M, k * BLOCK_K])
            b = b_desc.load([k * BLOCK_K, pid_n * BLOCK_N])
            acc = tl.dot(a, b, acc)
        c_desc.store([pid_m * BLOCK_M, pid_n * BLOCK_N], acc.to(tl.bfloat16))


def main():
    triton.set_allocator(lambda size, align, stream: torch.empty(
        size, dtype=torch.int8, device="cuda"))
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    configs = [(128, 256, 64, 8, 3), (128, 256, 64, 8, 4),
               (128, 128, 64, 4, 4), (128, 128, 64, 8, 4)]
    for (M, N, K) in ((4096, 4096, 4096), (8192, 8192, 8192),
                      (8192, 8192, 1024)):
        a = torch.randn(M, K, device="cuda", dtype=torch.bfloat16)
        b = torch.randn(K, N, device="cuda", dtype=torch.bfloat16)
        ref = a.double() @ b.double()
        fns = {"cublas": lambda: torch.matmul(a, b)}
        outs = {}
        for cfg in configs:
            for flat, ws in ((False, False), (True, False), (True, True)):
                bm, bn, bk, w, s = cfg
                c = torch.full((M, N), float("nan"), device="cuda",
                               dtype=torch.bfloat16)
                key = (cfg, flat, ws)
                outs[key] = c
                grid = (min(sms, triton.cdiv(M, bm) * triton.cdiv(N, bn)),)
                fns[key] = (lambda c=c, bm=bm, bn=bn, bk=bk, w=w, s=s,
                            flat=flat, ws=ws, grid=grid:
                            persistent_tma[grid](
                                a, b, c, M, N, K, BLOCK_M=bm, BLOCK_N=bn,
                                BLOCK_K=bk, GROUP_M=8, NUM_SMS=sms,
                                FLATTEN=flat, WS=ws, num_warps=w,
                                num_stages=s))
        bad = set()
        for k, f in fns.items():
            try:
                f()
            except Exception as e:
                bad.add(k)
                print("  %s: %s" % (k, str(e).splitlines()[0][:120]))
        torch.cuda.synchronize()
        for k, c in outs.items():
            if k in bad:
                continue
            e = ((c.double() - ref).abs().max() / ref.abs().max()).item()
            if not e < 1e-2:
                print("  %s WRONG rel err %.2e" % (k, e))
                bad.add(k)
        ms = {k: [] for k in fns if k not in bad}
        for _ in range(3):
            for k in ms:
                ms[k].append(do_bench(fns[k], warmup=25, rep=100))
        med = {k: statistics.median(v) for k, v in ms.items()}
        print("%dx%dx%d (cuBLAS %.0f TFLOP/s), of cuBLAS:" % (
            M, N, K, 2 * M * N * K / med["cublas"] / 1e9))
        for k in med:
            if k != "cublas":
                print("  %dx%dx%d w%d s%d flatten=%d ws=%d: %.3f" % (
                    *k[0], k[1], k[2], med["cublas"] / med[k]))


if __name__ == "__main__":
    main()

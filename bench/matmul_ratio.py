"""bf16 GEMM side by side on the GPU: cuBLAS (torch.matmul), Triton 3.6 (a
kernel with the same tiling as examples/kernels/matmul_bf16.mlir: 128x128x64
tiles, 4 warps, 3 stages), both timed by CUDA events around a CUDA graph of
20 launches, and Trident's Tile IR kernel through trident-launch (CUDA
events around 20 back-to-back launches from C++, after a float64 check).
Prints each time and the ratios to cuBLAS.

    python3 bench/matmul_ratio.py BIN_DIR CUBIN [--kind=KIND] [SIZE ...]

A SIZE is N (M = N = K = N) or MxNxK.
"""
import re
import subprocess
import sys

import torch
import triton
import triton.language as tl


@triton.jit
def tiled_mm(a, b, c, M, N, K, sam, sak, sbk, sbn, scm, scn,
             BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pn, pm = tl.program_id(0), tl.program_id(1)
    rm = pm * BM + tl.arange(0, BM)
    rn = pn * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        kk = k * BK + rk
        x = tl.load(a + rm[:, None] * sam + kk[None, :] * sak,
                    mask=(rm[:, None] < M) & (kk[None, :] < K), other=0.0)
        y = tl.load(b + kk[:, None] * sbk + rn[None, :] * sbn,
                    mask=(kk[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc = tl.dot(x, y, acc)
    tl.store(c + rm[:, None] * scm + rn[None, :] * scn, acc.to(tl.bfloat16),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


def event_ms(fn, reps=20):
    """Milliseconds per call of `fn`, replayed from a CUDA graph of `reps`
    calls so that Python's launch overhead is not measured."""
    fn()
    torch.cuda.synchronize()
    stream = torch.cuda.Stream()
    stream.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(stream):
        fn()
    torch.cuda.current_stream().wait_stream(stream)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        for _ in range(reps):
            fn()
    graph.replay()
    torch.cuda.synchronize()
    start = torch.cuda.Event(enable_timing=True)
    stop = torch.cuda.Event(enable_timing=True)
    start.record()
    graph.replay()
    stop.record()
    torch.cuda.synchronize()
    return start.elapsed_time(stop) / reps


def main():
    bin_dir, cubin = sys.argv[1], sys.argv[2]
    rest = sys.argv[3:]
    # --kind=matmul_tma for kernels that take TMA descriptors.
    kind = "matmul"
    if rest and rest[0].startswith("--kind="):
        kind = rest.pop(0).split("=", 1)[1]
    # trident-launch checks against a float64 CPU reference: keep sizes
    # where that takes seconds.
    def shape(s):
        dims = [int(d) for d in s.split("x")]
        return tuple(dims) if len(dims) == 3 else (dims[0],) * 3
    sizes = [shape(s) for s in rest] or [(2048,) * 3, (4096,) * 3]
    print(f"Trident kernel: {cubin} (trident-launch --kernel {kind})")
    print(f"device: {torch.cuda.get_device_name()}, torch {torch.__version__}, "
          f"triton {triton.__version__}")
    print(f"{'size':>6} {'cuBLAS ms':>10} {'Triton ms':>10} {'Trident ms':>11} "
          f"{'cuBLAS TF/s':>11} {'Triton/cuBLAS':>14} {'Trident/cuBLAS':>15}")
    for (m, n, k) in sizes:
        a = torch.randn(m, k, device="cuda", dtype=torch.bfloat16)
        b = torch.randn(k, n, device="cuda", dtype=torch.bfloat16)
        c = torch.empty(m, n, device="cuda", dtype=torch.bfloat16)
        ref = (a.double() @ b.double())
        grid = (triton.cdiv(n, 128), triton.cdiv(m, 128))
        run_triton = lambda: tiled_mm[grid](a, b, c, m, n, k, k, 1, n, 1, n, 1,
                                            BM=128, BN=128, BK=64,
                                            num_warps=4, num_stages=3)
        run_triton()
        err = ((c.double() - ref).abs().max() / ref.abs().max()).item()
        assert err < 1e-2, f"Triton kernel wrong: {err}"
        t_cublas = event_ms(lambda: torch.matmul(a, b, out=c))
        t_triton = event_ms(run_triton)
        out = subprocess.run(
            [f"{bin_dir}/trident-launch", cubin, "--kernel", kind,
             "--dtype", "bf16", "--out-dtype", "bf16", "--m", str(m), "--n",
             str(n), "--k", str(k), "--grid", f"{grid[0]},{grid[1]}",
             "--time", "20"],
            capture_output=True, text=True)
        found = re.search(r"time: ([0-9.]+) ms", out.stdout)
        ok = "PASS" in out.stdout
        if not found or not ok:
            print(out.stdout, out.stderr)
            raise SystemExit(f"trident-launch failed at {m}x{n}x{k}")
        t_trident = float(found.group(1))
        tflops = 2 * m * n * k / t_cublas / 1e9
        label = f"{m}x{n}x{k}" if len({m, n, k}) > 1 else str(n)
        print(f"{label:>6} {t_cublas:>10.4f} {t_triton:>10.4f} {t_trident:>11.4f} "
              f"{tflops:>11.1f} {t_cublas / t_triton:>14.3f} "
              f"{t_cublas / t_trident:>15.3f}")
    print("ratios are speed relative to cuBLAS (cuBLAS time / kernel time; "
          "1.0 = as fast as cuBLAS)")


if __name__ == "__main__":
    main()

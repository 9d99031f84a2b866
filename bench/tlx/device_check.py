"""On the GPU machine: the TLX plugin's kernels run and match torch.

    python3 bench/tlx/device_check.py

Trident comes from this checkout's build when there is one, else from the
archive of bench/pack_runtime.sh (carried in .dev/), unpacked as
bench/device_runtime.py does. The plugin is loaded from the package's
plugins folder (or build/plugins). Each kernel's output starts as NaN and is
compared with a float64 torch reference. Prints one line per check and
exits non-zero when any fails.
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))


def setup():
    build = os.path.join(ROOT, "build")
    if os.path.exists(os.path.join(build, "lib", "_C.abi3.so")):
        sys.path.insert(0, os.path.join(ROOT, "python"))
        return os.path.join(build, "plugins", "libTlxPlugin.so")
    sys.path.insert(0, os.path.join(ROOT, "bench"))
    import device_runtime  # noqa: F401  (unpacks the archive)
    return os.path.join(device_runtime.DEST, "python", "trident", "_lib",
                        "plugins", "libTlxPlugin.so")


PLUGIN = setup()
import torch  # noqa: E402
import trident  # noqa: E402
import trident.language as tl  # noqa: E402
trident.load_plugin(PLUGIN)
import trident.language.extra.tlx as tlx  # noqa: E402

FAILED = []


def check(name, out, ref, tol=0.0):
    err = float("nan") if torch.isnan(out).any() else \
        (out.double() - ref).abs().max().item()
    ok = err <= tol
    print("%-34s %s  max abs err %g" % (name, "PASS" if ok else "FAIL", err))
    if not ok:
        FAILED.append(name)


@trident.jit
def reverse_rows(x_ptr, y_ptr, BLOCK: tl.constexpr, NUM: tl.constexpr):
    # Row i of x goes to buffer i; buffer NUM-1-i comes back as row i of y.
    offs = tl.arange(0, BLOCK)
    bufs = tlx.local_alloc((BLOCK,), tl.float16, NUM)
    for i in range(NUM):
        tlx.local_store(tlx.local_view(bufs, i),
                        tl.load(x_ptr + i * BLOCK + offs))
    for i in range(NUM):
        row = tlx.local_load(tlx.local_view(bufs, NUM - 1 - i))
        tl.store(y_ptr + i * BLOCK + offs, row.to(tl.float32) * 2)


@trident.jit
def tile_sum(x_ptr, y_ptr, BLOCK: tl.constexpr, NUM: tl.constexpr):
    # NUM 2-D tiles through a ring of buffers, summed in fp32.
    offs = tl.arange(0, BLOCK)
    tile = offs[:, None] * BLOCK + offs[None, :]
    bufs = tlx.local_alloc((BLOCK, BLOCK), tl.float16, NUM)
    for i in range(NUM):
        tlx.local_store(tlx.local_view(bufs, i),
                        tl.load(x_ptr + i * BLOCK * BLOCK + tile))
    acc = tl.zeros((BLOCK, BLOCK), tl.float32)
    for i in range(NUM):
        acc += tlx.local_load(tlx.local_view(bufs, i)).to(tl.float32)
    tl.store(y_ptr + tile, acc)


def tutorial(name, roots):
    """A TLX tutorial (uTLX's tutorials/, kept in the ignored .peer/tlx)
    with its imports made Trident's, or None when it is not there."""
    path = os.path.join(ROOT, ".peer", "tlx", name)
    if not os.path.exists(path):
        print("%-34s MISSING  %s (copy uTLX's tutorials there)" % (name, path))
        FAILED.append(name)
        return None
    sys.path.insert(0, os.path.join(ROOT, "bench", "peer"))
    import loader
    return loader.load(path, roots, "trident")


def gemm_pipelined():
    """hopper_gemm_pipelined.py as shipped: fp16 in, fp32 accumulate, fp16
    out, against torch in fp32, then timed beside cuBLAS."""
    mod = tutorial("hopper_gemm_pipelined.py", ["matmul"])
    if mod is None:
        return
    from triton.testing import do_bench
    for m, n, k in ((4096, 4096, 4096), (8192, 8192, 8192),
                    (8192, 8192, 1024)):
        a = torch.randn(m, k, device="cuda", dtype=torch.float16)
        b = torch.randn(k, n, device="cuda", dtype=torch.float16)
        c = mod.matmul(a, b)
        ref = a.float() @ b.float()
        rel = ((c.float() - ref).norm() / ref.norm()).item()
        ok = rel < 1e-2
        print("%-34s %s  rel err %.2e" % ("gemm_pipelined %dx%dx%d" % (m, n, k),
                                          "PASS" if ok else "FAIL", rel))
        if not ok:
            FAILED.append("gemm_pipelined")
            continue
        ours, cublas = [], []
        for _ in range(3):
            ours.append(do_bench(lambda: mod.matmul(a, b)))
            cublas.append(do_bench(lambda: torch.matmul(a, b)))
        t, r = sorted(ours)[1], sorted(cublas)[1]
        flops = 2.0 * m * n * k
        print("    trident %.0f TFLOP/s  cuBLAS %.0f TFLOP/s  ratio %.3f"
              % (flops / t * 1e-9, flops / r * 1e-9, r / t))


@trident.jit
def tma_gemm(a_desc, b_desc, c_ptr, M, N, K, ldc,
             BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
             STAGES: tl.constexpr):
    # TMA copies into rings, one barrier per slot armed with the slot's
    # bytes, asynchronous wgmma with one group in flight.
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    ring_a = tlx.local_alloc((BM, BK), tlx.dtype_of(a_desc), STAGES)
    ring_b = tlx.local_alloc((BK, BN), tlx.dtype_of(b_desc), STAGES)
    full = tlx.alloc_barriers(STAGES, arrive_count=1)
    steps = tl.cdiv(K, BK)
    for s in tl.range(0, STAGES - 1):
        bar = tlx.local_view(full, s)
        tlx.barrier_expect_bytes(bar, (BM * BK + BK * BN) * 2)
        tlx.async_descriptor_load(a_desc, tlx.local_view(ring_a, s),
                                  [pid_m * BM, s * BK], bar)
        tlx.async_descriptor_load(b_desc, tlx.local_view(ring_b, s),
                                  [s * BK, pid_n * BN], bar)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in tl.range(0, steps, num_stages=1):
        slot = k % STAGES
        tlx.barrier_wait(tlx.local_view(full, slot), (k // STAGES) & 1)
        acc = tlx.async_dot(tlx.local_view(ring_a, slot),
                            tlx.local_view(ring_b, slot), acc)
        acc = tlx.async_dot_wait(1, acc)
        nxt = k + STAGES - 1
        bar = tlx.local_view(full, nxt % STAGES)
        more = nxt < steps
        tlx.barrier_expect_bytes(bar, (BM * BK + BK * BN) * 2, pred=more)
        tlx.async_descriptor_load(a_desc, tlx.local_view(ring_a, nxt % STAGES),
                                  [pid_m * BM, nxt * BK], bar, pred=more)
        tlx.async_descriptor_load(b_desc, tlx.local_view(ring_b, nxt % STAGES),
                                  [nxt * BK, pid_n * BN], bar, pred=more)
    acc = tlx.async_dot_wait(0, acc)
    cm = pid_m * BM + tl.arange(0, BM)
    cn = pid_n * BN + tl.arange(0, BN)
    tl.store(c_ptr + cm[:, None] * ldc + cn[None, :],
             acc.to(tlx.dtype_of(c_ptr)),
             mask=(cm[:, None] < M) & (cn[None, :] < N))


@trident.jit
def ws_gemm(a_desc, b_desc, c_ptr, M, N, K, ldc,
            BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
            STAGES: tl.constexpr):
    HALF: tl.constexpr = BM // 2
    ring_a = tlx.local_alloc((HALF, BK), tlx.dtype_of(a_desc), 2 * STAGES)
    ring_b = tlx.local_alloc((BK, BN), tlx.dtype_of(b_desc), STAGES)
    full = tlx.alloc_barriers(STAGES, arrive_count=1)
    empty = tlx.alloc_barriers(STAGES, arrive_count=2)
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    steps = tl.cdiv(K, BK)
    with tlx.async_tasks():
        with tlx.async_task("default"):
            for k in range(0, steps):
                slot = k % STAGES
                tlx.barrier_wait(tlx.local_view(empty, slot),
                                 ((k // STAGES) & 1) ^ 1)
                bar = tlx.local_view(full, slot)
                tlx.barrier_expect_bytes(bar, (BM * BK + BK * BN) * 2)
                tlx.async_descriptor_load(a_desc, tlx.local_view(ring_a, slot),
                                          [pid_m * BM, k * BK], bar)
                tlx.async_descriptor_load(
                    a_desc, tlx.local_view(ring_a, slot + STAGES),
                    [pid_m * BM + HALF, k * BK], bar)
                tlx.async_descriptor_load(b_desc, tlx.local_view(ring_b, slot),
                                          [k * BK, pid_n * BN], bar)
        with tlx.async_task(num_warps=4, registers=232, replicate=2):
            cid: tl.constexpr = tlx.async_task_replica_id()
            acc = tl.zeros((HALF, BN), dtype=tl.float32)
            for k in range(0, steps):
                slot = k % STAGES
                tlx.barrier_wait(tlx.local_view(full, slot), (k // STAGES) & 1)
                acc = tlx.async_dot(tlx.local_view(ring_a, slot + cid * STAGES),
                                    tlx.local_view(ring_b, slot), acc)
                acc = tlx.async_dot_wait(0, acc)
                tlx.barrier_arrive(tlx.local_view(empty, slot))
            cm = pid_m * BM + cid * HALF + tl.arange(0, HALF)
            cn = pid_n * BN + tl.arange(0, BN)
            tl.store(c_ptr + cm[:, None] * ldc + cn[None, :],
                     acc.to(tlx.dtype_of(c_ptr)),
                     mask=(cm[:, None] < M) & (cn[None, :] < N))


def ws_gemm_check():
    """ws_gemm above: a TMA producer task and two 4-warp consumer replicas
    (uTLX's cooperative structure, one tile per program), checked at an odd
    shape and timed against cuBLAS."""
    from triton.testing import do_bench
    from trident.tools.tensor_descriptor import TensorDescriptor
    for m, n, k in ((1000, 520, 700), (4096, 4096, 4096), (8192, 8192, 8192),
                    (8192, 8192, 1024)):
        a = torch.randn(m, k, device="cuda", dtype=torch.float16)
        b = torch.randn(k, n, device="cuda", dtype=torch.float16)
        c = torch.full((m, n), float("nan"), device="cuda",
                       dtype=torch.float16)

        def run():
            da = TensorDescriptor(a, [m, k], [k, 1], [64, 64])
            db = TensorDescriptor(b, [k, n], [n, 1], [64, 256])
            grid = (trident.cdiv(m, 128), trident.cdiv(n, 256))
            ws_gemm[grid](da, db, c, m, n, k, c.stride(0), BM=128, BN=256,
                          BK=64, STAGES=3, num_warps=4)
        run()
        ref = a.float() @ b.float()
        rel = ((c.float() - ref).norm() / ref.norm()).item()
        name = "ws_gemm %dx%dx%d" % (m, n, k)
        ok = rel < 1e-2
        print("%-34s %s  rel err %.2e" % (name, "PASS" if ok else "FAIL", rel))
        if not ok:
            FAILED.append(name)
            continue
        if m < 4096:
            continue
        ours, cublas = [], []
        for _ in range(3):
            ours.append(do_bench(run))
            cublas.append(do_bench(lambda: torch.matmul(a, b)))
        t, r = sorted(ours)[1], sorted(cublas)[1]
        flops = 2.0 * m * n * k
        print("    trident %.0f TFLOP/s  cuBLAS %.0f TFLOP/s  ratio %.3f"
              % (flops / t * 1e-9, flops / r * 1e-9, r / t))


def tma_gemm_check():
    """tma_gemm above (written here, in uTLX's idiom) at an odd shape and
    the GEMM shapes, against torch and cuBLAS."""
    from triton.testing import do_bench
    from trident.tools.tensor_descriptor import TensorDescriptor
    for m, n, k in ((1000, 520, 700), (4096, 4096, 4096), (8192, 8192, 8192),
                    (8192, 8192, 1024)):
        a = torch.randn(m, k, device="cuda", dtype=torch.float16)
        b = torch.randn(k, n, device="cuda", dtype=torch.float16)
        c = torch.full((m, n), float("nan"), device="cuda",
                       dtype=torch.float16)

        def run():
            da = TensorDescriptor(a, [m, k], [k, 1], [128, 64])
            db = TensorDescriptor(b, [k, n], [n, 1], [64, 256])
            grid = (trident.cdiv(m, 128), trident.cdiv(n, 256))
            tma_gemm[grid](da, db, c, m, n, k, c.stride(0), BM=128, BN=256,
                           BK=64, STAGES=3, num_warps=8)
        run()
        ref = a.float() @ b.float()
        rel = ((c.float() - ref).norm() / ref.norm()).item()
        name = "tma_gemm %dx%dx%d" % (m, n, k)
        ok = rel < 1e-2
        print("%-34s %s  rel err %.2e" % (name, "PASS" if ok else "FAIL", rel))
        if not ok:
            FAILED.append(name)
            continue
        if m < 4096:
            continue
        ours, cublas = [], []
        for _ in range(3):
            ours.append(do_bench(run))
            cublas.append(do_bench(lambda: torch.matmul(a, b)))
        t, r = sorted(ours)[1], sorted(cublas)[1]
        flops = 2.0 * m * n * k
        print("    trident %.0f TFLOP/s  cuBLAS %.0f TFLOP/s  ratio %.3f"
              % (flops / t * 1e-9, flops / r * 1e-9, r / t))


def utlx_cooperative(name="hopper-persistent-gemm-ws-cooperative.py",
                     label="utlx cooperative"):
    """uTLX's hopper-persistent-gemm-ws-cooperative.py (or, with `name`,
    the ping-pong one) as shipped (its autotuned configs and host wrapper),
    imports changed: checked against torch, then timed beside cuBLAS at the
    five GEMM shapes."""
    mod = tutorial(name, ["matmul_tlx_ws_persistent", "alloc_fn"])
    if mod is None:
        return
    from triton.testing import do_bench
    trident.set_allocator(mod.alloc_fn)
    for m, n, k in ((4096, 4096, 4096), (8192, 8192, 8192),
                    (16384, 8192, 8192), (8192, 8192, 1024),
                    (65536, 1024, 1024)):
        a = torch.randn(m, k, device="cuda", dtype=torch.float16)
        b = torch.randn(k, n, device="cuda", dtype=torch.float16)
        c = mod.matmul_tlx_ws_persistent(a, b)
        ref = a.float() @ b.float()
        rel = ((c.float() - ref).norm() / ref.norm()).item()
        name = "%s %dx%dx%d" % (label, m, n, k)
        ok = rel < 1e-2
        print("%-34s %s  rel err %.2e" % (name, "PASS" if ok else "FAIL", rel))
        if not ok:
            FAILED.append(name)
            continue
        ours, cublas = [], []
        for _ in range(3):
            ours.append(do_bench(lambda: mod.matmul_tlx_ws_persistent(a, b)))
            cublas.append(do_bench(lambda: torch.matmul(a, b)))
        t, r = sorted(ours)[1], sorted(cublas)[1]
        flops = 2.0 * m * n * k
        print("    trident %.0f TFLOP/s  cuBLAS %.0f TFLOP/s  ratio %.3f"
              % (flops / t * 1e-9, flops / r * 1e-9, r / t))


def main():
    x = torch.randn(3 * 256, device="cuda", dtype=torch.float16)
    y = torch.full((3 * 256,), float("nan"), device="cuda")
    reverse_rows[(1,)](x, y, BLOCK=256, NUM=3)
    check("reverse_rows 3x256 fp16", y,
          x.double().view(3, 256).flip(0).reshape(-1) * 2)

    x = torch.randn(4 * 64 * 64, device="cuda", dtype=torch.float16)
    y = torch.full((64 * 64,), float("nan"), device="cuda")
    tile_sum[(1,)](x, y, BLOCK=64, NUM=4)
    check("tile_sum 4x64x64 fp16", y,
          x.double().view(4, 64 * 64).sum(0), tol=1e-5)
    for name, fn in (("gemm_pipelined", gemm_pipelined),
                     ("tma_gemm", tma_gemm_check),
                     ("ws_gemm", ws_gemm_check),
                     ("utlx_cooperative", utlx_cooperative),
                     ("utlx_pingpong", lambda: utlx_cooperative(
                         "hopper-persistent-gemm-ws-pingpong.py",
                         "utlx ping-pong"))):
        try:
            fn()
        except Exception as e:  # a row with the error, not a crash
            print("%s FAIL  %s: %s" % (name, type(e).__name__,
                                       str(e).splitlines()[0][:300]))
            FAILED.append(name)
    return 1 if FAILED else 0


if __name__ == "__main__":
    sys.exit(main())

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
sys.path.insert(0, os.path.join(ROOT, "python", "test"))
from kernels import tlx_kernels  # noqa: E402  (needs the plugin loaded)

FAILED = []


def check(name, out, ref, tol=0.0):
    err = float("nan") if torch.isnan(out).any() else \
        (out.double() - ref).abs().max().item()
    ok = err <= tol
    print("%-34s %s  max abs err %g" % (name, "PASS" if ok else "FAIL", err))
    if not ok:
        FAILED.append(name)


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
    check_and_time("gemm_pipelined", lambda a, b, c: mod.matmul(a, b),
                   GEMM_SHAPES, odd=False)


def check_and_time(label, launch, shapes, odd=True):
    """For each (m, n, k): fresh fp16 inputs, the output pre-filled with
    NaN, `launch(a, b, c)` (returning the result, or None for `c`) checked
    against torch in fp32 (relative error under 1e-2), then timed beside
    torch.matmul (do_bench medians, three interleaved rounds, the middle
    one). With `odd`, first a 1000x520x700 run (edges in every dimension),
    checked only."""
    from triton.testing import do_bench
    odd_shape = (1000, 520, 700)
    for m, n, k in ((odd_shape,) if odd else ()) + tuple(shapes):
        a = torch.randn(m, k, device="cuda", dtype=torch.float16)
        b = torch.randn(k, n, device="cuda", dtype=torch.float16)
        c = torch.full((m, n), float("nan"), device="cuda",
                       dtype=torch.float16)
        out = launch(a, b, c)
        out = c if out is None else out
        ref = a.float() @ b.float()
        rel = ((out.float() - ref).norm() / ref.norm()).item()
        name = "%s %dx%dx%d" % (label, m, n, k)
        ok = rel < 1e-2
        print("%-34s %s  rel err %.2e" % (name, "PASS" if ok else "FAIL", rel))
        if not ok:
            FAILED.append(name)
            continue
        if (m, n, k) == odd_shape:
            continue
        ours, cublas = [], []
        for _ in range(3):
            ours.append(do_bench(lambda: launch(a, b, c)))
            cublas.append(do_bench(lambda: torch.matmul(a, b)))
        t, r = sorted(ours)[1], sorted(cublas)[1]
        flops = 2.0 * m * n * k
        print("    trident %.0f TFLOP/s  cuBLAS %.0f TFLOP/s  ratio %.3f"
              % (flops / t * 1e-9, flops / r * 1e-9, r / t))


def tma_gemm_check():
    """tlx_kernels.tma_gemm (TMA into rings, mbarriers per slot)."""
    from trident.tools.tensor_descriptor import TensorDescriptor

    def launch(a, b, c):
        (m, k), n = a.shape, b.shape[1]
        da = TensorDescriptor(a, [m, k], [k, 1], [128, 64])
        db = TensorDescriptor(b, [k, n], [n, 1], [64, 256])
        grid = (trident.cdiv(m, 128), trident.cdiv(n, 256))
        tlx_kernels.tma_gemm[grid](da, db, c, m, n, k, c.stride(0), BM=128,
                                BN=256, BK=64, STAGES=3, num_warps=8)
    check_and_time("tma_gemm", launch, GEMM_SHAPES)


def ws_gemm_check():
    """tlx_kernels.ws_gemm: a TMA producer task and two 4-warp consumer
    replicas (uTLX's cooperative structure, one tile per program)."""
    from trident.tools.tensor_descriptor import TensorDescriptor

    def launch(a, b, c):
        (m, k), n = a.shape, b.shape[1]
        da = TensorDescriptor(a, [m, k], [k, 1], [64, 64])
        db = TensorDescriptor(b, [k, n], [n, 1], [64, 256])
        grid = (trident.cdiv(m, 128), trident.cdiv(n, 256))
        tlx_kernels.ws_gemm[grid](da, db, c, m, n, k, c.stride(0), BM=128,
                               BN=256, BK=64, STAGES=3, num_warps=4)
    check_and_time("ws_gemm", launch, GEMM_SHAPES)


def utlx_cooperative(name="hopper-persistent-gemm-ws-cooperative.py",
                     label="utlx cooperative"):
    """uTLX's hopper-persistent-gemm-ws-cooperative.py (or, with `name`,
    the ping-pong one) as shipped (its autotuned configs and host wrapper),
    imports changed: checked against torch, then timed beside cuBLAS at the
    five GEMM shapes."""
    mod = tutorial(name, ["matmul_tlx_ws_persistent", "alloc_fn"])
    if mod is None:
        return
    trident.set_allocator(mod.alloc_fn)
    check_and_time(label, lambda a, b, c: mod.matmul_tlx_ws_persistent(a, b),
                   GEMM_SHAPES[:2] + ((16384, 8192, 8192),) + GEMM_SHAPES[2:]
                   + ((65536, 1024, 1024),), odd=False)


def main():
    x = torch.randn(3 * 256, device="cuda", dtype=torch.float16)
    y = torch.full((3 * 256,), float("nan"), device="cuda")
    tlx_kernels.reverse_rows[(1,)](x, y, BLOCK=256, NUM=3)
    check("reverse_rows 3x256 fp16", y,
          x.double().view(3, 256).flip(0).reshape(-1) * 2)

    x = torch.randn(4 * 64 * 64, device="cuda", dtype=torch.float16)
    y = torch.full((64 * 64,), float("nan"), device="cuda")
    tlx_kernels.tile_sum[(1,)](x, y, BLOCK=64, NUM=4)
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

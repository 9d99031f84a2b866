"""uTLX's own Hopper tutorials on the CPU target, at small shapes.

    TRIDENT_TARGET=cpu python3 bench/tlx/cpu_check.py [NAME...]

Each tutorial (uTLX's tutorials/, kept in the ignored .peer/tlx: see
bench/NOTES.md for how to fetch them; TLX_TUTORIALS names another folder,
e.g. the copy in the uTLX 3.8 wheel) is loaded with its imports made
Trident's (bench/peer/loader.py) and run through its own host wrapper, as
shipped (its autotuned configs), on CPU tensors; outputs are checked
against torch in float64 (relative error under 1e-2). On the CPU target
each TLX task is a thread and barriers are the runtime's (tlx-lower-to-cpu).
Prints one line per check; exits non-zero when any fails.
"""
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "python"))
sys.path.insert(0, os.path.join(ROOT, "bench", "peer"))
os.environ.setdefault("TRIDENT_TARGET", "cpu")

import torch  # noqa: E402
import trident  # noqa: E402
trident.load_plugin(os.path.join(ROOT, "build", "plugins", "libTlxPlugin.so"))
import loader  # noqa: E402

FAILED = []

# The persistent tutorials size their grids by the GPU's SM count, read
# from torch (torch.cuda.get_device_properties(DEVICE)); on a machine with
# no GPU, torch has none to give: the CPU's cores stand in.
if not torch.cuda.is_available():
    import types
    torch.cuda.get_device_properties = lambda device=None: \
        types.SimpleNamespace(multi_processor_count=os.cpu_count() or 1,
                              name="cpu")


def tutorial(name, roots):
    path = os.path.join(os.environ.get(
        "TLX_TUTORIALS", os.path.join(ROOT, ".peer", "tlx")), name)
    if not os.path.exists(path):
        print("%-44s MISSING %s" % (name, path))
        FAILED.append(name)
        return None
    return loader.load(path, roots, "trident")


def verdict(label, out, ref, t0):
    out = out.double()
    rel = float("nan") if torch.isnan(out).any() else \
        ((out - ref).norm() / ref.norm()).item()
    ok = rel < 1e-2
    print("%-44s %s  rel err %.2e  (%.1f s)" % (label, "PASS" if ok else "FAIL",
                                               rel, time.time() - t0))
    if not ok:
        FAILED.append(label)


def vector_add():
    mod = tutorial("vector-add2.py", ["add2_warp_specialized"])
    if mod is None:
        return
    t0 = time.time()
    x, y, a, b = (torch.rand(98432) for _ in range(4))
    o1, o2 = mod.add2_warp_specialized(x, y, a, b)
    verdict("vector-add2 ws", torch.cat([o1, o2]),
            torch.cat([x + y, a + b]).double(), t0)


def gemm(name, roots, call, shapes):
    mod = tutorial(name, roots)
    if mod is None:
        return
    if hasattr(mod, "alloc_fn"):
        trident.set_allocator(mod.alloc_fn)
    for m, n, k in shapes:
        t0 = time.time()
        a = torch.randn(m, k, dtype=torch.float16)
        b = torch.randn(k, n, dtype=torch.float16)
        verdict("%s %dx%dx%d" % (name[:-3], m, n, k), call(mod, a, b),
                a.double() @ b.double(), t0)


def attention(name, kernel):
    mod = tutorial(name, ["attention", kernel])
    if mod is None:
        return
    for z, h, n, d in ((1, 2, 256, 128),):
        t0 = time.time()
        q, k, v = (torch.randn(z, h, n, d, dtype=torch.float16)
                   for _ in range(3))
        scale = d ** -0.5
        out = mod.attention(q, k, v, scale)
        p = torch.softmax(q.double() @ k.double().transpose(-1, -2) * scale,
                          -1)
        verdict("%s %dx%dx%dx%d" % (name[:-3], z, h, n, d), out,
                p @ v.double(), t0)


CHECKS = {
    "vector_add": vector_add,
    "gemm_pipelined": lambda: gemm(
        "hopper_gemm_pipelined.py", ["matmul"],
        lambda mod, a, b: mod.matmul(a, b), ((256, 256, 128),)),
    "cooperative": lambda: gemm(
        "hopper-persistent-gemm-ws-cooperative.py",
        ["matmul_tlx_ws_persistent", "alloc_fn"],
        lambda mod, a, b: mod.matmul_tlx_ws_persistent(a, b),
        ((256, 256, 128),)),
    "pingpong": lambda: gemm(
        "hopper-persistent-gemm-ws-pingpong.py",
        ["matmul_tlx_ws_persistent", "alloc_fn"],
        lambda mod, a, b: mod.matmul_tlx_ws_persistent(a, b),
        ((256, 256, 128),)),
    "gemm_ws": lambda: gemm(
        "hopper_gemm_ws.py", ["matmul", "alloc_fn"],
        lambda mod, a, b: mod.matmul(a, b), ((256, 256, 128),)),
    "gemm_ws_warp_barrier": lambda: gemm(
        "hopper_gemm_ws.py", ["matmul", "alloc_fn"],
        lambda mod, a, b: mod.matmul(a, b, config=dict(
            BM=128, BN=128, BK=64, GROUP_SIZE_M=8, NUM_STAGES=2,
            NUM_MMA_WARPS=8, NUM_MMA_GROUPS=2, EPILOGUE_SUBTILE=True,
            NUM_CTAS=1, USE_WARP_BARRIER=True)), ((256, 256, 128),)),
    "fa_ws": lambda: attention("hopper_fa_ws.py", "_attn_fwd_ws"),
    "fa_ws_pipelined": lambda: attention("hopper_fa_ws_pipelined.py",
                                         "_attn_fwd_ws_pipelined"),
    "fa_ws_pipelined_pingpong": lambda: attention(
        "hopper_fa_ws_pipelined_pingpong.py",
        "_attn_fwd_ws_pipelined_pingpong"),
    "fa_ws_pipelined_pingpong_persistent": lambda: attention(
        "hopper_fa_ws_pipelined_pingpong_persistent.py",
        "_attn_fwd_ws_pipelined_pingpong_persistent"),
}


def main():
    only = sys.argv[1:]
    for name, fn in CHECKS.items():
        if only and name not in only:
            continue
        try:
            fn()
        except Exception as e:  # a row with the error, not a crash
            print("%-44s FAIL  %s: %s" % (name, type(e).__name__,
                                          str(e).splitlines()[0][:400]))
            FAILED.append(name)
    return 1 if FAILED else 0


if __name__ == "__main__":
    sys.exit(main())

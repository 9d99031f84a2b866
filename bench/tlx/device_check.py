"""On the GPU machine: the TLX plugin's kernels run and match torch.

    python3 bench/tlx/device_check.py [NAME...]

NAMEs pick checks (rings, gemm_pipelined, tma_gemm, ws_gemm,
example_persistent_ws, example_pipelined, example_pingpong,
example_cluster, example_attention, utlx_cooperative, utlx_pingpong,
utlx_vector_add, hopper_fa_ws, hopper_fa_ws_pipelined, ...); none runs them
all.

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
    path = os.path.join(os.environ.get(
        "TLX_TUTORIALS", os.path.join(ROOT, ".peer", "tlx")), name)
    if not os.path.exists(path):
        print("%-34s MISSING  %s (copy uTLX's tutorials there)" % (name, path))
        FAILED.append(name)
        return None
    sys.path.insert(0, os.path.join(ROOT, "bench", "peer"))
    import loader
    return loader.load(path, roots, "trident")


# The GEMM shapes of DESIGN.md's anchors (m, n, k).
GEMM_SHAPES = ((4096, 4096, 4096), (8192, 8192, 8192), (8192, 8192, 1024))


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
    one). With `odd`, first a 1000x520x712 run (edges in every dimension),
    checked only."""
    from triton.testing import do_bench
    odd_shape = (1000, 520, 712)  # K: TMA rows of 16-byte multiples
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


def example_persistent_ws():
    """plugins/tlx/examples/gemm_persistent_ws.py (issue 26), fp16 here as
    the other checks (the kernel takes bf16 alike), 128x256x64 tiles, 3
    stages, one program per SM."""
    sys.path.insert(0, os.path.join(ROOT, "plugins", "tlx", "examples"))
    import gemm_persistent_ws as G
    check_and_time("example persistent ws", lambda a, b, c: G.matmul(a, b, c),
                   GEMM_SHAPES)


def example_pipelined():
    """plugins/tlx/examples/gemm_pipelined.py (issue 26): one tile per
    program, TMA ring of 3 stages, one wgmma in flight, 128x256x64 tiles,
    8 warps, TMA store."""
    sys.path.insert(0, os.path.join(ROOT, "plugins", "tlx", "examples"))
    import gemm_pipelined as G
    check_and_time("example pipelined", lambda a, b, c: G.matmul(a, b, c),
                   GEMM_SHAPES)


def example_pingpong():
    """plugins/tlx/examples/gemm_pingpong.py (issue 26): persistent, a TMA
    producer and two consumer warpgroups taking whole 128x128 tiles in
    turn (named barriers 9 and 10 order their main loops), 4 stages."""
    sys.path.insert(0, os.path.join(ROOT, "plugins", "tlx", "examples"))
    import gemm_pingpong as G
    check_and_time("example ping-pong", lambda a, b, c: G.matmul(a, b, c),
                   GEMM_SHAPES)


def example_cluster(multicast=True):
    """plugins/tlx/examples/gemm_cluster.py (issue 26): persistent and
    warp-specialized in 2-CTA clusters, the CTAs of a cluster on vertically
    adjacent 128x256 tiles, each loading half of the shared B slice by
    multicast TMA; with multicast=False the same pairs without clusters
    (each CTA loads all of B), for comparison."""
    sys.path.insert(0, os.path.join(ROOT, "plugins", "tlx", "examples"))
    import gemm_cluster as G
    check_and_time("example cluster" + ("" if multicast else " (no mc)"),
                   lambda a, b, c: G.matmul(a, b, c, multicast=multicast),
                   GEMM_SHAPES)


# (Z, H, N_CTX) for example_attention, at each head dim, causal and not.
ATTENTION_SHAPES = ((4, 32, 1024), (4, 32, 4096), (1, 32, 16384))


def example_attention():
    """plugins/tlx/examples/attention_fwd.py (issue 26): a TMA producer
    and two consumer warpgroups of 64 query rows each, K/V rings, fp16, at
    its defaults (BLOCK_M 128, 128-key blocks; 3 stages at d64, 2 at
    d128), heads of 64 and 128, causal and not: checked against torch's
    attention in fp32 (relative error under 1e-2), timed beside torch's
    scaled_dot_product_attention in fp16 (do_bench medians, three
    interleaved rounds, the middle one). At d128 the other configuration
    that builds without spills (64-key blocks, 3 stages) is timed too, and
    at both head dims the consumers taking turns (pingpong=True), each
    checked first."""
    from triton.testing import do_bench
    sys.path.insert(0, os.path.join(ROOT, "plugins", "tlx", "examples"))
    import attention_fwd as A
    sdpa = torch.nn.functional.scaled_dot_product_attention
    for d in (64, 128):
        for causal in (False, True):
            for z, h, n in ATTENTION_SHAPES:
                torch.manual_seed(0)
                q, k, v = (torch.randn(z, h, n, d, device="cuda",
                                       dtype=torch.float16)
                           for _ in range(3))
                scale = d ** -0.5
                label = "example attention %dx%dx%dx%d%s" % (
                    z, h, n, d, " causal" if causal else "")
                out = A.attention(q, k, v, causal, scale)
                ref = sdpa(q.float(), k.float(), v.float(), scale=scale,
                           is_causal=causal)
                rel = ((out.float() - ref).norm() / ref.norm()).item()
                ok = rel < 1e-2 and not torch.isnan(out).any()
                print("%-44s %s  rel err %.2e" % (
                    label, "PASS" if ok else "FAIL", rel))
                del ref
                if not ok:
                    FAILED.append(label)
                    continue
                configs = [("", {})]
                if d == 128:
                    configs.append((" (64-key blocks, 3 stages)",
                                    dict(BLOCK_N=64, STAGES=3)))
                configs.append((" (ping-pong)", dict(pingpong=True)))
                flops = 4.0 * z * h * n * n * d * (0.5 if causal else 1.0)
                for what, cfg in configs:
                    if cfg:
                        o2 = A.attention(q, k, v, causal, scale, **cfg)
                        ref = sdpa(q.float(), k.float(), v.float(),
                                   scale=scale, is_causal=causal)
                        rel = ((o2.float() - ref).norm() / ref.norm()).item()
                        del ref
                        if not rel < 1e-2 or torch.isnan(o2).any():
                            print("%-44s FAIL  rel err %.2e%s" % (
                                label, rel, what))
                            FAILED.append(label + what)
                            continue
                    ours, ref_t = [], []
                    for _ in range(3):
                        ours.append(do_bench(lambda: A.attention(
                            q, k, v, causal, scale, **cfg)))
                        ref_t.append(do_bench(lambda: sdpa(
                            q, k, v, scale=scale, is_causal=causal)))
                    t, r = sorted(ours)[1], sorted(ref_t)[1]
                    print("    trident %.0f TFLOP/s  SDPA %.0f TFLOP/s  "
                          "ratio %.3f%s" % (flops / t * 1e-9,
                                            flops / r * 1e-9, r / t, what))


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


# uTLX's Hopper attention tutorials: (file, kernel) and the head dims the
# tutorial's configs allow (BLOCK_N <= HEAD_DIM: 128 only, except the
# persistent one's).
FA_TUTORIALS = (
    ("hopper_fa_ws.py", "_attn_fwd_ws"),
    ("hopper_fa_ws_pipelined.py", "_attn_fwd_ws_pipelined"),
    ("hopper_fa_ws_pipelined_pingpong.py", "_attn_fwd_ws_pipelined_pingpong"),
    ("hopper_fa_ws_pipelined_pingpong_persistent.py",
     "_attn_fwd_ws_pipelined_pingpong_persistent"),
)
# (Z, H, N_CTX, HEAD_DIM): the first checked only, the rest timed too.
FA_SHAPES = ((1, 4, 1024, 128), (4, 32, 1024, 128), (4, 32, 4096, 128),
             (1, 32, 16384, 128))


def utlx_attention(name, kernel):
    """A uTLX Hopper attention tutorial as shipped (autotuned configs, its
    host `attention`), fp16, non-causal: checked against torch's attention
    in fp32 (relative error under 1e-2), timed beside torch's
    scaled_dot_product_attention in fp16."""
    from triton.testing import do_bench
    mod = tutorial(name, ["attention", kernel])
    if mod is None:
        return
    sdpa = torch.nn.functional.scaled_dot_product_attention
    for i, (z, h, n, d) in enumerate(FA_SHAPES):
        q, k, v = (torch.randn(z, h, n, d, device="cuda",
                               dtype=torch.float16) for _ in range(3))
        scale = d ** -0.5
        out = mod.attention(q, k, v, scale)
        ref = sdpa(q.float(), k.float(), v.float(), scale=scale)
        rel = ((out.float() - ref).norm() / ref.norm()).item()
        label = "%s %dx%dx%dx%d" % (name[:-3], z, h, n, d)
        ok = rel < 1e-2 and not torch.isnan(out).any()
        print("%-34s %s  rel err %.2e" % (label, "PASS" if ok else "FAIL",
                                           rel))
        if not ok:
            FAILED.append(label)
            continue
        if i == 0:
            continue
        ours, ref_t = [], []
        for _ in range(3):
            ours.append(do_bench(lambda: mod.attention(q, k, v, scale)))
            ref_t.append(do_bench(lambda: sdpa(q, k, v, scale=scale)))
        t, r = sorted(ours)[1], sorted(ref_t)[1]
        flops = 4.0 * z * h * n * n * d
        print("    trident %.0f TFLOP/s  SDPA %.0f TFLOP/s  ratio %.3f"
              % (flops / t * 1e-9, flops / r * 1e-9, r / t))


def utlx_vector_add():
    """vector-add2.py: two adds, one in the default task and one in a
    4-warp task, at the tutorial's size (98432), fp32."""
    mod = tutorial("vector-add2.py", ["add2_warp_specialized"])
    if mod is None:
        return
    x, y, a, b = (torch.rand(98432, device="cuda") for _ in range(4))
    o1, o2 = mod.add2_warp_specialized(x, y, a, b)
    check("utlx vector-add2 ws (x + y)", o1, x.double() + y.double(), 1e-6)
    check("utlx vector-add2 ws (a + b)", o2, a.double() + b.double(), 1e-6)


def tma_scale_check():
    """tlx_kernels.tma_scale: a TMA copy into a swizzled buffer, read into
    registers, doubled, stored into another swizzled buffer and out by a
    TMA store (200x136 fp16, edges in both dimensions)."""
    from trident.tools.tensor_descriptor import TensorDescriptor
    x = torch.randn(200, 136, device="cuda", dtype=torch.float16)
    y = torch.full((200, 136), float("nan"), device="cuda",
                   dtype=torch.float16)
    tlx_kernels.tma_scale[(4, 3)](
        TensorDescriptor(x, [200, 136], [136, 1], [64, 64]),
        TensorDescriptor(y, [200, 136], [136, 1], [64, 64]), BM=64, BN=64)
    check("tma_scale 200x136 fp16", y, 2 * x.double())


def clusters_check():
    """tlx_kernels.cluster_share in clusters of 2 CTAs (each loads half of a
    shared block by TMA multicast into both CTAs' buffers, after a remote
    arrive), and tma_halves (TMA loads into tlx.local_slice halves)."""
    from trident.tools.tensor_descriptor import TensorDescriptor
    x = torch.randn(256, 64, device="cuda", dtype=torch.float16)
    y = torch.full((8, 64, 64), float("nan"), device="cuda",
                   dtype=torch.float16)
    tlx_kernels.cluster_share[(8,)](
        TensorDescriptor(x, [256, 64], [64, 1], [32, 64]), y, BM=64, BN=64,
        ctas_per_cga=(2, 1, 1))
    want = x.view(4, 1, 64, 64).expand(4, 2, 64, 64).reshape(8, 64, 64)
    check("cluster_share 2-CTA multicast", y, want.double())
    xs = torch.randn(200, 136, device="cuda", dtype=torch.float16)
    for rows, (bm, bn), half in ((True, (64, 64), [32, 64]),
                                 (False, (64, 128), [64, 64])):
        ys = torch.full((200, 136), float("nan"), device="cuda",
                        dtype=torch.float16)
        tlx_kernels.tma_halves[(4, (136 + bn - 1) // bn)](
            TensorDescriptor(xs, [200, 136], [136, 1], half),
            TensorDescriptor(ys, [200, 136], [136, 1], [bm, bn]),
            BM=bm, BN=bn, ROWS=rows)
        check("tma_halves rows=%s" % rows, ys, (xs + 1).double())


def utlx_gemm_ws(clusters):
    """uTLX's hopper_gemm_ws.py: autotuned as shipped (its NUM_CTAS=2
    configs in clusters now), or one NUM_CTAS=2 config launched in 2-CTA
    clusters as its autotuner would (B multicast to both CTAs); checked
    against torch, timed beside cuBLAS."""
    mod = tutorial("hopper_gemm_ws.py", ["matmul", "alloc_fn",
                                         "matmul_kernel_tlx_ws"])
    if mod is None:
        return
    trident.set_allocator(mod.alloc_fn)
    if not clusters:
        check_and_time("utlx gemm_ws", lambda a, b, c: mod.matmul(a, b),
                       GEMM_SHAPES, odd=False)
        return
    from trident.tools.tensor_descriptor import TensorDescriptor
    cfg = dict(BM=128, BN=256, BK=64, GROUP_SIZE_M=8, NUM_STAGES=3,
               NUM_MMA_WARPS=8, NUM_MMA_GROUPS=2, EPILOGUE_SUBTILE=True,
               NUM_CTAS=2, USE_WARP_BARRIER=False)
    sms = torch.cuda.get_device_properties("cuda").multi_processor_count

    def launch(a, b, c):
        m, k = a.shape
        n = b.shape[1]
        split = cfg["BM"] // cfg["NUM_MMA_GROUPS"]
        da = TensorDescriptor(a, a.shape, a.stride(), [split, cfg["BK"]])
        db = TensorDescriptor(b, b.shape, b.stride(),
                              [cfg["BK"], cfg["BN"] // 2])
        dc = TensorDescriptor(c, c.shape, c.stride(),
                              [split, cfg["BN"] // 2])
        tiles = -(-m // cfg["BM"]) * -(-n // cfg["BN"])
        grid = (min(sms, tiles) // 2 * 2,)
        mod.matmul_kernel_tlx_ws.fn[grid](
            da, db, dc, m, n, k, A_ROW_MAJOR=True, B_ROW_MAJOR=True,
            NUM_SMS=grid[0], num_warps=4, num_stages=1,
            ctas_per_cga=(2, 1, 1), **cfg)
    check_and_time("utlx gemm_ws 2-CTA clusters", launch, GEMM_SHAPES,
                   odd=False)


def stored_descriptors_check():
    """Descriptors made by a 1-warp task into storage of the kernel's own
    (tlx.allocate_tensor_descriptor) and read back
    (tlx.reinterpret_tensor_descriptor), one per group, two slots in turn:
    groups of different widths, the columns past each read as zero."""
    trident.set_allocator(lambda size, align, stream: torch.empty(
        size, dtype=torch.int8, device="cuda"))
    m, n, g = 512, 64, 5
    x = torch.randn(g, m, n, device="cuda", dtype=torch.float16)
    y = torch.full((g, m, n), float("nan"), device="cuda",
                   dtype=torch.float16)
    tlx_kernels.stored_descriptors[(m // 64,)](x, y, m, n, BM=64, BN=64,
                                               GROUPS=g)
    want = x.double().clone()
    for i in range(g):
        want[i, :, n - 8 * i:] = 0
    check("stored_descriptors 5 groups", y, want)


def main():
    only = sys.argv[1:]
    if not only or "rings" in only:
        rings()
    checks = [("gemm_pipelined", gemm_pipelined),
              ("tma_gemm", tma_gemm_check),
              ("ws_gemm", ws_gemm_check),
              ("example_persistent_ws", example_persistent_ws),
              ("example_pipelined", example_pipelined),
              ("example_pingpong", example_pingpong),
              ("example_cluster", example_cluster),
              ("example_cluster_no_multicast",
               lambda: example_cluster(False)),
              ("example_attention", example_attention),
              ("utlx_cooperative", utlx_cooperative),
              ("utlx_pingpong", lambda: utlx_cooperative(
                  "hopper-persistent-gemm-ws-pingpong.py",
                  "utlx ping-pong")),
              ("utlx_vector_add", utlx_vector_add),
              ("tma_scale", tma_scale_check),
              ("clusters", clusters_check),
              ("stored_descriptors", stored_descriptors_check),
              ("utlx_gemm_ws", lambda: utlx_gemm_ws(False)),
              ("utlx_gemm_ws_clusters", lambda: utlx_gemm_ws(True))]
    checks += [(f[:-3], (lambda f=f, k=k: utlx_attention(f, k)))
               for f, k in FA_TUTORIALS]
    for name, fn in checks:
        if only and name not in only:
            continue
        try:
            fn()
        except Exception as e:  # a row with the error, not a crash
            print("%s FAIL  %s: %s" % (name, type(e).__name__,
                                       str(e).splitlines()[0][:300]))
            FAILED.append(name)
    return 1 if FAILED else 0


def rings():
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


if __name__ == "__main__":
    sys.exit(main())

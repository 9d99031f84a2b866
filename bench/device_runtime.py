"""On the GPU machine (device tool, .dev/ carried after bench/pack_runtime.sh):
Trident's Python runtime on the H200, against torch and Triton 3.6 in the
same process.

    python3 bench/device_runtime.py [--quick] [--only 1,4,4d]

1. Correctness, torch tensors and the tutorials' launch code, float64
   references: vector add, fused softmax, layer-norm forward, the grouped
   matmul (bf16 in, fp32 acc, bf16 out), outputs pre-filled with NaN.
2. Host cost per launch of a tiny kernel (one program, 16 elements):
   Trident, Triton (the same source) and torch.add, rounds interleaved,
   median of 5 rounds of 5000 launches each.
3. A CUDA graph of 100 Trident launches, replayed 3 times, checked.
4. The matmul (128x256x64, 8 warps, 3 stages) through kernel[grid], Triton
   on the same source, cuBLAS (torch.matmul): 4096^3, 8192^3,
   8192x8192x1024, do_bench medians over 3 interleaved rounds; the same
   for the TMA matmul (examples/python/matmul_tma.py). 4b: best of 3
   configs (pointer loads); 4c: the K=1024 split (no tile store); 4d:
   best of 3 configs (TMA).
5. Cold compile of the matmul (Trident in-process; Triton with an empty
   cache) and `import trident` in a fresh process.
6. First call in a new process with a warm disk cache. 7. autotune on the
   GPU. 8. Resource limits: too many threads, too much shared memory.
9. num_ctas > 1. 10. tl.warp_specialize (groups of warps at once).
11. Hardening (issue 13): fp8 tiles loaded and stored as themselves and
   rank-0 tiles, the kernels of python/test/test_f8_rank0.py on CUDA
   tensors, against torch's own fp8 conversions and float64 sums.
"""
import importlib.util
import os
import statistics
import subprocess
import sys
import time

from runtime_archive import DEST, unpack

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
QUICK = "--quick" in sys.argv
# --only 4,4d: just those sections.
ONLY = (sys.argv[sys.argv.index("--only") + 1].split(",")
        if "--only" in sys.argv else None)


# Where the example kernels are, and the directory that holds the
# `trident` package (for the fresh processes of sections 5 and 6).
EXAMPLES, PYPATH = unpack()
t0 = time.perf_counter()
import trident  # noqa: E402
import trident.language as tl  # noqa: E402
IMPORT_S = time.perf_counter() - t0
import torch  # noqa: E402
import triton  # noqa: E402
import triton.language  # noqa: E402
from triton.testing import do_bench  # noqa: E402

FAILURES = []


def report(name, ok, detail):
    print("%-40s %s  %s" % (name, "PASS" if ok else "FAIL", detail))
    if not ok:
        FAILURES.append(name)


def rel_err(out, ref):
    if torch.isnan(out).any():
        return float("nan")
    return ((out.double() - ref).abs().max() / ref.abs().max()).item()


def variants_pipeline():
    """Loads the pipeline-variants example plugin (packed next to the core)
    and returns the name of its pipeline to time next to the default (the
    copies at the top of each iteration: the default's order before
    copy-order=auto), or None without it."""
    name = "copies-at-top"
    if name in trident.pipeline_names():
        return name
    path = os.path.join(os.path.dirname(trident.__file__), "_lib", "plugins",
                        "libPipelineVariantsPlugin.so")
    if not os.path.exists(path):
        print("  (no %s: the pipeline-variants rows are skipped)" % path)
        return None
    trident.load_plugin(path)
    return name


def under(pipeline, fn):
    """fn run with its kernels compiled under `pipeline`."""
    def run():
        with trident.pipeline(pipeline):
            return fn()
    return run


def load_on_triton(path, name):
    """`path` imported with `trident` bound to Triton (the same source)."""
    saved = {k: sys.modules.get(k) for k in ("trident", "trident.language")}
    sys.modules["trident"] = triton
    sys.modules["trident.language"] = triton.language
    try:
        spec = importlib.util.spec_from_file_location(name + "_triton", path)
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
    finally:
        for k, v in saved.items():
            sys.modules[k] = v
    return mod


# ---------------------------------------------------------------- 1. checks
SRC_SCAN = """
import trident
import trident.language as tl

@trident.jit
def cumsum_rows(x_ptr, y_ptr, REVERSE: tl.constexpr):
    offs = tl.arange(0, 64)[:, None] * 512 + tl.arange(0, 512)[None, :]
    tl.store(y_ptr + offs, tl.cumsum(tl.load(x_ptr + offs), 1,
                                     reverse=REVERSE))

@trident.jit
def _max_first(av, ai, bv, bi):
    take_b = bv > av
    return tl.where(take_b, bv, av), tl.where(take_b, bi, ai)

@trident.jit
def running_argmax(x_ptr, max_ptr, idx_ptr):
    offs = tl.arange(0, 4096)
    v, i = tl.associative_scan((tl.load(x_ptr + offs), offs), 0, _max_first)
    tl.store(max_ptr + offs, v)
    tl.store(idx_ptr + offs, i)
"""


def _module_from_source(name, source):
    path = "/tmp/%s.py" % name
    with open(path, "w") as f:
        f.write(source)
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def checks():
    print("== 1. correctness on the GPU (torch tensors, float64 references)")
    from vector_add import add_kernel
    torch.manual_seed(0)
    x, y = torch.rand(98432, device="cuda"), torch.rand(98432, device="cuda")
    out = torch.full_like(x, float("nan"))
    n = out.numel()
    add_kernel[lambda m: (triton.cdiv(n, m["BLOCK_SIZE"]),)](
        x, y, out, n, BLOCK_SIZE=1024)
    e = rel_err(out, x.double() + y.double())
    report("vector_add fp32 98432", e < 1e-6, "rel err %.2e" % e)

    from softmax import softmax_kernel
    x = torch.randn(1823, 781, device="cuda")
    y = torch.full_like(x, float("nan"))
    rows, cols = x.shape
    progs = 132 * 4
    softmax_kernel[(progs,)](y, x, x.stride(0), y.stride(0), rows, cols,
                             BLOCK_SIZE=triton.next_power_of_2(cols),
                             ROWS_PER_PROGRAM=triton.cdiv(rows, progs),
                             num_warps=8)
    e = rel_err(y, torch.softmax(x.double(), 1))
    report("softmax fp32 1823x781", e < 1e-5, "rel err %.2e" % e)

    # Scans across registers, lanes and warps (both directions, and a
    # two-value scan through tl.associative_scan).
    mod = _module_from_source("scan_checks", SRC_SCAN)
    x = torch.randn(64, 512, device="cuda")
    for rev in (False, True):
        y = torch.full_like(x, float("nan"))
        mod.cumsum_rows[(1,)](x, y, REVERSE=rev, num_warps=4)
        ref = x.double().flip(1).cumsum(1).flip(1) if rev else \
            x.double().cumsum(1)
        e = rel_err(y, ref)
        report("cumsum 64x512%s" % (" reverse" if rev else ""), e < 1e-5,
               "rel err %.2e" % e)
    v = torch.randn(4096, device="cuda")
    mx = torch.full_like(v, float("nan"))
    idx = torch.full((4096,), -1, device="cuda", dtype=torch.int32)
    mod.running_argmax[(1,)](v, mx, idx, num_warps=8)
    ref_max = torch.cummax(v.double(), 0)
    ok = bool(torch.equal(mx.double(), ref_max.values) and
              torch.equal(idx.long(), ref_max.indices))
    report("running max + argmax 4096 (two-value)", ok, "")

    from layer_norm import layer_norm_fwd
    M, N = 1151, 8192
    x = torch.randn(M, N, device="cuda")
    w = torch.rand(N, device="cuda")
    b = torch.rand(N, device="cuda")
    y = torch.full_like(x, float("nan"))
    mean = torch.empty(M, device="cuda")
    rstd = torch.empty(M, device="cuda")
    layer_norm_fwd[(M,)](x, y, w, b, mean, rstd, x.stride(0), N, 1e-5,
                         BLOCK_SIZE=1024, num_warps=8)
    ref = torch.nn.functional.layer_norm(x.double(), (N,), w.double(),
                                         b.double(), 1e-5)
    e = rel_err(y, ref)
    report("layer_norm fwd fp32 1151x8192", e < 1e-5, "rel err %.2e" % e)

    from layer_norm import layer_norm_bwd_dx, layer_norm_bwd_dwdb
    xr = x.double().requires_grad_(True)
    wr = w.double().requires_grad_(True)
    br = b.double().requires_grad_(True)
    yr = torch.nn.functional.layer_norm(xr, (N,), wr, br, 1e-5)
    dy = torch.randn_like(x)
    yr.backward(dy.double())
    G = 32
    locks = torch.zeros(2 * G, dtype=torch.int32, device="cuda")
    pdw = torch.zeros(G, N, device="cuda")
    pdb = torch.zeros(G, N, device="cuda")
    dx = torch.full_like(x, float("nan"))
    layer_norm_bwd_dx[(M,)](dx, dy, pdw, pdb, x, w, mean, rstd, locks,
                            x.stride(0), N, GROUP_SIZE_M=G,
                            BLOCK_SIZE_N=triton.next_power_of_2(N),
                            num_warps=8)
    dw = torch.full_like(w, float("nan"))
    db = torch.full_like(b, float("nan"))
    layer_norm_bwd_dwdb[lambda m: (triton.cdiv(N, m["BLOCK_SIZE_N"]),)](
        pdw, pdb, dw, db, G, N, BLOCK_SIZE_M=32, BLOCK_SIZE_N=128)
    e = max(rel_err(dx, xr.grad), rel_err(dw, wr.grad), rel_err(db, br.grad))
    report("layer_norm bwd fp32 1151x8192", e < 1e-5,
           "max rel err of dx, dw, db %.2e" % e)

    from dropout import seeded_dropout_kernel
    x = torch.randn(1 << 20, device="cuda")
    outs = []
    for _ in range(2):
        o = torch.full_like(x, float("nan"))
        seeded_dropout_kernel[lambda m: (triton.cdiv(x.numel(),
                                                     m["BLOCK_SIZE"]),)](
            x, o, x.numel(), 0.3, 123, BLOCK_SIZE=1024)
        outs.append(o)
    kept = outs[0] != 0
    os.environ["TRIDENT_TARGET"] = "cpu"  # the same kernel on the CPU
    try:
        xc = x.cpu()
        oc = torch.full_like(xc, float("nan"))
        seeded_dropout_kernel[lambda m: (triton.cdiv(xc.numel(),
                                                     m["BLOCK_SIZE"]),)](
            xc, oc, xc.numel(), 0.3, 123, BLOCK_SIZE=1024)
    finally:
        del os.environ["TRIDENT_TARGET"]
    frac = kept.float().mean().item()
    # The same mask on both targets; the kept values within 2 ulp (f32 '/'
    # is div.full.f32 on NVIDIA, as in Triton, and IEEE on the CPU).
    same_mask = torch.equal(oc != 0, outs[0].cpu() != 0)
    close = torch.allclose(oc, outs[0].cpu(), rtol=2.5e-7, atol=0)
    ok = (torch.equal(outs[0], outs[1]) and
          torch.allclose(outs[0][kept], x[kept] / 0.7) and
          abs(frac - 0.7) < 0.005 and same_mask and close)
    report("dropout p=0.3, 2^20", ok, "kept %.4f, same mask twice and on "
           "the CPU target: %s, values within 2 ulp there: %s"
           % (frac, same_mask, close))

    from attention import attn_fwd_kernel
    H, S, D = 8, 1000, 64
    for causal in (False, True):
        q, k, v = (torch.randn(H, S, D, device="cuda", dtype=torch.float16)
                   for _ in range(3))
        o = torch.full_like(q, float("nan"))
        scale = D ** -0.5
        attn_fwd_kernel[(triton.cdiv(S, 64), H)](
            q, k, v, o, scale, S, q.stride(0), q.stride(1), k.stride(0),
            k.stride(1), v.stride(0), v.stride(1), o.stride(0), o.stride(1),
            HEAD_DIM=D, BLOCK_M=64, BLOCK_N=64, CAUSAL=causal, num_warps=4)
        att = (q.double() @ k.double().transpose(1, 2)) * scale
        if causal:
            att = att.masked_fill(torch.ones(S, S, device="cuda",
                                             dtype=torch.bool).triu(1),
                                  float("-inf"))
        ref = torch.softmax(att, -1) @ v.double()
        e = rel_err(o, ref)
        report("attention fp16 8x1000x64%s" % (" causal" if causal else ""),
               e < 1e-2, "rel err %.2e" % e)

    from matmul import matmul_kernel
    for (M, N, K) in ((512, 512, 512), (1000, 520, 300), (4096, 4096, 4096)):
        a = torch.randn(M, K, device="cuda", dtype=torch.bfloat16)
        bm = torch.randn(K, N, device="cuda", dtype=torch.bfloat16)
        c = torch.full((M, N), float("nan"), device="cuda",
                       dtype=torch.bfloat16)
        mm(matmul_kernel, a, bm, c)
        e = rel_err(c, a.double() @ bm.double())
        report("matmul bf16 %dx%dx%d" % (M, N, K), e < 1e-2,
               "rel err %.2e" % e)

    # Tiles of 64 rows on 8 or 16 warps: wgmma with the warpgroups side by
    # side along N (session 30; unchecked on a GPU before). B row-major
    # (N-major: each warpgroup's descriptor starts inside a swizzle row)
    # and column-major (K-major), then a row sum across the warpgroups.
    for bm_, bn_, bk_, warps in ((64, 64, 64, 8), (64, 16, 64, 8),
                                 (64, 128, 32, 8), (64, 64, 64, 16)):
        cfg = dict(BLOCK_M=bm_, BLOCK_N=bn_, BLOCK_K=bk_, GROUP_M=8,
                   num_warps=warps, num_stages=3)
        for col_b in (False, True):
            a = torch.randn(320, 448, device="cuda", dtype=torch.float16)
            bm = torch.randn(448, 192, device="cuda", dtype=torch.float16)
            if col_b:
                bm = bm.t().contiguous().t()
            c = torch.full((320, 192), float("nan"), device="cuda",
                           dtype=torch.float16)
            mm(matmul_kernel, a, bm, c, cfg)
            e = rel_err(c, a.double() @ bm.double())
            report("matmul fp16 320x192x448 %dx%dx%d w%d B %s" % (
                bm_, bn_, bk_, warps, "col-major" if col_b else "row-major"),
                e < 1e-2, "rel err %.2e" % e)
    for warps in (8, 16):
        a = torch.randn(64, 128, device="cuda", dtype=torch.float16)
        bm = torch.randn(128, 64, device="cuda", dtype=torch.float16)
        out = torch.full((64,), float("nan"), device="cuda",
                         dtype=torch.float32)
        dot_row_sums[(1,)](a, bm, out, num_warps=warps)
        ref = (a.double() @ bm.double()).sum(1)
        e = rel_err(out, ref)
        report("row sums of a 64x64 dot, %d warps" % warps, e < 1e-3,
               "rel err %.2e" % e)


    plugin_checks()


GPUX_CHECK = '''
import os, sys
sys.path.insert(0, %r)
import torch
import trident
import trident.language as tl
trident.load_plugin(sys.argv[1])

@trident.jit
def reverse_copy(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(y_ptr + offs, tl.extra.gpux.reverse(tl.load(x_ptr + offs)))

x = torch.randn(1024, device="cuda")
y = torch.full_like(x, float("nan"))
reverse_copy[(1,)](x, y, 1024, BLOCK=1024)
torch.cuda.synchronize()
print(bool(torch.equal(y, torch.flip(x, [0]))))
'''


def plugin_checks():
    """The gpu-ext example plugin's op (lowered by the plugin, through
    shared memory) on the GPU, in a process of its own."""
    path = os.path.join(os.path.dirname(trident.__file__), "_lib", "plugins",
                        "libGpuExtPlugin.so")
    if not os.path.exists(path):
        report("gpu-ext plugin: gpux.reverse 1024", False, "no " + path)
        return
    with open("/tmp/gpux_check.py", "w") as f:
        f.write(GPUX_CHECK % PYPATH)
    r = subprocess.run([sys.executable, "/tmp/gpux_check.py", path],
                       capture_output=True, text=True)
    ok = r.returncode == 0 and r.stdout.strip() == "True"
    report("gpu-ext plugin: gpux.reverse 1024", ok,
           "equal to torch.flip" if ok else (r.stdout + r.stderr)[-800:])


CFG = dict(BLOCK_M=128, BLOCK_N=256, BLOCK_K=64, GROUP_M=8, num_warps=8,
           num_stages=3)


@trident.jit
def dot_row_sums(a_ptr, b_ptr, out_ptr):
    """The row sums of a 64x128 by 128x64 fp16 dot (one program): a
    reduction across warpgroups that split N."""
    r = tl.arange(0, 64)
    k = tl.arange(0, 128)
    a = tl.load(a_ptr + r[:, None] * 128 + k[None, :])
    b = tl.load(b_ptr + k[:, None] * 64 + r[None, :])
    tl.store(out_ptr + r, tl.sum(tl.dot(a, b), 1))


def mm(kernel, a, b, c, cfg=CFG):
    M, K = a.shape
    N = b.shape[1]
    grid = lambda m: (triton.cdiv(M, m["BLOCK_M"]) *  # noqa: E731
                      triton.cdiv(N, m["BLOCK_N"]),)
    kernel[grid](a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0),
                 b.stride(1), c.stride(0), c.stride(1), **cfg)


# ---------------------------------------------------------------- 2. host cost
SRC_TINY = '''
import trident
import trident.language as tl

@trident.jit
def tiny(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    m = offs < n
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, m) + 1, m)
'''


def tiny_modules():
    ours = _module_from_source("tiny_kernel", SRC_TINY)
    theirs = load_on_triton(ours.__file__, "tiny")
    return ours.tiny, theirs.tiny


def host_cost():
    print("\n== 2. host time per launch (tiny kernel, 16 elements)")
    ours, theirs = tiny_modules()
    x = torch.zeros(16, device="cuda")
    y = torch.zeros(16, device="cuda")
    z = torch.zeros(16, device="cuda")
    grid1 = lambda meta: (triton.cdiv(16, meta["BLOCK"]),)  # noqa: E731
    fns = {
        "trident": lambda: ours[(1,)](x, 16, BLOCK=16),
        "triton": lambda: theirs[(1,)](x, 16, BLOCK=16),
        "torch.add": lambda: torch.add(y, z, out=y),
        "trident, grid fn": lambda: ours[grid1](x, 16, BLOCK=16),
        "triton, grid fn": lambda: theirs[grid1](x, 16, BLOCK=16),
    }
    for f in fns.values():
        f()
    torch.cuda.synchronize()
    reps = 2000 if QUICK else 5000
    res = {k: [] for k in fns}
    for _ in range(5):
        for k, f in fns.items():
            torch.cuda.synchronize()
            t0 = time.perf_counter()
            for _ in range(reps):
                f()
            t = (time.perf_counter() - t0) / reps
            torch.cuda.synchronize()
            res[k].append(t * 1e6)
    med = {k: statistics.median(v) for k, v in res.items()}
    for k, v in med.items():
        print("  %-16s %6.2f us per launch (rounds: %s)" % (
            k, v, " ".join("%.2f" % t for t in res[k])))
    print("  ratio trident / torch.add = %.2f, trident / triton = %.2f" % (
        med["trident"] / med["torch.add"], med["trident"] / med["triton"]))
    x.zero_()
    ours[(1,)](x, 16, BLOCK=16)
    torch.cuda.synchronize()
    report("tiny kernel result", bool((x == 1).all()), "")
    return ours, med


# ---------------------------------------------------------------- 3. graphs
def graph():
    print("\n== 3. CUDA graph of 100 Trident launches")
    ours, _ = tiny_modules()
    x = torch.zeros(16, device="cuda")
    s = torch.cuda.Stream()
    s.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(s):
        ours[(1,)](x, 16, BLOCK=16)  # warm: compiled and loaded
    torch.cuda.current_stream().wait_stream(s)
    torch.cuda.synchronize()
    x.zero_()
    g = torch.cuda.CUDAGraph()
    with torch.cuda.graph(g):
        for _ in range(100):
            ours[(1,)](x, 16, BLOCK=16)
    torch.cuda.synchronize()
    before = x.clone()
    for _ in range(3):
        g.replay()
    torch.cuda.synchronize()
    ok = bool((before == 0).all()) and bool((x == 300).all())
    report("graph: 3 replays of 100 launches", ok,
           "x[0] = %g (want 300), untouched while capturing: %s" % (
               x[0].item(), bool((before == 0).all())))


# ---------------------------------------------------------------- 4. matmul
def matmul_perf():
    print("\n== 4. matmul bf16 (128x256x64, 8 warps, 3 stages): TFLOP/s and "
          "ratios")
    from matmul import matmul_kernel
    import matmul_tma
    theirs = load_on_triton(os.path.join(EXAMPLES, "matmul.py"),
                            "matmul").matmul_kernel
    # The TMA variant under Triton: the same file with trident bound to
    # triton (and its TensorDescriptor).
    import triton.tools.tensor_descriptor as ttd
    saved = sys.modules.get("trident.tools.tensor_descriptor")
    sys.modules["trident.tools.tensor_descriptor"] = ttd
    try:
        theirs_tma = load_on_triton(os.path.join(EXAMPLES, "matmul_tma.py"),
                                    "matmul_tma")
    finally:
        sys.modules["trident.tools.tensor_descriptor"] = saved
    # Global scratch for the descriptors the kernels make, on both sides.
    def scratch(size, alignment, stream):
        return torch.empty(size, dtype=torch.int8, device="cuda")
    trident.set_allocator(scratch)
    triton.set_allocator(scratch)
    global SMS
    SMS = torch.cuda.get_device_properties(0).multi_processor_count
    variant = variants_pipeline()
    shapes = [(4096, 4096, 4096), (8192, 8192, 8192), (8192, 8192, 1024)]
    if QUICK:
        shapes = shapes[:1]
    for (M, N, K) in shapes:
        a = torch.randn(M, K, device="cuda", dtype=torch.bfloat16)
        b = torch.randn(K, N, device="cuda", dtype=torch.bfloat16)
        outs = {k: torch.full((M, N), float("nan"), device="cuda",
                              dtype=torch.bfloat16)
                for k in ("trident", "triton", "cublas", "trident tma",
                          "triton tma", "trident tma dev", "triton tma dev",
                          "trident tma pers", "triton tma pers",
                          "trident tma nofl", "triton tma nofl",
                          "trident tma top", "trident tma pers top")}
        fns = {
            "trident": lambda: mm(matmul_kernel, a, b, outs["trident"]),
            "triton": lambda: mm(theirs, a, b, outs["triton"]),
            "cublas": lambda: torch.matmul(a, b, out=outs["cublas"]),
            "trident tma": lambda: matmul_tma.matmul_tma(
                a, b, outs["trident tma"]),
            "triton tma": lambda: theirs_tma.matmul_tma(
                a, b, outs["triton tma"]),
            "trident tma dev": lambda: matmul_tma.matmul_tma_device(
                a, b, outs["trident tma dev"]),
            "triton tma dev": lambda: theirs_tma.matmul_tma_device(
                a, b, outs["triton tma dev"]),
            "trident tma pers": lambda: matmul_tma.matmul_tma_persistent(
                a, b, outs["trident tma pers"], SMS),
            "triton tma pers": lambda: theirs_tma.matmul_tma_persistent(
                a, b, outs["triton tma pers"], SMS),
            "trident tma nofl": lambda: matmul_tma.matmul_tma_persistent(
                a, b, outs["trident tma nofl"], SMS, flatten=False),
            "triton tma nofl": lambda: theirs_tma.matmul_tma_persistent(
                a, b, outs["triton tma nofl"], SMS, flatten=False),
        }
        if variant:
            # The same kernels under the plugin's pipeline (copies issued
            # at the top of each iteration, one iteration less ahead).
            fns["trident tma top"] = under(variant, lambda: matmul_tma.matmul_tma(
                a, b, outs["trident tma top"]))
            fns["trident tma pers top"] = under(
                variant, lambda: matmul_tma.matmul_tma_persistent(
                    a, b, outs["trident tma pers top"], SMS))
        ref = a.double() @ b.double()
        for k, f in fns.items():
            f()
            torch.cuda.synchronize()
            e = rel_err(outs[k], ref)
            report("  %s %dx%dx%d" % (k, M, N, K), e < 1e-2,
                   "rel err %.2e" % e)
        ms = {k: [] for k in fns}
        for _ in range(3):
            for k, f in fns.items():
                ms[k].append(do_bench(f, warmup=25, rep=100))
        med = {k: statistics.median(v) for k, v in ms.items()}
        fl = 2 * M * N * K
        print("  %dx%dx%d: trident %.0f, triton %.0f, cublas %.0f TFLOP/s;"
              " trident/cublas %.3f, triton/cublas %.3f, trident/triton %.3f"
              % (M, N, K, fl / med["trident"] / 1e9, fl / med["triton"] / 1e9,
                 fl / med["cublas"] / 1e9, med["cublas"] / med["trident"],
                 med["cublas"] / med["triton"], med["triton"] /
                 med["trident"]))
        for tag, key in (("TMA", "tma"), ("TMA, descriptors made in the "
                                           "kernel", "tma dev"),
                         ("TMA, persistent (%d programs), flattened" % SMS,
                          "tma pers"),
                         ("TMA, persistent, not flattened", "tma nofl")):
            ours_ms, theirs_ms = med["trident " + key], med["triton " + key]
            print("  %dx%dx%d %s: trident %.0f, triton %.0f TFLOP/s; "
                  "trident/cublas %.3f, triton/cublas %.3f, trident/triton "
                  "%.3f" % (M, N, K, tag, fl / ours_ms / 1e9,
                            fl / theirs_ms / 1e9, med["cublas"] / ours_ms,
                            med["cublas"] / theirs_ms, theirs_ms / ours_ms))
        for key, base in (("tma top", "tma"), ("tma pers top", "tma pers")):
            if "trident " + key in med:
                print("  %dx%dx%d %s under %s: trident/cublas %.3f (default "
                      "pipeline %.3f)" % (
                          M, N, K, base, variant,
                          med["cublas"] / med["trident " + key],
                          med["cublas"] / med["trident " + base]))
        keys = ("tma", "tma dev", "tma pers", "tma nofl")
        best = {side: max(keys, key=lambda k: -med[side + " " + k])
                for side in ("trident", "triton")}
        print("  %dx%dx%d best TMA kernel: trident %s %.3f of cublas, "
              "triton %s %.3f" % (M, N, K, best["trident"],
                                  med["cublas"] / med["trident " +
                                                      best["trident"]],
                                  best["triton"],
                                  med["cublas"] / med["triton " +
                                                      best["triton"]]))


# ---------------------------------------------------------------- 4b. configs
CONFIGS = [dict(BLOCK_M=128, BLOCK_N=256, BLOCK_K=64, GROUP_M=8, num_warps=8,
                num_stages=3),
           dict(BLOCK_M=128, BLOCK_N=128, BLOCK_K=64, GROUP_M=8, num_warps=4,
                num_stages=4),
           dict(BLOCK_M=128, BLOCK_N=128, BLOCK_K=64, GROUP_M=8, num_warps=8,
                num_stages=3)]


def best_of_configs(tma=False):
    if tma:
        print("\n== 4d. best of 3 configs each (TMA matmul)")
        import matmul_tma
        import triton.tools.tensor_descriptor as ttd
        saved = sys.modules.get("trident.tools.tensor_descriptor")
        sys.modules["trident.tools.tensor_descriptor"] = ttd
        try:
            theirs_mod = load_on_triton(
                os.path.join(EXAMPLES, "matmul_tma.py"), "matmul_tma")
        finally:
            sys.modules["trident.tools.tensor_descriptor"] = saved
        matmul_kernel, theirs = matmul_tma, theirs_mod

        def run(mod, a, b, c, cfg):
            return mod.matmul_tma(a, b, c, **cfg)
    else:
        print("\n== 4b. best of 3 configs each (pointer-load matmul)")
        from matmul import matmul_kernel
        theirs = load_on_triton(os.path.join(EXAMPLES, "matmul.py"),
                                "matmul").matmul_kernel
        run = mm
    shapes = [(4096, 4096, 4096), (8192, 8192, 8192), (8192, 8192, 1024)]
    for (M, N, K) in shapes[:1] if QUICK else shapes:
        a = torch.randn(M, K, device="cuda", dtype=torch.bfloat16)
        b = torch.randn(K, N, device="cuda", dtype=torch.bfloat16)
        ref = a.double() @ b.double()
        fns = {"cublas": lambda: torch.matmul(a, b)}
        outs = {}
        for i, cfg in enumerate(CONFIGS):
            for side, kern in (("trident", matmul_kernel),
                               ("triton", theirs)):
                c = torch.full((M, N), float("nan"), device="cuda",
                               dtype=torch.bfloat16)
                outs[(side, i)] = c
                fns[(side, i)] = (lambda kern=kern, c=c, cfg=cfg:
                                  run(kern, a, b, c, cfg))
        for k, f in fns.items():
            f()
        torch.cuda.synchronize()
        for k, c in outs.items():
            e = rel_err(c, ref)
            if not e < 1e-2:
                report("  %s config %d %dx%dx%d" % (k[0], k[1], M, N, K),
                       False, "rel err %.2e" % e)
        ms = {k: [] for k in fns}
        for _ in range(3):
            for k, f in fns.items():
                ms[k].append(do_bench(f, warmup=25, rep=100))
        med = {k: statistics.median(v) for k, v in ms.items()}
        best = {side: min((med[(side, i)], i) for i in range(len(CONFIGS)))
                for side in ("trident", "triton")}
        print("  %dx%dx%d: best trident config %d (%.3f of cuBLAS), best "
              "triton config %d (%.3f); trident/triton %.3f; per config "
              "trident %s, triton %s" % (
                  M, N, K, best["trident"][1],
                  med["cublas"] / best["trident"][0], best["triton"][1],
                  med["cublas"] / best["triton"][0],
                  best["triton"][0] / best["trident"][0],
                  " ".join("%.3f" % (med["cublas"] / med[("trident", i)])
                           for i in range(len(CONFIGS))),
                  " ".join("%.3f" % (med["cublas"] / med[("triton", i)])
                           for i in range(len(CONFIGS)))))


# ---------------------------------------------------------------- 4c. K=1024
SPLIT = '''
import trident as triton
import trident.language as tl

@triton.jit
def mm_split(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk,
             stride_bn, stride_cm, stride_cn, BLOCK_M: tl.constexpr,
             BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
             GROUP_M: tl.constexpr, STORE: tl.constexpr):
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
    if STORE:
        tl.store(c_ptrs, c, mask=(offs_m[:, None] < M) & (offs_n[None, :] < N))
    else:
        # Only one element per tile leaves: the epilogue's cost without the
        # tile store.
        tl.store(c_ptr + pid, tl.sum(tl.sum(c.to(tl.float32), 1), 0).to(
            c_ptr.dtype.element_ty))
'''


def split_k1024():
    print("\n== 4c. where the 8192x8192x1024 time goes (128x256x64, w8 s3)")
    ours = _module_from_source("mm_split", SPLIT)
    theirs = load_on_triton(ours.__file__, "mm_split")
    M, N, K = 8192, 8192, 1024
    a = torch.randn(M, K, device="cuda", dtype=torch.bfloat16)
    b = torch.randn(K, N, device="cuda", dtype=torch.bfloat16)
    c = torch.empty(M, N, device="cuda", dtype=torch.bfloat16)
    cfg = dict(CONFIGS[0])
    rows = {}
    for name, extra in (("full", dict(STORE=True)),
                        ("group 1", dict(STORE=True, GROUP_M=1)),
                        ("no tile store", dict(STORE=False))):
        kw = dict(cfg)
        kw.update(extra)
        for side, mod in (("trident", ours), ("triton", theirs)):
            rows[(name, side)] = (lambda mod=mod, kw=kw:
                                  mm(mod.mm_split, a, b, c, kw))
    for f in rows.values():
        f()
    torch.cuda.synchronize()
    ms = {k: [] for k in rows}
    for _ in range(3):
        for k, f in rows.items():
            ms[k].append(do_bench(f, warmup=25, rep=100))
    med = {k: statistics.median(v) for k, v in ms.items()}
    for name in ("full", "group 1", "no tile store"):
        print("  %-14s trident %.4f ms, triton %.4f ms, trident/triton %.3f"
              % (name, med[(name, "trident")], med[(name, "triton")],
                 med[(name, "triton")] / med[(name, "trident")]))


# ---------------------------------------------------------------- 4e. TMA sweep
TMA_SWEEP = [dict(BLOCK_M=128, BLOCK_N=256, BLOCK_K=64, num_warps=8,
                  num_stages=3),
             dict(BLOCK_M=128, BLOCK_N=256, BLOCK_K=64, num_warps=8,
                  num_stages=4),
             dict(BLOCK_M=256, BLOCK_N=128, BLOCK_K=64, num_warps=8,
                  num_stages=3),
             dict(BLOCK_M=128, BLOCK_N=256, BLOCK_K=64, num_warps=8,
                  num_stages=2),
             dict(BLOCK_M=128, BLOCK_N=128, BLOCK_K=64, num_warps=4,
                  num_stages=3),
             dict(BLOCK_M=128, BLOCK_N=128, BLOCK_K=128, num_warps=8,
                  num_stages=3)]


PERSISTENT_SWEEP = [dict(BLOCK_M=128, BLOCK_N=256, BLOCK_K=64, num_warps=8,
                         num_stages=3),
                    dict(BLOCK_M=128, BLOCK_N=256, BLOCK_K=32, num_warps=8,
                         num_stages=5),
                    dict(BLOCK_M=128, BLOCK_N=256, BLOCK_K=32, num_warps=8,
                         num_stages=6),
                    dict(BLOCK_M=128, BLOCK_N=128, BLOCK_K=64, num_warps=4,
                         num_stages=4),
                    dict(BLOCK_M=128, BLOCK_N=128, BLOCK_K=64, num_warps=8,
                         num_stages=4)]


def persistent_sweep():
    print("\n== 4f. flattened persistent TMA configs at 8192x8192x1024")
    def scratch(size, alignment, stream):
        return torch.empty(size, dtype=torch.int8, device="cuda")
    trident.set_allocator(scratch)
    triton.set_allocator(scratch)
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    tma_sweep(PERSISTENT_SWEEP, lambda mod, a, b, c, cfg:
              mod.matmul_tma_persistent(a, b, c, sms, **cfg),
              variants_pipeline())


def tma_sweep(configs=TMA_SWEEP, run=None, variant=None):
    if run is None:
        print("\n== 4e. TMA matmul configs at 8192x8192x1024 (host "
              "descriptors)")
        run = lambda mod, a, b, c, cfg: mod.matmul_tma(a, b, c, **cfg)
    import matmul_tma
    import triton.tools.tensor_descriptor as ttd
    saved = sys.modules.get("trident.tools.tensor_descriptor")
    sys.modules["trident.tools.tensor_descriptor"] = ttd
    try:
        theirs = load_on_triton(os.path.join(EXAMPLES, "matmul_tma.py"),
                                "matmul_tma")
    finally:
        sys.modules["trident.tools.tensor_descriptor"] = saved
    M, N, K = 8192, 8192, 1024
    a = torch.randn(M, K, device="cuda", dtype=torch.bfloat16)
    b = torch.randn(K, N, device="cuda", dtype=torch.bfloat16)
    ref = a.double() @ b.double()
    fns = {"cublas": lambda: torch.matmul(a, b)}
    outs = {}
    sides = [("trident", matmul_tma), ("triton", theirs)]
    if variant:
        sides.append((variant, matmul_tma))
    for i, cfg in enumerate(configs):
        for side, mod in sides:
            c = torch.full((M, N), float("nan"), device="cuda",
                           dtype=torch.bfloat16)
            outs[(side, i)] = c
            fns[(side, i)] = (lambda mod=mod, c=c, cfg=cfg:
                              run(mod, a, b, c, cfg))
            if side == variant:
                fns[(side, i)] = under(variant, fns[(side, i)])
    bad = set()
    for k, f in fns.items():
        try:
            f()
        except Exception as e:  # a config one side cannot compile
            print("  %s: %s" % (k, str(e).splitlines()[0][:150]))
            bad.add(k)
    torch.cuda.synchronize()
    for k, c in outs.items():
        if k not in bad and not rel_err(c, ref) < 1e-2:
            report("  %s config %d" % k, False, "wrong")
            bad.add(k)
    ms = {k: [] for k in fns if k not in bad}
    for _ in range(3):
        for k in ms:
            ms[k].append(do_bench(fns[k], warmup=25, rep=100))
    med = {k: statistics.median(v) for k, v in ms.items()}
    for i, cfg in enumerate(configs):
        row = " ".join("%s %s" % (side, "%.3f" % (med["cublas"] /
                                                   med[(side, i)])
                                  if (side, i) in med else "-")
                       for side, _ in sides)
        print("  %dx%dx%d w%d s%d: of cuBLAS %s" % (
            cfg["BLOCK_M"], cfg["BLOCK_N"], cfg["BLOCK_K"],
            cfg["num_warps"], cfg["num_stages"], row))


# ---------------------------------------------------------------- 5. compile
def compile_costs():
    print("\n== 5. cold compile and import")
    code = ("import sys, time; sys.path[:0] = %r; t = time.perf_counter(); "
            "import trident; print(time.perf_counter() - t)" %
            ([PYPATH],))
    import tempfile
    env = dict(os.environ)
    env["TRIDENT_CACHE_DIR"] = tempfile.mkdtemp()  # a cold compile
    ts = [float(subprocess.run([sys.executable, "-c", code], env=env,
                               capture_output=True, text=True,
                               check=True).stdout) for _ in range(3)]
    print("  import trident in a fresh process: %.3f s (median of 3; in "
          "this process %.3f s)" % (statistics.median(ts), IMPORT_S))
    src = os.path.join(EXAMPLES, "matmul.py")
    cold = '''
import os, sys, time, tempfile
sys.path[:0] = [%r, %r]
os.environ["TRITON_CACHE_DIR"] = tempfile.mkdtemp()
import torch
which = sys.argv[1]
if which == "triton":
    import triton, triton.language, importlib.util
    sys.modules["trident"] = triton
    sys.modules["trident.language"] = triton.language
import matmul
a = torch.randn(512, 512, device="cuda", dtype=torch.bfloat16)
c = torch.empty(512, 512, device="cuda", dtype=torch.bfloat16)
torch.cuda.synchronize()
t = time.perf_counter()
M = N = K = 512
matmul.matmul_kernel[(16,)](a, a, c, M, N, K, 512, 1, 512, 1, 512, 1,
    BLOCK_M=128, BLOCK_N=256, BLOCK_K=64, GROUP_M=8, num_warps=8,
    num_stages=3)
torch.cuda.synchronize()
print(time.perf_counter() - t)
''' % (PYPATH, os.path.dirname(src))
    with open("/tmp/cold.py", "w") as f:
        f.write(cold)
    for which in ("trident", "triton"):
        r = subprocess.run([sys.executable, "/tmp/cold.py", which], env=env,
                           capture_output=True, text=True)
        if r.returncode:
            print("  %s cold compile FAILED:\n%s" % (which, r.stderr[-2000:]))
            FAILURES.append("cold " + which)
        else:
            print("  first launch of the matmul (cold compile + load), %s: "
                  "%.3f s" % (which, float(r.stdout.split()[-1])))


# ---------------------------------------------------------------- 6. warm cache
WARM = '''
import os, sys, time
t0 = time.perf_counter()
sys.path[:0] = [%r, %r]
which = sys.argv[1]
# The package is imported before the clock starts on both sides (its import
# is measured in section 5): what is timed is the first call, i.e. the
# import of the kernel's module (its @jit decorations) and the first launch.
if which == "triton":
    import triton, triton.language
    sys.modules["trident"] = triton
    sys.modules["trident.language"] = triton.language
else:
    import trident, trident.language
import torch
a = torch.randn(512, 512, device="cuda", dtype=torch.bfloat16)
c = torch.empty(512, 512, device="cuda", dtype=torch.bfloat16)
torch.cuda.synchronize()
t1 = time.perf_counter()
import matmul
ti = time.perf_counter()
matmul.matmul_kernel[(16,)](a, a, c, 512, 512, 512, 512, 1, 512, 1, 512, 1,
    BLOCK_M=128, BLOCK_N=256, BLOCK_K=64, GROUP_M=8, num_warps=8,
    num_stages=3)
torch.cuda.synchronize()
t2 = time.perf_counter()
ok = bool(torch.allclose(c.float(), (a.float() @ a.float()), rtol=2e-2,
                         atol=1e-1))
print(t2 - t1, ti - t1, ok)
'''


def warm_cache():
    print("\n== 6. first call in a new process, warm disk cache (import of "
          "the kernel's module + first launch; torch and the package "
          "already imported)")
    import tempfile
    with open("/tmp/warm.py", "w") as f:
        f.write(WARM % (PYPATH,
                        EXAMPLES))
    env = dict(os.environ)
    env["TRIDENT_CACHE_DIR"] = tempfile.mkdtemp()
    env["TRITON_CACHE_DIR"] = tempfile.mkdtemp()
    for which in ("trident", "triton"):
        rows = []
        for i in range(6):
            r = subprocess.run([sys.executable, "/tmp/warm.py", which],
                               env=env, capture_output=True, text=True)
            if r.returncode:
                print("  %s FAILED:\n%s" % (which, r.stderr[-2000:]))
                FAILURES.append("warm " + which)
                break
            first, imported, ok = r.stdout.split()
            rows.append((float(first), ok == "True", float(imported)))
        if rows:
            cold = rows[0][0]
            warm = statistics.median(t for t, _, _ in rows[1:])
            imp = statistics.median(t for _, _, t in rows[1:])
            print("  %-8s cold %.3f s, warm %.3f s (of which the kernel "
                  "module's import %.3f s; median of 5 new processes; each: "
                  "%s), correct: %s"
                  % (which, cold, warm, imp,
                     " ".join("%.3f" % t for t, _, _ in rows[1:]),
                     all(o for _, o, _ in rows)))
            if not all(o for _, o, _ in rows):
                FAILURES.append("warm result " + which)


# ---------------------------------------------------------------- 8. limits
def limits():
    print("\n== 8. resource limits on the real GPU: clear errors, no launch")
    ours, _ = tiny_modules()
    x = torch.zeros(16, device="cuda")
    # 64 warps: 2048 threads per program, over the H200's 1024.
    try:
        ours[(1,)](x, 16, BLOCK=16, num_warps=64)
        torch.cuda.synchronize()
        report("64 warps (2048 threads)", False, "launched")
    except Exception as e:
        report("64 warps (2048 threads)", "1024" in str(e) or
               "threads" in str(e), "%s: %s" % (type(e).__name__,
                                               str(e).splitlines()[0][:160]))
    # A tile whose staging needs more shared memory than a program has.
    mod = _module_from_source("big_smem", SRC_BIG_SMEM)
    y = torch.zeros(512 * 256, device="cuda")
    try:
        mod.big[(1,)](y, num_warps=4)
        torch.cuda.synchronize()
        report("shared memory over the limit", False, "launched")
    except Exception as e:
        msg = str(e)
        report("shared memory over the limit", "shared memory" in msg,
               "%s: %s" % (type(e).__name__, msg.splitlines()[0][:200]))
    x.zero_()
    ours[(1,)](x, 16, BLOCK=16)
    torch.cuda.synchronize()
    report("launches still work afterwards", bool((x == 1).all()), "")


SRC_BIG_SMEM = """
import trident
import trident.language as tl

@trident.jit
def big(y_ptr):
    r = tl.arange(0, 512)
    c = tl.arange(0, 256)
    t = (r[:, None] * 256 + c[None, :]).to(tl.float32)
    # The transpose moves the 512 KB tile through shared memory.
    tl.store(y_ptr + c[:, None] * 512 + r[None, :], tl.trans(t))
"""


def autotune_gpu():
    print("\n== 7. trident.autotune on the GPU (do_bench), choice kept")
    from matmul import matmul_kernel
    tuned = trident.autotune(
        configs=[trident.Config(dict(BLOCK_M=128, BLOCK_N=256, BLOCK_K=64,
                                     GROUP_M=8), num_warps=8, num_stages=3),
                 trident.Config(dict(BLOCK_M=128, BLOCK_N=128, BLOCK_K=64,
                                     GROUP_M=8), num_warps=4, num_stages=4),
                 trident.Config(dict(BLOCK_M=64, BLOCK_N=64, BLOCK_K=32,
                                     GROUP_M=8), num_warps=4, num_stages=2)],
        key=["M", "N", "K"])(matmul_kernel)
    M = N = K = 4096
    a = torch.randn(M, K, device="cuda", dtype=torch.bfloat16)
    b = torch.randn(K, N, device="cuda", dtype=torch.bfloat16)
    c = torch.full((M, N), float("nan"), device="cuda", dtype=torch.bfloat16)
    grid = lambda m: (triton.cdiv(M, m["BLOCK_M"]) *  # noqa: E731
                      triton.cdiv(N, m["BLOCK_N"]),)
    t0 = time.perf_counter()
    tuned[grid](a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0),
                b.stride(1), c.stride(0), c.stride(1))
    torch.cuda.synchronize()
    e = rel_err(c, a.double() @ b.double())
    times = {repr(k): v for k, v in
             next(iter(tuned.bench_times.values())).items()}
    report("autotuned matmul 4096^3", e < 1e-2,
           "rel err %.2e, best %s, %.1f s; times (ms): %s" % (
               e, tuned.best_config, time.perf_counter() - t0,
               ", ".join("%.3f" % v for v in times.values())))
    ours = trident.testing.do_bench(lambda: mm(matmul_kernel, a, b, c))
    theirs = do_bench(lambda: mm(matmul_kernel, a, b, c))
    print("  trident.testing.do_bench %.4f ms, triton.testing.do_bench "
          "%.4f ms on the same call (ratio %.3f)" % (ours, theirs,
                                                     ours / theirs))


# ------------------------------------------------------- 9. num_ctas > 1
SRC_CTAS = """
import trident
import trident.language as tl


@trident.jit
def row_softmax(x_ptr, y_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    rows = tl.program_id(0) * BM + tl.arange(0, BM)
    cols = tl.arange(0, BN)
    mask = (rows[:, None] < M) & (cols[None, :] < N)
    offs = rows[:, None] * N + cols[None, :]
    x = tl.load(x_ptr + offs, mask=mask, other=-float("inf"))
    x = x - tl.max(x, axis=1)[:, None]
    e = tl.exp(x)
    tl.store(y_ptr + offs, e / tl.sum(e, axis=1)[:, None], mask=mask)


@trident.jit
def col_sum(x_ptr, y_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    rows = tl.arange(0, BM)
    cols = tl.program_id(0) * BN + tl.arange(0, BN)
    mask = (rows[:, None] < M) & (cols[None, :] < N)
    x = tl.load(x_ptr + rows[:, None] * N + cols[None, :], mask=mask,
                other=0.0)
    tl.store(y_ptr + cols, tl.sum(x, axis=0), mask=cols < N)


@trident.jit
def row_cumsum(x_ptr, y_ptr, N, BM: tl.constexpr, BN: tl.constexpr):
    rows = tl.program_id(0) * BM + tl.arange(0, BM)
    offs = rows[:, None] * N + tl.arange(0, BN)[None, :]
    tl.store(y_ptr + offs, tl.cumsum(tl.load(x_ptr + offs), axis=1))


@trident.jit
def bucket_count(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    v = tl.load(x_ptr + offs, mask=m, other=0)
    tl.atomic_add(out_ptr + v % 64, 1, mask=m)
    tl.atomic_add(out_ptr + 64, 1)


@trident.jit
def program_ids(out_ptr):
    pid = tl.program_id(0)
    tl.store(out_ptr + pid, pid * 1000 + tl.num_programs(0))
"""

CTA_CONFIGS = [dict(BLOCK_M=256, BLOCK_N=128, BLOCK_K=64, GROUP_M=8,
                    num_warps=8, num_stages=3),
               dict(BLOCK_M=128, BLOCK_N=128, BLOCK_K=64, GROUP_M=8,
                    num_warps=4, num_stages=4),
               dict(BLOCK_M=128, BLOCK_N=256, BLOCK_K=64, GROUP_M=8,
                    num_warps=8, num_stages=3)]


def num_ctas_checks():
    print("\n== 9. programs of several CTAs (num_ctas): correctness, then "
          "the matmul against num_ctas=1, Triton and cuBLAS")
    mod = _module_from_source("cta_checks", SRC_CTAS)
    from vector_add import add_kernel
    from matmul import matmul_kernel
    import matmul_tma
    torch.manual_seed(0)
    for ctas in (2, 4):
        x, y = torch.rand(98432, device="cuda"), torch.rand(98432, device="cuda")
        out = torch.full_like(x, float("nan"))
        n = out.numel()
        add_kernel[(triton.cdiv(n, 1024),)](x, y, out, n, BLOCK_SIZE=1024,
                                            num_ctas=ctas)
        e = rel_err(out, x.double() + y.double())
        report("vector_add num_ctas=%d" % ctas, e < 1e-6, "rel err %.2e" % e)
        x = torch.randn(1000, 200, device="cuda")
        y = torch.full_like(x, float("nan"))
        mod.row_softmax[(triton.cdiv(1000, 64),)](x, y, 1000, 200, BM=64,
                                                  BN=256, num_ctas=ctas)
        e = rel_err(y, torch.softmax(x.double(), 1))
        report("row softmax 1000x200 num_ctas=%d" % ctas, e < 1e-5,
               "rel err %.2e" % e)
        x = torch.randn(100, 300, device="cuda")
        y = torch.full((300,), float("nan"), device="cuda")
        mod.col_sum[(triton.cdiv(300, 64),)](x, y, 100, 300, BM=128, BN=64,
                                             num_ctas=ctas)
        e = rel_err(y, x.double().sum(0))
        report("column sum 100x300 num_ctas=%d" % ctas, e < 1e-5,
               "rel err %.2e" % e)
        x = torch.randn(256, 128, device="cuda")
        y = torch.full_like(x, float("nan"))
        mod.row_cumsum[(4,)](x, y, 128, BM=64, BN=128, num_ctas=ctas)
        e = rel_err(y, x.double().cumsum(1))
        report("row cumsum 256x128 num_ctas=%d" % ctas, e < 1e-5,
               "rel err %.2e" % e)
        v = torch.randint(0, 1 << 20, (50000,), device="cuda",
                          dtype=torch.int32)
        counts = torch.zeros(65, device="cuda", dtype=torch.int32)
        progs = triton.cdiv(v.numel(), 1024)
        mod.bucket_count[(progs,)](v, counts, v.numel(), BLOCK=1024,
                                   num_ctas=ctas)
        ref = torch.bincount((v % 64).long(), minlength=64)
        ok = bool(torch.equal(counts[:64].long().cpu(), ref.cpu()) and
                  int(counts[64]) == progs)
        report("atomics (tile and scalar) num_ctas=%d" % ctas, ok,
               "programs counted %d of %d" % (int(counts[64]), progs))
        ids = torch.full((37,), -1, device="cuda", dtype=torch.int32)
        mod.program_ids[(37,)](ids, num_ctas=ctas)
        want = torch.arange(37, device="cuda", dtype=torch.int32) * 1000 + 37
        report("program_id / num_programs num_ctas=%d" % ctas,
               bool(torch.equal(ids, want)), "")
    for (M, N, K) in ((1000, 520, 300), (4096, 4096, 4096)):
        a = torch.randn(M, K, device="cuda", dtype=torch.bfloat16)
        b = torch.randn(K, N, device="cuda", dtype=torch.bfloat16)
        ref = a.double() @ b.double()
        for cfg in CTA_CONFIGS:
            c = torch.full((M, N), float("nan"), device="cuda",
                           dtype=torch.bfloat16)
            mm(matmul_kernel, a, b, c, dict(cfg, num_ctas=2))
            e = rel_err(c, ref)
            report("matmul %dx%dx%d %dx%d w%d num_ctas=2" % (
                M, N, K, cfg["BLOCK_M"], cfg["BLOCK_N"], cfg["num_warps"]),
                e < 1e-2, "rel err %.2e" % e)
        if K % 8:  # TMA needs 16-byte strides
            continue
        c = torch.full((M, N), float("nan"), device="cuda",
                       dtype=torch.bfloat16)
        from trident.tools.tensor_descriptor import TensorDescriptor
        a_d = TensorDescriptor.from_tensor(a, [128, 64])
        b_d = TensorDescriptor.from_tensor(b, [64, 256])
        c_d = TensorDescriptor.from_tensor(c, [128, 256])
        matmul_tma.matmul_tma_kernel[(triton.cdiv(M, 128) * triton.cdiv(N, 256),)](
            a_d, b_d, c_d, M, N, K, BLOCK_M=128, BLOCK_N=256, BLOCK_K=64,
            GROUP_M=8, num_warps=8, num_stages=3, num_ctas=2)
        e = rel_err(c, ref)
        report("TMA matmul %dx%dx%d num_ctas=2" % (M, N, K), e < 1e-2,
               "rel err %.2e" % e)

    theirs = load_on_triton(os.path.join(EXAMPLES, "matmul.py"),
                            "matmul").matmul_kernel
    for (M, N, K) in ((4096, 4096, 4096), (8192, 8192, 8192)):
        a = torch.randn(M, K, device="cuda", dtype=torch.bfloat16)
        b = torch.randn(K, N, device="cuda", dtype=torch.bfloat16)
        fns = {"cublas": lambda: torch.matmul(a, b)}
        for i, cfg in enumerate(CTA_CONFIGS[:2]):
            for ctas in (1, 2):
                fns[("trident", i, ctas)] = (
                    lambda cfg=cfg, ctas=ctas, c=torch.empty(
                        M, N, device="cuda", dtype=torch.bfloat16):
                    mm(matmul_kernel, a, b, c, dict(cfg, num_ctas=ctas)))
            fns[("triton", i, 2)] = (
                lambda cfg=cfg, c=torch.empty(M, N, device="cuda",
                                              dtype=torch.bfloat16):
                mm(theirs, a, b, c, dict(cfg, num_ctas=2)))
        for k in list(fns):
            try:
                fns[k]()
            except Exception as e:  # Triton may refuse a config
                print("  %s: %s" % (k, str(e).splitlines()[0][:160]))
                del fns[k]
        torch.cuda.synchronize()
        ms = {k: [] for k in fns}
        for _ in range(3):
            for k, f in fns.items():
                ms[k].append(do_bench(f, warmup=25, rep=100))
        med = {k: statistics.median(v) for k, v in ms.items()}
        for i, cfg in enumerate(CTA_CONFIGS[:2]):
            row = "  %dx%dx%d %dx%d w%d s%d: of cuBLAS" % (
                M, N, K, cfg["BLOCK_M"], cfg["BLOCK_N"], cfg["num_warps"],
                cfg["num_stages"])
            for key, name in ((("trident", i, 1), "trident ctas=1"),
                              (("trident", i, 2), "trident ctas=2"),
                              (("triton", i, 2), "triton ctas=2")):
                if key in med:
                    row += " %s %.3f" % (name, med["cublas"] / med[key])
            print(row)


SRC_WS = """
import trident
import trident.language as tl


@trident.jit
def _ws_add(x_ptr, y_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.load(x_ptr + offs) + tl.load(y_ptr + offs))


@trident.jit
def _ws_sum(src_ptr, dst_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(dst_ptr, tl.sum(tl.load(src_ptr + offs), axis=0))


@trident.jit
def _ws_cumsum(src_ptr, dst_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(dst_ptr + offs, tl.cumsum(tl.load(src_ptr + offs), axis=0))


@trident.jit
def ws_budgets(x_ptr, y_ptr, out_ptr, sums_ptr, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    x = x_ptr + pid * BLOCK
    y = y_ptr + pid * BLOCK
    tl.warp_specialize([(_ws_add, (x, y, out_ptr + pid * BLOCK, BLOCK)),
                        (_ws_sum, (x, sums_ptr + 2 * pid, 256)),
                        (_ws_sum, (y, sums_ptr + 2 * pid + 1, BLOCK))],
                       [4, 1], [40, 0], 232)


@trident.jit
def ws_plain(x_ptr, y_ptr, out_ptr, scan_ptr, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    x = x_ptr + pid * BLOCK
    tl.warp_specialize([(_ws_add, (x, y_ptr + pid * BLOCK,
                                   out_ptr + pid * BLOCK, BLOCK)),
                        (_ws_cumsum, (x, scan_ptr + pid * BLOCK, BLOCK))],
                       [8])
"""


def warp_specialize_checks():
    print("\n== 10. tl.warp_specialize: groups of warps at once, checked "
          "against torch in float64")
    mod = _module_from_source("ws_checks", SRC_WS)
    torch.manual_seed(0)
    progs, block = 264, 1024
    x = torch.randn(progs * block, device="cuda")
    y = torch.randn(progs * block, device="cuda")
    out = torch.full_like(x, float("nan"))
    sums = torch.full((2 * progs,), float("nan"), device="cuda")
    k = mod.ws_budgets[(progs,)](x, y, out, sums, BLOCK=block)
    torch.cuda.synchronize()
    xd, yd = x.double().view(progs, block), y.double().view(progs, block)
    e_add = rel_err(out, x.double() + y.double())
    want = torch.stack([xd[:, :256].sum(1), yd.sum(1)], 1).reshape(-1)
    e_sum = rel_err(sums, want)
    report("warp_specialize with budgets (4 + 4x40 regs + 1 warps) %d "
           "programs" % progs, e_add < 1e-6 and e_sum < 1e-5,
           "add rel err %.2e, sums rel err %.2e" % (e_add, e_sum))
    out = torch.full_like(x, float("nan"))
    scan = torch.full_like(x, float("nan"))
    mod.ws_plain[(progs,)](x, y, out, scan, BLOCK=block, num_warps=4)
    torch.cuda.synchronize()
    e_add = rel_err(out, x.double() + y.double())
    e_scan = rel_err(scan.view(progs, block), xd.cumsum(1))
    report("warp_specialize 4 + 8 warps (add, cumsum) %d programs" % progs,
           e_add < 1e-6 and e_scan < 1e-5,
           "add rel err %.2e, cumsum rel err %.2e" % (e_add, e_scan))


def hardening_checks():
    print("\n== 11. fp8 tiles in memory and rank-0 tiles on the GPU")
    spec = importlib.util.spec_from_file_location(
        "test_f8_rank0", os.path.join(ROOT, "python", "test",
                                      "test_f8_rank0.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    torch.manual_seed(0)
    for fmt, dt in mod.F8.items():
        n, block = 3000, 128
        grid = (n + block - 1) // block
        x = (torch.randn(n, device="cuda") * 8).to(dt)
        y = torch.zeros(2 * n + grid, dtype=dt, device="cuda")
        f = torch.full((n,), float("nan"), device="cuda")
        mod.f8_scale_kernel[(grid,)](x, y, f, n, BLOCK=block)
        torch.cuda.synchronize()
        x8, y8 = x.view(torch.uint8), y.view(torch.uint8)
        ref = (x.float() * 1.5 - 0.25).to(dt).view(torch.uint8)
        even = torch.arange(0, n, 2, device="cuda")
        ok = (torch.equal(f, x.float()) and torch.equal(y8[:n], ref) and
              torch.equal(y8[n:2 * n][even], x8[even // 2]) and
              torch.equal(y8[2 * n:], x8[n - 1:].expand(grid)))
        bad = int((y8[:n] != ref).sum())
        report("%s load/convert/store, gather, scalar (%d elements)" % (
            fmt, n), ok, "%d stored bytes differ from torch's rounding" % bad)
    block = 64
    x = torch.randn(block, device="cuda")
    y = torch.full((block + 1,), float("nan"), device="cuda")
    mod.rank0_kernel[(1,)](x, y, BLOCK=block)
    torch.cuda.synchronize()
    s0 = x[0].double() * 2 + 1
    e = rel_err(y[:block], x.double() + s0)
    e_sum = abs(float(y[block]) - float(x.double().sum() - s0))
    report("rank-0 tiles (reshape to (), broadcast, one scalar store)",
           e < 1e-6 and e_sum < 1e-4,
           "rel err %.2e, sum abs err %.2e" % (e, e_sum))


def main():
    print("device: %s, torch %s, triton %s, python %s" % (
        torch.cuda.get_device_name(), torch.__version__, triton.__version__,
        sys.version.split()[0]))
    from trident.runtime import driver
    print("trident target here: %s" % driver.active_target())
    sections = [("1", checks), ("2", host_cost), ("3", graph),
                ("4", matmul_perf), ("4b", best_of_configs),
                ("4c", split_k1024),
                ("4d", lambda: best_of_configs(tma=True)),
                ("4e", tma_sweep), ("4f", persistent_sweep),
                ("5", compile_costs), ("6", warm_cache), ("7", autotune_gpu),
                ("8", limits), ("9", num_ctas_checks),
                ("10", warp_specialize_checks), ("11", hardening_checks)]
    for name, fn in sections:
        if ONLY is None or name in ONLY:
            fn()
    print("\nFAILURES: %s" % (", ".join(FAILURES) or "none"))
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())

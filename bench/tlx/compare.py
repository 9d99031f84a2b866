"""uTLX's Hopper tutorials under one system, beside the vendor kernels
(issue 26, point 4). Run once per system on the same GPU machine, then
merge the two outputs:

    python3 bench/tlx/compare.py trident  TUTORIALS OUT.json [NAME...]
    python3 bench/tlx/compare.py utlx38   TUTORIALS OUT.json [NAME...] --site SITE
    python3 bench/tlx/compare.py merge    A.json B.json

TUTORIALS is the folder of uTLX's tutorials both systems run (the copy in
the Triton 3.8 + uTLX 3.8 pack, so each side runs the same files). Under
Trident each file is loaded with its imports made Trident's
(bench/peer/loader.py); under uTLX 3.8 it is imported as it is, with
Triton 3.8 from SITE (`../shared/anchors/pack_triton38.sh`).

Each system runs in its own process, so the two are compared through the
vendor kernels timed in each process: cuBLAS (torch.matmul) for GEMMs and
torch's scaled_dot_product_attention for attention. Inputs are fresh
random tensors with a fixed seed, the same on both sides (A row-major MxK,
B row-major KxN); outputs are pre-filled with NaN and checked whole
against torch in float32 (relative error under 1e-2) before any timing.
Host-side descriptor set-up is inside the timed call. Timing is this
file's own (CUDA events, L2 flushed before each call, median of the calls
of one measurement; three measurements interleaved with the vendor's, the
middle one kept), identical for both systems.
"""
import importlib.util
import json
import os
import statistics
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))

GEMM_SHAPES = ((4096, 4096, 4096), (8192, 8192, 8192), (16384, 8192, 8192),
               (8192, 8192, 1024), (65536, 1024, 1024))
# (Z, H, N_CTX, HEAD_DIM)
FA_SHAPES = ((4, 32, 1024, 128), (4, 32, 4096, 128), (1, 32, 16384, 128),
             (4, 32, 1024, 64), (4, 32, 4096, 64), (1, 32, 16384, 64))
FA_TUTORIALS = (
    ("fa_ws", "hopper_fa_ws.py"),
    ("fa_ws_pipelined", "hopper_fa_ws_pipelined.py"),
    ("fa_pingpong", "hopper_fa_ws_pipelined_pingpong.py"),
    ("fa_pingpong_persistent", "hopper_fa_ws_pipelined_pingpong_persistent.py"),
)


def bench(fn, torch, warmup_ms=25, rep_ms=200):
    """Median milliseconds per call of fn, L2 flushed before each call."""
    flush = torch.empty(64 * 1024 * 1024, dtype=torch.int32, device="cuda")
    fn()
    torch.cuda.synchronize()
    s, e = (torch.cuda.Event(enable_timing=True) for _ in range(2))
    s.record()
    for _ in range(5):
        flush.zero_()
        fn()
    e.record()
    torch.cuda.synchronize()
    est = max(s.elapsed_time(e) / 5, 1e-4)
    for _ in range(max(1, int(warmup_ms / est))):
        fn()
    n = max(3, int(rep_ms / est))
    starts = [torch.cuda.Event(enable_timing=True) for _ in range(n)]
    ends = [torch.cuda.Event(enable_timing=True) for _ in range(n)]
    for i in range(n):
        flush.zero_()
        starts[i].record()
        fn()
        ends[i].record()
    torch.cuda.synchronize()
    return statistics.median(a.elapsed_time(b) for a, b in zip(starts, ends))


def timed(ours, vendor, torch):
    """Three interleaved measurements of each; the middle ones."""
    t, v = [], []
    for _ in range(3):
        t.append(bench(ours, torch))
        v.append(bench(vendor, torch))
    return sorted(t)[1], sorted(v)[1]


class System:
    """The compiler under test: its `triton`-like module, TensorDescriptor
    and a loader of tutorial files."""

    def __init__(self, name, tutorials, site=None):
        self.name, self.tutorials = name, tutorials
        if name == "utlx38":
            sys.path.insert(0, site)
            os.environ.setdefault("TRITON_PTXAS_PATH",
                                  "/usr/local/cuda/bin/ptxas")
            import _utlx_autoregister  # noqa: F401  (as the wheel's .pth)
            import triton
            from triton.tools.tensor_descriptor import TensorDescriptor
            import triton.language.extra.tlx  # noqa: F401  (plugin loaded?)
            self.mod = triton
        else:
            sys.path.insert(0, os.path.join(ROOT, "bench", "tlx"))
            import device_check  # noqa: F401  (Trident and its TLX plugin)
            import trident
            from trident.tools.tensor_descriptor import TensorDescriptor
            self.mod = trident
        self.TensorDescriptor = TensorDescriptor
        self.version = getattr(self.mod, "__version__", "?")

    def load(self, file, roots):
        path = os.path.join(self.tutorials, file)
        if self.name == "utlx38":
            spec = importlib.util.spec_from_file_location(
                "t_" + file[:-3].replace("-", "_"), path)
            m = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(m)
            return m
        sys.path.insert(0, os.path.join(ROOT, "bench", "peer"))
        import loader
        return loader.load(path, roots, "trident")


def rel_err(out, ref):
    if out.isnan().any():
        return float("nan")
    return ((out.float() - ref).norm() / ref.norm()).item()


def describe(e):
    """A row's error: the exception's type and first line."""
    return "%s: %s" % (type(e).__name__, str(e).splitlines()[0][:300])


def check_and_time(row, err, ours, vendor, flops, torch):
    """Records the relative error; when under 1e-2, times `ours` beside
    `vendor` and records both (ms, TFLOP/s) and their ratio."""
    row["rel_err"] = err
    if not err < 1e-2:
        row["error"] = "wrong result"
        return
    t, v = timed(ours, vendor, torch)
    row.update(ms=t, vendor_ms=v, tflops=flops / t * 1e-9,
               vendor_tflops=flops / v * 1e-9, ratio=v / t)


def gemm_cases(system, torch):
    """The persistent GEMM tutorials, launched as tlx_anchor.py does
    (bf16 in and out, the kernel's own autotuned configs)."""
    nsm = torch.cuda.get_device_properties(0).multi_processor_count
    mod = system.mod
    TD = system.TensorDescriptor
    mod.set_allocator(lambda size, align, stream: torch.empty(
        size, dtype=torch.int8, device="cuda"))

    def descs(a, b, c):
        m, k = a.shape
        n = b.shape[1]
        d = [1, 1]
        return (TD(a, shape=[m, k], strides=[k, 1], block_shape=d),
                TD(b, shape=[k, n], strides=[n, 1], block_shape=d),
                TD(c, shape=[m, n], strides=[n, 1], block_shape=d))

    def persistent(kernel):
        def run(a, b, c):
            m, k = a.shape
            n = b.shape[1]
            da, db, dc = descs(a, b, c)
            grid = (lambda META: (min(nsm, mod.cdiv(m, META["BM"])
                                      * mod.cdiv(n, META["BN"])),))
            kernel[grid](da, db, dc, m, n, k, NUM_SMS=nsm)
        return run

    cases = {}
    for label, file, kname in (
            ("gemm_coop", "hopper-persistent-gemm-ws-cooperative.py",
             "matmul_kernel_tlx_ws_persistent"),
            ("gemm_pingpong", "hopper-persistent-gemm-ws-pingpong.py",
             "matmul_kernel_tlx_ws_persistent"),
            ("gemm_ws", "hopper_gemm_ws.py", "matmul_kernel_tlx_ws")):
        def make(file=file, kname=kname, label=label):
            m = system.load(file, [kname])
            kernel = getattr(m, kname)
            if label == "gemm_ws":
                # As tlx_anchor.py: the configs its authors' pruning keeps
                # for these shapes at BN=256.
                kernel.configs = [
                    c for c in kernel.configs
                    if c.kwargs["BM"] == 128 and c.kwargs["BN"] == 256
                    and c.kwargs["EPILOGUE_SUBTILE"]
                    and not c.kwargs["USE_WARP_BARRIER"]]
            return persistent(kernel)
        cases[label] = make
    return cases


def run_gemms(system, torch, only, rows):
    for label, make in gemm_cases(system, torch).items():
        if only and label not in only:
            continue
        try:
            run = make()
        except Exception as e:  # noqa: BLE001  (a row with the error)
            rows.append(dict(kernel=label, error=describe(e)))
            rows.save()
            print(rows[-1], flush=True)
            continue
        for m, n, k in GEMM_SHAPES:
            row = dict(kernel=label, shape="%dx%dx%d" % (m, n, k))
            rows.append(row)
            try:
                torch.manual_seed(0)
                a = torch.randn(m, k, device="cuda", dtype=torch.bfloat16)
                b = torch.randn(k, n, device="cuda", dtype=torch.bfloat16)
                c = torch.full((m, n), float("nan"), device="cuda",
                               dtype=torch.bfloat16)
                t0 = time.perf_counter()
                run(a, b, c)
                torch.cuda.synchronize()
                row["first_call_s"] = round(time.perf_counter() - t0, 2)
                check_and_time(row, rel_err(c, a.float() @ b.float()),
                               lambda: run(a, b, c),
                               lambda: torch.matmul(a, b), 2.0 * m * n * k,
                               torch)
            except Exception as e:  # noqa: BLE001
                row["error"] = describe(e)
            rows.save()
            print(row, flush=True)


def run_attention(system, torch, only, rows):
    sdpa = torch.nn.functional.scaled_dot_product_attention
    for label, file in FA_TUTORIALS:
        if only and label not in only:
            continue
        try:
            m = system.load(file, ["attention"])
        except Exception as e:  # noqa: BLE001
            rows.append(dict(kernel=label, error=describe(e)))
            rows.save()
            print(rows[-1], flush=True)
            continue
        for z, h, n, d in FA_SHAPES:
            row = dict(kernel=label, shape="%dx%dx%dx%d" % (z, h, n, d))
            rows.append(row)
            try:
                torch.manual_seed(0)
                q, k, v = (torch.randn(z, h, n, d, device="cuda",
                                       dtype=torch.float16)
                           for _ in range(3))
                scale = d ** -0.5
                t0 = time.perf_counter()
                out = m.attention(q, k, v, scale)
                torch.cuda.synchronize()
                row["first_call_s"] = round(time.perf_counter() - t0, 2)
                ref = sdpa(q.float(), k.float(), v.float(), scale=scale)
                check_and_time(row, rel_err(out, ref),
                               lambda: m.attention(q, k, v, scale),
                               lambda: sdpa(q, k, v, scale=scale),
                               4.0 * z * h * n * n * d, torch)
            except Exception as e:  # noqa: BLE001
                row["error"] = describe(e)
            rows.save()
            print(row, flush=True)


def measure(argv):
    name, tutorials, out = argv[:3]
    rest = argv[3:]
    site = None
    if "--site" in rest:
        i = rest.index("--site")
        site = rest[i + 1]
        del rest[i:i + 2]
    only = set(rest)
    system = System(name, tutorials, site)
    import torch
    print(name, system.version, "torch", torch.__version__,
          torch.cuda.get_device_name(), flush=True)
    rows = Rows(out, dict(system=name, version=system.version,
                          device=torch.cuda.get_device_name()))
    run_gemms(system, torch, only, rows)
    run_attention(system, torch, only, rows)
    rows.save()
    return 0 if all("error" not in r for r in rows) else 1


class Rows(list):
    """The rows so far, saved to `path` as each one is added (a run cut
    short by its time limit keeps what it measured)."""

    def __init__(self, path, head):
        super().__init__()
        self.path, self.head = path, head

    def save(self):
        with open(self.path, "w") as f:
            json.dump(dict(self.head, rows=list(self)), f, indent=1)


def geomean(xs):
    xs = [x for x in xs if x]
    return (statistics.geometric_mean(xs), len(xs)) if xs else (None, 0)


def merge(a_path, b_path):
    """Side by side: each system's TFLOP/s and ratio to the vendor kernel of
    its own process, and their quotient (A over B)."""
    runs = [json.load(open(p)) for p in (a_path, b_path)]
    names = [r["system"] for r in runs]
    print("devices:", " / ".join(r["device"] for r in runs))
    key = {}
    for i, run in enumerate(runs):
        for row in run["rows"]:
            key.setdefault((row["kernel"], row.get("shape", "-")),
                           [None, None])[i] = row
    hdr = "%-24s %-18s" % ("kernel", "shape")
    for n in names:
        hdr += " %14s %8s" % (n + " TF/s", "/vendor")
    print(hdr + " %10s" % ("%s/%s" % tuple(names)))
    per_kernel = {}
    for (kernel, shape), pair in key.items():
        line = "%-24s %-18s" % (kernel, shape)
        for row in pair:
            if row is None:
                line += " %14s %8s" % ("-", "-")
            elif "ratio" in row:
                line += " %14.0f %8.3f" % (row["tflops"], row["ratio"])
            else:
                line += " %23s" % (row.get("error", "?")[:23])
        if all(r is not None and "ratio" in r for r in pair):
            q = pair[0]["ratio"] / pair[1]["ratio"]
            line += " %10.3f" % q
            per_kernel.setdefault(kernel, []).append(
                (pair[0]["ratio"], pair[1]["ratio"], q))
        print(line)
    for kernel, vals in per_kernel.items():
        ga, n = geomean([v[0] for v in vals])
        gb, _ = geomean([v[1] for v in vals])
        gq, _ = geomean([v[2] for v in vals])
        print("geomean %-22s over %d: %s/vendor %.3f  %s/vendor %.3f  "
              "%s/%s %.3f" % (kernel, n, names[0], ga, names[1], gb,
                              names[0], names[1], gq))
    return 0


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    if sys.argv[1] == "merge":
        return merge(*sys.argv[2:4])
    return measure(sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main())

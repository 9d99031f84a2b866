"""Run on the GPU machine: the Python-written grouped matmul
(examples/python/matmul.py, matmul_kernel; bf16 in, fp32 acc, bf16 out) as
Trident compiled it (cubins packed by bench/pack_python_matmul.py), launched
through the CUDA driver via ctypes, against cuBLAS (torch.matmul) and
Triton 3.6 running the SAME source file (its `import trident` lines bound to
`triton`), in one process.

    python3 bench/device_python_matmul.py [PACK_DIR] [--quick] [SHAPE ...]

PACK_DIR defaults to .dev/python-matmul; a SHAPE is N (N^3) or MxNxK.

1. Correctness: for each shape (plus a check-only shape whose M, N, K are
   not multiples of the tiles, to exercise the masks) and each Trident and
   Triton config, fresh random bf16 inputs, the output pre-filled with NaN,
   compared with a float64 torch reference: max|out-ref|/max|ref| and
   ||out-ref||/||ref||; cuBLAS's own error on the same draw is printed too.
2. Timing: CUDA events through triton.testing.do_bench (median, L2
   cleared before each call), 3 interleaved rounds over all Trident
   configs, torch.matmul and all Triton configs on the same inputs; the
   median of the rounds is reported, in TFLOP/s and as a ratio to cuBLAS.
"""
import ctypes
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import time

import torch
import triton
import triton.language
from triton.testing import do_bench

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCE = os.path.join(ROOT, "examples", "python", "matmul.py")

# bf16 output: unit roundoff 2^-8 per element, fp32 accumulation adds
# far less. Bounds with some room, and NaN (an unwritten element) never
# passes.
MAX_REL_BOUND = 1e-2
NORM_REL_BOUND = 5e-3

CHECK_ONLY_SHAPE = (1936, 1520, 1072)  # multiples of 16, not of the tiles
DEFAULT_SHAPES = [(2048, 2048, 2048), (4096, 4096, 4096),
                  (8192, 8192, 8192), (8192, 8192, 1024)]
ROUNDS = 3


# ---------------------------------------------------------------- driver
class CudaError(RuntimeError):
    pass


class Driver:
    """The few CUDA driver calls a cubin launch needs, each result checked
    and reported with the call's name."""

    CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 0
    CU_FUNC_ATTRIBUTE_NUM_REGS = 4
    CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8

    def __init__(self):
        # TRIDENT_LIBCUDA: another driver library (as for trident-launch).
        self.lib = ctypes.CDLL(os.environ.get("TRIDENT_LIBCUDA",
                                              "libcuda.so.1"))
        L = self.lib
        vp, u32, i32 = ctypes.c_void_p, ctypes.c_uint, ctypes.c_int
        L.cuGetErrorName.argtypes = [i32, ctypes.POINTER(ctypes.c_char_p)]
        L.cuGetErrorName.restype = i32
        L.cuInit.argtypes = [u32]
        L.cuCtxGetCurrent.argtypes = [ctypes.POINTER(vp)]
        L.cuModuleLoadData.argtypes = [ctypes.POINTER(vp), ctypes.c_char_p]
        L.cuModuleGetFunction.argtypes = [ctypes.POINTER(vp), vp,
                                          ctypes.c_char_p]
        L.cuFuncSetAttribute.argtypes = [vp, i32, i32]
        L.cuFuncGetAttribute.argtypes = [ctypes.POINTER(i32), i32, vp]
        L.cuLaunchKernel.argtypes = [vp, u32, u32, u32, u32, u32, u32, u32,
                                     vp, ctypes.POINTER(vp), vp]
        L.cuCtxSynchronize.argtypes = []
        for name in ("cuInit", "cuCtxGetCurrent", "cuModuleLoadData",
                     "cuModuleGetFunction", "cuFuncSetAttribute",
                     "cuFuncGetAttribute", "cuLaunchKernel",
                     "cuCtxSynchronize"):
            getattr(L, name).restype = i32
        self.check(L.cuInit(0), "cuInit")

    def check(self, res, what):
        if res != 0:
            name = ctypes.c_char_p()
            self.lib.cuGetErrorName(res, ctypes.byref(name))
            raise CudaError("%s failed: %s (%d)" % (
                what, (name.value or b"?").decode(), res))

    def current_context(self):
        ctx = ctypes.c_void_p()
        self.check(self.lib.cuCtxGetCurrent(ctypes.byref(ctx)),
                   "cuCtxGetCurrent")
        return ctx.value

    def load(self, image, name):
        mod = ctypes.c_void_p()
        # A copy with a NUL after it (cuModuleLoadData also takes PTX text).
        buf = ctypes.create_string_buffer(image, len(image) + 1)
        self.check(self.lib.cuModuleLoadData(ctypes.byref(mod), buf),
                   "cuModuleLoadData(%s)" % name)
        fn = ctypes.c_void_p()
        self.check(self.lib.cuModuleGetFunction(ctypes.byref(fn), mod,
                                                name.encode()),
                   "cuModuleGetFunction('%s')" % name)
        return mod, fn

    def func_attr(self, fn, attr, what):
        v = ctypes.c_int()
        self.check(self.lib.cuFuncGetAttribute(ctypes.byref(v), attr, fn),
                   "cuFuncGetAttribute(%s)" % what)
        return v.value

    def set_max_dynamic_shared(self, fn, nbytes):
        self.check(self.lib.cuFuncSetAttribute(
            fn, self.CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, nbytes),
            "cuFuncSetAttribute(MAX_DYNAMIC_SHARED_SIZE_BYTES, %d)" % nbytes)

    def synchronize(self, what):
        self.check(self.lib.cuCtxSynchronize(), "cuCtxSynchronize after " +
                   what)


_CTYPE = {"i32": ctypes.c_int32, "i64": ctypes.c_int64,
          "u32": ctypes.c_uint32, "fp32": ctypes.c_float}


class TridentKernel:
    """One packed config: the cubin loaded, and launches with prepared
    parameter blocks."""

    def __init__(self, drv, pack_dir, tag):
        self.drv = drv
        with open(os.path.join(pack_dir, tag + ".json")) as f:
            self.desc = json.load(f)
        with open(os.path.join(pack_dir, tag + ".cubin"), "rb") as f:
            image = f.read()
        d = self.desc
        self.tag = tag
        self.name = d["kernel"]
        self.arg_names = [a[0] for a in d["args"]]
        self.arg_types = [a[1] for a in d["args"]]
        if d["cluster"] != [1, 1, 1]:
            raise SystemExit("%s: cluster launches are not handled here" %
                             tag)
        self.bm, self.bn, self.bk = d["block"]
        self.threads = d["threads"]
        self.shared = d["shared_bytes"]
        self.module, self.fn = drv.load(image, self.name)
        if self.shared > 48 * 1024:
            drv.set_max_dynamic_shared(self.fn, self.shared)
        self.regs = drv.func_attr(self.fn, Driver.CU_FUNC_ATTRIBUTE_NUM_REGS,
                                  "NUM_REGS")
        self.max_threads = drv.func_attr(
            self.fn, Driver.CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
            "MAX_THREADS_PER_BLOCK")
        if self.max_threads < self.threads:
            raise SystemExit("%s: the driver allows %d threads per block, "
                             "the kernel needs %d" % (tag, self.max_threads,
                                                      self.threads))

    def prepare(self, a, b, c):
        """A launch closure for C = A @ B on these tensors (row-major,
        contiguous, the specialization the cubin was compiled for)."""
        M, K = a.shape
        K2, N = b.shape
        assert K == K2 and tuple(c.shape) == (M, N)
        for t in (a, b, c):
            assert t.is_cuda and t.dtype == torch.bfloat16
            assert t.stride(1) == 1 and t.data_ptr() % 16 == 0
        values = {"a_ptr": a.data_ptr(), "b_ptr": b.data_ptr(),
                  "c_ptr": c.data_ptr(), "M": M, "N": N, "K": K,
                  "stride_am": a.stride(0), "stride_bk": b.stride(0),
                  "stride_cm": c.stride(0)}
        for n in self.desc["divisibility_16"]:
            if values[n] % 16:
                raise ValueError("%s: %s = %d is not divisible by 16, which "
                                 "the cubin assumes" % (self.tag, n,
                                                        values[n]))
        holders = []
        for n, ty in zip(self.arg_names, self.arg_types):
            if ty.startswith("*"):
                holders.append(ctypes.c_uint64(values[n]))
            else:
                holders.append(_CTYPE[ty](values[n]))
        params = (ctypes.c_void_p * len(holders))(
            *[ctypes.cast(ctypes.pointer(h), ctypes.c_void_p)
              for h in holders])
        grid = triton.cdiv(M, self.bm) * triton.cdiv(N, self.bn)
        stream = ctypes.c_void_p(torch.cuda.current_stream().cuda_stream)
        launch = self.drv.lib.cuLaunchKernel
        fn, threads, shared = self.fn, self.threads, self.shared
        check = self.drv.check
        what = "cuLaunchKernel(%s)" % self.tag

        def run():
            check(launch(fn, grid, 1, 1, threads, 1, 1, shared, stream,
                         params, None), what)
        run.keep = (holders, params, a, b, c)
        return run


# ---------------------------------------------------------------- triton
def load_triton_source():
    """examples/python/matmul.py imported with `trident` bound to Triton:
    the very file Trident compiled, run by Triton 3.6."""
    saved = {k: sys.modules.get(k) for k in ("trident", "trident.language")}
    sys.modules["trident"] = triton
    sys.modules["trident.language"] = triton.language
    try:
        spec = importlib.util.spec_from_file_location("matmul_on_triton",
                                                      SOURCE)
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
    finally:
        for k, v in saved.items():
            if v is None:
                sys.modules.pop(k, None)
            else:
                sys.modules[k] = v
    if not hasattr(mod.matmul_kernel, "fn"):
        raise SystemExit("matmul_kernel is %r, not a Triton JITFunction" %
                         type(mod.matmul_kernel))
    return mod.matmul_kernel


def triton_prepare(kernel, cfg, a, b, c):
    bm, bn, bk, gm, w, s = cfg
    M, K = a.shape
    N = b.shape[1]
    grid = (triton.cdiv(M, bm) * triton.cdiv(N, bn),)

    def run():
        kernel[grid](a, b, c, M, N, K, a.stride(0), a.stride(1),
                     b.stride(0), b.stride(1), c.stride(0), c.stride(1),
                     BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=bk, GROUP_M=gm,
                     num_warps=w, num_stages=s)
    return run


# ---------------------------------------------------------------- checks
def errors(out, ref64):
    if torch.isnan(out).any():
        return float("nan"), float("nan"), int(torch.isnan(out).sum())
    d = out.double() - ref64
    return ((d.abs().max() / ref64.abs().max()).item(),
            (d.norm() / ref64.norm()).item(), 0)


def fresh(M, N, K):
    a = torch.randn(M, K, device="cuda", dtype=torch.bfloat16)
    b = torch.randn(K, N, device="cuda", dtype=torch.bfloat16)
    c = torch.full((M, N), float("nan"), device="cuda", dtype=torch.bfloat16)
    return a, b, c


def tflops(M, N, K, ms):
    return 2.0 * M * N * K / (ms * 1e-3) / 1e12


def shape_arg(s):
    dims = [int(x) for x in s.lower().split("x")]
    return tuple(dims) if len(dims) == 3 else (dims[0],) * 3


def smi():
    try:
        return subprocess.run(
            ["nvidia-smi", "--query-gpu=name,clocks.sm,clocks.max.sm,"
             "clocks.mem,power.draw,power.limit,temperature.gpu",
             "--format=csv,noheader"], capture_output=True, text=True,
            timeout=20).stdout.strip()
    except Exception as e:  # noqa: BLE001
        return "nvidia-smi: %r" % e


def main(argv):
    args = argv[1:]
    pack_dir = os.path.join(ROOT, ".dev", "python-matmul")
    if args and not args[0][0].isdigit() and not args[0].startswith("--"):
        pack_dir = args.pop(0)
    quick = "--quick" in args
    args = [x for x in args if x != "--quick"]
    shapes = [shape_arg(s) for s in args] or DEFAULT_SHAPES
    warmup, rep = (10, 40) if quick else (25, 100)

    print("device: %s, torch %s, triton %s, python %s" % (
        torch.cuda.get_device_name(), torch.__version__, triton.__version__,
        sys.version.split()[0]))
    print("nvidia-smi at start:", smi())
    torch.manual_seed(1234)
    torch.zeros(1, device="cuda")  # the primary context, current here
    torch.cuda.synchronize()
    drv = Driver()
    if not drv.current_context():
        raise SystemExit("no current CUDA context after torch's init")

    with open(os.path.join(pack_dir, "index.json")) as f:
        tags = json.load(f)["configs"]
    kernels = []
    for tag in tags:
        k = TridentKernel(drv, pack_dir, tag)
        kernels.append(k)
        print("trident %s: %s, %d threads, %d B dynamic shared, %d regs "
              "(driver), params %s" % (tag, k.name, k.threads, k.shared,
                                       k.regs, ",".join(k.arg_names)))
    cfgs = [(k.bm, k.bn, k.bk, k.desc["group_m"], k.desc["num_warps"],
             k.desc["num_stages"]) for k in kernels]
    tri = load_triton_source()
    print("triton: %s from %s" % (tri.fn.__name__, SOURCE))

    def sides(a, b, c_of):
        """name -> launch closure, all on the same a, b."""
        fns = {}
        for k in kernels:
            fns["trident " + k.tag] = k.prepare(a, b, c_of("trident " + k.tag))
        fns["cublas"] = None  # filled by the caller (needs its own output)
        for k, cfg in zip(kernels, cfgs):
            fns["triton " + k.tag] = triton_prepare(tri, cfg, a, b,
                                                    c_of("triton " + k.tag))
        return fns

    # ---- 1. correctness, fresh inputs for every run
    failures = []
    check_shapes = [CHECK_ONLY_SHAPE] + shapes
    print("\n== correctness (fresh random bf16 inputs per run, output "
          "pre-filled with NaN, float64 reference; bounds max-rel %.0e, "
          "norm-rel %.0e)" % (MAX_REL_BOUND, NORM_REL_BOUND))
    t0 = time.time()
    for (M, N, K) in check_shapes:
        names = (["trident " + k.tag for k in kernels] + ["cublas"] +
                 ["triton " + k.tag for k in kernels])
        for name in names:
            a, b, c = fresh(M, N, K)
            if name == "cublas":
                c = torch.matmul(a, b)
            else:
                run = sides(a, b, lambda _n: c)[name]
                try:
                    run()
                    torch.cuda.synchronize()
                    if name.startswith("trident"):
                        drv.synchronize(name)
                except Exception as e:  # noqa: BLE001
                    print("  %-34s %dx%dx%d: ERROR %s" % (name, M, N, K, e))
                    failures.append((name, (M, N, K), str(e)))
                    continue
            ref = a.double() @ b.double()
            mx, nr, nans = errors(c, ref)
            ok = nans == 0 and mx < MAX_REL_BOUND and nr < NORM_REL_BOUND
            if not ok and name != "cublas":
                failures.append((name, (M, N, K), (mx, nr, nans)))
            print("  %-34s %5dx%5dx%5d: max-rel %.2e norm-rel %.2e NaN %d "
                  "%s" % (name, M, N, K, mx, nr, nans,
                          "ok" if ok else "FAIL"))
            del a, b, c, ref
    print("correctness: %s (%.1f s)" % (
        "all ok" if not failures else "%d FAILED" % len(failures),
        time.time() - t0))

    # ---- 2. timing
    results = []
    for (M, N, K) in shapes:
        a = torch.randn(M, K, device="cuda", dtype=torch.bfloat16)
        b = torch.randn(K, N, device="cuda", dtype=torch.bfloat16)
        outs = {}

        def c_of(name):
            outs[name] = torch.full((M, N), float("nan"), device="cuda",
                                    dtype=torch.bfloat16)
            return outs[name]
        fns = sides(a, b, c_of)
        fns["cublas"] = lambda: torch.matmul(a, b)
        bad = {n for n, *_ in failures}
        fns = {n: f for n, f in fns.items() if n not in bad}
        times = {n: [] for n in fns}
        for r in range(ROUNDS):
            for n, f in fns.items():
                times[n].append(do_bench(f, warmup=warmup, rep=rep,
                                         return_mode="median"))
        torch.cuda.synchronize()
        drv.synchronize("timing")
        # The timed outputs are right too (same inputs for all sides).
        ref = a.double() @ b.double()
        for n, c in outs.items():
            if n in fns:
                mx, nr, nans = errors(c, ref)
                if nans or mx >= MAX_REL_BOUND or nr >= NORM_REL_BOUND:
                    failures.append((n, (M, N, K), "timed output",
                                     (mx, nr, nans)))
                    print("  timed output of %s wrong: %.2e %.2e NaN %d" %
                          (n, mx, nr, nans))
        del ref
        med = {n: statistics.median(v) for n, v in times.items()}
        cub = med["cublas"]
        row = {"M": M, "N": N, "K": K, "ms": med, "rounds_ms": times,
               "tflops": {n: tflops(M, N, K, v) for n, v in med.items()},
               "ratio": {n: cub / v for n, v in med.items()}}
        results.append(row)
        print("\n== %dx%dx%d (median of %d interleaved rounds of do_bench "
              "medians)" % (M, N, K, ROUNDS))
        for n in fns:
            lo, hi = min(times[n]), max(times[n])
            print("  %-34s %8.4f ms  %6.1f TFLOP/s  %.3fx cuBLAS  "
                  "(rounds %.4f-%.4f ms)" % (n, med[n], row["tflops"][n],
                                             row["ratio"][n], lo, hi))
        del outs, fns, a, b
        torch.cuda.empty_cache()
    print("\nnvidia-smi at end:", smi())

    # ---- summary table
    print("\nSUMMARY: TFLOP/s (ratio to cuBLAS), median of %d interleaved "
          "rounds; Triton 3.6 runs the same source file" % ROUNDS)
    for row in results:
        M, N, K = row["M"], row["N"], row["K"]
        ratio, tf = row["ratio"], row["tflops"]
        print("%dx%dx%d: cuBLAS %.0f" % (M, N, K, tf["cublas"]))
        for k in kernels:
            a_n, b_n = "trident " + k.tag, "triton " + k.tag
            fa = "%.0f (%.3f)" % (tf[a_n], ratio[a_n]) if a_n in tf else "-"
            fb = "%.0f (%.3f)" % (tf[b_n], ratio[b_n]) if b_n in tf else "-"
            print("  %-26s trident %-16s triton %s" % (k.tag, fa, fb))
        best = {}
        for side in ("trident", "triton"):
            cand = [(ratio[n], n) for n in ratio if n.startswith(side + " ")]
            if cand:
                best[side] = max(cand)
        if "trident" in best and "triton" in best:
            print("  best: trident %.3fx (%s), triton %.3fx (%s), "
                  "trident/triton %.3f" % (
                      best["trident"][0], best["trident"][1].split()[1],
                      best["triton"][0], best["triton"][1].split()[1],
                      best["trident"][0] / best["triton"][0]))
        row["best"] = best
    out = os.environ.get("OUT")
    if out:
        with open(os.path.join(out, "python_matmul.json"), "w") as f:
            json.dump({"results": results,
                       "failures": [repr(x) for x in failures]}, f, indent=1)
    print("failures: %s" % (failures if failures else "none"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

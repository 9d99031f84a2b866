"""The peer benchmark: Triton's own tutorials (python/tutorials of the 3.6
release, in .peer/tutorials; bench/peer/README.md says how to get them) run
by Trident and by Triton from the same source, inputs and config lists, in
one process: each kernel checked against torch, then timed beside Triton.

    python3 bench/peer/run.py [--quick] [--only 03,06] [--configs N]
        [--trident-only] [--compile-only] [--tutorials DIR]

--configs N   autotune over the first N configs of each list, on both sides
              (default 4; 0: all of them)
--trident-only  no Triton (this machine has none): check and time Trident
--compile-only  compile one kernel of each tutorial for cuda:90a with
              Trident (no GPU needed) and report what fails

On the GPU machine (.dev/ and .peer/ carried, bench/peer/pack.sh run here
first) it unpacks Trident as bench/device_runtime.py does. Rows go to
$OUT/peer.json and $OUT/peer.csv when OUT is set.
"""
import argparse
import csv
import importlib
import json
import math
import os
import statistics
import sys
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
TUTORIALS = ["t01_vector_add", "t02_fused_softmax", "t03_matmul",
             "t04_dropout", "t05_layer_norm", "t06_attention",
             "t08_grouped_gemm", "t09_persistent_matmul"]


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--quick", action="store_true",
                   help="fewer shapes")
    p.add_argument("--only", default="",
                   help="tutorial numbers, e.g. 03,06")
    p.add_argument("--configs", type=int, default=4,
                   help="first N configs of each autotune list (0: all)")
    p.add_argument("--trident-only", action="store_true")
    p.add_argument("--compile-only", action="store_true")
    p.add_argument("--tutorials", default=os.path.join(ROOT, ".peer",
                                                       "tutorials"))
    p.add_argument("--pipeline", default="",
                   help="compile Trident's kernels under this named "
                        "pipeline (e.g. copies-after-dot, copies-at-top of "
                        "the pipeline-variants example plugin, loaded from "
                        "the package's _lib/plugins when not yet loaded)")
    p.add_argument("--timings", action="store_true",
                   help="print each side's autotune timings per config")
    p.add_argument("--profile", action="store_true",
                   help="after timing, list each side's GPU kernels per "
                        "call (torch.profiler): kernel time vs wall time")
    p.add_argument("--rounds", type=int, default=3,
                   help="timing rounds (Trident, Triton interleaved)")
    return p.parse_args(argv)


def setup_trident():
    """Trident from this checkout's build, else (the GPU machine, with
    .dev/ carried) from the archive of bench/pack_runtime.sh, unpacked as
    bench/device_runtime.py does it (importing it unpacks)."""
    sys.path.insert(0, HERE)
    if os.path.exists(os.path.join(ROOT, "build", "lib", "_C.abi3.so")):
        sys.path.insert(0, os.path.join(ROOT, "python"))
    else:
        sys.path.insert(0, os.path.join(ROOT, "bench"))
        import device_runtime  # noqa: F401


def case_modules(only):
    wanted = {n.strip().zfill(2) for n in only.split(",") if n.strip()}
    for name in TUTORIALS:
        if not wanted or name[1:3] in wanted:
            yield importlib.import_module("cases." + name)


def short(e):
    """One line of an exception: its type and the first line of its
    message (compiler errors: the location line)."""
    text = str(e).strip().splitlines()
    return ("%s: %s" % (type(e).__name__, text[0] if text else ""))[:160]


def truncate_configs(module, n):
    """Each autotuner of `module` keeps its first n configs."""
    for obj in list(vars(module).values()):
        if n and type(obj).__name__ == "Autotuner":
            obj.configs = obj.configs[:n]


def describe_config(config):
    if config is None:
        return ""
    meta = "/".join(str(v) for v in config.kwargs.values())
    return "%s w%d s%d" % (meta, config.num_warps, config.num_stages)


class Side:
    """One compiler's copy of a tutorial."""

    def __init__(self, name, module):
        self.name, self.module, self.error = name, module, None
        self.call, self.ms, self.err, self.ok = None, [], None, False


def load_sides(spec, args, sides):
    import loader
    path = os.path.join(args.tutorials, spec.TUTORIAL)
    out = {}
    for side in sides:
        try:
            module = loader.load(path, spec.ROOTS, side,
                                 getattr(spec, "DROP", ()))
            truncate_configs(module, args.configs)
            out[side] = Side(side, module)
        except Exception as e:
            out[side] = Side(side, None)
            out[side].error = "load: " + short(e)
    return out


# Whether to print every config's autotune timing (--timings).
TIMINGS = False

# The named pipeline Trident's kernels compile under (--pipeline), or "".
PIPELINE = ""


def use_pipeline(name):
    """Makes `name` the pipeline of Trident's side, loading the
    pipeline-variants example plugin if no loaded plugin has it."""
    global PIPELINE
    import trident
    if name and name not in trident.pipeline_names():
        path = os.path.join(os.path.dirname(trident.__file__), "_lib",
                            "plugins", "libPipelineVariantsPlugin.so")
        if not os.path.exists(path):
            path = os.path.join(ROOT, "build", "plugins",
                                "libPipelineVariantsPlugin.so")
        trident.load_plugin(path)
    PIPELINE = name


def under_pipeline(call):
    import trident

    def run():
        with trident.pipeline(PIPELINE):
            return call()
    return run


def check_side(case, side, inputs, ref):
    from common import nan_outputs, rel_error
    try:
        side.call = case.prepare(side.module, inputs)
        if PIPELINE and side.name == "trident":
            side.call = under_pipeline(side.call)
        with nan_outputs(side.module):
            out = side.call()
        if case.check is not None:
            side.err, side.ok = case.check(out, inputs, side.call)
        else:
            side.err = rel_error(out, ref)
            side.ok = side.err <= case.tol
    except Exception as e:
        side.error = short(e)
        if os.environ.get("PEER_TRACEBACK"):
            traceback.print_exc()


def metric(case, ms):
    if ms is None or not ms > 0:
        return None
    if case.flops:
        return case.flops / (ms * 1e-3) / 1e12
    return case.bytes / (ms * 1e-3) / 1e9


def profile_side(side, sync, calls=20):
    """The GPU kernels one call of `side` runs, with their mean device
    time, next to the call's wall time: a ratio far from the kernels'
    tells host or launch cost apart from kernel time."""
    import torch
    from torch.profiler import ProfilerActivity, profile
    side.call()
    sync()
    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        t0 = time.perf_counter()
        for _ in range(calls):
            side.call()
        sync()
        wall = (time.perf_counter() - t0) / calls * 1e6
    lines = []
    total = 0.0
    for e in prof.key_averages():
        us = getattr(e, "device_time_total", None)
        if us is None:
            us = e.cuda_time_total
        if us <= 0:
            continue
        total += us / calls
        lines.append((us / calls, e.count / calls, e.key))
    lines.sort(reverse=True)
    print("       %s: wall %.1f us/call, GPU %.1f us/call" % (
        side.name, wall, total))
    for us, n, key in lines[:6]:
        print("         %8.1f us  x%.1f  %s" % (us, n, key[:90]))


def run_case(case, sides, do_bench, rounds, sync, profile=False):
    import torch
    torch.manual_seed(0)
    row = {"kernel": case.kernel, "shape": case.shape, "dtype": case.dtype,
           "unit": "TFLOP/s" if case.flops else "GB/s"}
    try:
        inputs = case.inputs()
        ref = case.ref(inputs) if case.ref is not None else None
    except Exception as e:
        row["error"] = "inputs: " + short(e)
        return row
    live = []
    for side in sides.values():
        side.call, side.ms, side.err, side.ok = None, [], None, False
        if side.module is None:
            continue
        side.error = None
        check_side(case, side, inputs, ref)
        sync()
        if side.error is None:
            live.append(side)
    baseline = case.baseline(inputs) if case.baseline else None
    base_ms = []
    for _ in range(rounds):
        for side in live:
            try:
                side.ms.append(do_bench(side.call))
            except Exception as e:
                side.error = "timing: " + short(e)
        if baseline is not None:
            base_ms.append(do_bench(baseline))
        live = [s for s in live if s.error is None]
    if profile:
        for side in live:
            try:
                profile_side(side, sync)
            except Exception as e:
                print("       %s: profile: %s" % (side.name, short(e)))
    for side in sides.values():
        ms = statistics.median(side.ms) if side.ms and not side.error \
            else None
        row[side.name] = {
            "ms": ms, "metric": metric(case, ms), "error": side.error,
            "rel_err": side.err, "check": None if side.error or
            side.err is None else ("PASS" if side.ok else "FAIL"),
            "config": "; ".join(describe_config(getattr(
                getattr(side.module, t, None), "best_config", None))
                for t in case.tuned) if side.module else ""}
    if TIMINGS:
        for side in sides.values():
            for t in case.tuned:
                tuner = getattr(side.module, t, None) if side.module else None
                times = getattr(tuner, "configs_timings", None)
                if not times and getattr(tuner, "bench_times", None):
                    times = list(tuner.bench_times.values())[-1]
                times = times or {}
                for c, v in sorted(times.items(), key=lambda kv: kv[1]):
                    ms = v[0] if isinstance(v, (list, tuple)) else v
                    print("       %-7s %-14s %-22s %.4f ms" % (
                        side.name, t, describe_config(c), ms))
    if base_ms:
        row["sdpa"] = {"ms": statistics.median(base_ms),
                       "metric": metric(case, statistics.median(base_ms))}
    tr, tn = row.get("trident", {}), row.get("triton", {})
    if tr.get("ms") and tn.get("ms"):
        row["ratio"] = tn["ms"] / tr["ms"]
    return row


def fmt(v, spec="%.1f"):
    return "-" if v is None else spec % v


def print_row(tutorial, row):
    tr, tn = row.get("trident", {}), row.get("triton", {})
    status = "/".join(s.get("check") or "ERR" for s in (tr, tn) if s) or "ERR"
    line = "%-4s %-26s %-24s %-5s %9s %9s %7s  %-9s" % (
        tutorial, row["kernel"][:26], row["shape"][:24], row["dtype"],
        fmt(tr.get("metric")), fmt(tn.get("metric")),
        fmt(row.get("ratio"), "%.3f"), status)
    if "sdpa" in row:
        line += " sdpa %s (trident/sdpa %s)" % (
            fmt(row["sdpa"]["metric"]),
            fmt(tr.get("metric") and row["sdpa"]["metric"] and
                tr["metric"] / row["sdpa"]["metric"], "%.3f"))
    errs = [(s, row[s]) for s in ("trident", "triton") if s in row]
    notes = ["%s err %.1e" % (n, s["rel_err"]) for n, s in errs
             if s.get("check") == "FAIL"]
    notes += ["%s: %s" % (n, s["error"]) for n, s in errs if s.get("error")]
    configs = ["%s %s" % (n, s["config"]) for n, s in errs if s.get("config")]
    if row.get("error"):
        notes.append(row["error"])
    print(line)
    for note in notes + (["  picked: " + " | ".join(configs)]
                         if configs else []):
        print("       " + note)
    sys.stdout.flush()


def failed(row):
    if row.get("error"):
        return True
    return any(row[s].get("error") or row[s].get("check") != "PASS"
               for s in ("trident", "triton") if s in row)


def compile_only(args):
    """Compiles each tutorial's listed kernels for cuda:90a with Trident."""
    import loader
    import trident
    results = []
    for spec in case_modules(args.only):
        path = os.path.join(args.tutorials, spec.TUTORIAL)
        for name, opts in spec.COMPILE.items():
            kernel = opts.get("kernel", name)
            t0 = time.perf_counter()
            try:
                module = loader.load(path, [kernel], "trident")
                fn = getattr(module, kernel)
                while not isinstance(fn, trident.JITFunction):
                    fn = fn.fn
                constexprs = opts.get("constexprs", {})
                signature = {n: t for n, t in opts["signature"].items()
                             if n not in constexprs}
                # As a launch on aligned tensors and sizes divisible by 16.
                attrs = {n: {"tir.divisibility": 16} for n, t in
                         signature.items() if t[0] in "*i"}
                k = trident.compile(fn, signature=signature,
                                    constexprs=constexprs, attrs=attrs,
                                    target="cuda:90a",
                                    num_warps=opts.get("num_warps", 4),
                                    num_stages=opts.get("num_stages", 3))
                # ptxas's register count (n_regs is it rounded up to the
                # allocation unit).
                status = "OK   %d regs, %d spills, %d B shared" % (
                    k.metadata.get("registers") or 0, k.n_spills or 0,
                    k.metadata.get("shared_bytes", 0))
            except Exception as e:
                status = "FAIL " + short(e)
                if os.environ.get("PEER_TRACEBACK"):
                    traceback.print_exc()
            print("%-22s %-32s %5.1fs  %s" % (spec.TUTORIAL[:22], name,
                                              time.perf_counter() - t0,
                                              status))
            results.append({"tutorial": spec.TUTORIAL, "kernel": name,
                            "status": status})
    return results


def write_rows(rows):
    out = os.environ.get("OUT")
    if not out:
        return
    with open(os.path.join(out, "peer.json"), "w") as f:
        json.dump(rows, f, indent=1)
    with open(os.path.join(out, "peer.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["tutorial", "kernel", "shape", "dtype", "unit",
                    "trident", "triton", "ratio", "trident_check",
                    "triton_check", "trident_config", "triton_config",
                    "error"])
        for r in rows:
            if "kernel" not in r:
                continue
            tr, tn = r.get("trident", {}), r.get("triton", {})
            w.writerow([r["tutorial"], r["kernel"], r["shape"], r["dtype"],
                        r["unit"], tr.get("metric"), tn.get("metric"),
                        r.get("ratio"), tr.get("check") or tr.get("error"),
                        tn.get("check") or tn.get("error"),
                        tr.get("config"), tn.get("config"),
                        r.get("error")])


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    setup_trident()
    global TIMINGS
    TIMINGS = args.timings
    if args.pipeline:
        use_pipeline(args.pipeline)
        print("Trident compiles under the named pipeline '%s'" %
              args.pipeline)
    if args.compile_only:
        write_rows(compile_only(args))
        return 0
    import torch
    sides = ["trident"] if args.trident_only else ["trident", "triton"]
    if args.trident_only:
        from trident.testing import do_bench as bench
    else:
        from triton.testing import do_bench as bench

    def do_bench(fn):
        return bench(fn, return_mode="median")

    sync = torch.cuda.synchronize if torch.cuda.is_available() else \
        (lambda: None)
    device = "cuda" if torch.cuda.is_available() else "cpu"
    print("%-4s %-26s %-24s %-5s %9s %9s %7s  %s" % (
        "tut", "kernel", "shape", "dtype", "trident", "triton", "ratio",
        "check"))
    rows = []
    start = time.perf_counter()
    for spec in case_modules(args.only):
        t0 = time.perf_counter()
        number = spec.TUTORIAL[:2]
        loaded = load_sides(spec, args, sides)
        for case in spec.cases(device, args.quick):
            row = run_case(case, loaded, do_bench, args.rounds, sync,
                           args.profile)
            for side in loaded.values():  # a load error shows on each row
                if side.module is None:
                    row[side.name] = {"error": side.error}
            row["tutorial"] = number
            print_row(number, row)
            rows.append(row)
        print("     (%s: %.1f s)" % (spec.TUTORIAL, time.perf_counter() - t0))
    ratios = [r["ratio"] for r in rows if r.get("ratio")]
    bad = sum(failed(r) for r in rows)
    gmean = math.exp(sum(map(math.log, ratios)) / len(ratios)) \
        if ratios else None
    print("geometric mean of Triton/Trident time over the %d rows that ran "
          "on both sides: %s; failed rows: %d of %d; %.0f s" % (
              len(ratios), fmt(gmean, "%.3f"), bad, len(rows),
              time.perf_counter() - start))
    rows.append({"summary": {"gmean_ratio": gmean, "rows": len(rows),
                             "failed": bad}})
    write_rows(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Liger-Kernel's ops (python/requirements-liger.txt's pinned wheel, unedited)
timed under Trident (`import triton` through trident.compat) and under the
real Triton, each checked against torch first.

Both are `triton` to Liger, so one process cannot hold both: each side runs
in a process of its own on the same seeded inputs and shapes, writes its
rows as JSON, and the parent prints them side by side.

    python3 bench/peer/liger.py [--quick] [--only rms_norm,cross_entropy]
                                [--pipelines loads-predicated,...]
    python3 bench/peer/liger.py --side trident|triton --out FILE   (one side)

`--pipelines` also runs Trident's side under each named pipeline (of the
pipeline-variants example plugin, loaded when needed), one process each,
and prints a row per op and pipeline beside the same Triton times.

Times are `triton.testing.do_bench` medians (the side's own), of the
forward alone and of forward plus backward; ratio = Triton time / Trident
time (> 1: Trident faster). With OUT set, the rows also go to
$OUT/liger.json. On the CPU (no GPU) only `--side trident` runs, which is
a smoke test of this script.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def cases(torch, device, quick):
    """(name, shape text, make inputs, liger call, torch reference)."""
    import liger_kernel.ops as ops
    F = torch.nn.functional
    bf16, f32 = torch.bfloat16, torch.float32
    t = 256 if quick else 4096           # tokens
    h = 512 if quick else 4096           # hidden
    v = 2048 if quick else 32000         # vocabulary
    inter = 1024 if quick else 11008     # MLP width
    seq, heads, kv_heads, hd = (128, 8, 2, 64) if quick else \
        (2048, 32, 8, 128)

    def randn(*shape, dtype=bf16, scale=1.0):
        return (torch.randn(*shape, device=device) * scale).to(dtype)

    def rope_inputs():
        ang = torch.randn(1, seq, hd // 2, device=device)
        return [randn(1, heads, seq, hd), randn(1, kv_heads, seq, hd),
                torch.cat([ang.cos()] * 2, -1).to(bf16),
                torch.cat([ang.sin()] * 2, -1).to(bf16)]

    def rope_ref(q, k, cos, sin):
        def rot(x):
            return torch.cat((-x[..., hd // 2:], x[..., :hd // 2]), -1)
        c, s = cos.unsqueeze(1), sin.unsqueeze(1)
        return q * c + rot(q) * s, k * c + rot(k) * s

    target = torch.randint(0, v, (t,), device=device)
    soft = torch.softmax(randn(t, v, dtype=f32), -1)
    log_p = torch.log_softmax(randn(t, v, dtype=f32), -1)

    def jsd_ref(log_q):
        p, q = log_p.exp(), log_q.exp()
        log_m = torch.log(0.5 * p + 0.5 * q)
        return 0.5 * ((p * (log_p - log_m)).sum() +
                      (q * (log_q - log_m)).sum()) / log_q.shape[0]

    return [
        ("rms_norm", "%dx%d bf16" % (t, h),
         lambda: [randn(t, h), randn(h)],
         lambda x, w: ops.LigerRMSNormFunction.apply(x, w, 1e-6),
         lambda x, w: (x.float() * torch.rsqrt(
             x.float().pow(2).mean(-1, keepdim=True) + 1e-6)).to(bf16) * w),
        ("layer_norm", "%dx%d bf16" % (t, h),
         lambda: [randn(t, h), randn(h), randn(h)],
         lambda x, w, b: ops.LigerLayerNormFunction.apply(x, w, b, 1e-6),
         lambda x, w, b: F.layer_norm(x, (h,), w, b, 1e-6)),
        ("rope", "q %dx%dx%d kv %d bf16" % (heads, seq, hd, kv_heads),
         rope_inputs,
         lambda q, k, c, s: ops.LigerRopeFunction.apply(q, k, c, s),
         rope_ref),
        ("swiglu", "%dx%d bf16" % (t, inter),
         lambda: [randn(t, inter), randn(t, inter)],
         ops.LigerSiLUMulFunction.apply, lambda a, b: F.silu(a) * b),
        ("geglu", "%dx%d bf16" % (t, inter),
         lambda: [randn(t, inter), randn(t, inter)],
         ops.LigerGELUMulFunction.apply,
         lambda a, b: F.gelu(a, approximate="tanh") * b),
        ("cross_entropy", "%dx%d fp32" % (t, v),
         lambda: [randn(t, v, dtype=f32)],
         lambda x: ops.LigerCrossEntropyFunction.apply(x, target, None)[0],
         lambda x: F.cross_entropy(x, target)),
        ("fused_linear_ce", "%dx%d @ %dx%d bf16" % (t, h, v, h),
         lambda: [randn(t, h), randn(v, h, scale=0.02)],
         lambda x, w: ops.LigerFusedLinearCrossEntropyFunction.apply(
             x, w, target)[0],
         lambda x, w: F.cross_entropy((x @ w.t()).float(), target)),
        ("kl_div", "%dx%d fp32" % (t, v),
         lambda: [torch.log_softmax(randn(t, v, dtype=f32), -1)],
         lambda y: ops.LigerKLDivLossFunction.apply(y, soft),
         lambda y: F.kl_div(y, soft, reduction="batchmean")),
        ("jsd", "%dx%d fp32" % (t, v),
         lambda: [torch.log_softmax(randn(t, v, dtype=f32), -1)],
         lambda y: ops.LigerJSDFunction.apply(y, log_p), jsd_ref),
    ]


def rel_error(out, ref):
    import torch
    outs = out if isinstance(out, tuple) else (out,)
    refs = ref if isinstance(ref, tuple) else (ref,)
    worst = 0.0
    for o, r in zip(outs, refs):
        o, r = o.detach().double(), r.detach().double()
        if torch.isnan(o).any():
            return float("nan")
        worst = max(worst, ((o - r).norm() / r.norm().clamp_min(1e-30))
                    .item())
    return worst


def use_pipeline(name):
    """Trident's kernels compile under the named pipeline `name`, from the
    pipeline-variants example plugin unless a loaded plugin has it."""
    import trident
    if name not in trident.pipeline_names():
        path = os.path.join(os.path.dirname(trident.__file__), "_lib",
                            "plugins", "libPipelineVariantsPlugin.so")
        if not os.path.exists(path):
            path = os.path.join(os.path.dirname(os.path.dirname(HERE)),
                                "build", "plugins",
                                "libPipelineVariantsPlugin.so")
        trident.load_plugin(path)
    trident.set_pipeline(name)


def run_side(side, quick, only, pipeline=""):
    if side == "trident":
        # Before anything imports torch (which may import the real triton):
        # Trident from this checkout's build, else from the carried archive.
        root = os.path.dirname(os.path.dirname(HERE))
        if os.path.exists(os.path.join(root, "build", "lib", "_C.abi3.so")):
            sys.path.insert(0, os.path.join(root, "python"))
        else:
            sys.path.insert(0, os.path.dirname(HERE))
            import runtime_archive
            runtime_archive.unpack()
        import trident.compat
        trident.compat.install()
        if pipeline:
            use_pipeline(pipeline)
    import torch
    import triton
    from triton.testing import do_bench
    device = "cuda" if torch.cuda.is_available() else "cpu"
    rows = []
    for name, shape, make, liger_fn, ref_fn in cases(torch, device, quick):
        if only and name not in only:
            continue
        row = {"op": name, "shape": shape, "side": side,
               "triton": triton.__version__, "pipeline": pipeline}
        try:
            torch.manual_seed(0)
            inputs = [x.requires_grad_(x.is_floating_point()) for x in make()]
            mine = [x.detach().clone().requires_grad_(x.requires_grad)
                    for x in inputs]
            theirs = [x.detach().clone().requires_grad_(x.requires_grad)
                      for x in inputs]
            out = liger_fn(*mine)
            ref = ref_fn(*theirs)
            row["error"] = rel_error(out, ref)
            outs = out if isinstance(out, tuple) else (out,)
            refs = ref if isinstance(ref, tuple) else (ref,)
            grads = [torch.randn_like(o) for o in outs]
            # The backward too: the gradients of every input against
            # torch's (Liger's backward may write into what it is given,
            # so each side gets its own copies).
            torch.autograd.backward(outs, [g.clone() for g in grads])
            torch.autograd.backward(refs, [g.clone().to(r.dtype)
                                           for g, r in zip(grads, refs)])
            row["grad_error"] = max(
                rel_error(a.grad, b.grad) for a, b in zip(mine, theirs)
                if a.grad is not None and b.grad is not None)  # (RoPE's
            # cos and sin get none from Liger)
            leaves = [x for x in inputs if x.requires_grad]

            def forward():
                return liger_fn(*inputs)

            def both():
                o = forward()
                torch.autograd.backward(
                    o if isinstance(o, tuple) else (o,),
                    [g.clone() for g in grads])

            row["fwd_ms"] = do_bench(forward, return_mode="median")
            row["fwd_bwd_ms"] = do_bench(both, grad_to_none=leaves,
                                         return_mode="median")
        except Exception as e:  # a failed op is a row, the next one runs
            row["failure"] = "%s: %s" % (type(e).__name__,
                                         str(e).splitlines()[0][:200])
        print(json.dumps(row), flush=True)
        rows.append(row)
    return rows


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--quick", action="store_true")
    p.add_argument("--only", default="")
    p.add_argument("--side", choices=["trident", "triton"])
    p.add_argument("--pipeline", default="",
                   help="(with --side trident) the named pipeline")
    p.add_argument("--pipelines", default="",
                   help="named pipelines Trident's side also runs under")
    p.add_argument("--out")
    args = p.parse_args(argv)
    only = {s.strip() for s in args.only.split(",") if s.strip()}
    if args.side:
        rows = run_side(args.side, args.quick, only, args.pipeline)
        if args.out:
            with open(args.out, "w") as f:
                json.dump(rows, f)
        return 0
    results = {}
    pipelines = [s.strip() for s in args.pipelines.split(",") if s.strip()]
    runs = [("triton", ""), ("trident", "")] + [
        ("trident", name) for name in pipelines]
    with tempfile.TemporaryDirectory() as tmp:
        for side, pipeline in runs:
            label = side + (":" + pipeline if pipeline else "")
            out = os.path.join(tmp, label.replace(":", "_") + ".json")
            cmd = [sys.executable, os.path.abspath(__file__), "--side", side,
                   "--out", out] + (["--quick"] if args.quick else []) + (
                ["--only", args.only] if args.only else []) + (
                ["--pipeline", pipeline] if pipeline else [])
            side = label
            r = subprocess.run(cmd)
            results[side] = json.load(open(out)) if r.returncode == 0 and \
                os.path.exists(out) else []
            if r.returncode:
                print("the %s side failed (exit %d)" % (side, r.returncode))
    by_op = {}
    for side, rows in results.items():
        for row in rows:
            by_op.setdefault(row["op"], {})[side] = row
    print("%-16s %-26s %-22s %-22s %-13s %s" % (
        "op", "shape", "trident fwd/fwd+bwd", "triton fwd/fwd+bwd",
        "ratio", "trident rel err out/grads"))

    def times(row):
        if row is None:
            return "-"
        if "failure" in row:
            return "FAIL " + row["failure"][:16]
        return "%.3f/%.3f ms" % (row["fwd_ms"], row["fwd_bwd_ms"])

    merged = []
    for op, sides in by_op.items():
        b = sides.get("triton")
        for label in ["trident"] + ["trident:" + n for n in pipelines]:
            a = sides.get(label)
            ratio = "-"
            if a and b and "fwd_ms" in a and "fwd_ms" in b:
                ratio = "%.2f/%.2f" % (b["fwd_ms"] / a["fwd_ms"],
                                       b["fwd_bwd_ms"] / a["fwd_bwd_ms"])
            shape = (a or b or {}).get("shape", "-")
            errs = "-" if not a or "grad_error" not in a else \
                "%.1e/%.1e" % (a["error"], a["grad_error"])
            name = op if label == "trident" else "  " + label[8:]
            print("%-16s %-26s %-22s %-22s %-13s %s" % (
                name, shape, times(a), times(b), ratio, errs))
            merged.append({"op": op, "pipeline": label[8:], "trident": a,
                           "triton": b})
    if os.environ.get("OUT"):
        with open(os.path.join(os.environ["OUT"], "liger.json"), "w") as f:
            json.dump(merged, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

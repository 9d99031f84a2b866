"""The TLX plugin's example kernels (plugins/tlx/examples/, issue 26): each
runs on the CPU target against a float64 reference (numpy, or torch for
attention_fwd.py) as its own `main` does (gemm_cluster.py in its form
without clusters, which the CPU does not run), and compiles for sm_90a to
the structure it is written for."""
import os
import subprocess
import sys
import textwrap

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
EXAMPLES = os.path.join(ROOT, "plugins", "tlx", "examples")


def run(code, plugin_dir):
    env = dict(os.environ)
    env["TRIDENT_PLUGIN_PATHS"] = os.path.join(plugin_dir, "libTlxPlugin.so")
    env["PYTHONPATH"] = os.pathsep.join(
        [EXAMPLES, os.path.join(ROOT, "python"), env.get("PYTHONPATH", "")])
    r = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], env=env,
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
    return r.stdout


def test_persistent_ws_gemm_cpu(plugin_dir):
    out = run("""
        import os
        os.environ["TRIDENT_TARGET"] = "cpu"
        import gemm_persistent_ws
        gemm_persistent_ws.main()
        """, plugin_dir)
    # Three shapes (one with partial tiles on every side), each right.
    assert out.count("relative error") == 3, out


def test_persistent_ws_gemm_sm90(plugin_dir):
    out = run("""
        import trident
        import gemm_persistent_ws as G
        sig = {"a_desc": "tensordesc<bf16[64,64]>",
               "b_desc": "tensordesc<bf16[64,256]>",
               "c_desc": "tensordesc<bf16[64,256]>",
               "M": "i32", "N": "i32", "K": "i32"}
        k = trident.compile(G.matmul_persistent_ws, signature=sig,
                            target="cuda:90a", num_warps=4,
                            constexprs=dict(BM=128, BN=256, BK=64, STAGES=3,
                                            GROUP_M=8, NUM_SMS=132))
        ptx, m = k.asm["ptx"], k.metadata
        print("WARPS", m["num_warps"])
        print("SPILLS", m["spill_stores"] + m["spill_loads"])
        print("SERIALIZED", m["wgmma_serialized"])
        for w in ("wgmma.mma_async", "cp.async.bulk.tensor.2d.shared",
                  "cp.async.bulk.tensor.2d.global.shared",
                  "setmaxnreg.inc.sync.aligned.u32 \\t232;",
                  "mbarrier.try_wait.parity", "wgmma.wait_group.sync.aligned 1;"):
            print("HAS", w, ptx.count(w) > 0)
        """, plugin_dir)
    # A producer warpgroup and two consumer warpgroups; no spills, wgmma
    # not serialized, one dot left in flight, TMA in and out, the
    # consumers' registers raised.
    assert "WARPS 12" in out and "SPILLS 0" in out, out
    assert "SERIALIZED False" in out, out
    assert "False" not in out.replace("SERIALIZED False", ""), out


# A deadlock of the CPU runs fails in a minute, with the barrier it is on,
# rather than at the subprocess' timeout.
BOUNDED_WAITS = """
        os.environ["TRIDENT_DEBUG_BARRIERS"] = "1"
        os.environ["TRIDENT_DEBUG_BARRIERS_MS"] = "60000"
"""


def run_cpu_main(module, plugin_dir):
    """The example's own main() on the CPU target: its output."""
    return run("""
        import os
        os.environ["TRIDENT_TARGET"] = "cpu"
""" + BOUNDED_WAITS + """
        import %s
        %s.main()
        """ % (module, module), plugin_dir)


# Compiles an example's kernel for sm_90a with bf16 descriptors of the given
# blocks and prints its build's facts and how often each PTX string occurs.
SM90 = """
    import trident
    import {module} as G
    sig = {{"a_desc": "tensordesc<bf16[{a}]>",
           "b_desc": "tensordesc<bf16[{b}]>",
           "c_desc": "tensordesc<bf16[{c}]>",
           "M": "i32", "N": "i32", "K": "i32"}}
    k = trident.compile(G.{kernel}, signature=sig, target="cuda:90a",
                        num_warps={warps}, constexprs={constexprs}{extra})
    ptx, m = k.asm["ptx"], k.metadata
    print("WARPS", m["num_warps"])
    print("SPILLS", m["spill_stores"] + m["spill_loads"])
    print("SERIALIZED", m["wgmma_serialized"])
    for w in {strings!r}:
        print("COUNT %d %s" % (ptx.count(w), w))
"""


def sm90_build(plugin_dir, module, kernel, a, b, c, warps, constexprs,
               strings, extra=""):
    """(warps, spills, wgmma serialized, {PTX string: count})."""
    out = run(SM90.format(module=module, kernel=kernel, a=a, b=b, c=c,
                          warps=warps, constexprs=constexprs, extra=extra,
                          strings=tuple(strings)), plugin_dir)
    lines = out.splitlines()

    def fact(name):
        return next(l for l in lines if l.startswith(name + " ")).split()[1]

    counts = {l.split(" ", 2)[2]: int(l.split(" ", 2)[1])
              for l in lines if l.startswith("COUNT ")}
    return int(fact("WARPS")), int(fact("SPILLS")), fact("SERIALIZED"), counts


TMA_LOAD = "cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier"
TMA_STORE = "cp.async.bulk.tensor.2d.global.shared::cta"
PARITY_WAIT = "mbarrier.try_wait.parity"
ONE_IN_FLIGHT = "wgmma.wait_group.sync.aligned 1;"


def test_pipelined_gemm_cpu(plugin_dir):
    out = run_cpu_main("gemm_pipelined", plugin_dir)
    # Whole tiles, partial tiles on every side, fewer steps than stages.
    assert out.count("relative error") == 3, out


def test_pipelined_gemm_sm90(plugin_dir):
    # Two warpgroups and no task: no setmaxnreg; TMA in and out, one dot
    # in flight, the slots' barriers waited by parity.
    warps, spills, serialized, n = sm90_build(
        plugin_dir, "gemm_pipelined", "matmul_pipelined", "128,64", "64,256",
        "128,256", 8, "dict(BM=128, BN=256, BK=64, STAGES=3, GROUP_M=8)",
        ("wgmma.mma_async", TMA_LOAD, TMA_STORE, PARITY_WAIT, ONE_IN_FLIGHT,
         "setmaxnreg"))
    assert (warps, spills, serialized) == (8, 0, "False"), (warps, spills,
                                                            serialized)
    assert n["setmaxnreg"] == 0, n
    for w in ("wgmma.mma_async", TMA_LOAD, TMA_STORE, PARITY_WAIT,
              ONE_IN_FLIGHT):
        assert n[w] > 0, (w, n)


def test_pingpong_gemm_cpu(plugin_dir):
    out = run_cpu_main("gemm_pingpong", plugin_dir)
    # Even and odd tile counts per program, partial tiles, one tile.
    assert out.count("relative error") == 3, out


def test_pingpong_gemm_sm90(plugin_dir):
    # A producer warpgroup (registers lowered to 40) and two consumers
    # (raised to 232) whose main loops take turns at named barriers 9 and
    # 10: each consumer waits at its own once per tile; consumer 0 arrives
    # at 10, consumer 1 at 9 (once more at the start, to let 0 begin).
    warps, spills, serialized, n = sm90_build(
        plugin_dir, "gemm_pingpong", "matmul_pingpong", "128,64", "64,128",
        "128,128", 4, "dict(BM=128, BN=128, BK=64, STAGES=4, GROUP_M=8, "
        "NUM_SMS=132)",
        ("wgmma.mma_async", TMA_LOAD, TMA_STORE, PARITY_WAIT, ONE_IN_FLIGHT,
         "setmaxnreg.inc.sync.aligned.u32 \t232;",
         "setmaxnreg.dec.sync.aligned.u32 \t40;",
         "bar.sync 9, 256;", "bar.sync 10, 256;", "bar.arrive 9, 256;",
         "bar.arrive 10, 256;"))
    assert (warps, spills, serialized) == (12, 0, "False"), (warps, spills,
                                                             serialized)
    for w in ("wgmma.mma_async", TMA_LOAD, TMA_STORE, PARITY_WAIT,
              ONE_IN_FLIGHT):
        assert n[w] > 0, (w, n)
    assert n["setmaxnreg.inc.sync.aligned.u32 \t232;"] == 2, n
    assert n["setmaxnreg.dec.sync.aligned.u32 \t40;"] == 1, n
    assert n["bar.sync 9, 256;"] == 1 and n["bar.sync 10, 256;"] == 1, n
    assert n["bar.arrive 9, 256;"] == 2 and n["bar.arrive 10, 256;"] == 1, n


def test_cluster_gemm_cpu(plugin_dir):
    # The paired form without clusters runs on the CPU; the main also
    # builds the cluster form for sm_90a and checks it. The cluster launch
    # itself is refused on the CPU, by name.
    out = run_cpu_main("gemm_cluster", plugin_dir)
    assert out.count("relative error") == 3, out
    assert "sm_90a cluster form: " in out and "MISSING" not in out, out
    out = run("""
        import os
        os.environ["TRIDENT_TARGET"] = "cpu"
        import numpy as np
        import trident
        import gemm_cluster
        a = np.zeros((256, 64), np.float16)
        b = np.zeros((64, 256), np.float16)
        try:
            gemm_cluster.matmul(a, b, np.zeros((256, 256), np.float16),
                                BM=128, BN=128, BK=32, num_sms=2)
            print("no error")
        except trident.UnsupportedLaunchOption as e:
            print("REFUSED", e)
        """, plugin_dir)
    assert "REFUSED" in out and "ctas_per_cga=(2, 1, 1)" in out, out


def test_cluster_gemm_sm90(plugin_dir):
    # Clusters of 2 CTAs: B's halves come by multicast TMA (both CTAs in
    # the mask), the consumers release slots in the other CTA too (remote
    # arrives through mapa), the cluster meets after the barriers' set-up
    # and at the end; 12 warps, the consumers at 232 registers, no spills.
    warps, spills, serialized, n = sm90_build(
        plugin_dir, "gemm_cluster", "matmul_cluster", "64,64", "64,128",
        "64,256", 4, "dict(BM=128, BN=256, BK=64, STAGES=3, GROUP_M=8, "
        "NUM_CLUSTERS=66, MULTICAST=True)",
        ("wgmma.mma_async", TMA_LOAD, TMA_STORE, PARITY_WAIT, ONE_IN_FLIGHT,
         ".reqnctapercluster 2, 1, 1", "bytes.multicast::cluster",
         "mapa.shared::cluster", "mbarrier.arrive.shared::cluster.b64",
         "mbarrier.arrive.release.cluster",
         "fence.mbarrier_init.release.cluster", "barrier.cluster.wait",
         "setmaxnreg.inc.sync.aligned.u32 \t232;"),
        extra=", ctas_per_cga=(2, 1, 1)")
    assert (warps, spills, serialized) == (12, 0, "False"), (warps, spills,
                                                             serialized)
    for w in ("wgmma.mma_async", TMA_LOAD, TMA_STORE, PARITY_WAIT,
              ONE_IN_FLIGHT, "bytes.multicast::cluster",
              "mapa.shared::cluster", "mbarrier.arrive.shared::cluster.b64"):
        assert n[w] > 0, (w, n)
    # The remote arrives release at CTA scope (see the SASS test below).
    assert n["mbarrier.arrive.release.cluster"] == 0, n
    assert n[".reqnctapercluster 2, 1, 1"] == 1, n
    assert n["fence.mbarrier_init.release.cluster"] == 1, n
    # Met after the set-up and at the end (by each task's warps).
    assert n["barrier.cluster.wait"] >= 2, n
    assert n["setmaxnreg.inc.sync.aligned.u32 \t232;"] == 2, n


def test_cluster_gemm_sass_fences_gpu_only_at_cluster_barriers(plugin_dir):
    # A remote arrive released at cluster scope becomes, in SASS, a
    # GPU-wide memory barrier (MEMBAR.ALL.GPU; ERRBAR; CGAERRBAR) before
    # the arrive: in the consumers' k-loop it held up the warpgroup's next
    # wgmma at every slot freed. Only the cluster barriers
    # (UCGABAR_ARV, at the kernel's end) may fence the GPU. Needs nvdisasm
    # (Triton's wheel carries one).
    out = run("""
        import glob, os, subprocess, tempfile
        import trident
        import gemm_cluster as G
        try:
            import triton
            tools = glob.glob(os.path.join(os.path.dirname(triton.__file__),
                                           "backends/nvidia/bin/nvdisasm"))
        except ImportError:
            tools = []
        if not tools:
            print("NO NVDISASM")
            raise SystemExit(0)
        sig = {"a_desc": "tensordesc<bf16[64,64]>",
               "b_desc": "tensordesc<bf16[64,128]>",
               "c_desc": "tensordesc<bf16[64,256]>",
               "M": "i32", "N": "i32", "K": "i32"}
        k = trident.compile(G.matmul_cluster, signature=sig,
                            target="cuda:90a", num_warps=4,
                            ctas_per_cga=(2, 1, 1), barrier_timeout_ms=0,
                            constexprs=dict(BM=128, BN=256, BK=64, STAGES=3,
                                            GROUP_M=8, NUM_CLUSTERS=66,
                                            MULTICAST=True))
        with tempfile.NamedTemporaryFile(suffix=".cubin") as f:
            f.write(k.asm["cubin"])
            f.flush()
            sass = subprocess.run([tools[0], "-c", f.name],
                                  capture_output=True, text=True).stdout
        ops = [l.split("*/", 1)[1].split(";")[0].split()
               for l in sass.splitlines()
               if "*/" in l and l.strip().startswith("/*") and
               l.split("*/", 1)[1].strip()]
        # The opcode, after a predicate if any.
        ops = [o[1] if o[0].startswith("@") else o[0] for o in ops if o]
        print("REMOTE_ARRIVES", sum(o.startswith("SYNCS.ARRIVE.TRANS64.RED")
                                    for o in ops))
        for i, o in enumerate(ops):
            if o == "MEMBAR.ALL.GPU":
                print("GPU_FENCE", "cluster" if "UCGABAR_ARV" in
                      ops[i + 1:i + 5] else "elsewhere")
        """, plugin_dir)
    if "NO NVDISASM" in out:
        import pytest
        pytest.skip("no nvdisasm (Triton's wheel) to read the SASS with")
    remote = int(out.split("REMOTE_ARRIVES ")[1].split()[0])
    assert remote > 0, out
    fences = [l.split()[1] for l in out.splitlines()
              if l.startswith("GPU_FENCE ")]
    assert "elsewhere" not in fences, out


def test_new_examples_take_bf16_on_the_cpu(plugin_dir):
    # The mains check fp16 (numpy has no bf16); the same kernels on torch's
    # bf16 tensors, partial tiles on every side.
    out = run("""
        import os
        os.environ["TRIDENT_TARGET"] = "cpu"
""" + BOUNDED_WAITS + """
        import torch
        import gemm_cluster, gemm_pingpong, gemm_pipelined
        torch.manual_seed(0)
        a = torch.randn(200, 88, dtype=torch.bfloat16)
        b = torch.randn(88, 136, dtype=torch.bfloat16)
        ref = a.double() @ b.double()
        for name, launch in (
                ("pipelined", lambda c: gemm_pipelined.matmul(
                    a, b, c, BM=64, BN=128, BK=32, GROUP_M=2, num_warps=4)),
                ("pingpong", lambda c: gemm_pingpong.matmul(
                    a, b, c, BM=64, BN=64, BK=32, STAGES=3, GROUP_M=2,
                    num_sms=3)),
                ("cluster", lambda c: gemm_cluster.matmul(
                    a, b, c, BM=128, BN=128, BK=32, GROUP_M=2, num_sms=4,
                    multicast=False))):
            c = torch.full((200, 136), float("nan"), dtype=torch.bfloat16)
            launch(c)
            err = ((c.double() - ref).norm() / ref.norm()).item()
            print("BF16", name, err)
        """, plugin_dir)
    errs = {l.split()[1]: float(l.split()[2]) for l in out.splitlines()
            if l.startswith("BF16 ")}
    assert sorted(errs) == ["cluster", "pingpong", "pipelined"], out
    assert all(e < 1e-2 for e in errs.values()), out


def test_attention_fwd_cpu(plugin_dir):
    # fp16 and bf16, d64 and d128, causal and not, 64- and 128-key blocks
    # (causal with 64: the first consumer passes a block back unread), each
    # output and LSE against float64; the first four again with the
    # consumers taking turns through named barriers (PINGPONG: the CPU
    # target runs the tasks as threads, so a turn waited for and never
    # given would hang the test).
    out = run_cpu_main("attention_fwd", plugin_dir)
    lines = [l for l in out.splitlines() if "relative error" in l]
    assert len(lines) == 10, out
    for want in ("float16  d64  non-causal", "float16  d64  causal",
                 "bfloat16 d64  causal", "bfloat16 d128 non-causal",
                 "float16  d128 causal", "bfloat16 d128 causal"):
        assert any(l.startswith(want) and "ping-pong" not in l
                   for l in lines), (want, out)
    for want in ("float16  d64  non-causal", "float16  d64  causal",
                 "bfloat16 d64  causal", "bfloat16 d128 non-causal"):
        assert any(l.startswith(want) and "ping-pong" in l
                   for l in lines), (want, out)


def test_attention_fwd_refuses_bad_shapes(plugin_dir):
    out = run("""
        import os
        os.environ["TRIDENT_TARGET"] = "cpu"
        import torch
        import attention_fwd as A
        def q(n=256, d=64, dtype=torch.float16):
            return torch.zeros(1, 2, n, d, dtype=dtype)
        for label, call in (
                ("N_CTX", lambda: A.attention(q(200), q(200), q(200))),
                ("HEAD_DIM", lambda: A.attention(q(d=96), q(d=96), q(d=96))),
                ("dtype", lambda: A.attention(q(), q(),
                                              q(dtype=torch.float32))),
                ("shape", lambda: A.attention(q(), q(128), q())),
                ("BLOCK_N", lambda: A.attention(q(), q(), q(), BLOCK_N=32))):
            try:
                call()
                print(label, "no error")
            except ValueError as e:
                print(label, "REFUSED", e)
        """, plugin_dir)
    lines = dict(l.split(" ", 1) for l in out.splitlines())
    assert lines["N_CTX"].startswith("REFUSED") and "N_CTX (200)" in \
        lines["N_CTX"], out
    assert "HEAD_DIM must be 64 or 128, got 96" in lines["HEAD_DIM"], out
    assert "torch.float32 for v" in lines["dtype"], out
    assert "k must have q's shape" in lines["shape"], out
    assert "BLOCK_N 64 or 128" in lines["BLOCK_N"], out


ATTENTION_SM90 = """
    import trident
    import attention_fwd as A
    for dt, d, bn, stages, causal, pp in {cases!r}:
        sig = {{"q_desc": "tensordesc<%s[64,%d]>" % (dt, d),
               "k_desc": "tensordesc<%s[%d,%d]>" % (dt, bn, d),
               "v_desc": "tensordesc<%s[%d,%d]>" % (dt, bn, d),
               "o_desc": "tensordesc<%s[64,%d]>" % (dt, d),
               "lse_ptr": "*fp32", "sm_scale": "fp32", "N_CTX": "i32"}}
        k = trident.compile(A.attention_fwd, signature=sig,
                            target="cuda:90a", num_warps=4,
                            constexprs=dict(HEAD_DIM=d, BLOCK_M=128,
                                            BLOCK_N=bn, STAGES=stages,
                                            CAUSAL=causal, PINGPONG=pp))
        ptx, m = k.asm["ptx"], k.metadata
        print("CASE", dt, d, bn, causal, pp, m["num_warps"],
              m["spill_stores"] + m["spill_loads"], m["wgmma_serialized"],
              *[ptx.count(w) for w in {strings!r}])
"""


def test_attention_fwd_sm90(plugin_dir):
    # The defaults (d64: 128-key blocks, 3 stages; d128: 128-key blocks, 2
    # stages; also d128 with 64-key blocks, 3 stages), causal and not, fp16
    # (and bf16 at d128): a producer warpgroup lowered to 40 registers and
    # two consumers raised to 232, no spills, wgmma not serialized and the
    # scores' dot waited for with P V still in flight, TMA loads of Q, K, V
    # and a TMA store of O, slots waited for by parity, exp2 on the MUFU.
    strings = ("wgmma.mma_async", TMA_LOAD, TMA_STORE,
               "mbarrier.try_wait", PARITY_WAIT, ONE_IN_FLIGHT,
               "setmaxnreg.inc.sync.aligned.u32 \t232;",
               "setmaxnreg.dec.sync.aligned.u32 \t40;", "ex2.approx")
    # The same with the consumers' turns (PINGPONG): named barriers 9 and
    # 10 of 256 threads (bar.sync and bar.arrive) around the dots.
    strings += ("bar.sync 9, 256;", "bar.arrive 10, 256;",
                "bar.sync 10, 256;", "bar.arrive 9, 256;")
    cases = [("fp16", 64, 128, 3, False), ("fp16", 64, 128, 3, True),
             ("fp16", 128, 128, 2, False), ("fp16", 128, 128, 2, True),
             ("bf16", 128, 128, 2, True), ("fp16", 128, 64, 3, False),
             ("fp16", 128, 64, 3, True)]
    cases = [c + (False,) for c in cases] + [
        ("fp16", 64, 128, 3, False, True), ("fp16", 128, 128, 2, False, True),
        ("fp16", 128, 128, 2, True, True)]
    out = run(ATTENTION_SM90.format(cases=cases, strings=strings),
              plugin_dir)
    rows = [l.split()[1:] for l in out.splitlines() if l.startswith("CASE ")]
    assert len(rows) == len(cases), out
    for row in rows:
        case, (warps, spills, serialized), counts = \
            row[:5], row[5:8], dict(zip(strings, map(int, row[8:])))
        turns = [counts[w] for w in strings[-4:]]
        if case[4] == "True":
            assert all(t > 0 for t in turns), (case, counts)
        else:
            assert not any(turns), (case, counts)
        assert (warps, spills, serialized) == ("12", "0", "False"), (case,
                                                                     row)
        for w in strings[:6] + ("ex2.approx",):
            assert counts[w] > 0, (case, w, counts)
        assert counts["setmaxnreg.inc.sync.aligned.u32 \t232;"] == 2, counts
        assert counts["setmaxnreg.dec.sync.aligned.u32 \t40;"] == 1, counts

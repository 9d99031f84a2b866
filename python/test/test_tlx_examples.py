"""The TLX plugin's example kernels (plugins/tlx/examples/, issue 26): each
runs on the CPU target against numpy as its own `main` does, and compiles
for sm_90a to the structure it is written for."""
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

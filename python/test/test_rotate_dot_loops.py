"""tir-rotate-dot-loops (the `dots-rotated` pipeline of the
pipeline-variants example plugin) on attention's forward loop in the idiom
of Triton's tutorial 06 (test_peer_attention.py's kernel).

The rotated loop issues the next iteration's q k^T, then this iteration's
p v, then computes the next softmax while p v runs on the tensor cores
(FlashAttention-3's overlap within a warpgroup). On the CPU target the
same rotation runs in the tir stage, so its results are checked against
numpy for loops of 0, 1, 2 and many iterations; for sm_90a the PTX must
show the overlap: the loop waits for the first dot with the second still
in flight (`wgmma.wait_group 1`).
"""
import os

import numpy as np
import pytest

import trident
from test_peer_attention import attn_fwd, compile_fwd, loops_of, reference


@pytest.fixture(autouse=True)
def variants(plugin_dir):
    if "dots-rotated" not in trident.pipeline_names():
        trident.load_plugin(os.path.join(plugin_dir,
                                         "libPipelineVariantsPlugin.so"))


def run_cpu(n, bm, bn, causal, pipeline):
    rng = np.random.default_rng(n + bm + bn + causal)
    Z, H, D = 1, 2, 32
    q, k, v = (rng.standard_normal((Z, H, n, D)).astype(np.float16) * 0.5
               for _ in range(3))
    out = np.full((Z, H, n, D), np.nan, dtype=np.float16)
    m = np.zeros((Z * H * n,), np.float32)
    trident.set_allocator(lambda size, align, stream: np.empty(size, np.int8))
    try:
        with trident.pipeline(pipeline):
            kernel = attn_fwd[(n // bm, Z * H)](
                0.5, m, q, k, v, out, Z, H, N_CTX=n, HEAD_DIM=D, BLOCK_M=bm,
                BLOCK_N=bn, STAGE=3 if causal else 1)
    finally:
        trident.set_allocator(None)
    err = np.abs(out.astype(np.float64) - reference(q, k, v, 0.5, causal))
    return err.max(), kernel


# (N_CTX, BLOCK_M, BLOCK_N): non-causal loops of 2 and 8 iterations (one
# of 1, a constant trip count, is folded away before the rotation); the
# causal off-diagonal loop runs 0 iterations in the first program and 1,
# 2, ... in the others, the diagonal loop 1 or 2.
SHAPES = [(16, 16, 16), (32, 16, 16), (128, 32, 16)]


@pytest.mark.parametrize("causal", [False, True])
@pytest.mark.parametrize("shape", SHAPES)
def test_rotated_attention_cpu(shape, causal):
    err, kernel = run_cpu(*shape, causal, "dots-rotated")
    assert err < 1e-2, err
    _, plain = run_cpu(*shape, causal, "default")
    # The rotation happened: each loop's first dot is also in the prologue
    # and its second in the epilogue.
    rotated = causal or shape[0] > shape[2]
    assert kernel.asm["tir"].count("tir.dot ") == \
        plain.asm["tir"].count("tir.dot ") * (2 if rotated else 1)
    assert plain.asm["tir"].count("tir.dot ") == (4 if causal else 2)


def compile_rotated(head_dim, block_n, warps, stages, stage):
    with trident.pipeline("dots-rotated"):
        return compile_fwd(head_dim, block_n, warps, stages, stage)


@pytest.mark.parametrize("config", [(64, 64, 4, 2), (128, 128, 8, 2),
                                    (128, 128, 8, 3), (64, 64, 4, 3)])
def test_rotated_attention_sm90(config):
    k = compile_rotated(*config, stage=1)
    gir, ptx = k.asm["gir"], k.asm["ptx"]
    # Prologue, loop and epilogue: the loop's two dots asynchronous, the
    # first waited for with the second in flight.
    assert gir.count("nvgir.warpgroup_dot") == 2
    assert gir.count("tir.dot ") == 2
    assert "nvgir.warpgroup_wait" in gir and "{pending = 1 : i32}" in gir
    loops = [body for body in loops_of(ptx) if "wgmma.mma_async" in body]
    assert len(loops) == 1
    body = loops[0]
    assert body.count("wgmma.wait_group.sync.aligned 1;") == 1
    assert body.count("wgmma.commit_group") == 2
    # The K/V ring copies stay in the loop (TMA), q is read from shared
    # memory by the first dot.
    assert "cp.async.bulk.tensor" in body
    assert "!gir.memdesc<1x" in gir or "#shared" in gir


def test_rotation_left_out_past_the_register_budget():
    # 128x64 tiles on one warpgroup: the accumulator (128 registers a
    # thread), the next s (64) and p (32) would not fit beside each other.
    k = compile_rotated(128, 64, 4, 2, stage=1)
    assert k.asm["gir"].count("nvgir.warpgroup_dot") == 2
    assert "tir.dot " not in k.asm["gir"]

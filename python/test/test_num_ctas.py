"""num_ctas > 1: a program runs on a cluster of CTAs (sm_90). Checked
without a GPU: the kernels' PTX (built through ptxas) is a cluster kernel
whose program id counts clusters, gir-split-ctas splits the tiles it can
(a matmul's accumulator and A, so each CTA stages only its rows of A),
targets without clusters refuse, and the CPU target, where a program is a
program, runs such kernels unchanged. Runs on the H200 are section 9 of
bench/device_runtime.py; the launch (grid and cluster shape) is tested in
test_gpu_launch.py against the fake driver."""
import os
import sys

import numpy as np
import pytest

import trident
import trident.language as tl

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "kernels"))
from matmul import matmul_kernel  # noqa: E402
from vector_add import add_kernel  # noqa: E402

ADD_SIG = {"x_ptr": "*fp32", "y_ptr": "*fp32", "output_ptr": "*fp32",
           "n_elements": "i32"}


@pytest.mark.parametrize("ctas", [2, 4])
def test_cluster_kernel(compile_sm90, ctas):
    k = compile_sm90(add_kernel, ADD_SIG, {"BLOCK_SIZE": 1024},
                     num_ctas=ctas)
    assert k.metadata["cluster"] == [ctas, 1, 1]
    ptx = k.asm["ptx"]
    assert ".reqnctapercluster %d, 1, 1" % ctas in ptx
    assert "%clusterid.x" in ptx and "%cluster_ctarank" in ptx
    assert "%ctaid.x" not in ptx
    # Every tile of the vector add is split: each CTA adds 1024 / ctas.
    assert "ctaSplit = %d" % ctas in k.asm["gir"]
    one = compile_sm90(add_kernel, ADD_SIG, {"BLOCK_SIZE": 1024})
    assert one.metadata["cluster"] == [1, 1, 1]
    assert "ctaSplit" not in one.asm["gir"] and ".reqnctapercluster" not in \
        one.asm["ptx"]


def _matmul(compile_sm90, ctas, bm, bn, warps):
    a = np.zeros((512, 512), np.float32)
    kw = dict(a_ptr=a, b_ptr=a, c_ptr=a, M=512, N=512, K=512, stride_am=512,
              stride_ak=1, stride_bk=512, stride_bn=1, stride_cm=512,
              stride_cn=1, BLOCK_SIZE_M=bm, BLOCK_SIZE_N=bn, BLOCK_SIZE_K=64,
              GROUP_SIZE_M=8, ACTIVATION="")
    sig, cx, attrs, _ = matmul_kernel.specialize(matmul_kernel._bind((), kw))
    sig.update(a_ptr="*bf16", b_ptr="*bf16", c_ptr="*bf16")
    return compile_sm90(matmul_kernel, sig, cx, attrs=attrs, num_warps=warps,
                        num_ctas=ctas)


def test_matmul_splits_accumulator_and_a(compile_sm90):
    one = _matmul(compile_sm90, 1, 256, 128, 8)
    two = _matmul(compile_sm90, 2, 256, 128, 8)
    gir = two.asm["gir"]
    # Each CTA accumulates its 128 rows with both warpgroups, from its rows
    # of A; B is whole in both.
    assert "#gir.wgmma<warpsPerCTA = [8, 1], instrN = 128, ctaSplit = 2>" in gir
    assert "nvgir.warpgroup_dot" in gir and "wgmma.mma_async" in two.asm["ptx"]
    # The ring of A holds 128 of the 256 rows: 3 stages x 128 x 64 bf16 less.
    assert one.metadata["shared_bytes"] - two.metadata["shared_bytes"] == \
        3 * 128 * 64 * 2
    assert two.metadata["registers"] < one.metadata["registers"]


def test_accumulator_too_short_to_split_stays_whole(compile_sm90):
    # 128 rows over two CTAs leave 64 per CTA, less than the two
    # warpgroups of 8 warps cover: every CTA computes the whole tile.
    two = _matmul(compile_sm90, 2, 128, 256, 8)
    assert "ctaSplit = 2>" not in [l for l in two.asm["gir"].splitlines()
                                   if l.startswith("#wgmma")][0]
    assert two.metadata["cluster"] == [2, 1, 1]


def test_no_clusters_before_sm90():
    with pytest.raises(trident.CompilationError,
                       match="num_ctas = 2 needs clusters of CTAs, which "
                             "sm_80 does not have"):
        trident.compile(add_kernel, signature=ADD_SIG,
                        constexprs={"BLOCK_SIZE": 1024}, target="cuda:80",
                        num_ctas=2)


@pytest.mark.parametrize("ctas", [3, 16])
def test_bad_num_ctas(ctas):
    with pytest.raises(trident.CompilationError,
                       match="num_ctas must be 1, 2, 4 or 8"):
        trident.compile(add_kernel, signature=ADD_SIG,
                        constexprs={"BLOCK_SIZE": 1024}, target="cuda:90a",
                        num_ctas=ctas)


@trident.jit
def row_sums(x_ptr, y_ptr, N, BM: tl.constexpr, BN: tl.constexpr):
    rows = tl.program_id(0) * BM + tl.arange(0, BM)
    x = tl.load(x_ptr + rows[:, None] * N + tl.arange(0, BN)[None, :])
    tl.store(y_ptr + rows, tl.sum(x, axis=1))


def test_cpu_target_runs_programs_unchanged(rng):
    # On the CPU target a program is a program: num_ctas changes nothing.
    x = rng.standard_normal((64, 32)).astype(np.float32)
    y = np.full(64, np.nan, np.float32)
    row_sums[(4,)](x, y, 32, BM=16, BN=32, num_ctas=2)
    np.testing.assert_allclose(y, x.astype(np.float64).sum(1), rtol=1e-5)

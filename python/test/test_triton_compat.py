"""Triton's host-side surface that tutorials use, as Trident offers it:
triton.runtime.driver.active, kernel.warmup(...) with n_regs and
metadata.shared, a launch option that is also a parameter, autotune keys
and early_config_prune as Triton treats them."""
import numpy as np
import pytest

import trident
import trident.language as tl
from trident.runtime import driver


@trident.jit
def scale_rows(x_ptr, y_ptr, n, BLOCK: tl.constexpr,
               num_stages: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    for row in tl.range(0, n, num_stages=num_stages):
        tl.store(y_ptr + row * BLOCK + offs,
                 tl.load(x_ptr + row * BLOCK + offs) * 2)


def test_active_driver_on_the_cpu_target():
    assert trident.runtime.driver.active is driver.active
    target = driver.active.get_current_target()
    assert (target.backend, target.arch, target.warp_size) == ("cpu",
                                                               "native", 1)
    assert driver.active.get_current_device() == 0
    torch = pytest.importorskip("torch")
    assert driver.active.get_active_torch_device() == torch.device("cpu")


def test_active_driver_on_a_cuda_target(monkeypatch):
    monkeypatch.setenv("TRIDENT_TARGET", "cuda:90a")
    assert tuple(driver.active.get_current_target()) == ("cuda", 90, 32)


def test_device_properties_need_the_cuda_driver(monkeypatch):
    monkeypatch.setenv("TRIDENT_TARGET", "cuda:90a")
    monkeypatch.setenv("TRIDENT_LIBCUDA", "/nonexistent/libcuda.so.1")
    with pytest.raises(RuntimeError, match="CUDA driver"):
        driver.active.utils.get_device_properties(7)


def test_device_properties_on_the_cpu_target(monkeypatch):
    # Triton's keys, answered by the host: code that sizes blocks by them
    # (test_dot3d: operands against max_shared_mem) runs.
    monkeypatch.setenv("TRIDENT_TARGET", "cpu")
    monkeypatch.setenv("TRIDENT_CPU_THREADS", "3")
    utils = driver.active.utils
    utils._cache.clear()
    props = utils.get_device_properties(driver.active.get_current_device())
    assert props["max_shared_mem"] == 262144  # the stack budget of tiles
    assert props["multiprocessor_count"] == 3
    assert props["warpSize"] == 1 and props["max_threads_per_sm"] == 1
    assert props["max_num_regs"] >= 64
    assert props["sm_clock_rate"] >= 0
    assert props["mem_clock_rate"] == props["mem_bus_width"] == 0
    props["warpSize"] = 32  # a copy
    assert utils.get_device_properties(0)["warpSize"] == 1
    monkeypatch.delenv("TRIDENT_CPU_THREADS")
    utils._cache.clear()
    import os
    assert utils.get_device_properties(None)["multiprocessor_count"] == len(
        os.sched_getaffinity(0))


def test_warmup_and_option_that_is_a_parameter(rng):
    x = rng.random((4, 32)).astype(np.float32)
    y = np.full_like(x, np.nan)
    k = scale_rows.warmup(x, y, 4, BLOCK=32, num_stages=2, num_warps=4,
                          grid=(1,))
    k._init_handles()
    assert np.isnan(y).all()  # warmup compiles, runs nothing
    assert k.metadata.shared == k.metadata["shared_bytes"]
    assert k.metadata.num_stages == 2
    with pytest.raises(AttributeError, match="no 'nothing'"):
        k.metadata.nothing
    scale_rows[(1,)](x, y, 4, 32, 2)
    np.testing.assert_array_equal(y, 2 * x)


def test_compiled_kernel_launches_itself(rng):
    # Tutorial 02: kernel = fn.warmup(...); kernel[(n, 1, 1)](every
    # parameter, constexprs included, positionally).
    x = rng.random((4, 32)).astype(np.float32)
    y = np.full_like(x, np.nan)
    k = scale_rows.warmup(x, y, 4, BLOCK=32, num_stages=2, num_warps=4,
                          grid=(1,))
    k[(1, 1, 1)](x, y, 4, 32, 2)
    np.testing.assert_array_equal(y, 2 * x)
    # Or the run-time arguments alone.
    y[:] = np.nan
    k[(1,)](x, y, 4)
    np.testing.assert_array_equal(y, 2 * x)
    with pytest.raises(trident.LaunchError, match="2 arguments given"):
        k[(1,)](x, y)


def test_cubin_registers_through_n_regs(compile_sm90):
    k = compile_sm90(scale_rows, {"x_ptr": "*fp32", "y_ptr": "*fp32",
                                  "n": "i32"}, {"BLOCK": 32, "num_stages": 2})
    # n_regs: ptxas's count rounded up to the allocation unit (8 per
    # thread), as occupancy arithmetic needs it.
    regs = k.metadata["registers"]
    assert regs > 0 and k.n_regs % 8 == 0 and regs <= k.n_regs < regs + 8
    assert k.n_spills == 0


def test_autotune_key_and_prune_as_triton(rng):
    seen = []

    def prune(configs, named, **kwargs):
        seen.append(sorted(kwargs))
        return configs[:1]

    with pytest.warns(UserWarning, match="'typo' is not a parameter"):
        tuned = trident.autotune(
            [trident.Config({"num_stages": 1}), trident.Config(
                {"num_stages": 2})], key=["n", "typo"],
            prune_configs_by={"early_config_prune": prune})(scale_rows)
    x = rng.random((2, 32)).astype(np.float32)
    y = np.empty_like(x)
    tuned[(1,)](x, y, n=2, BLOCK=32)
    assert seen == [["BLOCK", "n"]]
    np.testing.assert_array_equal(y, 2 * x)


def test_autotune_tunes_each_dtype_apart(rng):
    # Same key values, other tensor dtypes: a choice of its own (tutorial 03
    # runs fp16 and fp8 at the same M, N, K; Triton's key has the dtypes).
    configs = [trident.Config({"num_stages": 1}),
               trident.Config({"num_stages": 2})]
    tuned = trident.autotune(configs, key=["n"])(scale_rows)
    for dtype in (np.float32, np.float64, np.float32):
        x = rng.random((2, 32)).astype(dtype)
        y = np.full_like(x, np.nan)
        tuned[(1,)](x, y, n=2, BLOCK=32)
        np.testing.assert_array_equal(y, 2 * x)
    assert sorted(tuned.bench_times) == [(2, "float32", "float32"),
                                         (2, "float64", "float64")]
    assert all(len(t) == 2 for t in tuned.bench_times.values())


@trident.jit
def rows_up_to_64(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    tl.static_assert(BLOCK <= 64, "BLOCK over 64")
    offs = tl.arange(0, BLOCK)
    for row in range(0, n):
        tl.store(y_ptr + row * BLOCK + offs,
                 tl.load(x_ptr + row * BLOCK + offs) * 2)


def test_autotune_passes_over_configs_that_do_not_compile(rng):
    # As Triton's autotuner: a config whose static_assert fails (or that
    # needs more shared memory than the target has, or that ptxas refuses)
    # is timed as infinitely slow, not an error for the launch (tutorial
    # 06's config list holds such configs for head dim 64).
    configs = [trident.Config({"BLOCK": 128}), trident.Config({"BLOCK": 64})]
    tuned = trident.autotune(configs, key=["n"])(rows_up_to_64)
    x = rng.random((3, 64)).astype(np.float32)
    y = np.full_like(x, np.nan)
    tuned[(1,)](x, y, n=3)
    np.testing.assert_array_equal(y, 2 * x)
    assert tuned.best_config is configs[1]
    # The key: n, then each tensor argument's dtype (as Triton's).
    times = tuned.bench_times[(3, "float32", "float32")]
    assert times[configs[0]] == float("inf") and times[configs[1]] < 1e9

    # When none compiles, the error names the kernel and each config's
    # failure.
    none = trident.autotune([trident.Config({"BLOCK": 128}),
                             trident.Config({"BLOCK": 256})],
                            key=["n"])(rows_up_to_64)
    with pytest.raises(trident.CompilationError,
                       match="rows_up_to_64: none of its 2 autotune configs"
                             "(.|\n)*BLOCK: 128(.|\n)*static_assert failed"
                             "(.|\n)*BLOCK: 256"):
        none[(1,)](x, y, n=3)


def test_clusters_on_the_cpu_are_refused_by_name_and_passed_over(rng):
    # Configs may carry ctas_per_cga (thread-block clusters, sm_90): one of
    # (1, 1, 1) is a plain launch; on the CPU target (these tests' target) a
    # larger one is refused by name and an autotuner passes over it; shapes
    # no target takes are refused everywhere.
    configs = [trident.Config({"BLOCK": 64}, ctas_per_cga=(2, 1, 1)),
               trident.Config({"BLOCK": 64}, ctas_per_cga=(1, 1, 1))]
    tuned = trident.autotune(configs, key=["n"])(rows_up_to_64)
    x = rng.random((3, 64)).astype(np.float32)
    y = np.full_like(x, np.nan)
    tuned[(1,)](x, y, n=3)
    np.testing.assert_array_equal(y, 2 * x)
    assert tuned.best_config is configs[1]
    with pytest.raises(trident.UnsupportedLaunchOption,
                       match=r"rows_up_to_64: thread-block clusters "
                             r"\(ctas_per_cga=\(2, 1, 1\)\) run on GPUs of "
                             r"sm_90 or newer; the CPU target runs none"):
        rows_up_to_64[(1,)](x, y, n=3, BLOCK=64, ctas_per_cga=(2, 1, 1))
    for bad, why in (((4, 4, 1), "clusters of 16 CTAs; at most 8"),
                     ((0, 1, 1), "must be 1 to 3 positive extents")):
        with pytest.raises(trident.LaunchError, match=why):
            rows_up_to_64[(1,)](x, y, n=3, BLOCK=64, ctas_per_cga=bad)
    with pytest.raises(trident.LaunchError, match="exclude each other"):
        rows_up_to_64[(1,)](x, y, n=3, BLOCK=64, ctas_per_cga=(2, 1, 1),
                            num_ctas=2)


def test_autotuned_and_heuristic_launches_take_the_fast_launcher(rng,
                                                                   monkeypatch):
    # Once a config is chosen, an autotuned (or heuristics-wrapped) kernel
    # launches through the C++ dispatcher as a direct launch does, not the
    # Python binding path (tens of microseconds per launch: tutorial 08's
    # grouped GEMM, a kernel of ~20 us, was host-bound).
    tuned = trident.autotune([trident.Config({"BLOCK": 32}),
                              trident.Config({"BLOCK": 32}, num_warps=2)],
                             key=["n"])(scale_rows)
    wrapped = trident.heuristics({"BLOCK": lambda a: 32,
                                  "num_stages": lambda a: 1})(scale_rows)
    x = rng.random((2, 32)).astype(np.float32)
    y = np.empty_like(x)
    tuned[(1,)](x, y, n=2)  # picks a config (and compiles)
    wrapped[(1,)](x, y, n=2)  # compiles
    slow = []
    real = trident.JITFunction._bind
    monkeypatch.setattr(trident.JITFunction, "_bind",
                        lambda self, *a: slow.append(1) or real(self, *a))
    for _ in range(3):
        y[:] = 0
        tuned[(1,)](x, y, n=2)
        np.testing.assert_array_equal(y, 2 * x)
        y[:] = 0
        wrapped[(1,)](x, y, n=2)
        np.testing.assert_array_equal(y, 2 * x)
    assert slow == []


@trident.jit
def copy_tile(in_desc, out_ptr, BM: tl.constexpr, BN: tl.constexpr):
    tile = in_desc.load([tl.program_id(0) * BM, 0])
    rows = tl.program_id(0) * BM + tl.arange(0, BM)
    cols = tl.arange(0, BN)
    tl.store(out_ptr + rows[:, None] * BN + cols[None, :], tile)


def test_signature_takes_tensor_descriptors(compile_sm90):
    # Triton's ASTSource spelling of a host TensorDescriptor argument: the
    # kernel reads it with TMA.
    k = compile_sm90(copy_tile, {"in_desc": "tensordesc<fp16[64,64]>",
                                 "out_ptr": "*fp16"},
                     constexprs={"BM": 64, "BN": 64},
                     attrs={"out_ptr": {"tir.divisibility": 16}})
    assert "cp.async.bulk.tensor.2d" in k.asm["ptx"]
    with pytest.raises(trident.CompilationError,
                       match="argument 'in_desc': cannot read tensor "
                             "descriptor type 'tensordesc<fp16>'"):
        trident.compile(copy_tile, signature={"in_desc": "tensordesc<fp16>",
                                              "out_ptr": "*fp16"},
                        constexprs={"BM": 64, "BN": 64}, target="cuda:90a")


@trident.jit
def add_one(x_ptr, y_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    for i in tl.range(0, 4):
        tl.store(y_ptr + i * BLOCK + offs,
                 tl.load(x_ptr + i * BLOCK + offs) + 1)


def test_num_stages_zero_means_no_pipelining(rng):
    # Triton takes num_stages=0 (TLX's tutorials give it to their
    # warp-specialized configs) as "no software pipelining", like 1.
    x = rng.random(4 * 64).astype(np.float32)
    y = np.full_like(x, np.nan)
    add_one[(1,)](x, y, BLOCK=64, num_stages=0)
    np.testing.assert_array_equal(y, x + 1)
    k = add_one.warmup(x, y, BLOCK=64, num_stages=0, grid=(1,))
    assert k.metadata.num_stages == 0
    tuned = trident.autotune(
        [trident.Config({}, num_stages=0), trident.Config({}, num_stages=1)],
        key=[])(add_one)
    y[:] = np.nan
    tuned[(1,)](x, y, BLOCK=64)
    np.testing.assert_array_equal(y, x + 1)
    with pytest.raises(trident.LaunchError,
                       match="num_stages must be a non-negative integer"):
        add_one[(1,)](x, y, BLOCK=64, num_stages=-1)

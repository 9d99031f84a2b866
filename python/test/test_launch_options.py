"""Triton's launch options beyond num_warps / num_stages / num_ctas:
maxnreg, enable_fp_fusion (and knobs.language.default_fp_fusion),
enable_reflect_ftz, launch_cooperative_grid and launch_pdl. What they do to
a CUDA kernel is checked in its PTX (built through ptxas); their launches on
the CPU target run the same program; Triton's options that Trident does not
take are refused by name."""
import re

import numpy as np
import pytest

import trident
import trident.language as tl
from trident import knobs
from trident import LaunchError
from trident.compiler.compiler import extra_options


@trident.jit(noinline=True)
def _store_zero(X):
    tl.store(X, 0)


@trident.jit
def _calls_noinline(X):
    _store_zero(X)
    tl.store(X + 1, 1)


@trident.jit
def _mul_add(X):
    offs = tl.arange(0, 128)
    tl.store(X + offs, tl.load(X + offs) * 1.5 + 1.0)


@trident.jit
def _exp2(X):
    offs = tl.arange(0, 128)
    tl.store(X + offs, tl.math.exp2(tl.load(X + offs)))


@trident.jit
def _log(X):
    offs = tl.arange(0, 128)
    tl.store(X + offs, tl.log(tl.load(X + offs)))


I32P = {"X": "*i32"}
F32P = {"X": "*fp32"}
FMA = re.compile(r"\b(mad|fma)\.r[nzmp]\.(ftz\.)?f32")


def test_maxnreg_on_the_entry_only(compile_sm90):
    k = compile_sm90(_calls_noinline, I32P, maxnreg=42)
    ptx = k.asm["ptx"]
    assert re.search(r"\.visible \.entry [^{;]*\.maxnreg 42", ptx), ptx
    assert ".func" in ptx  # the noinline function is a function ...
    assert not re.search(r"\.func [^{;]*\.maxnreg", ptx)  # ... without it
    assert k.metadata["maxnreg"] == 42
    assert k.metadata["registers"] <= 42
    plain = compile_sm90(_calls_noinline, I32P)
    assert ".maxnreg" not in plain.asm["ptx"]
    assert plain.metadata["maxnreg"] is None


@pytest.mark.parametrize("bad", [0, 256, -1, 3.0, True, "42"])
def test_maxnreg_out_of_range_is_refused(bad):
    with pytest.raises(trident.CompilationError, match="maxnreg"):
        trident.compile(_calls_noinline, signature=I32P, target="cuda:90a",
                        until_stage="ttir", maxnreg=bad)


def test_fp_fusion(compile_sm90):
    fused = compile_sm90(_mul_add, F32P)
    assert FMA.search(fused.asm["ptx"])
    assert fused.metadata["enable_fp_fusion"] is True
    unfused = compile_sm90(_mul_add, F32P, enable_fp_fusion=False)
    ptx = unfused.asm["ptx"]
    assert not FMA.search(ptx), ptx
    assert re.search(r"\bmul\.(rn\.)?f32", ptx) and \
        re.search(r"\badd\.(rn\.)?f32", ptx)
    assert unfused.metadata["enable_fp_fusion"] is False
    # (ptxas was told too: the metadata the cubin step read)
    assert unfused.metadata["fp_fusion"] is False


def test_default_fp_fusion_knob(compile_sm90):
    assert knobs.language.default_fp_fusion is True
    knobs.language.default_fp_fusion = False
    try:
        assert extra_options() == (("enable_fp_fusion", False),)
        k = compile_sm90(_mul_add, F32P)
        assert not FMA.search(k.asm["ptx"])
        # an explicit option wins over the knob
        k = compile_sm90(_mul_add, F32P, enable_fp_fusion=True)
        assert FMA.search(k.asm["ptx"])
    finally:
        knobs.language.default_fp_fusion = None
    assert knobs.language.default_fp_fusion is True
    with pytest.raises(TypeError, match="True, False or None"):
        knobs.language.default_fp_fusion = "no"
    with pytest.raises(AttributeError, match="no setting 'fp32_default'"):
        knobs.language.fp32_default = "ieee"


def test_reflect_ftz(compile_sm90):
    ftz = compile_sm90(_exp2, F32P)
    assert "ex2.approx.ftz.f32" in ftz.asm["ptx"]
    exact = compile_sm90(_exp2, F32P, enable_reflect_ftz=False)
    assert "ex2.approx.f32" in exact.asm["ptx"]
    assert "ex2.approx.ftz.f32" not in exact.asm["ptx"]
    # libdevice's functions follow it too (__nvvm_reflect("__CUDA_FTZ"))
    assert re.search(r"\.ftz\.f32",
                     compile_sm90(_log, F32P).asm["ptx"])
    assert not re.search(r"\.ftz\.f32", compile_sm90(
        _log, F32P, enable_reflect_ftz=False).asm["ptx"])


def test_launch_attributes_reach_the_metadata(compile_sm90):
    k = compile_sm90(_calls_noinline, I32P, launch_cooperative_grid=True,
                     launch_pdl=True)
    assert k.metadata["launch_cooperative_grid"] is True
    assert k.metadata["launch_pdl"] is True
    plain = compile_sm90(_calls_noinline, I32P)
    assert plain.metadata["launch_cooperative_grid"] is False


def test_cpu_launch_takes_the_options(monkeypatch):
    monkeypatch.setenv("TRIDENT_TARGET", "cpu")
    x = np.arange(128, dtype=np.float32)
    want = x * 1.5 + 1.0
    for opts in ({}, {"enable_fp_fusion": False}, {"maxnreg": 64},
                 {"launch_cooperative_grid": True, "launch_pdl": True},
                 {"enable_reflect_ftz": False}):
        y = x.copy()
        k = _mul_add[(1, )](y, **opts)
        np.testing.assert_allclose(y, want, rtol=1e-6)
        for name, value in opts.items():
            assert k.metadata[name] == value
    # each set of options is its own specialization
    a = _mul_add.warmup(x.copy(), grid=(1, ), maxnreg=64)
    b = _mul_add.warmup(x.copy(), grid=(1, ), maxnreg=80)
    assert a is not b and a.metadata["maxnreg"] == 64


def test_unsupported_triton_options_are_named(monkeypatch):
    monkeypatch.setenv("TRIDENT_TARGET", "cpu")
    x = np.zeros(128, dtype=np.float32)
    for name, value in (("ptx_options", "-v"), ("debug", True),
                        ("sanitize_overflow", True)):
        with pytest.raises(LaunchError,
                           match="launch option '%s'.*not supported" % name):
            _mul_add[(1, )](x, **{name: value})
    with pytest.raises(LaunchError, match="enable_fp_fusion is True or "
                       "False"):
        _mul_add[(1, )](x, enable_fp_fusion="yes")
    with pytest.raises(LaunchError, match="unknown keyword argument "
                       "'maxnregs'"):
        _mul_add[(1, )](x, maxnregs=3)


def test_config_maxnreg_is_a_launch_option(monkeypatch):
    monkeypatch.setenv("TRIDENT_TARGET", "cpu")

    @trident.autotune(configs=[trident.Config({}, maxnreg=96)], key=[])
    @trident.jit
    def k(X):
        offs = tl.arange(0, 16)
        tl.store(X + offs, tl.load(X + offs) + 1)

    x = np.zeros(16, dtype=np.float32)
    k[(1, )](x)
    np.testing.assert_array_equal(x, np.ones(16, dtype=np.float32))
    assert trident.Config({}, maxnreg=96).all_kwargs()["maxnreg"] == 96


def test_an_option_no_target_takes_is_an_assertion_error(monkeypatch):
    """num_warps=3 (test_core.py's test_num_warps_pow2): a LaunchError that
    is also an AssertionError, as Triton's check of its options raises."""
    monkeypatch.setenv("TRIDENT_TARGET", "cpu")
    x = np.zeros(128, dtype=np.float32)
    from trident import LaunchOptionError
    for opts, words in (({"num_warps": 3}, "must be a power of 2"),
                        ({"maxnreg": 0}, "maxnreg is the most registers"),
                        ({"launch_pdl": "on"}, "launch_pdl is True or "
                         "False")):
        with pytest.raises(AssertionError, match=words) as info:
            _mul_add.warmup(x, grid=(1, ), **opts)
        assert isinstance(info.value, LaunchOptionError)
        assert isinstance(info.value, LaunchError)

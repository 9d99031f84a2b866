"""Atomics' memory ordering and scope in the sm_90a code, and compare-and-
swap on floats.

Triton's atomics take `sem` (default "acq_rel") and `scope` (default
"gpu"), and its PTX names both: `atom.global.gpu.acq_rel.add.f32` for a
read-modify-write (scope, then ordering), `atom.global.acq_rel.gpu.cas.b32`
for a compare-and-swap (ordering, then scope); Triton's test_atomic_rmw and
test_atomic_cas read those strings. LLVM's NVPTX back end prints an
atomicrmw without its ordering, so Trident emits these atoms inline; what
PTX has no atom for stays an LLVM atomic between fences. `tl.atomic_cas`
on bf16, fp16, fp32 and fp64 swaps the bits. Values are checked on the CPU
target; the PTX by compiling for cuda:90a (through ptxas)."""
import re

import numpy as np
import pytest
import torch

import trident
import trident.language as tl

SEMS = [None, "relaxed", "acquire", "release", "acq_rel"]
SCOPES = [None, "gpu", "cta", "sys"]


def atoms(ptx):
    return re.findall(r"\batom\.[\w.]+", ptx)


@trident.jit
def rmw_kernel(z_ptr, x_ptr, OP: tl.constexpr, SEM: tl.constexpr,
               SCOPE: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, 64))
    ptrs = z_ptr + tl.arange(0, 64) % 4
    if OP == "add":
        old = tl.atomic_add(ptrs, x, sem=SEM, scope=SCOPE)
    elif OP == "max":
        old = tl.atomic_max(ptrs, x, sem=SEM, scope=SCOPE)
    elif OP == "and":
        old = tl.atomic_and(ptrs, x, sem=SEM, scope=SCOPE)
    else:
        old = tl.atomic_xchg(ptrs, x, sem=SEM, scope=SCOPE)
    tl.store(x_ptr + 64 + tl.arange(0, 64), old)


@trident.jit
def scalar_cas_kernel(lock_ptr, SEM: tl.constexpr, SCOPE: tl.constexpr):
    tl.atomic_cas(lock_ptr, 0, 1, sem=SEM, scope=SCOPE)


@pytest.mark.parametrize("scope", SCOPES)
@pytest.mark.parametrize("sem", SEMS)
def test_rmw_and_cas_name_ordering_and_scope(compile_sm90, sem, scope):
    want_sem = sem or "acq_rel"
    want_scope = scope or "gpu"
    k = compile_sm90(rmw_kernel, {"z_ptr": "*fp32", "x_ptr": "*fp32"},
                     {"OP": "add", "SEM": sem, "SCOPE": scope})
    assert set(atoms(k.asm["ptx"])) == \
        {"atom.global.%s.%s.add.f32" % (want_scope, want_sem)}
    k = compile_sm90(scalar_cas_kernel, {"lock_ptr": "*i32"},
                     {"SEM": sem, "SCOPE": scope})
    assert atoms(k.asm["ptx"]) == \
        ["atom.global.%s.%s.cas.b32" % (want_sem, want_scope)]
    if scope is None:
        # The strings Triton's test_atomic_rmw and test_atomic_cas look for.
        assert "atom.global.gpu.%s" % want_sem in \
            compile_sm90(rmw_kernel, {"z_ptr": "*fp32", "x_ptr": "*fp32"},
                         {"OP": "add", "SEM": sem, "SCOPE": None}).asm["ptx"]
        assert "atom.global.%s" % want_sem in k.asm["ptx"]


@pytest.mark.parametrize("op,sig,form", [
    ("add", "*i32", "add.u32"), ("add", "*u64", "add.u64"),
    ("add", "*fp64", "add.f64"), ("add", "*fp16", "add.noftz.f16"),
    ("add", "*bf16", "add.noftz.bf16"), ("max", "*i64", "max.s64"),
    ("max", "*u32", "max.u32"), ("and", "*i64", "and.b64"),
    ("xchg", "*fp32", "exch.b32"), ("xchg", "*fp64", "exch.b64")])
def test_rmw_forms(compile_sm90, op, sig, form):
    k = compile_sm90(rmw_kernel, {"z_ptr": sig, "x_ptr": sig},
                     {"OP": op, "SEM": "release", "SCOPE": "cta"})
    assert set(atoms(k.asm["ptx"])) == {"atom.global.cta.release." + form}


@trident.jit
def tile_cas_kernel(x_ptr, BLOCK: tl.constexpr, DTYPE: tl.constexpr,
                    SEM: tl.constexpr):
    # Triton's test_tensor_atomic_cas: 0 becomes 2, 1 stays.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    zero = tl.full((BLOCK,), 0, dtype=DTYPE)
    two = tl.full((BLOCK,), 2, dtype=DTYPE)
    tl.atomic_cas(x_ptr + offs, zero, two, sem=SEM)


FLOATS = {"bfloat16": (tl.bfloat16, "*bf16", 16),
          "float16": (tl.float16, "*fp16", 16),
          "float32": (tl.float32, "*fp32", 32),
          "float64": (tl.float64, "*fp64", 64)}


@pytest.mark.parametrize("sem", [None, "relaxed", "acquire"])
@pytest.mark.parametrize("dtype", list(FLOATS))
def test_float_cas(compile_sm90, dtype, sem):
    tl_dtype, sig, bits = FLOATS[dtype]
    x = torch.zeros(256, dtype=getattr(torch, dtype))
    x[1::2] = 1
    want = x.clone()
    want[0::2] = 2
    tile_cas_kernel[(2,)](x, BLOCK=128, DTYPE=tl_dtype, SEM=sem)
    assert torch.equal(x, want)
    k = compile_sm90(tile_cas_kernel, {"x_ptr": sig},
                     {"BLOCK": 128, "DTYPE": tl_dtype, "SEM": sem})
    assert set(atoms(k.asm["ptx"])) == \
        {"atom.global.%s.gpu.cas.b%d" % (sem or "acq_rel", bits)}


@trident.jit
def float_cas_old_kernel(x_ptr, cmp_ptr, val_ptr, old_ptr,
                         BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    old = tl.atomic_cas(x_ptr + offs, tl.load(cmp_ptr + offs),
                        tl.load(val_ptr + offs))
    tl.store(old_ptr + offs, old)


@pytest.mark.parametrize("dtype", ["float16", "float32", "float64"])
def test_float_cas_compares_bits(dtype):
    # The comparison is of the bits: -0.0 does not match 0.0, a NaN matches
    # the same NaN; the old values come back unchanged.
    x = np.array([0.0, -0.0, np.nan, 1.5], dtype)
    cmp = np.array([-0.0, -0.0, np.nan, 1.5], dtype)
    val = np.array([7, 8, 9, 10], dtype)
    old = np.zeros(4, dtype)
    xs = x.copy()
    float_cas_old_kernel[(1,)](xs, cmp, val, old, BLOCK=4)
    np.testing.assert_array_equal(xs, np.array([0.0, 8, 9, 10], dtype))
    assert np.signbit(xs[0]) == np.False_
    np.testing.assert_array_equal(old.view(np.uint8), x.view(np.uint8))

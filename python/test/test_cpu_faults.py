"""CPU-target kernels that access memory out of bounds do not take the
process down (docs/cpu.md, "Faults"): a fault in a kernel raises
trident.KernelError (a RuntimeError) naming the kernel and the program
instance, and later launches work. With TRIDENT_CPU_BOUNDS_CHECK=1 each
load, store and atomic is checked against the launch's arrays and tensors,
and the first access out of bounds is reported with its source line."""
import inspect
import os
import re

import numpy as np
import pytest
import torch

import trident as triton
import trident.language as tl

THIS_FILE = os.path.abspath(__file__)


def marked_line(fn):
    lines, start = inspect.getsourcelines(fn.fn)
    hits = [i for i, line in enumerate(lines) if "# <- here" in line]
    assert len(hits) == 1
    return start + hits[0]


@triton.jit
def far_store(x_ptr, out_ptr, n, far, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    # `far` elements past the array: 2^44 f32 are 64 TiB, past the end of
    # any user-space address.
    tl.store(out_ptr + (offs + far), x * 2, mask=mask)


def test_fault_raises_and_the_process_goes_on():
    x = np.arange(1000, dtype=np.float32)
    out = np.zeros_like(x)
    for _ in range(3):  # the guard holds launch after launch
        with pytest.raises(triton.KernelError) as e:
            far_store[(4,)](x, out, 1000, far=1 << 44, BLOCK=256)
        msg = str(e.value)
        # (2^46 bytes past the array is outside the address space with
        # 4-level page tables: no address to report.)
        assert re.search(r"kernel 'far_store' crashed: invalid memory access "
                         r"(\(a non-canonical address, outside the address "
                         r"space\)|at 0x[0-9a-f]+) in program \([0-3], 0, "
                         r"0\)", msg), msg
        assert "TRIDENT_CPU_BOUNDS_CHECK=1" in msg, msg
    assert isinstance(e.value, RuntimeError)
    # The same kernel with good offsets, and another kernel, still run.
    far_store[(4,)](x, out, 1000, far=0, BLOCK=256)
    np.testing.assert_array_equal(out, x * 2)


def test_fault_on_torch_tensors():
    x = torch.arange(1000, dtype=torch.float32)
    out = torch.zeros_like(x)
    with pytest.raises(RuntimeError, match="kernel 'far_store' crashed"):
        far_store[(4,)](x, out, 1000, far=1 << 44, BLOCK=128)
    far_store[(4,)](x, out, 1000, far=0, BLOCK=256)
    assert torch.equal(out, x * 2)


@triton.jit
def checked_copy(x_ptr, out_ptr, n, slack, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n)
    tl.store(out_ptr + offs, x + 1, mask=offs < n + slack)  # <- here


def test_bounds_check_names_the_store(monkeypatch):
    monkeypatch.setenv("TRIDENT_CPU_BOUNDS_CHECK", "1")
    x = np.arange(1000, dtype=np.float32)
    out = np.zeros(1000, dtype=np.float32)
    # A mask 8 elements too long: the last program instance writes past
    # `out` (an overflow on the heap that would not fault by itself).
    with pytest.raises(triton.KernelError) as e:
        checked_copy[(4,)](x, out, 1000, 8, BLOCK=256)
    msg = str(e.value)
    line = marked_line(checked_copy)
    assert msg.startswith(
        "kernel 'checked_copy': out-of-bounds store at %s:%d:" %
        (THIS_FILE, line)), msg
    assert "in program (3, 0, 0): 4 bytes at byte offset 4000 of 'out_ptr' " \
        "(a buffer of 4000 bytes)" in msg, msg
    # The check stopped the store: nothing past the bad lane was written,
    # and a correct launch of the same kernel works.
    out[:] = 0
    checked_copy[(4,)](x, out, 1000, 0, BLOCK=256)
    np.testing.assert_array_equal(out, x + 1)


@triton.jit
def checked_gather(x_ptr, idx_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    i = tl.load(idx_ptr + offs, mask=offs < n)
    v = tl.load(x_ptr + i, mask=offs < n)  # <- here
    tl.store(out_ptr + offs, v, mask=offs < n)


def test_bounds_check_gather_on_torch(monkeypatch):
    monkeypatch.setenv("TRIDENT_CPU_BOUNDS_CHECK", "1")
    x = torch.arange(100, dtype=torch.float32)
    idx = torch.tensor([3, 1, -2, 7], dtype=torch.int32)
    out = torch.zeros(4, dtype=torch.float32)
    with pytest.raises(RuntimeError) as e:
        checked_gather[(1,)](x, idx, out, 4, BLOCK=4)
    msg = str(e.value)
    assert "kernel 'checked_gather': out-of-bounds load at %s:%d:" % (
        THIS_FILE, marked_line(checked_gather)) in msg, msg
    assert "4 bytes at byte offset -8 of 'x_ptr' (a buffer of 400 bytes)" \
        in msg, msg
    idx[2] = 50
    checked_gather[(1,)](x, idx, out, 4, BLOCK=4)
    assert out.tolist() == [3.0, 1.0, 50.0, 7.0]
    # A view reaches its whole storage (as a pointer into it may).
    checked_gather[(1,)](x[10:20], idx, out, 4, BLOCK=4)
    assert out.tolist() == [13.0, 11.0, 60.0, 17.0]


@triton.jit
def plain_copy(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=offs < n),
             mask=offs < n)


def test_bounds_check_is_a_separate_pipeline(monkeypatch):
    sig = {"x_ptr": "*fp32", "out_ptr": "*fp32", "n": "i32"}
    plain = triton.compile(plain_copy, signature=sig,
                           constexprs={"BLOCK": 16}, target="cpu")
    assert "cpu-bounds-check" not in plain.pipeline
    assert "__trident_cpu_check_access" not in plain.asm["llir"]
    assert not plain.metadata.get("bounds_check", False)
    monkeypatch.setenv("TRIDENT_CPU_BOUNDS_CHECK", "1")
    checked = triton.compile(plain_copy, signature=sig,
                             constexprs={"BLOCK": 16}, target="cpu")
    assert "cpu-bounds-check" in checked.pipeline
    assert "__trident_cpu_check_access" in checked.asm["llir"]
    assert checked.metadata["bounds_check"] is True
    knob = [k for k in triton.knobs.all() if
            k.env == "TRIDENT_CPU_BOUNDS_CHECK"][0]
    assert knob.in_cache_key
    assert ("TRIDENT_CPU_BOUNDS_CHECK", "1") in triton.knobs.cache_key()


@triton.jit
def desc_copy(in_desc, out_ptr, M: tl.constexpr, N: tl.constexpr):
    x = in_desc.load([0, 0])  # <- here
    rows = tl.arange(0, M)[:, None]
    cols = tl.arange(0, N)[None, :]
    tl.store(out_ptr + rows * N + cols, x)


def test_bounds_check_through_a_descriptor(monkeypatch):
    from trident.tools.tensor_descriptor import TensorDescriptor
    monkeypatch.setenv("TRIDENT_CPU_BOUNDS_CHECK", "1")
    x = torch.arange(32 * 16, dtype=torch.float32).reshape(32, 16)
    out = torch.zeros(32, 16, dtype=torch.float32)
    desc_copy[(1,)](TensorDescriptor(x, [32, 16], [16, 1], [32, 16]), out,
                    M=32, N=16)
    assert torch.equal(out, x)
    # A descriptor that claims 64 rows of a 32-row tensor: its reads past
    # the tensor are found, in the descriptor's base.
    big = torch.zeros(64, 16, dtype=torch.float32)
    with pytest.raises(triton.KernelError) as e:
        desc_copy[(1,)](TensorDescriptor(x, [64, 16], [16, 1], [64, 16]),
                        big, M=64, N=16)
    msg = str(e.value)
    assert "kernel 'desc_copy': out-of-bounds load at %s:%d:" % (
        THIS_FILE, marked_line(desc_copy)) in msg, msg
    assert "byte offset 2048 of 'in_desc' (a buffer of 2048 bytes)" in msg, \
        msg


@triton.jit
def checked_histogram(idx_ptr, bins_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    i = tl.load(idx_ptr + offs, mask=offs < n)
    tl.atomic_add(bins_ptr + i, 1, mask=offs < n)  # <- here


def test_bounds_check_an_atomic(monkeypatch):
    monkeypatch.setenv("TRIDENT_CPU_BOUNDS_CHECK", "1")
    bins = np.zeros(8, dtype=np.int32)
    idx = np.array([1, 2, 2, 8], dtype=np.int32)  # bin 8 of 8
    with pytest.raises(triton.KernelError) as e:
        checked_histogram[(1,)](idx, bins, 4, BLOCK=4)
    msg = str(e.value)
    assert "kernel 'checked_histogram': out-of-bounds atomic at %s:%d:" % (
        THIS_FILE, marked_line(checked_histogram)) in msg, msg
    assert "4 bytes at byte offset 32 of 'bins_ptr' (a buffer of 32 bytes)" \
        in msg, msg
    idx[3] = 7
    bins[:] = 0
    checked_histogram[(1,)](idx, bins, 4, BLOCK=4)
    assert bins.tolist() == [0, 1, 2, 0, 0, 0, 0, 1]

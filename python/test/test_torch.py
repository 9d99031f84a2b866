"""CPU torch tensors as kernel arguments on the CPU target: the launch code
of Triton's tutorials, unchanged (torch.empty_like, x.stride(), x.numel()),
dtypes numpy lacks (bfloat16, float8), bool tensors, strided views, and the
error for a tensor on another device. torch is pinned in
python/requirements-torch.txt; `import trident` does not import it."""
import subprocess
import sys

import pytest
import torch

import trident as triton
import trident.language as tl
from kernels.softmax import softmax_kernel


@triton.jit
def add_kernel(x_ptr, y_ptr, output_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    offsets = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    tl.store(output_ptr + offsets, x + y, mask=mask)


def add(x: torch.Tensor, y: torch.Tensor):
    output = torch.empty_like(x)
    n_elements = output.numel()
    grid = lambda meta: (triton.cdiv(n_elements, meta["BLOCK_SIZE"]), )
    add_kernel[grid](x, y, output, n_elements, BLOCK_SIZE=1024)
    return output


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16,
                                   torch.bfloat16, torch.int64])
def test_vector_add(dtype):
    torch.manual_seed(0)
    size = 98432
    if dtype.is_floating_point:
        x, y = torch.rand(size, dtype=dtype), torch.rand(size, dtype=dtype)
    else:
        x = torch.randint(-2 ** 40, 2 ** 40, (size,), dtype=dtype)
        y = torch.randint(-2 ** 40, 2 ** 40, (size,), dtype=dtype)
    out = add(x, y)
    assert out.dtype == dtype
    torch.testing.assert_close(out, x + y, rtol=0, atol=0)


def test_softmax_with_tutorial_launch_code():
    torch.manual_seed(0)
    x = torch.randn(1823, 781)
    n_rows, n_cols = x.shape
    BLOCK_SIZE = triton.next_power_of_2(n_cols)
    y = torch.empty_like(x)
    num_programs = 8
    softmax_kernel[(num_programs, 1, 1)](
        y, x, x.stride(0), y.stride(0), n_rows, n_cols,
        BLOCK_SIZE=BLOCK_SIZE,
        ROWS_PER_PROGRAM=triton.cdiv(n_rows, num_programs), num_warps=8)
    ref = torch.softmax(x.double(), dim=1)
    torch.testing.assert_close(y.double(), ref, rtol=1e-5, atol=1e-7)


@triton.jit
def strided_copy_kernel(src_ptr, dst_ptr, rows, cols, s0, s1, d0,
                        BLOCK: tl.constexpr):
    r = tl.program_id(0)
    c = tl.arange(0, BLOCK)
    m = c < cols
    v = tl.load(src_ptr + r * s0 + c * s1, mask=m)
    tl.store(dst_ptr + r * d0 + c, v * 2, mask=m)


def test_strided_view():
    base = torch.arange(40 * 66, dtype=torch.float32).reshape(40, 66)
    view = base[3:, ::2]  # a view: offset data_ptr, strides (66, 2)
    assert not view.is_contiguous()
    out = torch.empty(view.shape)
    strided_copy_kernel[(view.shape[0],)](
        view, out, view.shape[0], view.shape[1], view.stride(0),
        view.stride(1), out.stride(0), BLOCK=64)
    torch.testing.assert_close(out, view * 2, rtol=0, atol=0)


@triton.jit
def cast_kernel(x_ptr, y_ptr, flag_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    tl.store(y_ptr + offs, x.to(tl.float8e4nv), mask=m)
    tl.store(flag_ptr + offs, x > 0, mask=m)


def test_float8_and_bool_tensors():
    x = torch.linspace(-3, 3, 100, dtype=torch.bfloat16)
    y = torch.empty(100, dtype=torch.float8_e4m3fn)
    flags = torch.empty(100, dtype=torch.bool)
    cast_kernel[(1,)](x, y, flags, 100, BLOCK=128)
    torch.testing.assert_close(y.float(), x.to(torch.float8_e4m3fn).float(),
                               rtol=0, atol=0)
    assert torch.equal(flags, x > 0)


def test_tensor_on_another_device_is_an_error():
    x = torch.empty(16, device="meta")
    y = torch.empty(16)
    with pytest.raises(triton.LaunchError) as e:
        add_kernel[(1,)](x, y, y, 16, BLOCK_SIZE=16)
    assert "argument 'x_ptr' is on device meta but the kernel runs on the " \
        "CPU target" in str(e.value)


def test_import_does_not_import_torch():
    code = ("import sys, trident, trident.language; "
            "print('torch' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True,
                         text=True, check=True)
    assert out.stdout.strip() == "False"


class DLPackOnly:
    """An array that offers nothing but DLPack (like some libraries')."""

    def __init__(self, a):
        self._a = a

    def __dlpack__(self, stream=None):
        return self._a.__dlpack__()

    def __dlpack_device__(self):
        return self._a.__dlpack_device__()


def test_dlpack_arguments():
    x = torch.rand(5000)
    y = torch.rand(5000)
    out = torch.full_like(x, float("nan"))
    n = out.numel()
    for _ in range(2):  # the second launch reuses the compiled kernel
        add_kernel[(triton.cdiv(n, 1024),)](DLPackOnly(x), DLPackOnly(y),
                                            DLPackOnly(out), n,
                                            BLOCK_SIZE=1024)
        torch.testing.assert_close(out, x + y, rtol=0, atol=0)
        out.fill_(float("nan"))


def test_tma_matmul_with_host_descriptors_on_the_cpu():
    # examples/python/matmul_tma.py (desc.load / desc.store, host
    # TensorDescriptors as in Triton's tutorials) on CPU bf16 tensors: the
    # CPU target takes each descriptor as base, shape and strides.
    import os
    sys_path = os.path.join(os.path.dirname(__file__), "..", "..",
                            "examples", "python")
    import sys as _sys
    _sys.path.insert(0, sys_path)
    try:
        import matmul_tma
    finally:
        _sys.path.remove(sys_path)
    torch.manual_seed(0)
    for M, N, K in ((128, 128, 64), (192, 320, 160)):
        a = torch.randn(M, K, dtype=torch.bfloat16)
        b = torch.randn(K, N, dtype=torch.bfloat16)
        ref = a.double() @ b.double()
        # Host descriptors; descriptors made in the kernel (pointer
        # accesses on the CPU); the persistent variant (4 programs striding
        # over the tiles, not all with as many), with the tile loop and the
        # K loop fused (tir-flatten-loops) and not.
        for run in (lambda c: matmul_tma.matmul_tma(
                        a, b, c, BLOCK_M=64, BLOCK_N=64, BLOCK_K=32,
                        num_warps=4, num_stages=3),
                    lambda c: matmul_tma.matmul_tma_device(
                        a, b, c, BLOCK_M=64, BLOCK_N=64, BLOCK_K=32),
                    lambda c: matmul_tma.matmul_tma_persistent(
                        a, b, c, 4, BLOCK_M=64, BLOCK_N=64, BLOCK_K=32),
                    lambda c: matmul_tma.matmul_tma_persistent(
                        a, b, c, 4, BLOCK_M=64, BLOCK_N=64, BLOCK_K=32,
                        flatten=False)):
            c = torch.full((M, N), float("nan"), dtype=torch.bfloat16)
            run(c)
            err = ((c.double() - ref).abs().max() / ref.abs().max()).item()
            assert err < 1e-2, (M, N, K, err)


def test_flattened_persistent_tma_matmul_for_sm90(compile_sm90):
    # examples/python/matmul_tma.py's persistent kernel with its tile loop
    # fused with the K loop, built for sm_90a: one pipelined loop whose
    # first wgmma of a tile takes the run-time scale-d (`setp.ne.b32` then
    # the predicate in wgmma's scale-d position), whose epilogue waits for
    # every MMA (wait_group 0) inside the loop, and that ptxas neither
    # serializes nor spills.
    import os
    import sys as _sys
    path = os.path.join(os.path.dirname(__file__), "..", "..", "examples",
                        "python")
    _sys.path.insert(0, path)
    try:
        import matmul_tma
    finally:
        _sys.path.remove(path)
    sig = {"a_ptr": "*bf16", "b_ptr": "*bf16", "c_ptr": "*bf16",
           "M": "i32", "N": "i32", "K": "i32"}
    k = compile_sm90(matmul_tma.matmul_tma_persistent_kernel, sig,
                     dict(BLOCK_M=128, BLOCK_N=256, BLOCK_K=64, GROUP_M=8,
                          NUM_PROGRAMS=132, FLATTEN=True),
                     num_warps=8, num_stages=3)
    import re
    lines = k.asm["ptx"].splitlines()
    # Four K steps of m64n256k16 per iteration; the first one's scale-d is
    # a register, the others' the constant 1.
    dynamic = [i for i, line in enumerate(lines)
               if re.match(r"setp\.ne\.b32 p, %r\d+, 0;", line.strip())]
    assert len(dynamic) == 1, k.asm["ptx"]
    assert lines[dynamic[0] + 1].startswith(
        "wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16")
    assert sum("wgmma.mma_async" in line for line in lines) == 4
    # In the loop's epilogue, and after the loop.
    assert sum("wgmma.wait_group.sync.aligned 0;" in line
               for line in lines) == 2
    assert k.metadata["wgmma_serialized"] is False
    assert k.metadata["spill_loads"] == 0 and k.metadata["spill_stores"] == 0
    assert "tir.flatten" not in k.asm["tir"]



def test_import_trident_stays_light():
    # `import trident` (a host cost the runtime issue measures) loads none
    # of the modules only compiling needs; they come with the first compile.
    code = ("import sys, trident, trident.language; print(','.join(m for m in "
            "('inspect', 'ast', 'dataclasses', 'tempfile', 'statistics', "
            "'ctypes', 'tokenize', 'hashlib', 'textwrap') if m in "
            "sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True,
                         text=True, check=True)
    assert out.stdout.strip() == "", out.stdout

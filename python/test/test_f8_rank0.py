"""fp8 tiles loaded and stored as themselves (no int8 detour in the front
end: the back ends address f8 memory as bytes), checked against torch's own
fp8 conversions on CPU tensors; and rank-0 tiles (`tl.reshape(x, ())`),
which the compiler turns into scalars, checked against numpy. Each kernel
runs on the CPU target and builds a cubin for sm_90a (ptxas)."""
import numpy as np
import pytest
import torch

import trident
import trident.language as tl

F8 = {"float8e4nv": torch.float8_e4m3fn, "float8e5": torch.float8_e5m2}


@trident.jit
def f8_scale_kernel(x_ptr, y_ptr, f_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)            # an f8 tile, from f8 memory
    tl.store(f_ptr + offs, x.to(tl.float32), mask=m)
    y = x.to(tl.float32) * 1.5 - 0.25
    tl.store(y_ptr + offs, y.to(y_ptr.dtype.element_ty), mask=m)  # f8 store
    # A gather (every other element, masked) and a scalar of each.
    g = tl.load(x_ptr + offs // 2, mask=m & (offs % 2 == 0))
    tl.store(y_ptr + n + offs, g, mask=m & (offs % 2 == 0))
    s = tl.load(x_ptr + n - 1)
    tl.store(y_ptr + 2 * n + pid, s)


@pytest.mark.parametrize("fmt", ["float8e4nv", "float8e5"])
def test_f8_tiles_in_memory(fmt, check):
    torch.manual_seed(0)
    n, block = 300, 128
    grid = (n + block - 1) // block
    x = (torch.randn(n) * 8).to(F8[fmt])
    y = torch.zeros(2 * n + grid, dtype=F8[fmt])
    f = torch.zeros(n, dtype=torch.float32)
    k = check(f8_scale_kernel, grid=(grid,), x_ptr=x, y_ptr=y, f_ptr=f, n=n,
              BLOCK=block)
    # The kernel loads and stores f8 tiles as such (the back ends move the
    # bytes), not through int8 pointers.
    f8 = {"float8e4nv": "f8E4M3FN", "float8e5": "f8E5M2"}[fmt]
    assert "tir.load %" in k.asm["tir"]
    assert ": tensor<128x!tir.ptr<%s>>" % f8 in k.asm["tir"]
    assert "!tir.ptr<i8>" not in k.asm["tir"]
    # Loads: torch's decoding of the same bytes.
    torch.testing.assert_close(f, x.float(), rtol=0, atol=0)
    # Stores: torch's rounding of the same f32 values (none overflows).
    ref = (x.float() * 1.5 - 0.25).to(F8[fmt])
    x8, y8 = x.view(torch.uint8), y.view(torch.uint8)   # fp8 has no indexing
    assert torch.equal(y8[:n], ref.view(torch.uint8))
    even = torch.arange(0, n, 2)
    assert torch.equal(y8[n:2 * n][even], x8[even // 2])
    assert torch.equal(y8[n:2 * n][even + 1], torch.zeros(n // 2, dtype=torch.uint8))
    assert torch.equal(y8[2 * n:], x8[n - 1:].expand(grid))


@trident.jit
def rank0_kernel(x_ptr, y_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    first = tl.reshape(tl.load(x_ptr + tl.arange(0, 1)), ())  # rank 0
    s = first * 2.0 + 1.0            # elementwise on a rank-0 tile
    tl.store(y_ptr + offs, x + s)    # broadcast to the block
    # A rank-0 tile of pointers: stored once.
    p = tl.reshape(y_ptr + BLOCK + tl.arange(0, 1), ())
    tl.store(p, tl.sum(x, axis=0) - s)


def test_rank0_tiles(rng, check):
    block = 64
    x = rng.standard_normal(block).astype(np.float32)
    y = np.zeros(block + 1, np.float32)
    k = check(rank0_kernel, x_ptr=x, y_ptr=y, BLOCK=block)
    assert "tensor<f32>" not in k.asm["tir"]    # scalars by the end of tir
    s = x[0] * np.float32(2) + np.float32(1)
    np.testing.assert_array_equal(y[:block], x + s)
    np.testing.assert_allclose(y[block], x.sum() - s, rtol=1e-5, atol=1e-5)


@trident.jit
def f8_print_kernel(x_ptr, BLOCK: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, BLOCK))     # an f8 tile
    tl.device_print("v ", x)


@pytest.mark.parametrize("fmt", ["float8e4nv", "float8e5"])
def test_f8_device_print(fmt, capfd, compile_sm90):
    x = torch.tensor([0.5, -1.75, 3.0, 448.0 if fmt == "float8e4nv"
                      else 57344.0]).to(F8[fmt])
    f8_print_kernel[(1,)](x, BLOCK=4)
    out = [line for line in capfd.readouterr().out.splitlines()
           if " v: " in line]
    assert [float(line.split()[-1]) for line in out] == x.float().tolist()
    ty = {"float8e4nv": "*fp8e4nv", "float8e5": "*fp8e5"}[fmt]
    k = compile_sm90(f8_print_kernel, {"x_ptr": ty}, {"BLOCK": 4})
    assert "vprintf" in k.asm["ptx"]

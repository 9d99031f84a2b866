"""The smallest end-to-end checks: a kernel compiled from Python runs on the
CPU and builds a cubin."""
import numpy as np

import trident
import trident.language as tl


@trident.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, x + y, mask=mask)


def test_vector_add_cpu(rng):
    n = 10_000
    x = rng.random(n, dtype=np.float32)
    y = rng.random(n, dtype=np.float32)
    out = np.full(n, np.nan, np.float32)
    add_kernel[(trident.cdiv(n, 1024),)](x, y, out, n, BLOCK=1024)
    np.testing.assert_array_equal(out, x + y)


def test_grid_function(rng):
    n = 3000
    x = rng.random(n, dtype=np.float32)
    y = rng.random(n, dtype=np.float32)
    out = np.full(n, np.nan, np.float32)
    add_kernel[lambda meta: (trident.cdiv(n, meta["BLOCK"]),)](
        x, y, out, n, BLOCK=256)
    np.testing.assert_array_equal(out, x + y)


def test_numpy_scalar_arguments(rng):
    # np.int64 (from np.prod, arr.sum(), ...) and np.float32 are scalars,
    # not arrays: they must not be passed as pointers.
    n = 3000
    x = rng.random(n, dtype=np.float32)
    y = rng.random(n, dtype=np.float32)
    out = np.full(n, np.nan, np.float32)
    add_kernel[(trident.cdiv(n, 1024),)](x, y, out, np.prod([n]),
                                         BLOCK=np.int64(1024))
    np.testing.assert_array_equal(out, x + y)


def test_vector_add_cubin(compile_sm90):
    k = compile_sm90(add_kernel, {"x_ptr": "*fp32", "y_ptr": "*fp32",
                                  "out_ptr": "*fp32", "n": "i32"},
                     {"BLOCK": 1024})
    assert set(k.asm) == {"tir", "gir", "llir", "ptx", "cubin"}
    assert ".entry add_kernel" in k.asm["ptx"]
    assert k.metadata["name"] == "add_kernel"
    assert k.metadata["num_warps"] == 4
    assert k.metadata["registers"] > 0


def test_same_source_for_three_targets():
    sig = {"x_ptr": "*fp32", "y_ptr": "*fp32", "out_ptr": "*fp32", "n": "i32"}
    for target, last in (("cuda:90a", "cubin"), ("cuda:80", "cubin"),
                         ("cpu", "obj")):
        k = trident.compile(add_kernel, signature=sig,
                            constexprs={"BLOCK": 256}, target=target)
        assert last in k.asm, target

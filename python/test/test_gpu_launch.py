"""The GPU launch path (trident._C.Dispatcher and GpuKernel) without a GPU:
each case runs in a subprocess whose CUDA driver is the project's fake
libcuda (test/Target/NVIDIA/FakeCuda: it "runs" a kernel named vector_add
on the host, one element per thread, and refuses what the driver refuses).
The default target follows the (fake) device; launches check the device
against the compiled target, pointers against device memory, and every
driver call. Runs on the H200 are in bench/device_runtime.py."""
import os
import subprocess
import sys
import textwrap

import pytest

PRELUDE = textwrap.dedent("""
    import ctypes, os, sys
    import numpy as np
    import trident, trident.language as tl

    fake = ctypes.CDLL(os.environ["TRIDENT_LIBCUDA"])

    class DeviceArray:
        '''Memory from the (fake) driver, with data_ptr() and a dtype like
        a torch tensor on the GPU.'''
        def __init__(self, host):
            self.dtype = host.dtype
            self.n = host.size
            p = ctypes.c_uint64()
            assert fake.cuMemAlloc_v2(ctypes.byref(p), host.nbytes) == 0
            self.ptr = p.value
            ctypes.memmove(self.ptr, host.ctypes.data, host.nbytes)
        def data_ptr(self):
            return self.ptr
        def numpy(self):
            out = np.empty(self.n, self.dtype)
            ctypes.memmove(out.ctypes.data, self.ptr, out.nbytes)
            return out

    @trident.jit
    def vector_add(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        m = offs < n
        tl.store(out_ptr + offs, tl.load(x_ptr + offs, m) +
                 tl.load(y_ptr + offs, m), m)

    n = 1000
    x = np.arange(n, dtype=np.float32)
    y = np.full(n, 0.5, np.float32)
    dx, dy = DeviceArray(x), DeviceArray(y)
    dout = DeviceArray(np.full(n, np.nan, np.float32))
    grid = lambda meta: (trident.cdiv(n, meta["BLOCK"]),)
""")


def run_script(text, env):
    """Runs `text` as a script file (kernels need their source on disk)."""
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "case.py")
        with open(path, "w") as f:
            f.write(text)
        return subprocess.run([sys.executable, path], capture_output=True,
                              text=True, env=env, timeout=300)


def run_case(body, **env):
    build = os.environ.get("TRIDENT_BUILD_DIR", os.path.join(
        os.path.dirname(__file__), "..", "..", "build"))
    fake = os.path.join(build, "test", "fakecuda", "libTridentFakeCuda.so")
    assert os.path.exists(fake), "the fake libcuda is built with the tests"
    e = dict(os.environ)
    e.pop("TRIDENT_TARGET", None)
    e["TRIDENT_LIBCUDA"] = fake
    e.update(env)
    return run_script(PRELUDE + textwrap.dedent(body), e)


def test_default_target_is_the_gpu_and_the_launch_runs():
    r = run_case("""
        from trident.runtime import driver
        print(driver.active_target())
        # BLOCK = 128 = the 4 warps' threads: the fake runs one element per
        # thread.
        vector_add[grid](dx, dy, dout, n, BLOCK=128)
        assert np.array_equal(dout.numpy(), x + y), dout.numpy()[:8]
        # Again through the cached plan, with a tuple grid and other data.
        dz = DeviceArray(np.full(n, 2.0, np.float32))
        vector_add[(8,)](dx, dz, dout, n, BLOCK=128)
        assert np.array_equal(dout.numpy(), x + 2), dout.numpy()[:8]
        assert vector_add._dispatcher.size() == 1
        print("ok")
    """)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["cuda:90a", "ok"]


def test_host_memory_for_a_gpu_kernel_is_an_error():
    r = run_case("""
        try:
            vector_add[grid](x, dy, dout, n, BLOCK=128)
        except trident.KernelError as e:
            print(e)
    """)
    assert r.returncode == 0, r.stderr
    assert "kernel 'vector_add': argument 'x_ptr' (0x" in r.stdout
    assert "is not memory of the GPU (a CPU tensor?); the kernel runs on " \
        "cuda:90a" in r.stdout


def test_device_that_does_not_match_the_target():
    r = run_case("""
        try:
            vector_add[grid](dx, dy, dout, n, BLOCK=128)
        except trident.KernelError as e:
            print(e)
    """, TRIDENT_FAKE_CUDA_CC="80", TRIDENT_TARGET="cuda:90a")
    assert r.returncode == 0, r.stderr
    assert ("kernel 'vector_add' was compiled for cuda:90a but runs on "
            "device 0, Fake CUDA device (sm_80): compile it for cuda:80"
            in r.stdout), r.stdout


def test_failed_driver_call_names_call_kernel_and_error():
    r = run_case("""
        try:
            vector_add[grid](dx, dy, dout, n, BLOCK=128)
        except trident.KernelError as e:
            print(e)
    """, TRIDENT_FAKE_CUDA_FAIL="cuLaunchKernel")
    assert r.returncode == 0, r.stderr
    assert "kernel 'vector_add': cuLaunchKernel: CUDA_ERROR_INVALID_VALUE" \
        in r.stdout, r.stdout


def test_no_driver():
    # Without a driver the default target is the CPU; asking for cuda says
    # why the GPU cannot be used, naming the library.
    body = """
        import numpy as np
        import trident, trident.language as tl
        from trident.runtime import driver

        @trident.jit
        def vector_add(x_ptr, n, BLOCK: tl.constexpr):
            offs = tl.arange(0, BLOCK)
            tl.store(x_ptr + offs, 1.0, offs < n)

        print(driver.active_target())
        import os
        os.environ["TRIDENT_TARGET"] = "cuda:90a"
        try:
            vector_add[(1,)](np.zeros(4, np.float32), 4, BLOCK=128)
        except trident.KernelError as e:
            print(e)
    """
    e = dict(os.environ)
    e.pop("TRIDENT_TARGET", None)
    e["TRIDENT_LIBCUDA"] = "/nonexistent/libcuda.so.1"
    r = run_script(textwrap.dedent(body), e)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0] == "cpu"
    assert "cannot use the GPU" in lines[1] and \
        "/nonexistent/libcuda.so.1" in r.stdout, r.stdout


@pytest.mark.parametrize("kwargs,message", [
    ("BLOCK=128, num_warps=3", "num_warps must be a power of 2, got 3"),
    ("BLOCK=128, blocks=2", "unknown keyword argument 'blocks'"),
])
def test_host_mistakes_still_explained(kwargs, message):
    r = run_case("""
        try:
            vector_add[grid](dx, dy, dout, n, %s)
        except trident.LaunchError as e:
            print(e)
    """ % kwargs)
    assert r.returncode == 0, r.stderr
    assert message in r.stdout, r.stdout
    assert "def vector_add(" in r.stdout

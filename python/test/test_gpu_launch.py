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


def test_warmup_and_its_kernel_launch_without_python_binding():
    # Tutorial 02 calls fn.warmup(...) before every launch and launches
    # what it returns with every parameter: both stay in C++ once the
    # specialization is known (no Python binding, no driver.launch).
    r = run_case("""
        from trident.runtime import driver
        k = vector_add.warmup(dx, dy, dout, n, BLOCK=128, grid=(1,))
        assert np.isnan(dout.numpy()).all()  # warmup runs nothing
        def forbidden(*a, **kw):
            raise AssertionError("took the Python path")
        real_bind, real_launch = trident.JITFunction._bind, driver.launch
        trident.JITFunction._bind = forbidden
        driver.launch = forbidden
        assert vector_add.warmup(dx, dy, dout, n, BLOCK=128, grid=(1,)) is k
        k[(8, 1, 1)](dx, dy, dout, n, 128)
        assert np.array_equal(dout.numpy(), x + y), dout.numpy()[:8]
        # Another specialization (BLOCK) is another kernel.
        trident.JITFunction._bind = real_bind
        k64 = vector_add.warmup(dx, dy, dout, n, BLOCK=64, num_warps=2,
                                grid=(1,))
        assert k64 is not k and vector_add._dispatcher.size() == 2
        # An argument the C++ launcher does not read (host memory) goes
        # to Python's checks and their error.
        driver.launch = real_launch
        try:
            k[(8, 1, 1)](x, dy, dout, n, 128)
        except trident.KernelError as e:
            print("error:", e)
        print("ok")
    """)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split()[-1] == "ok", r.stdout
    assert "error:" in r.stdout, r.stdout


def test_host_memory_for_a_gpu_kernel_is_an_error():
    r = run_case("""
        try:
            vector_add[grid](x, dy, dout, n, BLOCK=128)
        except trident.KernelError as e:
            print(e)
            # (a ValueError as well, as Triton raises)
            print(isinstance(e, ValueError))
    """)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[-1] == "True", r.stdout
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


def test_num_ctas_launches_clusters():
    """num_ctas=2: each program is a cluster of 2 CTAs, so the launch gives
    the grid times 2 in x and the cluster shape (2, 1, 1); the fake reports
    what it was given."""
    r = run_case("""
        @trident.jit
        def launch_probe(out_ptr):
            tl.store(out_ptr + tl.program_id(0), tl.num_programs(0))

        seen = DeviceArray(np.zeros(7, np.int32))
        launch_probe[(5, 3)](seen, num_ctas=2, num_warps=4)
        print(seen.numpy().tolist())
        launch_probe[(5, 3)](seen, num_warps=4)
        print(seen.numpy().tolist())
    """)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0] == "[10, 3, 1, 128, 2, 1, 1]", r.stdout
    assert lines[1] == "[5, 3, 1, 128, 1, 1, 1]", r.stdout


def test_warp_specialized_kernel_launches_every_group():
    """A kernel of 4 warps with workers of 4 and 1 warps launches 9 warps
    (288 threads): the fake reports the block it was given."""
    r = run_case("""
        @trident.jit
        def _probe_default(out_ptr):
            tl.store(out_ptr + tl.program_id(0), tl.num_programs(0))

        @trident.jit
        def _probe_worker(out_ptr):
            pass

        @trident.jit
        def launch_probe(out_ptr):
            tl.warp_specialize([(_probe_default, (out_ptr,)),
                                (_probe_worker, (out_ptr,)),
                                (_probe_worker, (out_ptr,))], [4, 1])

        seen = DeviceArray(np.zeros(7, np.int32))
        launch_probe[(5,)](seen, num_warps=4)
        print(seen.numpy().tolist())
    """)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[0] == "[5, 1, 1, 288, 1, 1, 1]", r.stdout


@pytest.mark.parametrize("kwargs,message", [
    ("BLOCK=128, num_warps=3", "num_warps must be a power of 2, got 3"),
    ("BLOCK=128, blocks=2", "unknown keyword argument 'blocks'"),
    ("BLOCK=128, num_warps=64", "num_warps=64 asks for 2048 threads per "
     "program; a program has at most 1024 (32 warps)"),
    ("BLOCK=128, num_ctas=3", "num_ctas must be 1, 2, 4 or 8 (CTAs per "
     "program, a cluster of them on sm_90 or newer), got 3"),
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


def test_tma_descriptors_from_the_host():
    # The fake driver runs a kernel named matmul_bf16_tma as c = a @ b on
    # the host, reading the three tensor maps its cuTensorMapEncodeTiled
    # encoded (it checks their boxes, strides and swizzle as the driver
    # does): the launcher's encoding from TensorDescriptor objects and the
    # by-value passing are what is checked.
    r = run_case("""
        from trident.tools.tensor_descriptor import TensorDescriptor

        class Bf16:
            def __str__(self):
                return "torch.bfloat16"
        BF16 = Bf16()

        class DeviceBf16(DeviceArray):
            def __init__(self, values, shape):
                bits = (values.astype(np.float32).view(np.uint32) >> 16)
                super().__init__(bits.astype(np.uint16))
                self.dtype = BF16
                self.shape = shape
            def floats(self):
                out = np.empty(self.n, np.uint16)
                ctypes.memmove(out.ctypes.data, self.ptr, out.nbytes)
                return (out.astype(np.uint32) << 16).view(np.float32)

        @trident.jit
        def matmul_bf16_tma(a_desc, b_desc, c_desc, M, N, K,
                            BM: tl.constexpr, BN: tl.constexpr,
                            BK: tl.constexpr):
            pid_m = tl.program_id(0)
            pid_n = tl.program_id(1)
            acc = tl.zeros((BM, BN), dtype=tl.float32)
            for k in range(0, tl.cdiv(K, BK)):
                a = a_desc.load([pid_m * BM, k * BK])
                b = b_desc.load([k * BK, pid_n * BN])
                acc = tl.dot(a, b, acc)
            c_desc.store([pid_m * BM, pid_n * BN], acc.to(tl.bfloat16))

        M, N, K = 128, 256, 128
        rng = np.random.default_rng(0)
        A = rng.integers(-3, 4, (M, K)).astype(np.float32)
        B = rng.integers(-3, 4, (K, N)).astype(np.float32)
        a, b = DeviceBf16(A.ravel(), (M, K)), DeviceBf16(B.ravel(), (K, N))
        c = DeviceBf16(np.full(M * N, np.nan, np.float32), (M, N))
        descs = [TensorDescriptor(a, [M, K], [K, 1], [128, 64]),
                 TensorDescriptor(b, [K, N], [N, 1], [64, 128]),
                 TensorDescriptor(c, [M, N], [N, 1], [128, 128])]
        for _ in range(2):  # compile, then the cached plan
            matmul_bf16_tma[(1, 2)](*descs, M, N, K, BM=128, BN=128, BK=64,
                                    num_warps=4, num_stages=3)
            assert np.array_equal(c.floats().reshape(M, N), A @ B)
        print("dispatcher plans:", matmul_bf16_tma._dispatcher.size())
        # A base in host memory is refused before the launch.
        class HostBf16:
            def __init__(self, n):
                self.buf = np.zeros(n + 8, np.uint16)
                self.dtype = BF16
            def data_ptr(self):
                p = self.buf.ctypes.data
                return p + (-p) % 16
        host = TensorDescriptor(HostBf16(M * K), [M, K], [K, 1], [128, 64])
        try:
            matmul_bf16_tma[(1, 2)](host, descs[1], descs[2], M, N, K,
                                    BM=128, BN=128, BK=64)
        except (trident.KernelError, trident.LaunchError,
                trident.CompilationError) as e:
            print("error:", str(e).splitlines()[0])
    """)
    assert r.returncode == 0, r.stderr
    assert "dispatcher plans: 1" in r.stdout, r.stdout
    assert ("error: kernel 'matmul_bf16_tma': argument 'a_desc' (a "
            "TensorDescriptor): its base is not memory of the GPU" in
            r.stdout), r.stdout


def test_descriptors_made_in_the_kernel_take_scratch_from_the_allocator():
    # tl.make_tensor_descriptor on sm_90 builds a TMA tensor map per program
    # in global scratch: the launcher asks trident.set_allocator's allocator
    # for grid x 128 bytes (alignment 128, the launch's stream) and passes
    # the pointer last; the fake driver's scratch_probe reports it back.
    r = run_case("""
        class Bf16:
            def __str__(self):
                return "torch.bfloat16"

        @trident.jit
        def scratch_probe(out_ptr, a_ptr, M, K, BM: tl.constexpr,
                          BK: tl.constexpr):
            d = tl.make_tensor_descriptor(a_ptr, shape=[M, K],
                                          strides=[K, 1],
                                          block_shape=[BM, BK])
            x = d.load([tl.program_id(0) * BM, 0])
            offs = tl.arange(0, BM)[:, None] * BK + tl.arange(0, BK)[None, :]
            tl.store(out_ptr + offs, x)

        a = DeviceArray(np.zeros(128 * 64, np.uint16))
        a.dtype = Bf16()
        out = DeviceArray(np.zeros(128 * 64, np.uint16))
        out.dtype = Bf16()
        args = (out, a, 128, 64)
        try:
            scratch_probe[(3,)](*args, BM=128, BK=64)
        except trident.KernelError as e:
            print("no allocator:", e)
        k = next(iter(scratch_probe.cache.values()))[0]
        print("scratch bytes:", k.metadata["global_scratch_bytes"])
        print("tensormap in ptx:",
              "tensormap.cp_fenceproxy" in k.asm["ptx"] and
              "cp.async.bulk.tensor" in k.asm["ptx"])

        calls = []
        class Scratch:
            def __init__(self, size):
                self.mem = DeviceArray(np.zeros(size + 128, np.uint8))
            def data_ptr(self):
                p = self.mem.ptr
                return p + (-p) % 128

        def alloc(size, alignment, stream):
            calls.append((size, alignment, stream))
            calls[-1] += (Scratch(size),)
            return calls[-1][-1]

        trident.set_allocator(alloc)
        for grid in ((3,), (2, 2)):
            scratch_probe[grid](*args, BM=128, BK=64)
            size, alignment, stream, buf = calls[-1]
            got = ctypes.c_uint64.from_address(out.ptr).value
            print("grid", grid, "size", size, "alignment", alignment,
                  "stream", stream, "pointer passed:", got == buf.data_ptr())
        trident.set_allocator(lambda size, alignment, stream: type(
            "Odd", (), {"data_ptr": lambda self: 0x1000 + 64})())
        try:
            scratch_probe[(1,)](*args, BM=128, BK=64)
        except trident.KernelError as e:
            print("misaligned:", e)
        trident.set_allocator(None)
    """)
    assert r.returncode == 0, r.stderr
    out = r.stdout
    assert ("no allocator: kernel 'scratch_probe' builds 1 TMA descriptor(s) "
            "in the kernel (tl.make_tensor_descriptor), which need 128 bytes "
            "of global memory per program: set an allocator first with "
            "trident.set_allocator(fn)") in out, out
    assert "scratch bytes: 128" in out, out
    assert "tensormap in ptx: True" in out, out
    assert ("grid (3,) size 384 alignment 128 stream 0 pointer passed: True"
            in out), out
    assert ("grid (2, 2) size 512 alignment 128 stream 0 pointer passed: "
            "True" in out), out
    assert ("misaligned: kernel 'scratch_probe': the allocator of "
            "trident.set_allocator returned memory at 0x1040, which is not "
            "aligned to 128 bytes") in out, out


def test_cooperative_and_pdl_launches_ask_the_driver():
    """launch_cooperative_grid and launch_pdl become cuLaunchKernelEx's
    attributes (the fake reports them); a plain launch has neither."""
    r = run_case("""
        @trident.jit
        def launch_attr_probe(out_ptr):
            tl.store(out_ptr + tl.program_id(0), 1)

        seen = DeviceArray(np.zeros(2, np.int32))
        for opts in ({}, {"launch_cooperative_grid": True},
                     {"launch_pdl": True},
                     {"launch_cooperative_grid": True, "launch_pdl": True}):
            launch_attr_probe[(2,)](seen, **opts)
            print(seen.numpy().tolist())
    """)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[:4] == ["[0, 0]", "[1, 0]", "[0, 1]",
                                         "[1, 1]"], r.stdout

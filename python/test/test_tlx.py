"""The TLX plugin's Python module (trident.language.extra.tlx): kernels that
allocate rings of shared-memory buffers, pick one by index, store tiles into
it and load them back build the plugin's `tlx` ops, and mistakes are
reported at the kernel's line. Each case runs in a fresh interpreter: a
loaded plugin stays loaded for the life of a process."""
import os
import subprocess
import sys
import textwrap

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))

PRELUDE = '''
import os, sys
import trident
import trident.language as tl
trident.load_plugin(os.path.join(os.environ["PLUGIN_DIR"], "libTlxPlugin.so"))
import trident.language.extra.tlx as tlx

def front_end_ir(kernel, signature, constexprs):
    return trident.compile(kernel, signature=signature, constexprs=constexprs,
                           target="cpu", until_stage="tir").source_ir

def error_of(kernel, signature, constexprs):
    try:
        front_end_ir(kernel, signature, constexprs)
    except Exception as e:
        return "%s: %s" % (type(e).__name__, e)
    return "no error"
'''


def run_case(code, plugin_dir, gpu=False):
    """Runs `code` after PRELUDE in a fresh interpreter. gpu=True drops
    conftest's TRIDENT_TARGET=cpu so that kernels launch on this machine's
    GPU (the GPU tests pass torch tensors on cuda)."""
    env = dict(os.environ)
    env.pop("TRIDENT_PLUGIN_PATHS", None)
    if gpu:
        env.pop("TRIDENT_TARGET", None)
    env["PLUGIN_DIR"] = plugin_dir
    path = os.path.join(HERE, "_tlx_case_%d.py" % os.getpid())
    with open(path, "w") as f:
        f.write(PRELUDE + textwrap.dedent(code))
    try:
        r = subprocess.run([sys.executable, path], env=env,
                           capture_output=True, text=True, timeout=300)
    finally:
        os.unlink(path)
    assert r.returncode == 0, r.stdout + r.stderr
    return r.stdout


def test_ring_of_buffers_builds_tlx_ops(plugin_dir):
    out = run_case('''
        @trident.jit
        def ring(x_ptr, y_ptr, BLOCK: tl.constexpr, NUM: tl.constexpr):
            offs = tl.arange(0, BLOCK)
            bufs = tlx.local_alloc((BLOCK, BLOCK), tl.float16, NUM)
            tile = offs[:, None] * BLOCK + offs[None, :]
            for i in range(NUM):
                tlx.local_store(tlx.local_view(bufs, i),
                                tl.load(x_ptr + i * BLOCK * BLOCK + tile))
            acc = tl.zeros((BLOCK, BLOCK), tl.float32)
            for i in range(NUM):
                acc += tlx.local_load(tlx.local_view(bufs, i)).to(tl.float32)
            tl.store(y_ptr + tile, acc)

        print(front_end_ir(ring, {"x_ptr": "*fp16", "y_ptr": "*fp32"},
                           {"BLOCK": 32, "NUM": 3}))

        # TLX's helpers on types: what a ring holds, bytes per element.
        @trident.jit
        def sizes(y_ptr):
            bufs = tlx.local_alloc((16,), tl.bfloat16, 2,
                                   storage=tlx.storage_kind.smem)
            t = tlx.local_load(tlx.local_view(bufs, 0))
            tl.static_assert(tlx.dtype_of(bufs) == tl.bfloat16)
            tl.static_assert(tlx.dtype_of(t) == tl.bfloat16)
            tl.static_assert(tlx.size_of(tl.bfloat16) == 2)
            tl.static_assert(tlx.size_of(tl.float32) == 4)
            tl.store(y_ptr + tl.arange(0, 16), t)

        print("SIZES", "tlx.local_alloc" in front_end_ir(
            sizes, {"y_ptr": "*bf16"}, {}))
        ''', plugin_dir)
    assert "SIZES True" in out
    assert "tlx.local_alloc : !tlx.buffers<3x32x32xf16>" in out
    assert out.count("tlx.local_view") == 2
    assert ("-> !tlx.buffer<32x32xf16>") in out
    assert ("tlx.local_store %") in out
    assert (": tensor<32x32xf16>, !tlx.buffer<32x32xf16>") in out
    assert ("tlx.local_load %") in out
    assert ("!tlx.buffer<32x32xf16> -> tensor<32x32xf16>") in out


def line_of(code, text):
    """The line of `text` in the file run_case writes for `code`."""
    lines = (PRELUDE + textwrap.dedent(code)).splitlines()
    return next(i + 1 for i, line in enumerate(lines) if text in line)


MISTAKES = '''
        @trident.jit
        def runtime_count(n, NUM: tl.constexpr):
            bufs = tlx.local_alloc((16,), tl.float16, n)

        @trident.jit
        def load_ring(x_ptr):
            bufs = tlx.local_alloc((16,), tl.float16, 2)
            tl.store(x_ptr + tl.arange(0, 16), tlx.local_load(bufs))

        @trident.jit
        def store_other_dtype(x_ptr):
            b = tlx.local_view(tlx.local_alloc((16,), tl.float16, 2), 0)
            tlx.local_store(b, tl.load(x_ptr + tl.arange(0, 16)))

        @trident.jit
        def tensor_memory(x_ptr):
            bufs = tlx.local_alloc((64, 64), tl.float32, 1,
                                   storage=tlx.storage_kind.tmem)

        @trident.jit
        def reused(x_ptr):
            a = tlx.local_alloc((64,), tl.float32, 1)
            b = tlx.local_alloc((64,), tl.float32, 1, reuse=a)

        @trident.jit
        def zero_extent(x_ptr):
            bufs = tlx.local_alloc((16, 0), tl.float16, 2)

        print("COUNT", error_of(runtime_count, {"n": "i32"}, {"NUM": 2}))
        print("RING", error_of(load_ring, {"x_ptr": "*fp16"}, {}))
        print("DTYPE", error_of(store_other_dtype, {"x_ptr": "*fp32"}, {}))
        print("EXTENT", error_of(zero_extent, {"x_ptr": "*fp16"}, {}))
        print("TMEM", error_of(tensor_memory, {"x_ptr": "*fp16"}, {}))
        print("REUSE", error_of(reused, {"x_ptr": "*fp16"}, {}))
        '''


def test_mistakes_name_the_line(plugin_dir):
    out = run_case(MISTAKES, plugin_dir)
    lines = dict(line.split(" ", 1) for line in out.splitlines()
                 if line.split(" ", 1)[0] in ("COUNT", "RING", "DTYPE",
                                              "EXTENT", "TMEM", "REUSE"))
    assert "positive constexpr number of buffers" in lines["COUNT"]
    line = line_of(MISTAKES, "tl.float16, n)")
    assert "_tlx_case_%d.py:%d:" % (os.getpid(), line) in lines["COUNT"], \
        lines["COUNT"]
    assert "needs one buffer (tlx.local_view of a tlx.local_alloc)" in \
        lines["RING"]
    assert "'tlx.local_store' op stored tile 'tensor<16xf32>' does not " \
        "match the buffer '!tlx.buffer<16xf16>'" in lines["DTYPE"]
    assert "positive constexpr extents" in lines["EXTENT"]
    assert "storage=tmem is Blackwell's tensor memory" in lines["TMEM"]
    assert "reuse= is not supported by this version" in lines["REUSE"]


CPU_RUNS = '''
import numpy as np
import torch
from trident.tools.tensor_descriptor import TensorDescriptor
from kernels import tlx_kernels as K

@trident.jit
def masked_copy(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    bufs = tlx.local_alloc((BLOCK,), tl.float32, 1)
    buf = bufs[0]
    tlx.local_store(buf, tl.full((BLOCK,), 7.0, tl.float32))  # garbage
    offs = tl.arange(0, BLOCK)
    t = tlx.async_load(x_ptr + offs, buf, mask=offs < n)
    tlx.async_load_commit_group([t])
    tlx.async_load_wait_group(0)
    tl.store(y_ptr + offs, tlx.local_load(buf))

@trident.jit
def dot_from_registers(a_ptr, b_ptr, c_ptr, M: tl.constexpr, N: tl.constexpr,
                       K: tl.constexpr):
    rm, rn, rk = tl.arange(0, M), tl.arange(0, N), tl.arange(0, K)
    a = tl.load(a_ptr + rm[:, None] * K + rk[None, :])       # registers
    bufs = tlx.local_alloc((K, N), tl.float16, 1)
    tlx.local_store(bufs[0], tl.load(b_ptr + rk[:, None] * N + rn[None, :]))
    acc = tlx.async_dot(a, bufs[0], tl.zeros((M, N), tl.float32))
    acc = tlx.async_dot_wait(0, acc)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc)

@trident.jit
def producer_consumer(x_ptr, y_ptr, n, BLOCK: tl.constexpr, NBUF: tl.constexpr,
                      WARP_BARRIER: tl.constexpr = False):
    # A ring passed from a 4-warp producer task to the default task through
    # "full" and "empty" barriers, n tiles through NBUF slots (the "empty"
    # ones counting every thread of the default task with WARP_BARRIER).
    bufs = tlx.local_alloc((BLOCK,), tl.float32, NBUF)
    fulls = tlx.alloc_barriers(num_barriers=NBUF, arrive_count=1)
    if WARP_BARRIER:
        empties = tlx.alloc_warp_barrier(num_barriers=NBUF, num_warps=4)
    else:
        empties = tlx.alloc_barriers(num_barriers=NBUF, arrive_count=1)
    offs = tl.arange(0, BLOCK)
    with tlx.async_tasks():
        with tlx.async_task("default"):
            for i in range(0, n):
                slot = i % NBUF
                phase = (i // NBUF) & 1
                tlx.barrier_wait(fulls[slot], phase)
                v = tlx.local_load(bufs[slot])
                tlx.barrier_arrive(empties[slot])
                tl.store(y_ptr + i * BLOCK + offs, v * 2.0)
        with tlx.async_task(num_warps=4):
            for i in range(0, n):
                slot = i % NBUF
                phase = ((i // NBUF) & 1) ^ 1
                tlx.barrier_wait(empties[slot], phase)
                tlx.local_store(bufs[slot], tl.load(x_ptr + i * BLOCK + offs))
                tlx.barrier_arrive(fulls[slot])

@trident.jit
def turns(y_ptr, n):
    # Two consumer replicas take turns through hardware barriers 9 and 10
    # (the ping-pong schedule): each turn records the shared count it saw.
    with tlx.async_tasks():
        with tlx.async_task("default"):
            pass
        with tlx.async_task(num_warps=4, replicate=2):
            cid: tl.constexpr = tlx.async_task_replica_id()
            if cid == 1:
                tlx.named_barrier_arrive(9, 256)
            for i in range(0, n):
                tlx.named_barrier_wait(9 + cid, 256)
                v = tl.load(y_ptr)
                tl.store(y_ptr, v + 1)
                tl.store(y_ptr + 1 + 2 * i + cid, v)
                tlx.named_barrier_arrive(10 - cid, 256)

def report(name, got, want, tol):
    err = float("nan") if torch.isnan(got).any() else \
        (got.double() - want).abs().max().item()
    print("CPU", name, "ok" if err <= tol else "BAD", err)

x = torch.randn(3 * 256, dtype=torch.float16)
y = torch.full((3 * 256,), float("nan"))
K.reverse_rows[(1,)](x, y, BLOCK=256, NUM=3)
report("reverse_rows", y, x.double().view(3, 256).flip(0).reshape(-1) * 2, 0)
x = torch.randn(4 * 64 * 64, dtype=torch.float16)
y = torch.full((64 * 64,), float("nan"))
K.tile_sum[(1,)](x, y, BLOCK=64, NUM=4)
report("tile_sum", y, x.double().view(4, 64 * 64).sum(0), 1e-5)
x = torch.randn(64)
y = torch.full((64,), float("nan"))
masked_copy[(1,)](x, y, 40, BLOCK=64)
report("masked_copy", y, torch.cat([x[:40], torch.zeros(24)]).double(), 0)
a = torch.randn(64, 32, dtype=torch.float16)
b = torch.randn(32, 16, dtype=torch.float16)
c = torch.full((64, 16), float("nan"))
dot_from_registers[(1,)](a, b, c, M=64, N=16, K=32)
report("dot_from_registers", c, a.double() @ b.double(), 1e-3)
x = torch.randn(10 * 128)
y = torch.full((10 * 128,), float("nan"))
producer_consumer[(3,)](x, y, 10, BLOCK=128, NBUF=2)
report("producer_consumer", y, x.double() * 2, 0)
y = torch.full((10 * 128,), float("nan"))
producer_consumer[(3,)](x, y, 10, BLOCK=128, NBUF=2, WARP_BARRIER=True)
report("producer_consumer warp barrier", y, x.double() * 2, 0)
ptx = trident.compile(producer_consumer, target="cuda:90a",
                      signature={"x_ptr": "*fp32", "y_ptr": "*fp32", "n": "i32"},
                      constexprs=dict(BLOCK=128, NBUF=2, WARP_BARRIER=True)
                      ).asm["ptx"]
print("WARPBAR", ptx.count("mbarrier.init.shared.b64"),
      sum("mbarrier.init" in l and l.rstrip().endswith(", 128;")
          for l in ptx.splitlines()))
y = torch.zeros(1 + 2 * 20, dtype=torch.int32)
turns[(1,)](y, 20)
report("turns", y[1:], torch.arange(40, dtype=torch.float64), 0)
m, n, k = 200, 136, 160
a = torch.randn(m, k, dtype=torch.float16)
b = torch.randn(k, n, dtype=torch.float16)
ref = a.double() @ b.double()
c = torch.full((m, n), float("nan"), dtype=torch.float16)
K.gemm[(trident.cdiv(m, 64), trident.cdiv(n, 64))](
    a, b, c, m, n, k, a.stride(0), b.stride(0), c.stride(0), BM=64, BN=64,
    BK=32, STAGES=3)
report("gemm", c, ref, 0.05)
c = torch.full((m, n), float("nan"), dtype=torch.float16)
da = TensorDescriptor(a, [m, k], [k, 1], [64, 32])
db = TensorDescriptor(b, [k, n], [n, 1], [32, 64])
K.tma_gemm[(trident.cdiv(m, 64), trident.cdiv(n, 64))](
    da, db, c, m, n, k, c.stride(0), BM=64, BN=64, BK=32, STAGES=3)
report("tma_gemm", c, ref, 0.05)
xs = torch.randn(200, 136, dtype=torch.float16)
ys = torch.full((200, 136), float("nan"), dtype=torch.float16)
K.tma_scale[(4, 3)](TensorDescriptor(xs, [200, 136], [136, 1], [64, 64]),
                    TensorDescriptor(ys, [200, 136], [136, 1], [64, 64]),
                    BM=64, BN=64)
report("tma_scale", ys, 2 * xs.double(), 0)
scale_ptx = trident.compile(
    K.tma_scale, target="cuda:90a", constexprs=dict(BM=64, BN=64),
    signature={"x_desc": "tensordesc<fp16[64,64]>",
               "y_desc": "tensordesc<fp16[64,64]>"}).asm["ptx"]
print("TMASTORE", scale_ptx.count("cp.async.bulk.tensor.2d.global.shared"),
      scale_ptx.count("cp.async.bulk.wait_group.read \\t0;"))
for rows, (bm, bn), half in ((True, (64, 64), [32, 64]),
                             (False, (64, 128), [64, 64])):
    ys = torch.full((200, 136), float("nan"), dtype=torch.float16)
    K.tma_halves[(4, trident.cdiv(136, bn))](TensorDescriptor(xs, [200, 136], [136, 1], half),
                         TensorDescriptor(ys, [200, 136], [136, 1], [bm, bn]),
                         BM=bm, BN=bn, ROWS=rows)
    report("tma_halves rows=%s" % rows, ys, (xs + 1).double(), 0)
    halves_ptx = trident.compile(
        K.tma_halves, target="cuda:90a",
        constexprs=dict(BM=bm, BN=bn, ROWS=rows),
        signature={"x_desc": "tensordesc<fp16[%d,%d]>" % tuple(half),
                   "y_desc": "tensordesc<fp16[%d,%d]>" % (bm, bn)}).asm["ptx"]
    print("HALVES", rows,
          halves_ptx.count("cp.async.bulk.tensor.2d.shared::cluster.global"))
xr = torch.randn(8 * 64, 64)
yr = torch.zeros(64, 64)
K.tma_reduce[(8,)](TensorDescriptor(xr, [512, 64], [64, 1], [64, 64]),
                   TensorDescriptor(yr, [64, 64], [64, 1], [64, 64]),
                   BM=64, BN=64, REDUCE="add")
report("tma_reduce add", yr, xr.double().view(8, 64, 64).sum(0), 1e-5)
xi = torch.randint(-1000, 1000, (8 * 64, 64), dtype=torch.int32)
yi = torch.full((64, 64), -2**31, dtype=torch.int32)
K.tma_reduce[(8,)](TensorDescriptor(xi, [512, 64], [64, 1], [64, 64]),
                   TensorDescriptor(yi, [64, 64], [64, 1], [64, 64]),
                   BM=64, BN=64, REDUCE="max")
report("tma_reduce max i32", yi, xi.view(8, 64, 64).amax(0).double(), 0)
red_ptx = trident.compile(
    K.tma_reduce, target="cuda:90a",
    constexprs=dict(BM=64, BN=64, REDUCE="add"),
    signature={"x_desc": "tensordesc<fp32[64,64]>",
               "y_desc": "tensordesc<fp32[64,64]>"}).asm["ptx"]
print("TMAREDUCE", red_ptx.count("cp.reduce.async.bulk.tensor.2d.global.shared::cta.add"))
for ring in (False, True):
    xf = torch.randn(128, 32)
    yh = torch.full((128, 32), float("nan"), dtype=torch.float16)
    K.reuse_buffer[(2,)](TensorDescriptor(xf, [128, 32], [32, 1], [64, 32]),
                         TensorDescriptor(yh, [128, 32], [32, 1], [64, 32]),
                         BM=64, BN=32, RING=ring)
    report("reuse_buffer ring=%s" % ring, yh, (xf * 3).half().double(), 0)
reuse_ptx = trident.compile(
    K.reuse_buffer, target="cuda:90a",
    constexprs=dict(BM=64, BN=32, RING=False),
    signature={"x_desc": "tensordesc<fp32[64,32]>",
               "y_desc": "tensordesc<fp16[64,32]>"}).asm["ptx"]
print("REUSE", reuse_ptx.count("cp.async.bulk.tensor.2d.shared::cluster.global"),
      reuse_ptx.count("cp.async.bulk.tensor.2d.global.shared::cta"))
x = torch.randn(64 * 64)
y = torch.full((64 * 64,), float("nan"))
K.plain_halves[(1,)](x, y, BLOCK=64)
report("plain_halves", y, (x * 3).double(), 0)
c = torch.full((m, n), float("nan"), dtype=torch.float16)
K.ws_gemm[(trident.cdiv(m, 128), trident.cdiv(n, 64))](
    da, db, c, m, n, k, c.stride(0), BM=128, BN=64, BK=32, STAGES=3)
report("ws_gemm", c, ref, 0.05)
'''


def test_tlx_kernels_run_on_the_cpu(plugin_dir):
    # Each TLX op with numbers checked on the CPU target: rings stored and
    # loaded, masked async copies giving 0 over what the buffer held,
    # async_dot with A in registers and in a ring, a producer task and
    # the default task passing tiles through full / empty barriers, two
    # replicas taking turns through named barriers, the
    # pipelined, TMA and warp-specialized GEMMs (threads and the runtime's
    # barriers).
    env_out = run_case(CPU_RUNS.replace("\nimport numpy",
                                        "\nos.environ['TRIDENT_TARGET'] = "
                                        "'cpu'\nimport numpy"), plugin_dir)
    rows = [line for line in env_out.splitlines() if line.startswith("CPU ")]
    assert len(rows) == 18, env_out
    # A buffer reused as another type (tlx.local_reinterpret): the TMA
    # load in, the TMA store out of the same bytes.
    assert "REUSE 1 1" in env_out, env_out
    # A TMA reduction (split-K's store_reduce="add"): one per 128-byte box
    # of the 64x64 fp32 block.
    assert "TMAREDUCE 2" in env_out, env_out
    # Two TMA loads (one per half) into slices of one buffer, each way.
    assert "HALVES True 2" in env_out and "HALVES False 2" in env_out, env_out
    # A TMA store of a swizzled buffer, and its wait.
    assert "TMASTORE 1 1" in env_out, env_out
    # The warp barriers count the default task's 128 threads.
    assert "WARPBAR 4 2" in env_out, env_out
    for row in rows:
        assert " ok " in row, env_out


RING_KERNEL = "from kernels.tlx_kernels import reverse_rows\n"


def test_cuda_lowering_builds_a_cubin(plugin_dir):
    # CUDA: tlx-lower-to-gir turns the ops into the core's shared memory;
    # the PTX stores to and loads from it between CTA barriers, and ptxas
    # assembles it.
    out = run_case(RING_KERNEL + textwrap.dedent('''
        k = trident.compile(reverse_rows, signature={"x_ptr": "*fp16",
                            "y_ptr": "*fp32"},
                            constexprs={"BLOCK": 256, "NUM": 3},
                            target="cuda:90a")
        ptx = k.asm["ptx"]
        print("ELF", k.asm["cubin"][:4] == b"\\x7fELF")
        print("ST", ptx.count("st.shared"), "LD", ptx.count("ld.shared"),
              "BAR", ptx.count("bar.sync"))
        '''), plugin_dir)
    assert "ELF True" in out, out
    words = out.split()
    counts = {w: words[i + 1] for i, w in enumerate(words)
              if w in ("ST", "LD", "BAR")}
    assert int(counts["ST"]) >= 3 and int(counts["LD"]) >= 3, out
    assert int(counts["BAR"]) >= 2, out


def test_ring_runs_on_the_gpu(plugin_dir):
    import torch
    if not torch.cuda.is_available():
        import pytest
        pytest.skip("LOUD SKIP: no CUDA GPU here; the TLX ring kernel runs "
                    "only on the GPU machine (its PTX is checked above)")
    out = run_case(RING_KERNEL + textwrap.dedent('''
        import torch
        x = torch.randn(3 * 256, device="cuda", dtype=torch.float16)
        y = torch.full((3 * 256,), float("nan"), device="cuda")
        reverse_rows[(1,)](x, y, BLOCK=256, NUM=3)
        ref = x.double().view(3, 256).flip(0).reshape(-1) * 2
        print("MAXERR", (y.double() - ref).abs().max().item())
        '''), plugin_dir, gpu=True)
    assert "MAXERR 0.0" in out, out


# GEMMs in TLX's style (python/test/kernels/tlx_kernels.py, shared with
# bench/tlx/device_check.py): a pipelined one (explicit ring, cp.async
# copies a few K-steps ahead, asynchronous wgmma, one dot left in flight),
# what uTLX's Hopper tutorials do.
GEMM_KERNEL = "from kernels.tlx_kernels import gemm\n"

GEMM_SIG = ('{"a_ptr": "*fp16", "b_ptr": "*fp16", "c_ptr": "*fp16", '
            '"M": "i32", "N": "i32", "K": "i32", "lda": "i32", '
            '"ldb": "i32", "ldc": "i32"}')


def test_async_ops_build_tlx_ir(plugin_dir):
    out = run_case(GEMM_KERNEL + textwrap.dedent('''
        print(front_end_ir(gemm, %s, dict(BM=128, BN=128, BK=64, STAGES=3)))
        ''' % GEMM_SIG), plugin_dir)
    assert out.count("tlx.async_load %") == 4, out
    assert "-> !tlx.buffer<128x64xf16>" in out
    assert "tlx.async_commit_group %" in out
    assert "tlx.async_wait {pendings = 1 : i32}" in out
    assert ("tlx.async_dot %" in out and
            "!tlx.buffer<128x64xf16> * !tlx.buffer<64x128xf16> -> "
            "tensor<128x128xf32>" in out), out
    assert "tlx.async_dot_wait %" in out and "{pendings = 0 : i32}" in out


def test_pipelined_gemm_ptx(plugin_dir):
    # sm_90a: 16-byte cp.async copies into swizzled rings, wgmma from shared
    # memory with one group left in flight, no spills (ptxas -v).
    out = run_case(GEMM_KERNEL + textwrap.dedent('''
        sig = %s
        attrs = {n: {"tir.divisibility": 16} for n in sig}
        k = trident.compile(gemm, signature=sig, target="cuda:90a",
                            constexprs=dict(BM=128, BN=256, BK=64, STAGES=3),
                            num_warps=8, attrs=attrs)
        ptx = k.asm["ptx"]
        for w in ("cp.async.cg.shared.global [", "cp.async.ca",
                  "wgmma.mma_async", "wgmma.wait_group.sync.aligned 1;",
                  "wgmma.wait_group.sync.aligned 0;", "cp.async.commit_group",
                  "cp.async.wait_group \\t1;"):
            print("COUNT", w, "=", ptx.count(w))
        print("SPILLS", k.metadata["spill_stores"], k.metadata["spill_loads"])
        print("SHARED", k.metadata["shared_bytes"])
        ''' % GEMM_SIG), plugin_dir)
    counts = {line.split(" = ")[0][6:]: int(line.split(" = ")[1])
              for line in out.splitlines() if line.startswith("COUNT")}
    assert counts["cp.async.cg.shared.global ["] >= 24, out  # 16 B each
    assert counts["cp.async.ca"] == 0, out
    assert counts["wgmma.mma_async"] == 4, out  # K=64: 4 k16 steps
    assert counts["wgmma.wait_group.sync.aligned 1;"] == 1, out
    assert counts["wgmma.wait_group.sync.aligned 0;"] == 1, out
    # The prologue's loop of two steps is unrolled: three groups in all.
    assert counts["cp.async.commit_group"] == 3, out
    assert counts["cp.async.wait_group \t1;"] == 1, out
    assert "SPILLS 0 0" in out, out
    assert "SHARED %d" % (3 * (128 * 64 + 64 * 256) * 2) in out, out


ASYNC_MISTAKES = '''
        @trident.jit
        def wrong_shape(x_ptr):
            b = tlx.local_view(tlx.local_alloc((64, 32), tl.float16, 1), 0)
            tlx.async_load(x_ptr + tl.arange(0, 64), b)

        @trident.jit
        def nonzero_other(x_ptr):
            b = tlx.local_view(tlx.local_alloc((64,), tl.float16, 1), 0)
            offs = tl.arange(0, 64)
            tlx.async_load(x_ptr + offs, b, mask=offs < 3, other=1.0)

        @trident.jit
        def bulk(x_ptr):
            b = tlx.local_view(tlx.local_alloc((64,), tl.float16, 1), 0)
            tlx.async_load(x_ptr + tl.arange(0, 64), b, bulk=True)

        @trident.jit
        def not_a_token(x_ptr):
            tlx.async_load_commit_group([tl.load(x_ptr)])

        @trident.jit
        def runtime_pendings(x_ptr, n):
            tlx.async_load_wait_group(n)

        @trident.jit
        def blackwell_barriers(x_ptr):
            a = tlx.local_view(tlx.local_alloc((64, 16), tl.float16, 1), 0)
            b = tlx.local_view(tlx.local_alloc((16, 64), tl.float16, 1), 0)
            tlx.async_dot(a, b, mBarriers=[a])

        @trident.jit
        def small_m(x_ptr):
            a = tlx.local_view(tlx.local_alloc((32, 16), tl.float16, 1), 0)
            b = tlx.local_view(tlx.local_alloc((16, 64), tl.float16, 1), 0)
            tlx.async_dot(a, b)

        for name, k in (("SHAPE", wrong_shape), ("OTHER", nonzero_other),
                        ("BULK", bulk), ("TOKEN", not_a_token),
                        ("BARRIERS", blackwell_barriers), ("SMALLM", small_m)):
            print(name, error_of(k, {"x_ptr": "*fp16"}, {}))
        print("PENDINGS", error_of(runtime_pendings,
                                   {"x_ptr": "*fp16", "n": "i32"}, {}))
        '''


def test_async_mistakes_name_the_line(plugin_dir):
    out = run_case(ASYNC_MISTAKES, plugin_dir)
    lines = dict(line.split(" ", 1) for line in out.splitlines()
                 if line.split(" ", 1)[0] in (
                     "SHAPE", "OTHER", "BULK", "TOKEN", "PENDINGS",
                     "BARRIERS", "SMALLM"))
    assert "of the buffer's shape [64, 32] into it, got pointers to f16 " \
        "of shape [64]" in lines["SHAPE"], lines["SHAPE"]
    line = line_of(ASYNC_MISTAKES, "tlx.async_load(x_ptr + tl.arange(0, 64), b)")
    assert "_tlx_case_%d.py:%d:" % (os.getpid(), line) in lines["SHAPE"]
    assert "other= must be 0 (cp.async fills" in lines["OTHER"]
    assert "bulk= is not supported" in lines["BULK"]
    assert "takes the tokens of tlx.async_load" in lines["TOKEN"]
    assert "constexpr count of pending groups" in lines["PENDINGS"]
    assert "mBarriers= is Blackwell's" in lines["BARRIERS"]
    assert "needs M a multiple of 64" in lines["SMALLM"], lines["SMALLM"]


def test_pipelined_gemm_runs_on_the_gpu(plugin_dir):
    import torch
    if not torch.cuda.is_available():
        import pytest
        pytest.skip("LOUD SKIP: no CUDA GPU here; the TLX GEMM runs only on "
                    "the GPU machine (its PTX is checked above)")
    out = run_case(GEMM_KERNEL + textwrap.dedent('''
        import torch
        M, N, K = 1000, 520, 700   # edges in every dimension
        a = torch.randn(M, K, device="cuda", dtype=torch.float16)
        b = torch.randn(K, N, device="cuda", dtype=torch.float16)
        c = torch.full((M, N), float("nan"), device="cuda",
                       dtype=torch.float16)
        grid = (triton_cdiv(M, 128), triton_cdiv(N, 128))
        gemm[grid](a, b, c, M, N, K, a.stride(0), b.stride(0), c.stride(0),
                   BM=128, BN=128, BK=64, STAGES=3, num_warps=8)
        ref = a.double() @ b.double()
        print("REL", ((c.double() - ref).norm() / ref.norm()).item())
        '''.replace("triton_cdiv", "trident.cdiv")), plugin_dir, gpu=True)
    rel = float(out.split("REL ")[1].split()[0])
    assert rel < 1e-2, out


# The same GEMM with TMA copies announced to mbarriers (one barrier per
# ring slot: the copy's bytes complete its phase), as uTLX's Hopper
# kernels feed their dots.
TMA_GEMM_KERNEL = "from kernels.tlx_kernels import tma_gemm\n"

TMA_SIG = ('{"a_desc": "tensordesc<fp16[128,64]>", '
           '"b_desc": "tensordesc<fp16[64,256]>", "c_ptr": "*fp16", '
           '"M": "i32", "N": "i32", "K": "i32", "ldc": "i32"}')


def test_tma_gemm_ptx(plugin_dir):
    # The ring slots take TMA's 128-byte swizzle (B's 64x256 block in four
    # 64-column boxes); each slot's barrier is armed with the block bytes
    # (mbarrier.arrive.expect_tx) and waited on by parity; no spills.
    out = run_case(TMA_GEMM_KERNEL + textwrap.dedent('''
        k = trident.compile(tma_gemm, signature=%s, target="cuda:90a",
                            constexprs=dict(BM=128, BN=256, BK=64, STAGES=3),
                            num_warps=8)
        ptx = k.asm["ptx"]
        for w in ("cp.async.bulk.tensor", "mbarrier.arrive.expect_tx",
                  "mbarrier.try_wait.parity", "mbarrier.init",
                  "wgmma.mma_async", "wgmma.wait_group.sync.aligned 1;"):
            print("COUNT", w, "=", ptx.count(w))
        print("SPILLS", k.metadata["spill_stores"], k.metadata["spill_loads"])
        print("TMA", [a["swizzle"] for a in k.metadata["tma_arguments"]])
        ''' % TMA_SIG), plugin_dir)
    counts = {line.split(" = ")[0][6:]: int(line.split(" = ")[1])
              for line in out.splitlines() if line.startswith("COUNT")}
    # Two prologue steps (unrolled) and the loop's: A 1 box, B 4 boxes each.
    assert counts["cp.async.bulk.tensor"] == 15, out
    assert counts["mbarrier.arrive.expect_tx"] == 3, out
    assert counts["mbarrier.try_wait.parity"] == 1, out
    assert counts["mbarrier.init"] == 3, out
    assert counts["wgmma.mma_async"] == 4, out
    assert counts["wgmma.wait_group.sync.aligned 1;"] == 1, out
    assert "SPILLS 0 0" in out, out
    assert "TMA [128, 128]" in out, out


def test_tma_gemm_runs_on_the_gpu(plugin_dir):
    import torch
    if not torch.cuda.is_available():
        import pytest
        pytest.skip("LOUD SKIP: no CUDA GPU here; the TLX TMA GEMM runs only "
                    "on the GPU machine (its PTX is checked above)")
    out = run_case(TMA_GEMM_KERNEL + textwrap.dedent('''
        import torch
        from trident.tools.tensor_descriptor import TensorDescriptor
        M, N, K = 1000, 520, 712   # TMA: row strides of 16 bytes
        a = torch.randn(M, K, device="cuda", dtype=torch.float16)
        b = torch.randn(K, N + 8, device="cuda", dtype=torch.float16)[:, :N]
        b = b.contiguous()
        c = torch.full((M, N), float("nan"), device="cuda",
                       dtype=torch.float16)
        da = TensorDescriptor(a, [M, K], [K, 1], [128, 64])
        db = TensorDescriptor(b, [K, N], [N, 1], [64, 256])
        grid = (trident.cdiv(M, 128), trident.cdiv(N, 256))
        tma_gemm[grid](da, db, c, M, N, K, c.stride(0), BM=128, BN=256,
                       BK=64, STAGES=3, num_warps=8)
        ref = a.double() @ b.double()
        print("REL", ((c.double() - ref).norm() / ref.norm()).item())
        '''), plugin_dir, gpu=True)
    rel = float(out.split("REL ")[1].split()[0])
    assert rel < 1e-2, out


BARRIER_MISTAKES = '''
        @trident.jit
        def wait_on_buffer(x_ptr):
            b = tlx.local_view(tlx.local_alloc((64,), tl.float16, 1), 0)
            tlx.barrier_wait(b, 0)

        @trident.jit
        def no_barriers(x_ptr):
            tlx.alloc_barriers(0)

        @trident.jit
        def copy_from_pointer(x_ptr):
            b = tlx.local_view(tlx.local_alloc((64, 64), tl.float16, 1), 0)
            bar = tlx.local_view(tlx.alloc_barriers(1), 0)
            tlx.async_descriptor_load(x_ptr, b, [0, 0], bar)

        @trident.jit
        def bad_trans(x_ptr):
            b = tlx.local_view(tlx.local_alloc((64, 32), tl.float16, 1), 0)
            tlx.local_trans(b, (0, 0))

        @trident.jit
        def remote_arrive(x_ptr):
            bar = tlx.local_view(tlx.alloc_barriers(1), 0)
            tlx.barrier_arrive(bar, remote_cta_rank=99)

        for name, k in (("WAIT", wait_on_buffer), ("NONE", no_barriers),
                        ("DESC", copy_from_pointer), ("TRANS", bad_trans),
                        ("REMOTE", remote_arrive)):
            print(name, error_of(k, {"x_ptr": "*fp16"}, {}))
        '''


def test_barrier_mistakes_name_the_line(plugin_dir):
    out = run_case(BARRIER_MISTAKES, plugin_dir)
    lines = dict(line.split(" ", 1) for line in out.splitlines()
                 if line.split(" ", 1)[0] in ("WAIT", "NONE", "DESC", "TRANS",
                                              "REMOTE"))
    assert "tlx.barrier_wait needs one barrier (tlx.local_view of " \
        "tlx.alloc_barriers)" in lines["WAIT"], lines["WAIT"]
    line = line_of(BARRIER_MISTAKES, "tlx.barrier_wait(b, 0)")
    assert "_tlx_case_%d.py:%d:" % (os.getpid(), line) in lines["WAIT"]
    assert "num_barriers needs a constexpr int >= 1" in lines["NONE"]
    assert "needs a tensor descriptor" in lines["DESC"]
    assert "dims must permute the buffer's 2 dimensions" in lines["TRANS"]
    assert "remote_cta_rank must be a CTA's rank in its cluster, got 99" \
        in lines["REMOTE"]


# Warp specialization in uTLX's cooperative style: the default task (the
# program's 4 warps) feeds the rings by TMA, two replicas of a 4-warp
# consumer task each multiply half of the tile's rows; "full" barriers
# count the copies' bytes, "empty" ones an arrival per consumer.
WS_GEMM_KERNEL = "from kernels.tlx_kernels import ws_gemm\n"

WS_SIG = ('{"a_desc": "tensordesc<fp16[64,64]>", '
          '"b_desc": "tensordesc<fp16[64,256]>", "c_ptr": "*fp16", '
          '"M": "i32", "N": "i32", "K": "i32", "ldc": "i32"}')


def test_async_tasks_build_one_op_per_replica(plugin_dir):
    out = run_case(WS_GEMM_KERNEL + textwrap.dedent('''
        print(front_end_ir(ws_gemm, %s, dict(BM=128, BN=256, BK=64,
                                             STAGES=3)))
        ''' % WS_SIG), plugin_dir)
    assert out.count("tlx.async_tasks") == 1, out
    assert out.count("tlx.async_task attributes") == 3, out
    assert "default_task" in out
    assert out.count("num_warps = 4 : i32, registers = 232 : i32") == 2, out
    assert "replica = 1 : i32" in out


def test_ws_gemm_ptx(plugin_dir):
    # tir.warp_specialize of a default region and two 4-warp partitions:
    # 12 warps, the consumers raise their registers to 232 and the
    # producer lowers its own to what is left of the 168 x 384 registers
    # the CTA starts with (40; 48 would fill the 64K file, which the CTA
    # never holds, and the second consumer's setmaxnreg.inc would wait
    # forever), no spills.
    out = run_case(WS_GEMM_KERNEL + textwrap.dedent('''
        k = trident.compile(ws_gemm, signature=%s, target="cuda:90a",
                            constexprs=dict(BM=128, BN=256, BK=64, STAGES=3),
                            num_warps=4)
        ptx = k.asm["ptx"]
        for w in ("cp.async.bulk.tensor", "setmaxnreg.dec.sync.aligned.u32 \\t40;",
                  "setmaxnreg.inc.sync.aligned.u32 \\t232;",
                  "wgmma.mma_async", "mbarrier.try_wait.parity",
                  "mbarrier.arrive.expect_tx"):
            print("COUNT", w, "=", ptx.count(w))
        print("WARPS", k.metadata["num_warps"])
        print("SPILLS", k.metadata["spill_stores"], k.metadata["spill_loads"])
        print("PARTS", k.asm["tir"].count("partition num_warps(4) "
                                          "registers(232)"))
        ''' % WS_SIG), plugin_dir)
    counts = {line.split(" = ")[0][6:]: int(line.split(" = ")[1])
              for line in out.splitlines() if line.startswith("COUNT")}
    # Each producer step: A 2 x 1 box, B 4 boxes, one expect_tx (LLVM may
    # unroll the producer's loop: a multiple of that).
    copies = counts["cp.async.bulk.tensor"]
    assert copies >= 6 and copies % 6 == 0, out
    assert counts["mbarrier.arrive.expect_tx"] == copies // 6, out
    assert counts["setmaxnreg.dec.sync.aligned.u32 \t40;"] == 1, out
    assert counts["setmaxnreg.inc.sync.aligned.u32 \t232;"] == 2, out
    assert counts["wgmma.mma_async"] == 8, out          # 4 per consumer
    assert counts["mbarrier.try_wait.parity"] >= 3, out
    assert "WARPS 12" in out, out
    assert "SPILLS 0 0" in out, out
    assert "PARTS 2" in out, out


def test_ws_gemm_runs_on_the_gpu(plugin_dir):
    import torch
    if not torch.cuda.is_available():
        import pytest
        pytest.skip("LOUD SKIP: no CUDA GPU here; the warp-specialized TLX "
                    "GEMM runs only on the GPU machine (its PTX is checked "
                    "above)")
    out = run_case(WS_GEMM_KERNEL + textwrap.dedent('''
        import torch
        from trident.tools.tensor_descriptor import TensorDescriptor
        M, N, K = 1000, 520, 712   # TMA: row strides of 16 bytes
        a = torch.randn(M, K, device="cuda", dtype=torch.float16)
        b = torch.randn(K, N, device="cuda", dtype=torch.float16)
        c = torch.full((M, N), float("nan"), device="cuda",
                       dtype=torch.float16)
        da = TensorDescriptor(a, [M, K], [K, 1], [64, 64])
        db = TensorDescriptor(b, [K, N], [N, 1], [64, 256])
        grid = (trident.cdiv(M, 128), trident.cdiv(N, 256))
        ws_gemm[grid](da, db, c, M, N, K, c.stride(0), BM=128, BN=256,
                      BK=64, STAGES=3, num_warps=4)
        ref = a.double() @ b.double()
        print("REL", ((c.double() - ref).norm() / ref.norm()).item())
        '''), plugin_dir, gpu=True)
    rel = float(out.split("REL ")[1].split()[0])
    assert rel < 1e-2, out


TASK_MISTAKES = '''
        @trident.jit
        def task_alone(x_ptr):
            with tlx.async_task(num_warps=4):
                pass

        @trident.jit
        def default_warps(x_ptr):
            with tlx.async_tasks():
                with tlx.async_task("default", num_warps=4):
                    pass

        @trident.jit
        def odd_registers(x_ptr):
            with tlx.async_tasks():
                with tlx.async_task(num_warps=4, registers=100):
                    pass

        @trident.jit
        def outer_tile(x_ptr):
            t = tl.load(x_ptr + tl.arange(0, 64))
            with tlx.async_tasks():
                with tlx.async_task("default"):
                    pass
                with tlx.async_task(num_warps=4):
                    tl.store(x_ptr + tl.arange(0, 64), t)

        @trident.jit
        def replica_outside(x_ptr):
            i: tl.constexpr = tlx.async_task_replica_id()

        for name, k in (("ALONE", task_alone), ("DEFWARPS", default_warps),
                        ("REGS", odd_registers), ("REPLICA", replica_outside)):
            print(name, error_of(k, {"x_ptr": "*fp16"}, {}))
        try:
            trident.compile(outer_tile, signature={"x_ptr": "*fp16"},
                            target="cuda:90a")
        except Exception as e:
            print("TILE", str(e).replace("\\n", " | "))
        '''


def test_task_mistakes(plugin_dir):
    out = run_case(TASK_MISTAKES, plugin_dir)
    lines = dict(line.split(" ", 1) for line in out.splitlines()
                 if line.split(" ", 1)[0] in ("ALONE", "DEFWARPS", "REGS",
                                              "REPLICA", "TILE"))
    assert "belongs directly inside 'with tlx.async_tasks():'" in \
        lines["ALONE"], lines["ALONE"]
    line = line_of(TASK_MISTAKES, "with tlx.async_task(num_warps=4):")
    assert "_tlx_case_%d.py:%d:" % (os.getpid(), line) in lines["ALONE"]
    assert "it takes no num_warps" in lines["DEFWARPS"]
    assert "multiple of 8 from 24 to 256, got 100" in lines["REGS"]
    assert "belongs inside 'with tlx.async_task(...)'" in lines["REPLICA"]
    assert "uses a tile made outside the task" in out, out


SMALL_TASKS = textwrap.dedent('''
    @trident.jit
    def small_tasks(y_ptr):
        # A 1-warp and a 2-warp task with budgets beside the default task
        # (as TLX's Blackwell kernels give their 1-warp producers 24).
        with tlx.async_tasks():
            with tlx.async_task("default"):
                r = tl.arange(0, 128)
                tl.store(y_ptr + r, r.to(tl.float32))
            with tlx.async_task(num_warps=1, registers=24):
                r = tl.arange(0, 32)
                tl.store(y_ptr + 128 + r, (r * 2).to(tl.float32))
            with tlx.async_task(num_warps=2, registers=40):
                r = tl.arange(0, 64)
                tl.store(y_ptr + 160 + r, (r * 3).to(tl.float32))
    ''')


def test_small_tasks_share_a_warpgroup_budget(plugin_dir):
    # Registers are set per warpgroup: the 2-warp task (placed first, warps
    # 4-5) and the 1-warp one (warp 6) share one whose budget is the larger
    # (40), an idle warp (7) completes it, the default task gets what is
    # left of the 248 x 256 registers the CTA starts with (256, the most);
    # on the CPU each task runs and stores its part.
    out = run_case(SMALL_TASKS + textwrap.dedent('''
        import re
        k = trident.compile(small_tasks, signature={"y_ptr": "*fp32"},
                            target="cuda:90a")
        ptx = k.asm["ptx"]
        print("REGS", sorted(re.findall(
            r"setmaxnreg\\.(inc|dec)\\.sync\\.aligned\\.u32\\s+(\\d+);", ptx)))
        print("WARPS", k.metadata["num_warps"])
        import numpy as np
        os.environ["TRIDENT_TARGET"] = "cpu"
        y = np.zeros(224, np.float32)
        small_tasks[(1,)](y)
        want = np.concatenate([np.arange(128), 2 * np.arange(32),
                               3 * np.arange(64)]).astype(np.float32)
        print("CPUERR", float(np.abs(y - want).max()))
        '''), plugin_dir)
    assert "WARPS 8" in out, out
    assert ("REGS [('dec', '40'), ('dec', '40'), ('dec', '40'), "
            "('inc', '256')]") in out, out
    assert "CPUERR 0.0" in out, out


def test_fences_and_special_registers_ptx(plugin_dir):
    out = run_case(textwrap.dedent('''
        @trident.jit
        def probe(y_ptr, t_ptr):
            start = tlx.clock64()
            tid = tlx.thread_id(0)
            tl.store(y_ptr + tid, tid + tlx.cluster_cta_rank() +
                     tlx.cluster_size_1d())
            tlx.fence("gpu")
            tlx.fence("sys")
            tlx.fence_async_shared()
            tl.store(t_ptr, tlx.clock64() - start)

        k = trident.compile(probe, signature={"y_ptr": "*i32",
                            "t_ptr": "*i64"}, target="cuda:90a")
        ptx = k.asm["ptx"]
        for w in ("%clock64", "%tid.x", "%cluster_ctarank",
                  "%cluster_nctarank", "fence.acq_rel.gpu", "fence.acq_rel.sys",
                  "fence.proxy.async.shared::cta"):
            print("COUNT", w, "=", ptx.count(w))
        print("SCOPE", error_of(probe_bad, {"x_ptr": "*fp16"}, {}))
        ''').replace("print(\"SCOPE\"", textwrap.dedent('''
        @trident.jit
        def probe_bad(x_ptr):
            tlx.fence("cta")
        ''') + "print(\"SCOPE\""), plugin_dir)
    counts = {line.split(" = ")[0][6:]: int(line.split(" = ")[1])
              for line in out.splitlines() if line.startswith("COUNT")}
    # (LLVM may copy the code after the fences into both sides of the
    # scalar store's branch: each thread still runs each fence once.)
    assert counts["%clock64"] >= 2, out
    assert counts["%tid.x"] >= 1 and counts["%cluster_ctarank"] == 1, out
    assert counts["%cluster_nctarank"] == 1, out
    for w in ("fence.acq_rel.gpu", "fence.acq_rel.sys",
              "fence.proxy.async.shared::cta"):
        assert counts[w] >= 1, out
    assert "scope must be 'gpu', 'sys' or 'async_shared', got 'cta'" in out


def test_named_barriers_ptx_and_errors(plugin_dir):
    # Two consumer replicas take turns at hardware barriers 9 and 10 (the
    # ping-pong schedule); ids warp specialization takes are refused.
    out = run_case(textwrap.dedent('''
        @trident.jit
        def turns(x_ptr, FIRST: tl.constexpr):
            with tlx.async_tasks():
                with tlx.async_task("default"):
                    pass
                with tlx.async_task(num_warps=4, replicate=2):
                    cid: tl.constexpr = tlx.async_task_replica_id()
                    if cid == 0:
                        tlx.named_barrier_wait(FIRST, 256)
                    else:
                        tlx.named_barrier_arrive(FIRST, 256)
                    tl.store(x_ptr + cid * 128 + tl.arange(0, 128),
                             tl.full((128,), cid, tl.int32))

        k = trident.compile(turns, signature={"x_ptr": "*i32"},
                            constexprs={"FIRST": 9}, target="cuda:90a")
        ptx = k.asm["ptx"]
        print("SYNC", ptx.count("bar.sync 9, 256;"),
              "ARRIVE", ptx.count("bar.arrive 9, 256;"))
        try:
            trident.compile(turns, signature={"x_ptr": "*i32"},
                            constexprs={"FIRST": 2}, target="cuda:90a")
        except Exception as e:
            print("TAKEN", str(e).splitlines()[0])

        @trident.jit
        def odd_count(x_ptr):
            tlx.named_barrier_wait(9, 100)
        print("COUNT", error_of(odd_count, {"x_ptr": "*i32"}, {}))
        '''), plugin_dir)
    assert "SYNC 1 ARRIVE 1" in out, out
    assert "uses named barrier 2, which warp specialization takes" in out, out
    assert "arrive_count counts whole warps' threads (a multiple of 32), " \
        "got 100" in out, out


TLX_IDIOMS = '''
from trident.language.extra.tlx.warp_spec import get_bufidx_phase

@trident.jit
def idioms(x_ptr, y_ptr, n, BLOCK: tl.constexpr, NBUF: tl.constexpr):
    bufs = tlx.local_alloc((BLOCK,), tl.float32, NBUF)
    fulls = tlx.alloc_barriers(num_barriers=NBUF, arrive_count=1)
    count = 0
    with tlx.async_tasks():
        with tlx.async_task("default"):
            for i in range(0, n):
                slot, phase = get_bufidx_phase(count, NBUF)
                tlx.barrier_wait(fulls[slot], phase)
                tl.store(y_ptr + tl.arange(0, BLOCK), tlx.local_load(bufs[slot]))
                count += 1
        with tlx.async_task(num_warps=4):
            for i in range(0, n):   # count is 0 again here, as in TLX
                slot, phase = get_bufidx_phase(count, NBUF)
                tlx.local_store(bufs[slot], tl.load(x_ptr + tl.arange(0, BLOCK)))
                tlx.barrier_arrive(fulls[slot])
                count += 1

print(front_end_ir(idioms, {"x_ptr": "*fp32", "y_ptr": "*fp32", "n": "i32"},
                   dict(BLOCK=128, NBUF=2)))
'''


def test_ring_subscripts_and_sibling_tasks(plugin_dir):
    # `ring[i]` is tlx.local_view for buffers and barriers; each task
    # starts from the names bound before the tasks (`count` rebinds in the
    # default task, the other sees 0); tlx.warp_spec's helper is there.
    out = run_case(TLX_IDIOMS, plugin_dir)
    assert out.count("tlx.barrier_view") == 2, out
    assert out.count("tlx.local_view") == 2, out
    assert out.count("tlx.async_task attributes") == 2, out
    # Each task's loop carries its own count from the constant 0.
    assert out.count("scf.for") == 2, out


DEADLOCKS = '''
@trident.jit
def never_arrived(y_ptr):
    bars = tlx.alloc_barriers(num_barriers=2, arrive_count=1)
    tlx.barrier_wait(bars[1], 0)   # nobody arrives: waits forever
    tl.store(y_ptr, 1.0)

@trident.jit
def consumer_waits_forever(y_ptr):
    fulls = tlx.alloc_barriers(num_barriers=1, arrive_count=1)
    with tlx.async_tasks():
        with tlx.async_task("default"):
            tl.store(y_ptr, 1.0)            # the producer forgets to arrive
        with tlx.async_task(num_warps=4):
            tlx.barrier_wait(fulls[0], 0)   # waits forever
            tl.store(y_ptr + 1, 2.0)
'''


def test_debug_barriers_bound_the_waits(plugin_dir):
    # With TRIDENT_DEBUG_BARRIERS, every barrier wait reads %globaltimer and
    # traps past the bound, after printing what waits (region, barrier,
    # phase) and where (the kernel's line); without it, a plain wait.
    code = DEADLOCKS + textwrap.dedent('''
        sig = {"y_ptr": "*fp32"}
        plain = trident.compile(never_arrived, signature=sig,
                                target="cuda:90a")
        print("PLAIN", plain.asm["ptx"].count("%globaltimer"))
        os.environ["TRIDENT_DEBUG_BARRIERS"] = "1"
        os.environ["TRIDENT_DEBUG_BARRIERS_MS"] = "200"
        for fn in (never_arrived, consumer_waits_forever):
            k = trident.compile(fn, signature=sig, target="cuda:90a")
            ptx = k.asm["ptx"]
            print("TIMER", fn.__name__, ptx.count("%globaltimer") > 0,
                  ptx.count("__assertfail") > 0)
            print("PIPE", "gir-bound-barrier-waits {timeout-ms=200}" in
                  k.pipeline)
            fmt = [l for l in ptx.splitlines() if "timed out" in l or
                   "__trident_printf" in l and "global" in l]
            print("FMT", fn.__name__, len(fmt) > 0)
            print("LLIR", fn.__name__, k.asm["llir"].count("timed out after 200 ms"))
        os.environ["TRIDENT_DEBUG_BARRIERS_MS"] = "0"
        try:
            trident.compile(never_arrived, signature=sig, target="cuda:90a")
        except Exception as e:
            print("BADMS", e)
        ''')
    out = run_case(code, plugin_dir)
    assert "PLAIN 0" in out, out
    for fn in ("never_arrived", "consumer_waits_forever"):
        assert "TIMER %s True True" % fn in out, out
        assert "LLIR %s 1" % fn in out, out
    assert out.count("PIPE True") == 2, out
    assert "TRIDENT_DEBUG_BARRIERS_MS must be a positive number of " \
        "milliseconds, got 0" in out, out


def test_debug_barriers_report_deadlocks_on_the_gpu(plugin_dir):
    import torch
    if not torch.cuda.is_available():
        pytest.skip("LOUD SKIP: no CUDA GPU here; the deadlock reports run "
                    "only on the GPU machine (their PTX is checked above)")
    for fn, waiter, text in (
            ("never_arrived", "the program", "tlx.barrier_wait(bars[1], 0)"),
            ("consumer_waits_forever", "partition 0",
             "tlx.barrier_wait(fulls[0], 0)")):
        code = DEADLOCKS + textwrap.dedent('''
            import torch
            os.environ["TRIDENT_DEBUG_BARRIERS"] = "1"
            os.environ["TRIDENT_DEBUG_BARRIERS_MS"] = "300"
            y = torch.zeros(2, device="cuda")
            try:
                %s[(1,)](y)
                torch.cuda.synchronize()
                print("NO ERROR")
            except Exception as e:
                print("RAISED", type(e).__name__)
            ''' % fn)
        env = dict(os.environ, PLUGIN_DIR=plugin_dir)
        env.pop("TRIDENT_TARGET", None)   # launch on the GPU
        path = os.path.join(HERE, "_tlx_deadlock_%d.py" % os.getpid())
        with open(path, "w") as f:
            f.write(PRELUDE + code)
        try:
            r = subprocess.run([sys.executable, path], env=env,
                               capture_output=True, text=True, timeout=120)
        finally:
            os.unlink(path)
        out = r.stdout + r.stderr
        line = line_of(code, text)
        assert "barrier wait timed out after 300 ms: barrier " in out, out
        # "(region) at <the kernel's file>:<line>" (the path as compiled).
        assert "(%s) at " % waiter in out, out
        assert "%s:%d" % (os.path.basename(path), line) in out, out
        assert "NO ERROR" not in out, out


def test_debug_barriers_report_deadlocks_on_the_cpu(plugin_dir):
    # The same kernels on the CPU target: each task a thread, a wait past
    # TRIDENT_DEBUG_BARRIERS_MS ends the launch with an error naming the
    # barrier, the phase, the program, the region and the line; the other
    # threads of the program stop with it (no hang).
    code = DEADLOCKS + textwrap.dedent('''
        import numpy as np
        os.environ["TRIDENT_DEBUG_BARRIERS"] = "1"
        os.environ["TRIDENT_DEBUG_BARRIERS_MS"] = "200"
        for fn in (never_arrived, consumer_waits_forever):
            y = np.zeros(2, np.float32)
            try:
                fn[(2,)](y)
                print("NO ERROR", fn.__name__)
            except Exception as e:
                print("ERROR", fn.__name__, type(e).__name__, e)
        ''').replace("import numpy as np",
                     "import numpy as np\nos.environ['TRIDENT_TARGET'] = 'cpu'")
    out = run_case(code, plugin_dir)
    assert "NO ERROR" not in out, out
    for fn, region, text in (
            ("never_arrived", "the program", "tlx.barrier_wait(bars[1], 0)"),
            ("consumer_waits_forever", "partition 0",
             "tlx.barrier_wait(fulls[0], 0)")):
        row = next(line for line in out.splitlines()
                   if line.startswith("ERROR " + fn))
        assert "barrier wait timed out after 200 ms: barrier 0x" in row, out
        assert "waits for the end of its phase of parity 0; program (" in row
        assert "%s, at line %d" % (region, line_of(code, text)) in row, out


def test_index_out_of_range_names_the_line(plugin_dir):
    code = textwrap.dedent('''
        @trident.jit
        def ring_index(x_ptr):
            bufs = tlx.local_alloc((16,), tl.float32, 2)
            tlx.local_store(bufs[2], tl.load(x_ptr + tl.arange(0, 16)))

        @trident.jit
        def barrier_index(x_ptr):
            bars = tlx.alloc_barriers(num_barriers=3, arrive_count=1)
            tlx.barrier_arrive(bars[-1])

        print("RING", error_of(ring_index, {"x_ptr": "*fp32"}, {}))
        print("BARS", error_of(barrier_index, {"x_ptr": "*fp32"}, {}))
        ''')
    out = run_case(code, plugin_dir)
    ring = next(l for l in out.splitlines() if l.startswith("RING"))
    bars = next(l for l in out.splitlines() if l.startswith("BARS"))
    assert "index 2 is out of range: the tlx.local_alloc ring has 2 slots " \
        "(0 to 1)" in ring, out
    assert "_tlx_case_%d.py:%d" % (os.getpid(), line_of(
        code, "tlx.local_store(bufs[2]")) in ring, out
    assert "index -1 is out of range: the tlx.alloc_barriers has 3 slots" \
        in bars, out


def test_device_made_descriptors(plugin_dir):
    # tlx.make_tensor_descriptor(None, ...) is the core's device-made
    # descriptor (global scratch through trident.set_allocator): a TMA copy
    # in and a TMA store out through two of them, on the CPU with numbers,
    # for sm_90a to PTX; and descriptors in storage of the kernel's own
    # (tlx.allocate_tensor_descriptor, reinterpret_tensor_descriptor).
    code = textwrap.dedent('''
        import torch

        @trident.jit
        def copy(x_ptr, y_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
            d = tlx.make_tensor_descriptor(None, x_ptr, [M, N], [N, 1], [BM, BN])
            o = tlx.make_tensor_descriptor(desc_ptr=None, base=y_ptr,
                                           shape=[M, N], strides=[N, 1],
                                           block_shape=[BM, BN])
            bufs = tlx.local_alloc((BM, BN), tl.float16, 1)
            bars = tlx.alloc_barriers(1)
            tlx.barrier_expect_bytes(bars[0], BM * BN * 2)
            tlx.async_descriptor_load(d, bufs[0], [tl.program_id(0) * BM, 0],
                                      bars[0])
            tlx.barrier_wait(bars[0], 0)
            tlx.async_descriptor_store(o, bufs[0], [tl.program_id(0) * BM, 0])
            tlx.async_descriptor_store_wait(0)

        @trident.jit
        def past_the_end(x_ptr):
            p = tlx.allocate_tensor_descriptor(2)
            d = tlx.reinterpret_tensor_descriptor(p[2], [64, 64], tl.float16)

        @trident.jit
        def not_storage(x_ptr):
            tlx.make_tensor_descriptor(x_ptr, x_ptr, [64, 64], [64, 1],
                                       [64, 64])

        trident.set_allocator(
            lambda size, align, stream: torch.empty(size, dtype=torch.int8))
        os.environ["TRIDENT_TARGET"] = "cpu"
        x = torch.randn(100, 64, dtype=torch.float16)
        y = torch.full_like(x, float("nan"))
        copy[(2,)](x, y, 100, 64, BM=64, BN=64)
        print("ERR", (y.double() - x.double()).abs().max().item())
        sig = {"x_ptr": "*fp16", "y_ptr": "*fp16", "M": "i32", "N": "i32"}
        ptx = trident.compile(copy, signature=sig, target="cuda:90a",
                              constexprs=dict(BM=64, BN=64)).asm["ptx"]
        print("PTX", ptx.count("cp.async.bulk.tensor") >= 2,
              "tensormap.replace" in ptx)

        # Storage of the kernel's own (uTLX's grouped GEMM pattern): the
        # loading task makes each group's descriptor into one of two slots
        # and reads it back; group g is N - 8g columns wide.
        from kernels import tlx_kernels as K
        M, N, G = 128, 64, 3
        xs = torch.randn(G, M, N, dtype=torch.float16)
        ys = torch.full((G, M, N), float("nan"), dtype=torch.float16)
        K.stored_descriptors[(M // 64,)](xs, ys, M, N, BM=64, BN=64, GROUPS=G)
        want = xs.clone()
        for g in range(G):
            want[g, :, N - 8 * g:] = 0
        print("STORED", (ys.double() - want.double()).abs().max().item())
        k = trident.compile(K.stored_descriptors, signature=sig,
                            target="cuda:90a",
                            constexprs=dict(BM=64, BN=64, GROUPS=3))
        sptx = k.asm["ptx"]
        print("SPTX", "cubin" in k.asm,
              sptx.count("tensormap.cp_fenceproxy.global.shared::cta") > 0,
              "fence.proxy.tensormap::generic.acquire.gpu" in sptx,
              "cp.async.bulk.tensor.2d.shared::cluster.global" in sptx,
              k.metadata["global_scratch_bytes"])
        print("END", error_of(past_the_end, {"x_ptr": "*fp16"}, {}))
        print("NOTSTORAGE", error_of(not_storage, {"x_ptr": "*fp16"}, {}))
        ''')
    out = run_case(code, plugin_dir)
    assert "ERR 0.0" in out, out
    assert "PTX True True" in out, out
    assert "STORED 0.0" in out, out
    # The 2 slots of 128 bytes are the kernel's only global scratch.
    assert "SPTX True True True True 256" in out, out
    assert "descriptor 2 of 2 (the storage holds 2 descriptors, 0 to 1)" \
        in out, out
    assert "desc_ptr must be storage from tlx.allocate_tensor_descriptor" \
        in out, out


def test_slice_mistakes_name_the_line(plugin_dir):
    # tlx.local_slice and tlx.local_reinterpret: a block that does not fit
    # is refused by the front
    # end; a block that is not a view of the buffer's swizzled layout (half
    # the columns of a TMA buffer one swizzle atom wide) by the lowering,
    # naming the layout and the kernel's line; tlx.subslice (tensor memory)
    # by name.
    code = textwrap.dedent('''
        @trident.jit
        def too_far(x_ptr):
            bufs = tlx.local_alloc((16, 16), tl.float32, 1)
            s = tlx.local_slice(bufs[0], [8, 0], [16, 16])

        @trident.jit
        def columns(x_desc, y_ptr):
            bufs = tlx.local_alloc((64, 64), tl.float16, 1)
            bars = tlx.alloc_barriers(1)
            tlx.barrier_expect_bytes(bars[0], 64 * 64 * 2)
            tlx.async_descriptor_load(x_desc, bufs[0], [0, 0], bars[0])
            tlx.barrier_wait(bars[0], 0)
            half = tlx.local_slice(bufs[0], [0, 32], [64, 32])
            r = tl.arange(0, 64)
            c = tl.arange(0, 32)
            tl.store(y_ptr + r[:, None] * 32 + c[None, :], tlx.local_load(half))

        @trident.jit
        def tmem(x_ptr):
            bufs = tlx.local_alloc((16, 16), tl.float32, 1)
            s = tlx.subslice(bufs[0], 0, 8)

        print("FAR", error_of(too_far, {"x_ptr": "*fp32"}, {}))
        try:
            trident.compile(columns, target="cuda:90a",
                            signature={"x_desc": "tensordesc<fp16[64,64]>",
                                       "y_ptr": "*fp16"})
            print("COLS no error")
        except Exception as e:
            print("COLS", type(e).__name__, str(e).replace("\\n", " | "))
        print("TMEM", error_of(tmem, {"x_ptr": "*fp32"}, {}))

        @trident.jit
        def wider(x_ptr):
            bufs = tlx.local_alloc((16, 16), tl.float16, 1)
            v = tlx.local_reinterpret(bufs[0], tl.float32)
            tlx.local_store(v, tl.zeros((16, 16), tl.float32))

        @trident.jit
        def laid_out(x_ptr):
            bufs = tlx.local_alloc((16, 16), tl.float16, 1)
            v = tlx.local_reinterpret(bufs[0], tl.float16, layout=1)

        print("WIDER", error_of(wider, {"x_ptr": "*fp32"}, {}))
        print("LAYOUT", error_of(laid_out, {"x_ptr": "*fp32"}, {}))
        ''')
    out = run_case(code, plugin_dir)
    lines = {l.split(" ", 1)[0]: l for l in out.splitlines()
             if l.split(" ", 1)[0] in ("FAR", "COLS", "TMEM", "WIDER",
                                       "LAYOUT")}
    # tlx.local_reinterpret: no more bytes than the buffer holds; explicit
    # layouts refused by name.
    assert "views more bytes ('!tlx.buffer<16x16xf32>') than the buffer " \
        "holds ('!tlx.buffer<16x16xf16>')" in lines["WIDER"], out
    assert "layout= (an explicit shared-memory layout) is not supported" \
        in lines["LAYOUT"], out
    assert "dimension 0: a block of 16 at offset 8 does not fit the " \
        "buffer's 16" in lines["FAR"], out
    assert "cannot view a block of '!tlx.buffer<64x32xf16>'" in lines["COLS"], out
    assert "a tile of one swizzle atom is cut only into whole rows" \
        in lines["COLS"], out
    assert "_tlx_case_%d.py:%d" % (os.getpid(), line_of(
        code, "half = tlx.local_slice")) in lines["COLS"], out
    assert "Blackwell" in lines["TMEM"] and "tlx.local_slice" \
        in lines["TMEM"], out


CLUSTER_SHARE = '''
import torch
from trident.tools.tensor_descriptor import TensorDescriptor
from kernels import tlx_kernels as K
'''


def test_clusters_ptx_and_cpu_refusal(plugin_dir):
    # Thread-block clusters (ctas_per_cga): the kernel says its cluster
    # shape, its barriers' set-up and its end are met by the whole cluster,
    # a remote arrive maps the other CTA's barrier, and the TMA copy is
    # multicast; on the CPU target the launch is refused by name (an
    # autotuner passes over such configs).
    out = run_case(CLUSTER_SHARE + textwrap.dedent('''
        ptx = trident.compile(
            K.cluster_share, target="cuda:90a", ctas_per_cga=(2, 1, 1),
            constexprs=dict(BM=64, BN=64),
            signature={"x_desc": "tensordesc<fp16[32,64]>",
                       "y_ptr": "*fp16"}).asm["ptx"]
        for what in (".reqnctapercluster 2, 1, 1",
                     "fence.mbarrier_init.release.cluster",
                     "barrier.cluster.arrive.relaxed", "barrier.cluster.wait",
                     "mapa.shared::cluster",
                     "mbarrier.arrive.shared::cluster.b64",
                     "mbarrier.arrive.release.cluster",
                     ".multicast::cluster"):
            print("PTX", what, ptx.count(what))
        try:
            trident.compile(K.cluster_share, target="cuda:80",
                            ctas_per_cga=(2, 1, 1),
                            constexprs=dict(BM=64, BN=64),
                            signature={"x_desc": "tensordesc<fp16[32,64]>",
                                       "y_ptr": "*fp16"})
            print("SM80 no error")
        except Exception as e:
            print("SM80", type(e).__name__, e)
        os.environ["TRIDENT_TARGET"] = "cpu"
        x = torch.randn(128, 64, dtype=torch.float16)
        y = torch.empty(4, 64, 64, dtype=torch.float16)
        try:
            K.cluster_share[(4,)](TensorDescriptor(x, [128, 64], [64, 1],
                                                   [32, 64]),
                                  y, BM=64, BN=64, ctas_per_cga=(2, 1, 1))
            print("CPU no error")
        except Exception as e:
            print("CPU", type(e).__name__, e)
        '''), plugin_dir)
    counts = {l[4:].rsplit(" ", 1)[0]: int(l.rsplit(" ", 1)[1])
              for l in out.splitlines() if l.startswith("PTX ")}
    assert counts[".reqnctapercluster 2, 1, 1"] == 1, out
    assert counts["fence.mbarrier_init.release.cluster"] == 1, out
    # One meeting after the set-up (relaxed), one at the end.
    assert counts["barrier.cluster.arrive.relaxed"] == 1, out
    assert counts["barrier.cluster.wait"] == 2, out
    assert counts["mapa.shared::cluster"] == 1, out
    # The remote arrive releases at CTA scope: at cluster scope ptxas
    # puts a GPU-wide memory barrier before it.
    assert counts["mbarrier.arrive.shared::cluster.b64"] == 1, out
    assert counts["mbarrier.arrive.release.cluster"] == 0, out
    assert counts[".multicast::cluster"] == 1, out
    sm80 = next(l for l in out.splitlines() if l.startswith("SM80"))
    assert "clusters (ctas_per_cga=(2, 1, 1)) need sm_90 or newer, not " \
        "cuda:80" in sm80, out
    cpu = next(l for l in out.splitlines() if l.startswith("CPU"))
    assert "UnsupportedLaunchOption" in cpu and "ctas_per_cga=(2, 1, 1)" \
        in cpu, out


def test_clusters_run_on_the_gpu(plugin_dir):
    import torch
    if not torch.cuda.is_available():
        import pytest
        pytest.skip("LOUD SKIP: no CUDA GPU here; clusters run only on the "
                    "GPU machine (their PTX is checked above)")
    out = run_case(CLUSTER_SHARE + textwrap.dedent('''
        x = torch.randn(256, 64, device="cuda", dtype=torch.float16)
        y = torch.full((8, 64, 64), float("nan"), device="cuda",
                       dtype=torch.float16)
        K.cluster_share[(8,)](TensorDescriptor(x, [256, 64], [64, 1],
                                               [32, 64]),
                              y, BM=64, BN=64, ctas_per_cga=(2, 1, 1))
        want = x.view(4, 1, 64, 64).expand(4, 2, 64, 64).reshape(8, 64, 64)
        print("ERR", (y.double() - want.double()).abs().max().item())
        '''), plugin_dir, gpu=True)
    assert float(out.split("ERR ")[1].split()[0]) == 0.0, out

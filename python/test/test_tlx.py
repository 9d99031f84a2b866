"""The TLX plugin's Python module (trident.language.extra.tlx): kernels that
allocate rings of shared-memory buffers, pick one by index, store tiles into
it and load them back build the plugin's `tlx` ops, and mistakes are
reported at the kernel's line. Each case runs in a fresh interpreter: a
loaded plugin stays loaded for the life of a process."""
import os
import subprocess
import sys
import textwrap

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


def run_case(code, plugin_dir):
    env = dict(os.environ)
    env.pop("TRIDENT_PLUGIN_PATHS", None)
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


def test_cpu_back_end_names_what_it_cannot_lower(plugin_dir):
    # No lowering of tlx ops exists for the CPU yet: compiling for it says
    # so at the op's line rather than failing somewhere below.
    out = run_case('''
        @trident.jit
        def keep(x_ptr):
            b = tlx.local_view(tlx.local_alloc((16,), tl.float32, 1), 0)
            tlx.local_store(b, tl.load(x_ptr + tl.arange(0, 16)))
        try:
            trident.compile(keep, signature={"x_ptr": "*fp32"}, target="cpu")
        except Exception as e:
            print("ERR", e)
        ''', plugin_dir)
    assert "'tlx.local_store' op convert-tir-to-cpu: cannot lower" in out


RING_KERNEL = '''
@trident.jit
def reverse_rows(x_ptr, y_ptr, BLOCK: tl.constexpr, NUM: tl.constexpr):
    # Row i of x is stored in buffer i; buffer NUM-1-i is loaded back as
    # row i of y (the rows come out reversed, each scaled by 2).
    offs = tl.arange(0, BLOCK)
    bufs = tlx.local_alloc((BLOCK,), tl.float16, NUM)
    for i in range(NUM):
        tlx.local_store(tlx.local_view(bufs, i),
                        tl.load(x_ptr + i * BLOCK + offs))
    for i in range(NUM):
        row = tlx.local_load(tlx.local_view(bufs, NUM - 1 - i))
        tl.store(y_ptr + i * BLOCK + offs, row.to(tl.float32) * 2)
'''


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
        '''), plugin_dir)
    assert "MAXERR 0.0" in out, out

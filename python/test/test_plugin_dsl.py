"""Level 3 of the plugin system: DSL ops. The fma example plugin's op
`fma.mul_add` is called from kernels as tl.extra.fma.mul_add, both through
the plugin's own Python module (plugins/examples/fma/python/fma) and by
its full name with tl.dsl_op. Each case runs in a fresh interpreter, since
a loaded plugin stays loaded for the life of a process."""
import os
import subprocess
import sys
import textwrap

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))


def run_python(code, plugin_dir, env_plugins=None):
    env = dict(os.environ)
    env.pop("TRIDENT_PLUGIN_PATHS", None)
    if env_plugins:
        env["TRIDENT_PLUGIN_PATHS"] = env_plugins
    env["FMA_PLUGIN"] = os.path.join(plugin_dir, "libFmaPlugin.so")
    src = textwrap.dedent(code)
    path = os.path.join(HERE, "_dsl_case_%d.py" % os.getpid())
    with open(path, "w") as f:
        f.write(src)
    try:
        r = subprocess.run([sys.executable, path], env=env,
                           capture_output=True, text=True, timeout=300)
    finally:
        os.unlink(path)
    return r


KERNELS = '''
import os
import numpy as np
import trident
import trident.language as tl

@trident.jit
def fused(a_ptr, b_ptr, c_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    a = tl.load(a_ptr + offs, m)
    b = tl.load(b_ptr + offs, m)
    c = tl.load(c_ptr + offs, m)
    tl.store(out_ptr + offs, tl.extra.fma.mul_add(a, b, c), m)

@trident.jit
def by_name(a_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    a = tl.load(a_ptr + offs, m)
    tl.store(out_ptr + offs, tl.dsl_op("fma.mul_add", a, a, a), m)

@trident.jit
def accumulate(a_ptr, b_ptr, out_ptr, K: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    acc = tl.extra.fma.accumulator(tl.zeros([BLOCK], tl.float32))
    with tl.extra.fma.fused() as scope:
        for k in range(K):
            acc = acc.add(tl.load(a_ptr + k * BLOCK + offs),
                          tl.load(b_ptr + k * BLOCK + offs))
    tl.static_assert(scope.count == 1)
    tl.store(out_ptr + offs, acc.value)

def data(n, seed=0):
    rng = np.random.default_rng(seed)
    return [rng.standard_normal(n).astype(np.float32) for _ in range(3)]
'''


def test_dsl_op_end_to_end(plugin_dir):
    r = run_python(KERNELS + '''
# Compile a core kernel first: the plugin may be loaded at any time after.
@trident.jit
def plain(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs) * 2.0)
x = np.ones(16, np.float32)
plain[(1,)](x, 16, BLOCK=16)
assert (x == 2).all()

trident.load_plugin(os.environ["FMA_PLUGIN"])
n = 1000
a, b, c = data(n)
out = np.full(n, np.nan, np.float32)
fused[(trident.cdiv(n, 256),)](a, b, c, out, n, BLOCK=256)
ref = a.astype(np.float64) * b + c
err = np.abs(out - ref).max()
assert err < 1e-5, err

k = trident.compile(fused, signature={"a_ptr": "*fp32", "b_ptr": "*fp32",
                                      "c_ptr": "*fp32", "out_ptr": "*fp32",
                                      "n": "i32"},
                    constexprs={"BLOCK": 256}, target="cuda:90a")
assert "fma.mul_add" in k.source_ir, k.source_ir
assert "fma.mul_add" in k.asm["tir"]
assert "fma.rn.f32" in k.asm["ptx"]
assert k.asm["cubin"][:4] == b"\\x7fELF"
# The plugin's edits are in the pipeline that ran, marked with the plugin.
assert "fma-fuse" in k.pipeline and "fma" in k.pipeline

out2 = np.full(n, np.nan, np.float32)
by_name[(trident.cdiv(n, 256),)](a, out2, n, BLOCK=256)
assert np.abs(out2 - (a.astype(np.float64) * a + a)).max() < 1e-5

K, B = 5, 64
a2 = np.random.default_rng(1).standard_normal(K * B).astype(np.float32)
b2 = np.random.default_rng(2).standard_normal(K * B).astype(np.float32)
out3 = np.full(B, np.nan, np.float32)
accumulate[(1,)](a2, b2, out3, K=K, BLOCK=B)
ref3 = (a2.reshape(K, B).astype(np.float64) * b2.reshape(K, B)).sum(0)
assert np.abs(out3 - ref3).max() < 1e-4, np.abs(out3 - ref3).max()
print("OK")
''', plugin_dir)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "OK" in r.stdout


def test_dsl_op_from_environment(plugin_dir):
    r = run_python(KERNELS + '''
n = 100
a, b, c = data(n)
out = np.full(n, np.nan, np.float32)
fused[(1,)](a, b, c, out, n, BLOCK=128)
assert np.abs(out - (a.astype(np.float64) * b + c)).max() < 1e-5
print("OK")
''', plugin_dir, env_plugins=os.path.join(plugin_dir, "libFmaPlugin.so"))
    assert r.returncode == 0, r.stdout + r.stderr


def test_dsl_op_without_plugin_names_it(plugin_dir):
    r = run_python(KERNELS + '''
a, b, c = data(16)
try:
    fused[(1,)](a, b, c, a, 16, BLOCK=16)
except trident.CompilationError as e:
    msg = str(e)
    assert "fma" in msg and "load the plugin" in msg, msg
    assert "tl.extra.fma.mul_add(a, b, c)" in msg, msg
    print("OK")
''', plugin_dir)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "OK" in r.stdout, r.stdout + r.stderr


def test_dsl_op_bad_operands_reported_at_source_line(plugin_dir):
    r = run_python('''
import os
import numpy as np
import trident
import trident.language as tl
trident.load_plugin(os.environ["FMA_PLUGIN"])

@trident.jit
def bad(x_ptr):
    offs = tl.arange(0, 16)
    x = tl.load(x_ptr + offs)
    tl.store(x_ptr + offs, tl.dsl_op("fma.mul_add", x, x, x))

try:
    trident.compile(bad, signature={"x_ptr": "*i32"}, target="cpu")
except trident.CompilationError as e:
    msg = str(e)
    assert "fma.mul_add" in msg and "float" in msg, msg
    assert ":12:" in msg, msg
    print("OK")
''', plugin_dir)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "OK" in r.stdout, r.stdout + r.stderr

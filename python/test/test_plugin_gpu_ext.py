"""The gpu-ext example plugin from Python: a kernel calls its DSL op
tl.extra.gpux.reverse, which the plugin lowers itself (through shared
memory) when the kernel is compiled for a GPU; the CPU target has no
lowering for it and says so at the kernel's line. Each case runs in a
fresh interpreter (a loaded plugin stays loaded)."""
import os
import subprocess
import sys
import textwrap


def run_python(code, plugin_dir, tmp_path):
    env = dict(os.environ)
    env.pop("TRIDENT_PLUGIN_PATHS", None)
    env["GPU_EXT_PLUGIN"] = os.path.join(plugin_dir, "libGpuExtPlugin.so")
    path = tmp_path / "case.py"  # kernels need a source file
    path.write_text(textwrap.dedent(code))
    return subprocess.run([sys.executable, str(path)], env=env,
                          capture_output=True, text=True, timeout=300)


KERNEL = '''
import os
import trident
import trident.language as tl
trident.load_plugin(os.environ["GPU_EXT_PLUGIN"])

@trident.jit
def reverse_copy(x_ptr, y_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(y_ptr + offs, tl.extra.gpux.reverse(tl.load(x_ptr + offs)))

SIG = {"x_ptr": "*fp32", "y_ptr": "*fp32"}
'''


def test_reverse_compiles_for_sm90_through_shared_memory(plugin_dir, tmp_path):
    r = run_python(KERNEL + '''
k = trident.compile(reverse_copy, signature=SIG,
                    constexprs={"BLOCK": 1024}, target="cuda:90a")
ptx = k.asm["ptx"]
assert "gpux.reverse" in k.asm["gir"], k.asm["gir"]
print("shared stores", ptx.count("st.shared"), "loads", ptx.count("ld.shared"),
      "barriers", ptx.count("bar.sync"))
''', plugin_dir, tmp_path)
    assert r.returncode == 0, r.stderr
    words = r.stdout.split()
    # 1024 floats over 128 threads: 8 each, stored one by one at their
    # reversed index and read back, behind the allocator's barrier and the
    # pattern's own.
    assert words[:3] == ["shared", "stores", "8"], r.stdout
    assert int(words[4]) >= 1, r.stdout
    assert "barriers 2" in r.stdout, r.stdout


def test_reverse_on_the_cpu_is_a_clear_error(plugin_dir, tmp_path):
    r = run_python(KERNEL + '''
try:
    trident.compile(reverse_copy, signature=SIG,
                    constexprs={"BLOCK": 1024}, target="cpu")
except trident.CompilationError as e:
    print("ERROR", e)
else:
    print("compiled")
''', plugin_dir, tmp_path)
    assert r.returncode == 0, r.stderr
    assert "ERROR" in r.stdout, r.stdout
    assert "'gpux.reverse' op convert-tir-to-cpu: cannot lower" in r.stdout
    assert "case.py:10:28:" in r.stdout, r.stdout  # the kernel's line


def test_reverse_needs_a_1d_tile(plugin_dir, tmp_path):
    r = run_python('''
import os
import trident
import trident.language as tl
trident.load_plugin(os.environ["GPU_EXT_PLUGIN"])

@trident.jit
def bad(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs[:, None] * BLOCK + offs[None, :])
    tl.store(x_ptr + offs[:, None] * BLOCK + offs[None, :],
             tl.extra.gpux.reverse(x))
try:
    trident.compile(bad, signature={"x_ptr": "*fp32"},
                    constexprs={"BLOCK": 16}, target="cuda:90a")
except trident.CompilationError as e:
    print("ERROR", e)
''', plugin_dir, tmp_path)
    assert r.returncode == 0, r.stderr
    assert "gpux.reverse needs a 1-D tile, got shape [16, 16]" in r.stdout, \
        r.stdout

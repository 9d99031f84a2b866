"""The crash guard holds in a Python process: a compile whose pass runs out
of memory, hits an LLVM fatal error or calls std::terminate raises an error
naming the plugin's pass, as often as it happens, and the same process
keeps compiling and running other kernels. The fixture plugins
(test/plugins/bad: bad-exec-oom, -llvm-oom, -fatal, -terminate) put their
pass in a named pipeline of their own. Runs in a subprocess (plugins load
process-wide; before the guard held, the process died)."""
import os
import resource
import subprocess
import sys
import textwrap

BODY = textwrap.dedent('''
    import numpy as np
    import trident, trident.language as tl

    @trident.jit
    def add_one(x_ptr, BLOCK: tl.constexpr):
        offs = tl.arange(0, BLOCK)
        tl.store(x_ptr + offs, tl.load(x_ptr + offs) + 1)

    x = np.zeros(16, np.float32)
    for round in range(3):
        for name in ["bad-exec-oom", "bad-exec-llvm-oom", "bad-exec-fatal",
                     "bad-exec-terminate"]:
            try:
                with trident.pipeline(name):
                    add_one[(1,)](x, BLOCK=16)
                print(name + ": compiled?!")
            except Exception as e:
                print(name + ": " + type(e).__name__ + ": " + str(e).replace("\\n", " "))
    add_one[(1,)](x, BLOCK=16)
    print("x:", x[0])
''')


def test_resource_failures_leave_the_process_working(tmp_path, plugin_dir):
    fixtures = os.path.join(os.path.dirname(plugin_dir), "test", "plugins")
    names = ["bad-exec-oom", "bad-exec-llvm-oom", "bad-exec-fatal",
             "bad-exec-terminate"]
    paths = [os.path.join(fixtures, "lib%s.so" % n) for n in names]
    for p in paths:
        assert os.path.exists(p), p
    script = tmp_path / "case.py"
    script.write_text(BODY)
    env = dict(os.environ, TRIDENT_PLUGIN_PATHS=":".join(paths),
               TRIDENT_TARGET="cpu", TRIDENT_CACHE_DIR=str(tmp_path / "c"))

    def limit():  # as `ulimit -v`: the 64 TiB requests fail for certain
        resource.setrlimit(resource.RLIMIT_AS, (16 << 30, resource.RLIM_INFINITY))

    r = subprocess.run([sys.executable, str(script)], capture_output=True,
                       text=True, env=env, timeout=600, preexec_fn=limit)
    assert r.returncode == 0, r.stdout + r.stderr
    lines = r.stdout.splitlines()
    want = {
        "bad-exec-oom": "ran out of memory in stage 'tir' (operator new",
        "bad-exec-llvm-oom": "ran out of memory in stage 'tir' (Allocation "
                             "failed",
        "bad-exec-fatal": "hit an LLVM fatal error in stage 'tir' (LLVM "
                          "fatal error: the fixture gives up",
        "bad-exec-terminate": "crashed in stage 'tir' (std::terminate",
    }
    for name, what in want.items():
        mine = [l for l in lines if l.startswith(name + ": ")]
        assert len(mine) == 3, r.stdout + r.stderr
        for l in mine:
            assert ("pass '%s-pass' of plugin '%s'" % (name, name)) in l, l
            assert what in l, l
    assert "x: 1.0" in lines, r.stdout + r.stderr
    assert "LLVM ERROR" not in r.stderr, r.stderr
    assert "terminate called" not in r.stderr, r.stderr

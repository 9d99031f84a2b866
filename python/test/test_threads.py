"""Compiling, caching and launching from several threads at once: each
thread launches kernels (new specializations included) and checks its own
results; the compile of one specialization happens once."""
import threading

import numpy as np

import trident
import trident.language as tl


@trident.jit
def axpy(x_ptr, y_ptr, n, A: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(y_ptr + offs, A * tl.load(x_ptr + offs, m) +
             tl.load(y_ptr + offs, m), m)


def test_threads_compile_and_launch():
    errors = []
    seen = set()

    def work(t):
        try:
            rng = np.random.default_rng(t)
            for i in range(6):
                a = (t + i) % 4 + 1  # 4 specializations shared by threads
                n = int(rng.integers(1, 3000))
                x = rng.standard_normal(n).astype(np.float32)
                y = rng.standard_normal(n).astype(np.float32)
                want = a * x + y
                # What the specialization depends on here: A, n == 1,
                # n % 16 == 0 (the arrays are always 16-byte aligned).
                seen.add((a, n == 1, n % 16 == 0))
                axpy[(trident.cdiv(n, 256),)](x, y, n, A=a, BLOCK=256)
                np.testing.assert_allclose(y, want, rtol=1e-6, atol=1e-6)
        except Exception as e:  # reported below, with the thread
            errors.append((t, e))

    threads = [threading.Thread(target=work, args=(t,)) for t in range(8)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert not errors, errors
    # Exactly one compiled kernel per specialization, though threads asked
    # for them at once.
    assert len(axpy.cache) == len(seen), (sorted(axpy.cache), seen)
    assert len({id(k) for k, _ in axpy.cache.values()}) == len(seen)


def test_threads_load_plugins_while_compiling(plugin_dir, tmp_path):
    # A fresh interpreter (a loaded plugin stays loaded): eight threads load
    # the fma and hello plugins (each asks for both, in either order) while
    # others compile and launch; each loader then compiles a kernel that
    # calls the fma plugin's DSL op. Each plugin is loaded once.
    import os
    import subprocess
    import sys
    import textwrap
    code = textwrap.dedent('''
        import os, sys, threading
        import numpy as np
        import trident
        import trident.language as tl

        @trident.jit
        def fma_k(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
            offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
            m = offs < n
            x = tl.load(x_ptr + offs, m)
            tl.store(y_ptr + offs, tl.extra.fma.mul_add(x, x, x), m)

        @trident.jit
        def plain(x_ptr, n, C: tl.constexpr, BLOCK: tl.constexpr):
            offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
            m = offs < n
            tl.store(x_ptr + offs, tl.load(x_ptr + offs, m) + C, m)

        d = sys.argv[1]
        libs = [os.path.join(d, "libFmaPlugin.so"),
                os.path.join(d, "libHelloPlugin.so")]
        errors = []
        barrier = threading.Barrier(12)

        def loader(t):
            try:
                barrier.wait()
                for p in (libs if t % 2 else libs[::-1]):
                    trident.load_plugin(p)
                x = np.arange(100, dtype=np.float32) + t
                y = np.zeros_like(x)
                fma_k[(1,)](x, y, 100, BLOCK=128)
                assert np.allclose(y, x * x + x), t
            except Exception as e:
                errors.append(("loader", t, repr(e)))

        def compiler(t):
            try:
                barrier.wait()
                x = np.zeros(300, dtype=np.float32)
                plain[(3,)](x, 300, C=t + 1, BLOCK=128)
                assert (x == t + 1).all(), t
            except Exception as e:
                errors.append(("compiler", t, repr(e)))

        ts = [threading.Thread(target=loader, args=(t,)) for t in range(8)]
        ts += [threading.Thread(target=compiler, args=(t,)) for t in range(4)]
        for th in ts:
            th.start()
        for th in ts:
            th.join()
        assert not errors, errors
        names = sorted(p[0] for p in trident.plugins())
        print(names)
    ''')
    env = dict(os.environ)
    env.pop("TRIDENT_PLUGIN_PATHS", None)
    script = tmp_path / "load_in_threads.py"  # @jit needs a source file
    script.write_text(code)
    r = subprocess.run([sys.executable, str(script), plugin_dir], env=env,
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr[-4000:]
    names = eval(r.stdout.strip().splitlines()[-1])
    assert sorted(set(names)) == names and len(names) == 2, names

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

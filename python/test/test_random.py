"""tl.randint / tl.rand / tl.randn against a numpy Philox 4x32-10: the
numbers are Triton's for the same seed and offsets, 32-bit and 64-bit
offsets alike (a 64-bit offset is the counter pair (low, high) of 32-bit
words, as in Triton's randint4x)."""
import numpy as np
import pytest

import trident
import trident.language as tl

M32 = np.uint64(0xFFFFFFFF)


def philox4x32(seed, c0, c1, c2, c3, rounds=10):
    """Philox 4x32 on uint64 arrays holding 32-bit words."""
    c = [np.asarray(v, np.uint64) & M32 for v in (c0, c1, c2, c3)]
    k0 = np.uint64(seed) & M32
    k1 = (np.uint64(seed) >> np.uint64(32)) & M32
    a, b = np.uint64(0xD2511F53), np.uint64(0xCD9E8D57)
    for _ in range(rounds):
        p0, p2 = a * c[0], b * c[2]  # exact in 64 bits
        c = [((p2 >> np.uint64(32)) ^ c[1] ^ k0) & M32, p2 & M32,
             ((p0 >> np.uint64(32)) ^ c[3] ^ k1) & M32, p0 & M32]
        k0 = (k0 + np.uint64(0x9E3779B9)) & M32
        k1 = (k1 + np.uint64(0xBB67AE85)) & M32
    return c


@trident.jit
def _draw(X, U, seed, base, N, BLOCK: tl.constexpr, WIDE: tl.constexpr):
    i = tl.arange(0, BLOCK)
    if WIDE:
        off = base.to(tl.int64) * 65536 + i
    else:
        off = base + i
    tl.store(X + i, tl.randint(seed, off), mask=i < N)
    tl.store(U + i, tl.rand(seed, off), mask=i < N)


@pytest.mark.parametrize("seed", [0, 42, 0xFFFFFFFF, 0x0000000FCAFEB0BA])
@pytest.mark.parametrize("wide", [False, True])
def test_randint_is_philox_4x32(monkeypatch, seed, wide):
    monkeypatch.setenv("TRIDENT_TARGET", "cpu")
    n, base = 200, 70000 if wide else 12345
    x = np.zeros(256, np.int64)
    u = np.zeros(256, np.float32)
    _draw[(1, )](x, u, seed, base, n, BLOCK=256, WIDE=wide)
    offs = (np.uint64(base) * np.uint64(65536) if wide else np.uint64(base)) \
        + np.arange(n, dtype=np.uint64)
    hi = offs >> np.uint64(32)
    if wide:
        assert hi.max() > 0  # past 2^32: the high word is a counter too
    want = philox4x32(seed, offs, hi, 0, 0)[0]
    np.testing.assert_array_equal(x[:n].astype(np.uint64), want)
    # rand: the same uint32 as a float in [0, 1)
    signed = want.astype(np.uint32).view(np.int32).astype(np.int64)
    signed = np.where(signed < 0, -signed - 1, signed)
    np.testing.assert_allclose(u[:n], signed * 4.6566127342e-10, rtol=1e-6)
    assert 0.0 <= u[:n].min() and u[:n].max() < 1.0

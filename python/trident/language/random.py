"""`tl.randint`, `tl.rand`, `tl.randn` (and their 4x forms): counter-based
random numbers from Philox 4x32-10 (Salmon et al., "Parallel random
numbers: as easy as 1, 2, 3"), as `triton.language.random` has them.

A (seed, offset) pair always gives the same numbers, on every target: a
kernel draws `tl.rand(seed, offsets)` for a tile of offsets and needs no
random state in memory. Counters are the offsets (32-bit, or 64-bit for
the 4x64 variant Triton also has), the key is the 64-bit seed split into
two 32-bit words."""
from .._errors import TridentUserError
from ..runtime.jit import jit
from . import core
from . import math

N_ROUNDS_DEFAULT = core.constexpr(10)
# The Weyl sequence that bumps the key each round, and the multipliers.
PHILOX_KEY_A = core.constexpr(0x9E3779B9)
PHILOX_KEY_B = core.constexpr(0xBB67AE85)
PHILOX_ROUND_A = core.constexpr(0xD2511F53)
PHILOX_ROUND_B = core.constexpr(0xCD9E8D57)


def _err(msg, *args):
    raise TridentUserError(msg % args if args else msg)


@core.builtin
def _philox_counter(c, what="offset"):
    """`c` as an unsigned integer of its own width (32 or 64 bits)."""
    sem = core._sem("tl.randint")
    c = sem.to_tensor(c, what)
    if not c.dtype.is_int() or c.dtype.is_bool() or \
            c.dtype.int_bitwidth not in (32, 64):
        _err("tl.rand/tl.randint: the %s must be 32- or 64-bit integers, got "
             "%r", core._unwrap(what), c.type)
    dst = core.uint32 if c.dtype.int_bitwidth == 32 else core.uint64
    return sem.cast(c, dst, bitcast=True)


@core.builtin
def _philox_key(seed, counter):
    """The two key words of `seed` (an integer scalar) for counters like
    `counter`: (low 32 bits, high 32 bits) for 32-bit counters, (seed, 0)
    as 64-bit words for 64-bit counters."""
    sem = core._sem("tl.randint")
    s = sem.to_tensor(seed, "seed")
    if s.type.is_block() or not s.dtype.is_int():
        _err("tl.rand/tl.randint: the seed must be an integer scalar, got %r",
             s.type)
    s = sem.cast(s, core.uint64)
    if counter.dtype.int_bitwidth == 32:
        return (sem.cast(s, core.uint32),
                sem.cast(sem.shr(s, 32), core.uint32))
    return s, sem.scalar_constant(0, core.uint64)


@jit
def philox_impl(c0, c1, c2, c3, k0, k1,
                n_rounds: core.constexpr = N_ROUNDS_DEFAULT):
    """`n_rounds` rounds of Philox on the counter (c0, c1, c2, c3) with the
    key (k0, k1); all unsigned of one width."""
    for _ in core.static_range(n_rounds):
        prev_c0, prev_c2 = c0, c2
        c0 = core.umulhi(PHILOX_ROUND_B, prev_c2) ^ c1 ^ k0
        c2 = core.umulhi(PHILOX_ROUND_A, prev_c0) ^ c3 ^ k1
        c1 = PHILOX_ROUND_B * prev_c2
        c3 = PHILOX_ROUND_A * prev_c0
        k0 = k0 + PHILOX_KEY_A
        k1 = k1 + PHILOX_KEY_B
    return c0, c1, c2, c3


@jit
def philox(seed, c0, c1, c2, c3, n_rounds: core.constexpr = N_ROUNDS_DEFAULT):
    c0 = _philox_counter(c0)
    c1 = _philox_counter(c1)
    c2 = _philox_counter(c2)
    c3 = _philox_counter(c3)
    k0, k1 = _philox_key(seed, c0)
    return philox_impl(c0, c1, c2, c3, k0, k1, n_rounds)


@jit
def randint(seed, offset, n_rounds: core.constexpr = N_ROUNDS_DEFAULT):
    """One block of random uint32 for `seed` and the tile (or scalar) of
    `offset`s (32- or 64-bit)."""
    ret, _, _, _ = randint4x(seed, offset, n_rounds)
    return ret


@jit
def randint4x(seed, offset, n_rounds: core.constexpr = N_ROUNDS_DEFAULT):
    """Four blocks of random uint32: Philox 4x32 on the counters (the low
    32 bits of the offset, its high 32 bits, 0, 0), as Triton's, so that a
    64-bit offset draws the same numbers as the 32-bit one of equal value.
    (`philox` itself runs 4x64 on 64-bit counters.)"""
    lo = offset.to(core.uint32)
    zero = lo * 0
    if core.constexpr(offset.dtype.primitive_bitwidth > 32):
        hi = (offset >> 32).to(core.uint32)
    else:
        hi = zero
    return philox(seed, lo, hi, zero, zero, n_rounds)


@jit
def uint_to_uniform_float(x):
    """A random unsigned integer tile to floats uniform in [0, 1)."""
    if core.constexpr(x.dtype.primitive_bitwidth == 32):
        x = x.to(core.int32, bitcast=True)
        # The largest scale with (2^31 - 1) * scale < 1 in fp32 rounding.
        scale = 4.6566127342e-10
    else:
        core.static_assert(x.dtype.primitive_bitwidth == 64,
                           "uint_to_uniform_float needs 32- or 64-bit ints")
        x = x.to(core.int64, bitcast=True)
        scale = 1.0842020432e-19
    x = core.where(x < 0, -x - 1, x)
    return x * scale


@jit
def rand(seed, offset, n_rounds: core.constexpr = N_ROUNDS_DEFAULT):
    """Floats uniform in [0, 1) for `seed` and `offset`."""
    source = randint(seed, offset, n_rounds)
    return uint_to_uniform_float(source)


@jit
def rand4x(seed, offsets, n_rounds: core.constexpr = N_ROUNDS_DEFAULT):
    i1, i2, i3, i4 = randint4x(seed, offsets, n_rounds)
    u1 = uint_to_uniform_float(i1)
    u2 = uint_to_uniform_float(i2)
    u3 = uint_to_uniform_float(i3)
    u4 = uint_to_uniform_float(i4)
    return u1, u2, u3, u4


@jit
def pair_uniform_to_normal(u1, u2):
    """Box-Muller: two uniform tiles to two standard normal tiles."""
    u1 = core.maximum(1.0e-7, u1)
    th = 6.283185307179586 * u2
    r = math.sqrt(-2.0 * math.log(u1))
    return r * math.cos(th), r * math.sin(th)


@jit
def randn(seed, offset, n_rounds: core.constexpr = N_ROUNDS_DEFAULT):
    """Standard normal floats for `seed` and `offset`."""
    i1, i2, _, _ = randint4x(seed, offset, n_rounds)
    u1 = uint_to_uniform_float(i1)
    u2 = uint_to_uniform_float(i2)
    n1, _ = pair_uniform_to_normal(u1, u2)
    return n1


@jit
def randn4x(seed, offset, n_rounds: core.constexpr = N_ROUNDS_DEFAULT):
    u1, u2, u3, u4 = rand4x(seed, offset, n_rounds)
    n1, n2 = pair_uniform_to_normal(u1, u2)
    n3, n4 = pair_uniform_to_normal(u3, u4)
    return n1, n2, n3, n4

"""More of what Triton's own tests (test/conformance) found different in
Trident, checked on the CPU target: tl.dot of rank 4-6 tiles, tl.gather,
`constexpr.type`, descriptor blocks under 16 bytes, bf16 cumprod in fp32,
conditional expressions with a run-time condition, integer arguments past
64 bits, and refusals whose messages carry Triton's words (code matching
Triton's message works), with the built-in's error as `__cause__`."""
import numpy as np
import pytest

import trident
import trident.language as tl


def _refusal(kernel, *args, **kwargs):
    with pytest.raises(trident.CompilationError) as e:
        kernel[(1,)](*args, **kwargs)
    return e.value


# ---------------------------------------------------------------------------
# tl.dot with several batch dims
# ---------------------------------------------------------------------------


@trident.jit
def _dot_nd(X, Y, Z, RANK: tl.constexpr, TRANS_A: tl.constexpr,
            TRANS_B: tl.constexpr):
    n: tl.constexpr = 256 << RANK
    x = tl.load(X + tl.arange(0, n)).reshape([2] * (RANK - 2) + [32, 32])
    y = tl.load(Y + tl.arange(0, n)).reshape([2] * (RANK - 2) + [32, 32])
    if TRANS_A:
        x = tl.trans(x)
    if TRANS_B:
        y = tl.trans(y)
    tl.store(Z + tl.arange(0, n), tl.dot(x, y).reshape([n]))


@pytest.mark.parametrize("rank, trans_a, trans_b",
                         [(4, False, False), (5, True, False), (6, False, True)])
def test_dot_of_rank_4_to_6_tiles(rng, rank, trans_a, trans_b):
    shape = (2,) * (rank - 2) + (32, 32)
    a = rng.integers(-4, 5, shape).astype(np.float32)
    b = rng.integers(-4, 5, shape).astype(np.float32)
    z = np.zeros(shape, np.float32)
    _dot_nd[(1,)](a, b, z, rank, trans_a, trans_b)
    if trans_a:
        a = np.swapaxes(a, -1, -2)
    if trans_b:
        b = np.swapaxes(b, -1, -2)
    np.testing.assert_array_equal(z, a @ b)


def test_dot_into_float16_rounds_once():
    # 2048 then 31 ones: summed in float16 one product at a time, each 1 is
    # lost (2049 rounds to 2048); in float32 and rounded once, 2080.
    @trident.jit
    def k(X, Y, Z):
        r = tl.arange(0, 32)
        x = tl.load(X + r[:, None] * 32 + r[None, :])
        y = tl.load(Y + r[:, None] * 32 + r[None, :])
        z = tl.dot(x, y, out_dtype=tl.float16)
        tl.store(Z + r[:, None] * 32 + r[None, :], z)

    x = np.ones((32, 32), np.float16)
    x[:, 0] = 2048
    y = np.ones((32, 32), np.float16)
    z = np.zeros((32, 32), np.float16)
    k[(1,)](x, y, z)
    np.testing.assert_array_equal(z, np.full((32, 32), 2080, np.float16))


def test_dot_batch_dims_must_match():
    @trident.jit
    def k(X):
        x = tl.zeros([2, 2, 16, 16], tl.float32)
        y = tl.zeros([2, 4, 16, 16], tl.float32)
        tl.store(X + tl.arange(0, 16), tl.sum(tl.dot(x, y).reshape([4096]) *
                                              0, 0) + tl.arange(0, 16) * 0.0)

    e = _refusal(k, np.zeros(16, np.float32))
    assert "batch dims do not match" in str(e)


# ---------------------------------------------------------------------------
# tl.gather
# ---------------------------------------------------------------------------


@trident.jit
def _gather_2d(S, I, O, SM: tl.constexpr, SN: tl.constexpr, IM: tl.constexpr,
               IN: tl.constexpr, AXIS: tl.constexpr):
    src = tl.load(S + tl.arange(0, SM)[:, None] * SN + tl.arange(0, SN)[None, :])
    idx = tl.load(I + tl.arange(0, IM)[:, None] * IN + tl.arange(0, IN)[None, :])
    tl.store(O + tl.arange(0, IM)[:, None] * IN + tl.arange(0, IN)[None, :],
             tl.gather(src, idx, AXIS))


@pytest.mark.parametrize("src_shape, idx_shape, axis", [
    ((4, 4), (8, 4), 0), ((16, 8), (16, 32), 1),
    # 256 * 64 indices against 128 positions: gathered in chunks
    ((128, 64), (256, 64), 0)])
def test_gather_2d(rng, src_shape, idx_shape, axis):
    src = rng.standard_normal(src_shape).astype(np.float32)
    src.flat[:3] = [-0.0, np.nan, np.inf]  # bits are kept
    idx = rng.integers(0, src_shape[axis], idx_shape).astype(np.int32)
    out = np.zeros(idx_shape, np.float32)
    _gather_2d[(1,)](src, idx, out, *src_shape, *idx_shape, axis)
    want = np.take_along_axis(src, idx.astype(np.int64), axis)
    np.testing.assert_array_equal(out.view(np.int32), want.view(np.int32))


def test_gather_1d_int64_and_refusals(rng):
    @trident.jit
    def k(S, I, O, N: tl.constexpr, M: tl.constexpr):
        o = tl.gather(tl.load(S + tl.arange(0, N)),
                      tl.load(I + tl.arange(0, M)), 0)
        tl.store(O + tl.arange(0, M), o)

    src = rng.integers(-2**62, 2**62, 32)
    idx = rng.integers(0, 32, 64).astype(np.int16)
    out = np.zeros(64, np.int64)
    k[(1,)](src, idx, out, N=32, M=64)
    np.testing.assert_array_equal(out, src[idx])

    @trident.jit
    def bad(S, AXIS: tl.constexpr):
        x = tl.load(S + tl.arange(0, 16)[:, None] * 8 + tl.arange(0, 8)[None, :])
        i = tl.zeros([8, 4], tl.int32)
        tl.store(S + tl.arange(0, 8)[:, None] * 8 + tl.arange(0, 4)[None, :],
                 tl.gather(x, i, AXIS))

    s = np.zeros(128, np.float32)
    assert "dim 1 differs" in str(_refusal(bad, s, 0))
    assert "axis must be an int in [-2, 2)" in str(_refusal(bad, s, 2))


def test_gather_gpu_size_limit():
    # On cuda the one-hot comparison stays in registers: a 32x32 gather
    # compiles (in seconds); 64x64 (2 minutes and 220 KB of spills before)
    # is refused at its line with the reason.
    sig = {"S": "*fp32", "I": "*i32", "O": "*fp32"}
    k = trident.compile(_gather_2d, signature=sig, target="cuda:90a",
                        constexprs=dict(SM=32, SN=32, IM=32, IN=32, AXIS=1))
    assert "ld.global" in k.asm["ptx"]
    with pytest.raises(trident.CompilationError,
                       match=r"tl.gather of \[64, 64\] from \[64, 64\] along "
                             r"axis 1 compares 262144 pairs of elements; .* "
                             r"limited to 65536") as e:
        trident.compile(_gather_2d, signature=sig, target="cuda:90a",
                        constexprs=dict(SM=64, SN=64, IM=64, IN=64, AXIS=1))
    assert "test_triton_conformance_more.py" in str(e.value)


# ---------------------------------------------------------------------------
# constexpr.type, descriptors, cumprod, overflow
# ---------------------------------------------------------------------------


def test_constexpr_type():
    from trident.language.core import constexpr_type

    @trident.jit
    def k(X, LIT: tl.constexpr):
        here: tl.constexpr = 10
        tl.static_assert(here.type == constexpr_type(10))
        tl.static_assert(LIT.type == tl.constexpr_type(10))
        tl.static_assert(LIT.type != tl.constexpr_type(11))
        tl.store(X, LIT)

    x = np.zeros(1, np.int32)
    k[(1,)](x, 10)
    assert x[0] == 10
    assert tl.constexpr(3).type == constexpr_type(3)
    assert hash(constexpr_type(3)) == hash(tl.constexpr(3).type)


def test_descriptor_block_under_16_bytes_is_refused():
    @trident.jit
    def k(P, BN: tl.constexpr):
        d = tl.make_tensor_descriptor(P, [128, 128], [128, 1], [8, BN])
        d.store([0, 0], tl.zeros([8, BN], dtype=tl.int16))

    e = _refusal(k, np.zeros((128, 128), np.int16), BN=4)
    assert ("Descriptor block shape must have at least 16 bytes in the last "
            "dimension, but got 4 * 2 = 8 bytes") in str(e.__cause__)
    assert e.__cause__.__traceback__ is None


def test_bf16_cumprod_is_computed_in_fp32():
    torch = pytest.importorskip("torch")

    @trident.jit
    def k(X, Y, N: tl.constexpr):
        c = tl.cumprod(tl.load(X + tl.arange(0, N)), 0)
        tl.static_assert(c.dtype == tl.float32)
        tl.store(Y + tl.arange(0, N), c)

    x = (1 + torch.rand(64) / 8).to(torch.bfloat16)
    y = torch.zeros(64, dtype=torch.float32)
    k[(1,)](x, y, N=64)
    want = torch.cumprod(x.to(torch.float64), 0).to(torch.float32)
    torch.testing.assert_close(y, want, rtol=1e-5, atol=0)


def test_integer_argument_past_64_bits_is_an_overflow_error():
    @trident.jit
    def k(V, X):
        pass

    x = np.zeros(1, np.float32)
    k[(1,)](2**64 - 1, x)
    k[(1,)](-2**63, x)
    for v in (2**64, -2**63 - 1):
        with pytest.raises(OverflowError, match="does not fit in 64 bits"):
            k[(1,)](v, x)
        with pytest.raises(trident.LaunchError):
            k[(1,)](v, x)


# ---------------------------------------------------------------------------
# Conditional expressions with a run-time condition
# ---------------------------------------------------------------------------


@trident.jit
def _ternary(X, Y, Ret, MODE: tl.constexpr):
    pid = tl.program_id(0)
    if MODE == 0:  # void branches: only one store happens
        tl.store(Ret + pid, tl.load(X)) if pid % 2 == 0 else \
            tl.store(Ret + pid, tl.load(Y))
    else:  # the load of the branch not taken would fault
        v = tl.load(X + pid * 1000000000) if pid == 0 else 7.0
        tl.store(Ret + pid, v)


def test_ternary_with_a_run_time_condition_runs_one_branch():
    x, y = np.array([3.0], np.float32), np.array([1.5], np.float32)
    r = np.zeros(4, np.float32)
    _ternary[(4,)](x, y, r, 0)
    np.testing.assert_array_equal(r, [3.0, 1.5, 3.0, 1.5])
    _ternary[(4,)](x, y, r, 1)
    np.testing.assert_array_equal(r, [3.0, 7.0, 7.0, 7.0])


def test_ternary_of_two_types_is_refused():
    @trident.jit
    def k(X: tl.const, Y):
        p = X if tl.program_id(0) == 0 else Y
        tl.store(Y, tl.load(p))

    e = _refusal(k, np.zeros(1, np.float32), np.zeros(1, np.float32))
    assert "Ternary expression with dynamic condition has inconsistent " \
        "type" in str(e)


# ---------------------------------------------------------------------------
# Refusals in Triton's words
# ---------------------------------------------------------------------------


@trident.jit
def _binary(X, Y, Z, OP: tl.constexpr):
    x = tl.load(X + tl.arange(0, 4))
    y = tl.load(Y + tl.arange(0, 4))
    if OP == "&":
        z = x & y
    elif OP == "^":
        z = x ^ 2.0
    else:
        z = x % y
    tl.store(Z + tl.arange(0, 4), z)


@pytest.mark.parametrize("xdt, ydt, op, words", [
    ("float32", "float16", "&", "invalid operands of type tl.float32 and "
     "tl.float16 for '&': it needs integer operands"),
    ("int32", "int32", "^", "invalid operands of type tl.int32 and float "
     "for '^'"),
    ("int8", "uint16", "%", "Cannot use /, // or % with tl.int8 and "
     "tl.uint16 because they have different signedness")])
def test_operand_refusals_in_triton_words(xdt, ydt, op, words):
    x, y = np.ones(4, xdt), np.ones(4, ydt)
    e = _refusal(_binary, x, y, np.zeros(4, np.float64), op)
    assert words in str(e)
    assert words in str(e.__cause__)


def test_shape_refusals_in_triton_words():
    @trident.jit
    def k(X, MODE: tl.constexpr):
        r = tl.arange(0, 8)
        if MODE == 0:
            t = tl.expand_dims(r, -3)
        elif MODE == 1:
            t = tl.expand_dims(r, (0, -3))
        elif MODE == 2:
            t = tl.expand_dims(tl.sum(r), 1)
        elif MODE == 3:
            t = r[2:]
        else:
            t = tl.program_id(20)
        tl.store(X, tl.sum(t))

    x = np.zeros(1, np.int32)
    causes = [str(_refusal(k, x, m).__cause__) for m in range(5)]
    assert causes[0].startswith("invalid axis -3: out of range")
    assert "duplicate axes, normalized axes = [0, 0]" in causes[1]
    assert causes[2].startswith("invalid axis 1:")
    assert causes[3].startswith("unsupported tensor index slice(2, None")
    assert "program_id axis must be 0, 1, or 2 but got 20" in causes[4]


def test_expand_dims_of_a_scalar_to_several_dims():
    @trident.jit
    def k(X):
        t = tl.expand_dims(tl.sum(tl.arange(0, 8)), (0, 1))
        tl.static_assert(t.shape == [1, 1])
        tl.store(X + tl.arange(0, 1)[:, None], t)

    x = np.zeros(1, np.int32)
    k[(1,)](x)
    assert x[0] == 28


def test_cuda_num_threads_follows_num_warps():
    @trident.jit
    def k(Out):
        n: tl.constexpr = tl.extra.cuda.num_threads()
        tl.static_assert(n == tl.extra.cuda.num_warps() * 32)
        tl.store(Out + tl.arange(0, n), 1)

    for warps in (2, 8):
        out = np.zeros(256, np.int32)
        k[(1,)](out, num_warps=warps)
        assert out.sum() == warps * 32

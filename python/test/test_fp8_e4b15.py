"""tl.float8e4b15, Triton's own fp8 format: sign, 4 exponent bits of bias
15, 3 mantissa bits, no infinities and no NaN (0x7f is 1.875, 0x80 is
-0.0): an fp16's top byte with the exponent's top bit left out. Every code
converts exactly; floats round to the nearest code with ties away from
zero and saturate at +-1.75 (0x7e, what Triton's conversion gives;
infinities and NaN too, keeping their sign); fp_downcast_rounding changes
nothing (Triton ignores it for this type). The reference here is the
format's definition, decoded value by value, not bit tricks."""
import math
import warnings

import numpy as np
import pytest
import torch

import trident
import trident.language as tl

CODES = np.arange(256, dtype=np.uint8)


def decode(code):
    """The value fp8e4b15 code `code` names (a Python float)."""
    sign = -1.0 if code & 0x80 else 1.0
    exp = (code & 0x7F) >> 3
    man = code & 7
    if exp == 0:
        return sign * man * 2.0 ** (1 - 15 - 3)
    return sign * (1 + man / 8) * 2.0 ** (exp - 15)


VALUES = np.array([decode(c) for c in range(256)], np.float64)
# The magnitudes a conversion may give: codes 0x00..0x7e (ascending).
TARGETS = VALUES[:0x7F]


def reference_codes(x):
    """The codes floats `x` (float64 array) convert to: the nearest code,
    at a tie the one of larger magnitude, at most 1.75; NaN as 1.75; the
    sign kept (so -0.0 and tiny negatives give 0x80)."""
    x = np.asarray(x, np.float64)
    a = np.abs(x)
    a = np.where(np.isnan(a) | (a > 1.75), 1.75, a)
    lo = np.searchsorted(TARGETS, a, side="right") - 1
    hi = np.minimum(lo + 1, 0x7E)
    mid = (TARGETS[lo] + TARGETS[hi]) / 2
    code = np.where((a >= mid) & (hi > lo), hi, lo)
    return (code | np.where(np.signbit(x), 0x80, 0)).astype(np.uint8)


def e4b15(array):
    return trident.reinterpret(torch.from_numpy(array), tl.float8e4b15)


@pytest.fixture(autouse=True)
def _cpu(monkeypatch):
    monkeypatch.setenv("TRIDENT_TARGET", "cpu")


@trident.jit
def _convert(src, dst, N: tl.constexpr):
    i = tl.arange(0, N)
    tl.store(dst + i, tl.load(src + i).to(dst.dtype.element_ty))


@trident.jit
def _convert_rtz(src, dst, N: tl.constexpr):
    i = tl.arange(0, N)
    x = tl.load(src + i)
    tl.store(dst + i, x.to(tl.float8e4b15, fp_downcast_rounding="rtz"))


def test_dtype_object():
    t = tl.float8e4b15
    assert t.primitive_bitwidth == 8
    assert (t.fp_mantissa_width, t.exponent_bias) == (3, 15)
    assert t.is_fp8() and t.is_floating() and t.is_fp8e4b15()
    assert not tl.float8e4nv.is_fp8e4b15()
    assert repr(t) == "tl.float8e4b15" and t.name == "fp8e4b15"


def test_every_code_to_float16_is_its_top_byte():
    out = np.zeros(256, np.float16)
    _convert[(1, )](e4b15(CODES), out, N=256)
    c = CODES.astype(np.uint16)
    want = ((c & 0x80) << 8) | ((c & 0x7F) << 7)
    np.testing.assert_array_equal(out.view(np.uint16), want)
    np.testing.assert_array_equal(out.astype(np.float64), VALUES)
    assert out[0x7F] == 1.875 and out[0x01] == 2.0 ** -17
    assert out[0x80] == 0 and np.signbit(out[0x80])


@pytest.mark.parametrize("dst", [np.float32, np.float64])
def test_every_code_to_wider_floats(dst):
    out = np.zeros(256, dst)
    _convert[(1, )](e4b15(CODES), out, N=256)
    np.testing.assert_array_equal(out.astype(np.float64), VALUES)
    assert np.signbit(out[0x80]) and not np.isnan(out).any()


def test_every_code_to_bfloat16():
    out = torch.zeros(256, dtype=torch.bfloat16)
    _convert[(1, )](e4b15(CODES), out, N=256)
    np.testing.assert_array_equal(out.double().numpy(), VALUES)


@pytest.mark.parametrize("mid", [np.float16, np.float32])
def test_codes_round_trip(mid):
    """Code -> float -> code gives the code back, but for +-1.875 (0x7f,
    0xff), which saturate to +-1.75 as in Triton."""
    wide = np.zeros(256, mid)
    _convert[(1, )](e4b15(CODES), wide, N=256)
    back = np.zeros(256, np.uint8)
    _convert[(1, )](wide, e4b15(back), N=256)
    want = CODES.copy()
    want[0x7F], want[0xFF] = 0x7E, 0xFE
    np.testing.assert_array_equal(back, want)


def test_every_float16_rounds_to_the_nearest_code():
    src = np.arange(65536, dtype=np.uint32).astype(np.uint16).view(
        np.float16)
    out = np.zeros(65536, np.uint8)
    _convert[(1, )](src, e4b15(out), N=65536)
    want = reference_codes(src.astype(np.float64))
    bad = np.nonzero(out != want)[0]
    assert not len(bad), [(hex(src.view(np.uint16)[i]), hex(out[i]),
                           hex(want[i])) for i in bad[:8]]


def _float32_inputs():
    finite = np.unique(np.abs(VALUES))
    mids = (finite[:-1] + finite[1:]) / 2
    rs = np.random.RandomState(7)
    special = [0.0, -0.0, 1.75, 1.8, 1.875, 1.9, 2.0, 65504.0, 1e30,
               np.inf, -np.inf, np.nan, -np.nan, 2.0 ** -18, 2.0 ** -19,
               2.0 ** -18 * (1 - 2 ** -23), 2.0 ** -14 * (1 - 2 ** -23),
               1e-30, 1e-40, -1e-40]
    parts = [finite, -finite, mids, -mids, np.nextafter(
        mids.astype(np.float32), np.float32(0)), np.nextafter(
        mids.astype(np.float32), np.float32(2)), special,
        rs.uniform(-2, 2, 4096), rs.uniform(-2 ** -13, 2 ** -13, 4096)]
    x = np.concatenate([np.asarray(p, np.float64).astype(np.float32)
                        for p in parts])
    n = 1 << int(math.ceil(math.log2(len(x))))
    return np.concatenate([x, np.zeros(n - len(x), np.float32)])


@pytest.mark.parametrize("kernel", [_convert, _convert_rtz])
def test_float32_rounds_to_the_nearest_code(kernel):
    src = _float32_inputs()
    out = np.zeros(len(src), np.uint8)
    kernel[(1, )](src, e4b15(out), N=len(src))
    want = reference_codes(src.astype(np.float64))
    bad = np.nonzero(out != want)[0]
    assert not len(bad), [(float(src[i]), hex(out[i]), hex(want[i]))
                          for i in bad[:8]]


def test_ties_go_away_from_zero_and_overflow_saturates():
    src = np.array([1.0625, -1.0625, 2.0 ** -18, 3 * 2.0 ** -18, 1.8125,
                    1.87, 100.0, -np.inf, np.nan, -0.0, 2.0 ** -19, 0.0,
                    1.0, 0.5, -0.25, 1.5], np.float32)
    want = [0x79, 0xF9, 0x01, 0x02, 0x7E, 0x7E, 0x7E, 0xFE, 0x7E, 0x80,
            0x00, 0x00, 0x78, 0x70, 0xE8, 0x7C]
    for dtype in (np.float32, np.float16, np.float64):
        out = np.zeros(16, np.uint8)
        _convert[(1, )](src.astype(dtype), e4b15(out), N=16)
        assert [int(v) for v in out] == want, dtype


def test_from_bfloat16_and_other_fp8():
    src = torch.tensor([1.0625, -0.3, 3.0, 2.0 ** -17] * 4,
                       dtype=torch.bfloat16)
    out = np.zeros(16, np.uint8)
    _convert[(1, )](src, e4b15(out), N=16)
    want = reference_codes(src.double().numpy())
    np.testing.assert_array_equal(out, want)
    e4nv = torch.tensor([0.5, -1.5, 448.0, 0.0078125] * 4).to(
        torch.float8_e4m3fn)
    _convert[(1, )](e4nv, e4b15(out), N=16)
    np.testing.assert_array_equal(out, reference_codes(
        e4nv.double().numpy()))


@trident.jit
def _abs(src, dst, N: tl.constexpr):
    i = tl.arange(0, N)
    tl.store(dst + i, tl.abs(tl.load(src + i)))


def test_abs_clears_the_sign_bit():
    out = np.zeros(256, np.uint8)
    _abs[(1, )](e4b15(CODES), e4b15(out), N=256)
    np.testing.assert_array_equal(out, CODES & 0x7F)


@trident.jit
def _compare(x_ptr, y_ptr, out, N: tl.constexpr):
    i = tl.arange(0, N)
    x = tl.load(x_ptr + i)
    y = tl.load(y_ptr + i)
    bits = ((x < y).to(tl.int32) | ((x == y).to(tl.int32) << 1) |
            ((x >= 0.5).to(tl.int32) << 2) | ((x != y).to(tl.int32) << 3))
    tl.store(out + i, bits)


def test_comparisons_compare_values():
    rs = np.random.RandomState(3)
    x = np.concatenate([CODES, rs.randint(0, 256, 768).astype(np.uint8)])
    y = np.concatenate([CODES[::-1], x[256:][::-1]])
    y[:4] = [0x80, 0x00, 0x7F, 0x7E]  # -0 == 0; 1.875 > 1.75
    x[:4] = [0x00, 0x80, 0x7E, 0x7F]
    out = np.zeros(len(x), np.int32)
    _compare[(1, )](e4b15(x), e4b15(y), out, N=len(x))
    vx, vy = VALUES[x], VALUES[y]
    want = ((vx < vy).astype(np.int32) | (vx == vy) << 1 |
            (vx >= 0.5) << 2 | (vx != vy) << 3)
    np.testing.assert_array_equal(out, want)
    assert list(out[:4]) == [2, 2, 1 | 4 | 8, 4 | 8]


@trident.jit
def _constants(x_ptr, out, N: tl.constexpr):
    i = tl.arange(0, N)
    x = tl.load(x_ptr + i)
    ones = tl.full((N, ), 1.0, tl.float8e4b15)
    small = tl.full((N, ), -0.3, tl.float8e4b15)
    big = tl.full((N, ), 5.0, tl.float8e4b15)
    scalar = tl.where(i % 2 == 0, x, 0.5)
    tl.store(out + i, ones)
    tl.store(out + N + i, small)
    tl.store(out + 2 * N + i, big)
    tl.store(out + 3 * N + i, scalar)


def test_constants_take_the_codes_of_their_values():
    x = np.full(16, 0x11, np.uint8)
    out = np.zeros(64, np.uint8)
    _constants[(1, )](e4b15(x), e4b15(out), N=16)
    assert set(out[:16]) == {0x78}
    assert set(out[16:32]) == {int(reference_codes([np.float32(-0.3)])[0])}
    assert set(out[32:48]) == {0x7E}
    assert list(out[48:52]) == [0x11, 0x70, 0x11, 0x70]


@trident.jit
def _dot(a_ptr, b_ptr, c_ptr, N: tl.constexpr):
    i = tl.arange(0, N)
    a = tl.load(a_ptr + i[:, None] * N + i[None, :])
    b = tl.load(b_ptr + i[:, None] * N + i[None, :])
    tl.store(c_ptr + i[:, None] * N + i[None, :], tl.dot(a, b))


def test_dot_multiplies_the_values():
    rs = np.random.RandomState(5)
    a = rs.randint(0x20, 0x78, (16, 16)).astype(np.uint8)
    a |= (rs.randint(0, 2, (16, 16)) << 7).astype(np.uint8)
    b = rs.randint(0x20, 0x78, (16, 16)).astype(np.uint8)
    c = np.zeros((16, 16), np.float32)
    _dot[(1, )](e4b15(a), e4b15(b), c, N=16)
    np.testing.assert_allclose(c, VALUES[a] @ VALUES[b], rtol=1e-6)


@trident.jit
def _add(x_ptr, out, N: tl.constexpr):
    i = tl.arange(0, N)
    x = tl.load(x_ptr + i)
    tl.store(out + i, x + x)


def test_arithmetic_is_refused_with_the_reason():
    with pytest.raises(trident.CompilationError,
                       match="arith.addf on fp8e4b15: there is no "
                             "arithmetic on fp8e4b15 values; convert them "
                             "first"):
        trident.compile(_add, signature={"x_ptr": "*fp8e4b15",
                                         "out": "*fp8e4b15"},
                        constexprs={"N": 16}, target="cpu")


def test_nvidia_targets_compile_it_as_triton_does():
    # Triton's NVIDIA back end takes fp8e4b15 on every architecture; on
    # sm_90 and later tl.dot warns (its words) and computes in fp16.
    trident.compile(_convert, signature={"src": "*fp8e4b15",
                                         "dst": "*fp32"},
                    constexprs={"N": 128}, target="cuda:90a")
    trident.compile(_convert, signature={"src": "*fp32",
                                         "dst": "*fp8e4b15"},
                    constexprs={"N": 128}, target="cuda:90a")
    sig = {"a_ptr": "*fp8e4b15", "b_ptr": "*fp8e4b15", "c_ptr": "*fp32"}
    with pytest.warns(UserWarning, match="the use of fp8e4b15 is "
                      "deprecated on Hopper and later architectures"):
        trident.compile(_dot, signature=sig, constexprs={"N": 64},
                        target="cuda:90a")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        trident.compile(_dot, signature=sig, constexprs={"N": 64},
                        target="cuda:80")


@trident.jit
def _print(src, N: tl.constexpr):
    x = tl.load(src + tl.arange(0, N))
    tl.device_print("v", x)
    tl.device_print("b", x, hex=True)


def test_device_print_shows_values_or_codes(capfd):
    _print[(1, )](e4b15(np.array([0x7F, 0x80, 0x01, 0xE8], np.uint8)), N=4)
    out = capfd.readouterr().out
    for line in ("idx (0) v: 1.875000", "idx (1) v: -0.000000",
                 "idx (2) v: 0.000008", "idx (3) v: -0.250000",
                 "idx (0) b: 0x7f", "idx (3) b: 0xe8"):
        assert line in out, out

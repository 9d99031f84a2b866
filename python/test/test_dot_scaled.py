"""tl.dot_scaled: every pair of formats (e2m1, e4m3, e5m2, bf16, fp16),
e8m0 scales on either side or none, e2m1 packed along M / N
(lhs_k_pack / rhs_k_pack False), e8m0 NaN scales with and without
fast_math, fp8 e4m3 scales (groups of 16), acc=, batched 3-D tiles and
several shapes; wrong arguments are refused with a message naming them.
Kernels run on the CPU target against a numpy reference that decodes the
formats itself (float64, the compute type's rounding applied where the
product is in fp16), and some build a cubin for sm_90a.

numpy has no bf16, fp8 or fp4: operands travel as their bits (uint8 /
uint16) and dot_scaled takes the bits as Triton's does."""
import itertools

import numpy as np
import pytest

import trident
import trident.language as tl

FORMATS = ["e2m1", "e4m3", "e5m2", "bf16", "fp16"]
MX = ("e2m1", "e4m3", "e5m2")
E2M1 = np.array([0, 0.5, 1, 1.5, 2, 3, 4, 6])


# --- numpy decoders of the formats' bits ------------------------------------

def _fp8(bits, ebits, mbits, bias):
    bits = bits.astype(np.int64)
    sign = np.where(bits & 0x80, -1.0, 1.0)
    e = (bits >> mbits) & ((1 << ebits) - 1)
    m = bits & ((1 << mbits) - 1)
    frac = m / float(1 << mbits)
    val = np.where(e == 0, frac * 2.0 ** (1 - bias),
                   (1 + frac) * 2.0 ** (e - bias))
    return sign * val


def decode(bits, fmt, k_axis=-1):
    """float64 values of a format's bits; e2m1 unpacks along `k_axis`
    (the low nibble first)."""
    if fmt == "e2m1":
        lo = E2M1[bits & 7] * np.where(bits & 8, -1, 1)
        hi = E2M1[(bits >> 4) & 7] * np.where(bits & 0x80, -1, 1)
        return np.stack([lo, hi], axis=k_axis % bits.ndim + 1).reshape(
            [s * (2 if i == k_axis % bits.ndim else 1)
             for i, s in enumerate(bits.shape)])
    if fmt == "e4m3":
        return _fp8(bits, 4, 3, 7)
    if fmt == "e5m2":
        return _fp8(bits, 5, 2, 15)
    if fmt == "bf16":
        return (bits.astype(np.uint32) << 16).view(np.float32).astype(
            np.float64)
    return bits.view(np.float16).astype(np.float64)


def make_operand(rng, shape, fmt, fp16_compute):
    """Random bits of `fmt` holding finite values (fp16-sized when the
    product is computed in fp16)."""
    if fmt == "e2m1":
        return rng.integers(0, 256, shape, dtype=np.uint8)
    if fmt in ("e4m3", "e5m2"):
        x = rng.integers(0, 256, shape, dtype=np.uint8)
        if fmt == "e4m3":  # 0x7F and 0xFF are NaN
            return np.where(x & 0x7F == 0x7F, x & 0xF8, x).astype(np.uint8)
        # exponent 31 is inf / NaN; under fp16, keep |x| < 2
        x = x & (0xBF if fp16_compute else 0xFF)
        return np.where(x & 0x7C == 0x7C, x & 0x83, x).astype(np.uint8)
    v = np.clip(rng.standard_normal(shape), -16, 16)
    if fmt == "fp16":
        return v.astype(np.float16).view(np.uint16)
    u = v.astype(np.float32).view(np.uint32)
    return ((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype(np.uint16)


def scale_factors(s, group):
    """[rows, K // group] e8m0 exponents -> [rows, K] factors, as Triton's
    emulation: 2^(s-127), 0 for s == 0, NaN for 0xFF."""
    f = np.where(s == 0, 0.0, 2.0 ** (s.astype(np.float64) - 127))
    f = np.where(s == 0xFF, np.nan, f)
    return np.repeat(f, group, axis=-1)


def reference(a, sa, fa, b, sb, fb, a_kpack=True, b_kpack=True,
              sa_e4m3=False, sb_e4m3=False, acc=None, fast_math=False):
    fp16 = "fp16" in (fa, fb)
    A = decode(a, fa, -1 if a_kpack else -2)
    B = decode(b, fb, -2 if b_kpack else -1)
    if fp16:  # upcast to fp16 (bf16 values round)
        A, B = A.astype(np.float16), B.astype(np.float16)
    for v, s, e4m3, t in ((A, sa, sa_e4m3, False), (B, sb, sb_e4m3, True)):
        if s is None:
            continue
        f = np.repeat(decode(s, "e4m3"), 16, -1) if e4m3 else \
            scale_factors(s, 32)
        if fp16:
            f = f.astype(np.float16)
        if t:
            f = np.swapaxes(f, -1, -2)
        v[...] = v * f if not fp16 else (v * f).astype(np.float16)
    A, B = A.astype(np.float64), B.astype(np.float64)
    ref = A @ B
    bound = np.abs(A) @ np.abs(B)
    if acc is not None:
        ref, bound = ref + acc, bound + np.abs(acc)
    return ref, bound


def assert_close(c, ref, bound):
    # fp32 accumulation over K: errors of a few ulps of the sum of |a*b|.
    nan = np.isnan(ref)
    np.testing.assert_array_equal(np.isnan(c), nan)
    err = np.abs(c - ref)[~nan]
    assert (err <= 1e-5 * bound[~nan] + 1e-30).all(), err.max()


# --- the kernel --------------------------------------------------------------

@trident.jit
def scaled_kernel(a_ptr, sa_ptr, b_ptr, sb_ptr, acc_ptr, c_ptr,
                  FA: tl.constexpr, FB: tl.constexpr,
                  AR: tl.constexpr, AC: tl.constexpr, BR: tl.constexpr,
                  BC: tl.constexpr, M: tl.constexpr, N: tl.constexpr,
                  GA: tl.constexpr, GB: tl.constexpr, KPA: tl.constexpr,
                  KPB: tl.constexpr, FAST: tl.constexpr,
                  S_E4M3: tl.constexpr):
    # a: [AR, AC], b: [BR, BC] (bits, row-major); scales [M, GA], [N, GB]
    a = tl.load(a_ptr + tl.arange(0, AR)[:, None] * AC +
                tl.arange(0, AC)[None, :])
    b = tl.load(b_ptr + tl.arange(0, BR)[:, None] * BC +
                tl.arange(0, BC)[None, :])
    sa = sa_ptr
    sb = sb_ptr
    if sa_ptr is not None:
        sa = tl.load(sa_ptr + tl.arange(0, M)[:, None] * GA +
                     tl.arange(0, GA)[None, :])
        if S_E4M3:
            sa = sa.to(tl.float8e4nv, bitcast=True)
    if sb_ptr is not None:
        sb = tl.load(sb_ptr + tl.arange(0, N)[:, None] * GB +
                     tl.arange(0, GB)[None, :])
        if S_E4M3:
            sb = sb.to(tl.float8e4nv, bitcast=True)
    out = c_ptr + tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :]
    if acc_ptr is not None:
        acc = tl.load(acc_ptr + tl.arange(0, M)[:, None] * N +
                      tl.arange(0, N)[None, :])
        c = tl.dot_scaled(a, sa, FA, b, sb, FB, acc, fast_math=FAST,
                          lhs_k_pack=KPA, rhs_k_pack=KPB)
    else:
        c = tl.dot_scaled(a, sa, FA, b, sb, FB, fast_math=FAST,
                          lhs_k_pack=KPA, rhs_k_pack=KPB)
    tl.store(out, c)


def run(a, sa, fa, b, sb, fb, M, N, K, kpa=True, kpb=True, fast=False,
        s_e4m3=False, acc=None, check=None):
    c = np.zeros((M, N), np.float32)
    group = 16 if s_e4m3 else 32
    kw = dict(a_ptr=a, sa_ptr=sa, b_ptr=b, sb_ptr=sb, acc_ptr=acc, c_ptr=c,
              FA=fa, FB=fb, AR=a.shape[0], AC=a.shape[1], BR=b.shape[0],
              BC=b.shape[1], M=M, N=N, GA=K // group, GB=K // group,
              KPA=kpa, KPB=kpb, FAST=fast, S_E4M3=s_e4m3)
    if check is not None:
        check(scaled_kernel, **kw)
    else:
        scaled_kernel[(1,)](**kw)
    return c


def _packed(shape, fmt, axis):
    shape = list(shape)
    if fmt == "e2m1":
        shape[axis] //= 2
    return shape


def _case(rng, fa, fb, M, N, K, a_scaled, b_scaled, kpa=True, kpb=True):
    fp16 = "fp16" in (fa, fb)
    a = make_operand(rng, _packed((M, K), fa, 1 if kpa else 0), fa, fp16)
    b = make_operand(rng, _packed((K, N), fb, 0 if kpb else 1), fb, fp16)
    lo, hi = (124, 131) if fp16 else (100, 150)
    sa = rng.integers(lo, hi + 1, (M, K // 32), dtype=np.uint8) \
        if a_scaled else None
    sb = rng.integers(lo, hi + 1, (N, K // 32), dtype=np.uint8) \
        if b_scaled else None
    return a, sa, b, sb


# --- formats, scales, packing, shapes ----------------------------------------

@pytest.mark.parametrize("fa, fb", list(itertools.product(FORMATS, FORMATS)))
def test_formats(rng, fa, fb):
    M, N, K = 32, 32, 64
    a, sa, b, sb = _case(rng, fa, fb, M, N, K, fa in MX, fb in MX)
    c = run(a, sa, fa, b, sb, fb, M, N, K)
    assert_close(c, *reference(a, sa, fa, b, sb, fb))


@pytest.mark.parametrize("fa, fb, a_scaled, b_scaled", [
    ("e2m1", "e2m1", False, False), ("e2m1", "bf16", False, False),
    ("e4m3", "e2m1", True, False), ("e5m2", "e4m3", False, True),
    ("bf16", "bf16", True, True), ("e2m1", "fp16", True, False),
])
def test_scales_on_either_side_or_none(rng, fa, fb, a_scaled, b_scaled):
    M, N, K = 32, 32, 64
    a, sa, b, sb = _case(rng, fa, fb, M, N, K, a_scaled, b_scaled)
    c = run(a, sa, fa, b, sb, fb, M, N, K)
    assert_close(c, *reference(a, sa, fa, b, sb, fb))


@pytest.mark.parametrize("fa, fb, kpa, kpb",
                         [("e2m1", "e2m1", False, True),
                          ("e2m1", "e2m1", True, False),
                          ("e2m1", "e2m1", False, False),
                          ("e2m1", "e4m3", False, True),
                          ("bf16", "e2m1", True, False)])
def test_e2m1_packed_along_m_or_n(rng, fa, fb, kpa, kpb):
    # An e2m1 lhs with lhs_k_pack=False holds [M // 2, K] bytes, the
    # element (2i + j, k) in nibble j of byte (i, k); an e2m1 rhs with
    # rhs_k_pack=False holds [K, N // 2].
    M, N, K = 32, 64, 64
    a, sa, b, sb = _case(rng, fa, fb, M, N, K, True, True, kpa, kpb)
    c = run(a, sa, fa, b, sb, fb, M, N, K, kpa=kpa, kpb=kpb)
    assert_close(c, *reference(a, sa, fa, b, sb, fb, kpa, kpb))


def test_e2m1_nibble_order_and_values():
    # Byte 0x21 holds 0.5 (low nibble, K index 0) then 1.0 (index 1); all
    # 16 codes along one row, against ones: the row sums every code.
    M, N, K = 16, 16, 32
    a = np.zeros((M, K // 2), np.uint8)
    a[0, 0] = 0x21
    codes = np.arange(16, dtype=np.uint8)
    a[1, :8] = codes[0::2] | (codes[1::2] << 4)
    a[2, 3] = 0xF0  # -6 at K index 7
    b = np.zeros((K, N), np.uint16)
    b[0, 0] = 0x3F80  # bf16 1.0
    b[1, 1] = 0x3F80
    b[:, 2] = 0x3F80
    b[7, 3] = 0x3F80
    c = run(a, None, "e2m1", b, None, "bf16", M, N, K)
    assert c[0, 0] == 0.5 and c[0, 1] == 1.0
    assert c[1, 2] == 0.0  # +-0, ..., +-6 cancel
    assert c[1, 0] == 0.0 and c[1, 1] == 0.5  # codes 0 and 1
    assert c[2, 3] == -6.0
    assert_close(c, *reference(a, None, "e2m1", b, None, "bf16"))


@pytest.mark.parametrize("M, N, K", [(16, 16, 32), (64, 32, 128),
                                     (16, 128, 64), (128, 64, 64)])
def test_shapes(rng, M, N, K):
    a, sa, b, sb = _case(rng, "e2m1", "e5m2", M, N, K, True, True)
    c = run(a, sa, "e2m1", b, sb, "e5m2", M, N, K)
    assert_close(c, *reference(a, sa, "e2m1", b, sb, "e5m2"))


def test_scale_zero_gives_zero(rng):
    # As Triton's emulation: an e8m0 scale of 0 multiplies by 0.
    M, N, K = 32, 32, 64
    a, sa, b, sb = _case(rng, "e4m3", "bf16", M, N, K, True, False)
    sa[:, 0] = 0
    c = run(a, sa, "e4m3", b, None, "bf16", M, N, K)
    ref, bound = reference(a, sa, "e4m3", b, None, "bf16")
    assert_close(c, ref, bound)
    a2 = a.copy()
    a2[:, :32] = 0
    np.testing.assert_array_equal(
        c, run(a2, sa, "e4m3", b, None, "bf16", M, N, K))


@pytest.mark.parametrize("fast_math", [False, True])
def test_nan_scale(fast_math):
    # Row 3's second group has scale 0xFF (NaN). Its values and b are
    # positive: without fast_math the row is NaN; with it the scale is an
    # infinity like any other exponent and the row is +inf.
    M, N, K = 32, 32, 64
    a = np.full((M, K), 0x38, np.uint8)  # e4m3 1.0
    sa = np.full((M, K // 32), 127, np.uint8)
    sa[3, 1] = 0xFF
    b = np.full((K, N), 0x3F80, np.uint16)  # bf16 1.0
    c = run(a, sa, "e4m3", b, None, "bf16", M, N, K, fast=fast_math)
    other = np.delete(c, 3, axis=0)
    np.testing.assert_array_equal(other, np.full_like(other, K))
    if fast_math:
        assert np.isposinf(c[3]).all(), c[3]
    else:
        assert np.isnan(c[3]).all(), c[3]


def test_nan_scale_rhs(rng):
    M, N, K = 32, 32, 64
    a, sa, b, sb = _case(rng, "bf16", "e2m1", M, N, K, False, True)
    sb[5, 0] = 0xFF
    c = run(a, None, "bf16", b, sb, "e2m1", M, N, K)
    assert np.isnan(c[:, 5]).all()
    assert_close(c, *reference(a, None, "bf16", b, sb, "e2m1"))


def test_fast_math_same_without_nan_scales(rng):
    M, N, K = 32, 32, 64
    a, sa, b, sb = _case(rng, "e2m1", "e4m3", M, N, K, True, True)
    c = run(a, sa, "e2m1", b, sb, "e4m3", M, N, K)
    c_fast = run(a, sa, "e2m1", b, sb, "e4m3", M, N, K, fast=True)
    np.testing.assert_array_equal(c, c_fast)


def test_e4m3_scales_per_16(rng):
    # NVFP4-style: fp8 e4m3 factors, one per 16 K elements.
    M, N, K = 32, 32, 64
    a = make_operand(rng, (M, K // 2), "e2m1", False)
    b = make_operand(rng, (K // 2, N), "e2m1", False)
    sa = make_operand(rng, (M, K // 16), "e4m3", False)
    sb = make_operand(rng, (N, K // 16), "e4m3", False)
    c = run(a, sa, "e2m1", b, sb, "e2m1", M, N, K, s_e4m3=True)
    assert_close(c, *reference(a, sa, "e2m1", b, sb, "e2m1",
                               sa_e4m3=True, sb_e4m3=True))


def test_acc(rng):
    M, N, K = 32, 32, 64
    a, sa, b, sb = _case(rng, "e5m2", "e2m1", M, N, K, True, True)
    acc = rng.standard_normal((M, N)).astype(np.float32)
    c = run(a, sa, "e5m2", b, sb, "e2m1", M, N, K, acc=acc)
    assert_close(c, *reference(a, sa, "e5m2", b, sb, "e2m1", acc=acc))


@trident.jit
def batched_kernel(a_ptr, sa_ptr, b_ptr, sb_ptr, c_ptr, B: tl.constexpr,
                   M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
    # a: [B, M, K // 2] e2m1, b: [B, K, N] e4m3, scales [B, M|N, K // 32]
    rb = tl.arange(0, B)[:, None, None]
    rm = tl.arange(0, M)[None, :, None]
    rn = tl.arange(0, N)[None, :, None]
    a = tl.load(a_ptr + rb * (M * K // 2) + rm * (K // 2) +
                tl.arange(0, K // 2)[None, None, :])
    b = tl.load(b_ptr + rb * (K * N) + tl.arange(0, K)[None, :, None] * N +
                tl.arange(0, N)[None, None, :])
    G: tl.constexpr = K // 32
    rg = tl.arange(0, G)[None, None, :]
    sa = tl.load(sa_ptr + rb * (M * G) + rm * G + rg)
    sb = tl.load(sb_ptr + rb * (N * G) + rn * G + rg)
    c = tl.dot_scaled(a, sa, "e2m1", b, sb, "e4m3")
    tl.store(c_ptr + rb * (M * N) + rm * N + tl.arange(0, N)[None, None, :],
             c)


def test_batched(rng):
    Bt, M, N, K = 2, 16, 32, 64
    a = make_operand(rng, (Bt, M, K // 2), "e2m1", False)
    b = make_operand(rng, (Bt, K, N), "e4m3", False)
    sa = rng.integers(110, 140, (Bt, M, K // 32), dtype=np.uint8)
    sb = rng.integers(110, 140, (Bt, N, K // 32), dtype=np.uint8)
    c = np.zeros((Bt, M, N), np.float32)
    batched_kernel[(1,)](a, sa, b, sb, c, Bt, M, N, K)
    for i in range(Bt):
        assert_close(c[i], *reference(a[i], sa[i], "e2m1", b[i], sb[i],
                                      "e4m3"))


# --- sm_90a ------------------------------------------------------------------

@pytest.mark.parametrize("fa, fb, M, N, K", [("e2m1", "e4m3", 64, 64, 64),
                                             ("e5m2", "fp16", 64, 32, 128),
                                             ("e2m1", "e2m1", 128, 128, 64)])
def test_builds_for_sm90(rng, check, fa, fb, M, N, K):
    # The upcast operands go to wgmma in the compute type.
    a, sa, b, sb = _case(rng, fa, fb, M, N, K, fa in MX, fb in MX)
    built = []
    c = run(a, sa, fa, b, sb, fb, M, N, K,
            check=lambda *args, **kw: built.append(check(*args, **kw)))
    assert_close(c, *reference(a, sa, fa, b, sb, fb))
    ct = "f16" if "fp16" in (fa, fb) else "bf16"
    ptx = built[0].asm["ptx"]
    assert "wgmma.mma_async" in ptx and ".f32.%s.%s" % (ct, ct) in ptx
    assert "ld.global.v4" in ptx and "st.global.v4" in ptx


def test_builds_for_sm90_packed_along_n_with_nan_masks(rng, check):
    M, N, K = 64, 64, 64
    a, sa, b, sb = _case(rng, "e4m3", "e2m1", M, N, K, True, True,
                         True, False)
    c = run(a, sa, "e4m3", b, sb, "e2m1", M, N, K, kpb=False, check=check)
    assert_close(c, *reference(a, sa, "e4m3", b, sb, "e2m1", b_kpack=False))


# --- refused arguments -------------------------------------------------------

@trident.jit
def bad_kernel(CASE: tl.constexpr):
    a8 = tl.full((32, 32), 0, tl.uint8)
    b8 = tl.full((64, 32), 0, tl.uint8)
    s = tl.full((32, 2), 127, tl.uint8)
    if CASE == "scale_shape":
        tl.dot_scaled(a8, tl.full((32, 4), 127, tl.uint8), "e2m1", b8, s,
                      "e4m3")
    elif CASE == "format":
        tl.dot_scaled(a8, s, "e3m2", b8, s, "e4m3")
    elif CASE == "k_pack":
        tl.dot_scaled(b8, s, "e4m3", b8, s, "e4m3", lhs_k_pack=False)
    elif CASE == "e2m1_dtype":
        tl.dot_scaled(a8.to(tl.int8), s, "e2m1", b8, s, "e4m3")
    elif CASE == "fp8_dtype":
        tl.dot_scaled(a8, s, "e2m1", b8.to(tl.float16), s, "e4m3")
    elif CASE == "k_mismatch":
        tl.dot_scaled(a8, s, "e4m3", b8, s, "e4m3")
    elif CASE == "out_dtype":
        tl.dot_scaled(a8, s, "e2m1", b8, s, "e4m3", out_dtype=tl.float16)
    elif CASE == "scale_dtype":
        tl.dot_scaled(a8, s.to(tl.int32), "e2m1", b8, s, "e4m3")
    elif CASE == "fast_math":
        tl.dot_scaled(a8, s, "e2m1", b8, s, "e4m3",
                      fast_math=tl.program_id(0) == 0)
    elif CASE == "acc":
        tl.dot_scaled(a8, s, "e2m1", b8, s, "e4m3",
                      tl.full((32, 32), 0, tl.float16))


@pytest.mark.parametrize("case, words", [
    ("scale_shape", "lhs_scale must be a tile of shape [32, 2], got [32, 4]"),
    ("format", "lhs_format must be one of"),
    ("k_pack", "lhs_k_pack=False is only for e2m1"),
    ("e2m1_dtype", "lhs in format 'e2m1' must be packed in uint8"),
    ("fp8_dtype", "rhs in format 'e4m3' must be"),
    ("k_mismatch", "lhs and rhs hold different numbers of K elements: 32"),
    ("out_dtype", "out_dtype must be tl.float32"),
    ("scale_dtype", "lhs_scale must be uint8"),
    ("fast_math", "fast_math must be a constexpr bool"),
    ("acc", "acc must be a float32 tile of shape [32, 32]"),
])
def test_refused(case, words):
    with pytest.raises(trident.CompilationError) as info:
        bad_kernel[(1,)](case)
    assert "tl.dot_scaled: " + words in str(info.value)

"""Language behaviour that Triton's own tests (test/conformance) found
different in Trident, each checked on the CPU target as Triton defines it:
the sign of `>>` by an unsigned tile, Python ints with unsigned tiles in
`/ // %`, shapes that compare equal to lists, an explicit None mask,
tensor methods (`x.abs()`), `tl.trans` of a rank-3 tile without dims,
float64 atomic max/min and -0.0, `trident.reinterpret`,
`trident.TritonError`, and what `kernel[grid](...)` returns."""
import numpy as np
import pytest

import trident
import trident.language as tl


@trident.jit
def _shr(X, Y, Z, N: tl.constexpr):
    offs = tl.arange(0, N)
    tl.store(Z + offs, tl.load(X + offs) >> tl.load(Y + offs))


@pytest.mark.parametrize("xdt, ydt", [("int32", "uint32"), ("int8", "uint8"),
                                      ("int16", "uint8"), ("int8", "uint32")])
def test_signed_shift_right_by_unsigned_is_arithmetic(xdt, ydt):
    # As Triton: the shifted tile is signed, so the sign is shifted in
    # (the operands are promoted to the unsigned type; the bits are kept).
    bits = max(np.dtype(xdt).itemsize, np.dtype(ydt).itemsize) * 8
    x = np.array([-128, -7, -1, 5, 100, -100, 64, -64], dtype=xdt)
    y = np.array([1, 2, 3, 1, 2, 4, 0, 6], dtype=ydt)
    z = np.zeros(8, dtype="int%d" % bits)
    _shr[(1,)](x, y, z, N=8)
    want = x.astype(z.dtype) >> y.astype(z.dtype)
    np.testing.assert_array_equal(z, want)


def test_unsigned_shift_right_stays_logical():
    x = np.array([0xFFFFFFF0, 8, 0x80000000, 1], dtype=np.uint32)
    y = np.array([4, 1, 31, 0], dtype=np.uint32)
    z = np.zeros(4, dtype=np.uint32)
    _shr[(1,)](x, y, z, N=4)
    np.testing.assert_array_equal(z, x >> y)


@trident.jit
def _udiv(X, Q, R, D, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(X + offs)
    tl.store(Q + offs, x // 7)
    tl.store(R + offs, x % 7)
    tl.store(D + offs, x / 2)


@pytest.mark.parametrize("dt", ["uint8", "uint16", "uint32", "uint64"])
def test_unsigned_tile_with_python_int_divides(dt):
    # A Python int meeting an unsigned tile takes its type (Triton's
    # promotion: ints of either sign are one kind).
    x = np.array([0, 1, 6, 7, 200, 255, 13, 99], dtype=dt)
    q, r = np.zeros_like(x), np.zeros_like(x)
    d = np.zeros(8, dtype=np.float32)
    _udiv[(1,)](x, q, r, d, N=8)
    np.testing.assert_array_equal(q, x // 7)
    np.testing.assert_array_equal(r, x % 7)
    np.testing.assert_allclose(d, x.astype(np.float32) / 2)


def test_unsigned_tile_with_negative_int_is_refused():
    @trident.jit
    def k(X, N: tl.constexpr):
        offs = tl.arange(0, N)
        tl.store(X + offs, tl.load(X + offs) // -3)

    with pytest.raises(trident.CompilationError, match="negative"):
        k[(1,)](np.zeros(4, dtype=np.uint32), N=4)


@trident.jit
def _shapes(X, N: tl.constexpr):
    x = tl.load(X + tl.arange(0, N))
    tl.static_assert(x.shape == [N])
    tl.static_assert(x[None, :].shape == [1, N])
    tl.static_assert(x[:, None].shape != [1, N])
    tl.static_assert(tl.sum(x, 0).shape == [])
    tl.store(X + tl.arange(0, N), x + 1)


def test_shape_compares_equal_to_a_list():
    x = np.zeros(16, dtype=np.int32)
    _shapes[(1,)](x, N=16)
    assert (x == 1).all()


@trident.jit
def _none_masks(X, Y, N: tl.constexpr):
    offs = tl.arange(0, N)
    v = tl.load(X + offs, None)
    tl.store(Y + offs, v + 1, None)
    w = tl.load(X + offs, mask=None, other=None)
    tl.store(Y + N + offs, w * 2, mask=None)


def test_explicit_none_mask_means_no_mask():
    x = np.arange(8, dtype=np.float32)
    y = np.zeros(16, dtype=np.float32)
    _none_masks[(1,)](x, y, N=8)
    np.testing.assert_array_equal(y[:8], x + 1)
    np.testing.assert_array_equal(y[8:], x * 2)


@trident.jit
def _methods(X, Y, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(X + offs)
    tl.store(Y + offs, x.abs() + x.exp().log() + x.abs().sqrt())
    tl.store(Y + N + offs, x.cos())
    (Y + 2 * N + offs).store(x.floor())


def test_tensor_methods_of_math_functions():
    x = np.array([-2.5, -1.0, 0.0, 0.5, 1.0, 3.0, -0.25, 2.0], dtype=np.float32)
    y = np.zeros(24, dtype=np.float32)
    _methods[(1,)](x, y, N=8)
    np.testing.assert_allclose(y[:8], np.abs(x) + x + np.sqrt(np.abs(x)),
                               rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(y[8:16], np.cos(x), rtol=1e-5)
    np.testing.assert_array_equal(y[16:], np.floor(x))


@trident.jit
def _trans3(X, Y, A: tl.constexpr, B: tl.constexpr, C: tl.constexpr):
    a = tl.arange(0, A)[:, None, None]
    b = tl.arange(0, B)[None, :, None]
    c = tl.arange(0, C)[None, None, :]
    x = tl.load(X + a * B * C + b * C + c)
    t = tl.trans(x)
    tl.static_assert(t.shape == [A, C, B])
    a2 = tl.arange(0, A)[:, None, None]
    c2 = tl.arange(0, C)[None, :, None]
    b2 = tl.arange(0, B)[None, None, :]
    tl.store(Y + a2 * C * B + c2 * B + b2, t)


def test_trans_without_dims_swaps_the_last_two():
    x = np.arange(2 * 4 * 8, dtype=np.float32).reshape(2, 4, 8)
    y = np.zeros((2, 8, 4), dtype=np.float32)
    _trans3[(1,)](x, y, A=2, B=4, C=8)
    np.testing.assert_array_equal(y, x.transpose(0, 2, 1))


def test_trans_without_dims_of_a_vector_is_refused():
    @trident.jit
    def k(X, N: tl.constexpr):
        x = tl.load(X + tl.arange(0, N))
        tl.store(X + tl.arange(0, N), tl.trans(x))

    with pytest.raises(trident.CompilationError, match="rank 2 or more"):
        k[(1,)](np.zeros(4, dtype=np.float32), N=4)


@trident.jit
def _atomic_minmax(P, V, OLD, N: tl.constexpr, MAX: tl.constexpr):
    offs = tl.arange(0, N)
    v = tl.load(V + offs)
    if MAX:
        old = tl.atomic_max(P + offs, v)
    else:
        old = tl.atomic_min(P + offs, v)
    tl.store(OLD + offs, old)


@pytest.mark.parametrize("dt", ["float32", "float64"])
@pytest.mark.parametrize("is_max", [True, False])
def test_float_atomic_min_max(dt, is_max):
    p = np.array([1.5, -2.0, 0.0, -0.0, 3.0, -1e300 if dt == "float64" else -1e30,
                  -1.0, 1.0], dtype=dt)
    v = np.array([2.5, -3.0, -0.0, 0.0, -4.0, 7.0, -0.0, -0.0], dtype=dt)
    before = p.copy()
    old = np.zeros_like(p)
    _atomic_minmax[(1,)](p, v, old, N=8, MAX=is_max)
    want = np.maximum(before, v) if is_max else np.minimum(before, v)
    np.testing.assert_array_equal(old, before)
    np.testing.assert_array_equal(p, want)
    # -0.0 < 0.0 for atomic max/min (as Triton: by the sign bit).
    if is_max:
        assert not np.signbit(p[2]) and not np.signbit(p[3])
        assert np.signbit(p[6]) and p[6] == 0  # max(-1.0, -0.0) is -0.0
    else:
        assert np.signbit(p[2]) and np.signbit(p[3]) and np.signbit(p[7])


def _torch():
    return pytest.importorskip("torch")


@trident.jit
def _copy(X, Y, N: tl.constexpr):
    offs = tl.arange(0, N)
    tl.store(Y + offs, tl.load(X + offs) >> 1)


def test_reinterpret_as_unsigned():
    torch = _torch()
    x = torch.tensor([-2, -1, 4, 6], dtype=torch.int32)
    y = torch.zeros(4, dtype=torch.int32)
    xw, yw = trident.reinterpret(x, tl.uint32), trident.reinterpret(y, tl.uint32)
    assert isinstance(xw, trident.TensorWrapper) and xw.base is x
    assert xw.dtype == tl.uint32 and tuple(xw.shape) == (4,)
    k = _copy[(1,)](xw, yw, N=4)
    # A uint32 kernel: the shift is logical.
    want = (x.numpy().view(np.uint32) >> 1).view(np.int32)
    np.testing.assert_array_equal(y.numpy(), want)
    assert k is not None and k.asm
    assert trident.reinterpret(xw, torch.int32) is x


def test_reinterpret_refuses_other_widths():
    torch = _torch()
    with pytest.raises(trident.language.core.TridentUserError,
                       match="8-bit elements.*32 bits"):
        trident.reinterpret(torch.zeros(4, dtype=torch.int8), tl.uint32)
    with pytest.raises(trident.language.core.TridentUserError,
                       match="needs a tensor"):
        trident.reinterpret([1, 2], tl.uint32)


def test_triton_error_is_the_base_of_compile_errors():
    assert issubclass(trident.CompilationError, trident.TritonError)
    assert issubclass(trident.OutOfResources, trident.TritonError)

    @trident.jit
    def k(X):
        tl.arange(0, 3)

    with pytest.raises(trident.TritonError):
        k[(1,)](np.zeros(4, dtype=np.float32))


def test_launch_returns_the_compiled_kernel():
    x = np.arange(8, dtype=np.int32)
    y = np.zeros(8, dtype=np.int32)
    for _ in range(3):  # the first launch compiles, the next ones are fast
        k = _shr[(1,)](x, np.ones(8, dtype=np.uint32), y, N=8)
        assert k is not None and hasattr(k, "asm") and hasattr(k, "metadata")
    assert k is _shr.warmup(x, np.ones(8, dtype=np.uint32), y, N=8, grid=(1,))


@trident.jit
def _hist(X, Z, ZM, M: tl.constexpr, N: tl.constexpr):
    offs = tl.arange(0, M)
    x = tl.load(X + offs)
    tl.store(Z + tl.arange(0, N), tl.histogram(x, N))
    tl.store(ZM + tl.arange(0, N), x.histogram(N, offs < M // 2))


@pytest.mark.parametrize("dt", ["int32", "uint8", "int64"])
def test_histogram(dt):
    rng = np.random.default_rng(1)
    x = rng.integers(0, 10, size=64).astype(dt)  # 8 and 9 fall outside
    z = np.zeros(8, dtype=np.int32)
    zm = np.zeros(8, dtype=np.int32)
    _hist[(1,)](x, z, zm, M=64, N=8)
    np.testing.assert_array_equal(z, np.bincount(x[x < 8].astype(np.int64), minlength=8))
    half = x[:32]
    np.testing.assert_array_equal(zm, np.bincount(half[half < 8].astype(np.int64), minlength=8))


def test_histogram_of_floats_is_refused():
    @trident.jit
    def k(X, N: tl.constexpr):
        x = tl.load(X + tl.arange(0, N))
        tl.store(X + tl.arange(0, N), tl.histogram(x, N).to(tl.float32))

    with pytest.raises(trident.CompilationError, match="1-D tile of integers"):
        k[(1,)](np.zeros(4, dtype=np.float32), N=4)


@trident.jit
def _template(X, N: tl.constexpr):
    offs = tl.arange(0, N)
    tl.store(X + offs, GENERATE_HERE)  # noqa: F821 (filled by the test)


def test_unsafe_update_src_compiles_the_new_text():
    # Triton's tests fill template kernels this way (patch_kernel).
    outs = []
    for expr in ("offs * 2", "offs + 7"):
        k = trident.JITFunction(_template.fn)
        k._unsafe_update_src(k.src.replace("GENERATE_HERE", expr))
        x = np.zeros(8, dtype=np.int32)
        k[(1,)](x, N=8)
        outs.append(x)
    np.testing.assert_array_equal(outs[0], np.arange(8) * 2)
    np.testing.assert_array_equal(outs[1], np.arange(8) + 7)
    # The template itself still names the placeholder.
    with pytest.raises(trident.CompilationError, match="GENERATE_HERE"):
        _template[(1,)](np.zeros(8, dtype=np.int32), N=8)


def test_dtype_type_lists():
    assert tl.dtype.STANDARD_FP_TYPES == ("fp16", "bf16", "fp32", "fp64")
    all_types = [tl.dtype(n) for n in tl.dtype.SINT_TYPES + tl.dtype.UINT_TYPES
                 + tl.dtype.STANDARD_FP_TYPES]
    assert tl.float32 in all_types and tl.uint8 in all_types


@trident.jit
def _dot(A, B, C, P: tl.constexpr):
    r = tl.arange(0, 16)
    a = tl.load(A + r[:, None] * 16 + r[None, :])
    b = tl.load(B + r[:, None] * 16 + r[None, :])
    tl.store(C + r[:, None] * 16 + r[None, :], tl.dot(a, b, input_precision=P))


@pytest.mark.parametrize("precision", ["bf16x3", "bf16x6"])
def test_dot_bf16x3_bf16x6_precisions(precision):
    # At least as precise as Triton's bf16 emulations of an fp32 product.
    rng = np.random.default_rng(3)
    a = rng.standard_normal((16, 16)).astype(np.float32)
    b = rng.standard_normal((16, 16)).astype(np.float32)
    c = np.zeros((16, 16), dtype=np.float32)
    _dot[(1,)](a, b, c, P=precision)
    np.testing.assert_allclose(c, a.astype(np.float64) @ b, rtol=1e-4, atol=1e-4)


def test_dot_unknown_precision_names_the_choices():
    a = np.zeros((16, 16), dtype=np.float32)
    with pytest.raises(trident.CompilationError, match="'bf16x3' or 'bf16x6', got 'fp64'"):
        _dot[(1,)](a, a, a.copy(), P="fp64")


@trident.jit
def _unsplat(X, Z, N: tl.constexpr):
    x = tl.load(X + tl.arange(0, N))
    one = tl.max(x[None, :], 1)  # a tile of one element
    if one > 0:  # a one-element tile as a condition
        tl.store(Z, one.item() + 1)
    else:
        tl.store(Z, one.item() - 1)
    p = tl.load(X + tl.arange(0, 2))
    lo, hi = tl.split(p)  # a tile of 2 splits into two scalars
    tl.static_assert(lo.shape == [] and hi.shape == [])
    tl.store(Z + 1, hi * 10 + lo)


@pytest.mark.parametrize("sign", [1, -1])
def test_one_element_tiles_as_scalars(sign):
    x = np.array([3.0, 5.0], dtype=np.float32) * sign
    z = np.zeros(2, dtype=np.float32)
    _unsplat[(1,)](x, z, N=2)
    assert z[0] == x.max() + sign
    assert z[1] == x[1] * 10 + x[0]


def test_item_of_a_larger_tile_is_refused():
    @trident.jit
    def k(X, N: tl.constexpr):
        x = tl.load(X + tl.arange(0, N))
        tl.store(X, x.item())

    with pytest.raises(trident.CompilationError, match=r"one element, got shape \[4\]"):
        k[(1,)](np.zeros(4, dtype=np.float32), N=4)


def test_float_layouts():
    assert (tl.float32.fp_mantissa_width, tl.float32.exponent_bias) == (23, 127)
    assert (tl.bfloat16.fp_mantissa_width, tl.float16.fp_mantissa_width) == (7, 10)
    assert (tl.float8e4nv.exponent_bias, tl.float8e5.fp_mantissa_width) == (7, 2)
    assert not hasattr(tl.int32, "fp_mantissa_width")


def _name_of(spec):
    ones = "_".join(k for k, v in spec.constants.items() if v == 1)
    return "k_%s_%s_%s" % (spec.signature["v"], spec.signature["x"], ones)


@trident.jit(repr=_name_of)
def _named(v, one, x):
    tl.store(x, v + one)


@pytest.mark.parametrize("v, ty", [(-1, "i32"), (2**31, "i64"), (2**63, "u64")])
def test_jit_repr_names_the_kernel(v, ty):
    x = np.zeros(1, dtype=np.float64)
    k = _named[(1,)](v, 1, x)
    assert k.name == "k_%s__fp64_one" % ty  # '*' is not a symbol character
    assert x[0] == float(v + 1)


def test_jit_repr_failure_is_reported():
    @trident.jit(repr=lambda spec: spec.no_such_field)
    def k(x):
        tl.store(x, 1.0)

    with pytest.raises(trident.CompilationError, match="repr= function of k failed: AttributeError"):
        k[(1,)](np.zeros(1, dtype=np.float32))


def _const_copy():
    @trident.jit
    def const_copy(src: tl.const, dst, N: tl.constexpr):
        offs = tl.arange(0, N)
        tl.store(dst + offs, tl.load(src + offs) * 2)
    return const_copy


def test_const_parameter_loads():
    x = np.arange(8, dtype=np.float32)
    y = np.zeros(8, dtype=np.float32)
    _const_copy()[(1,)](x, y, N=8)
    np.testing.assert_array_equal(y, x * 2)


def test_const_parameter_refuses_stores_and_merges():
    @trident.jit
    def store_const(src: tl.const, N: tl.constexpr):
        offs = tl.arange(0, N)
        tl.store(src + offs, 1.0)

    @trident.jit
    def atomic_const(src: tl.const):
        tl.atomic_add(src, 1.0)

    @trident.jit
    def merge(src: tl.const, dst, pick, N: tl.constexpr):
        offs = tl.arange(0, N)
        if pick > 0:
            out = src
        else:
            out = dst
        tl.store(out + offs, 1.0)

    x = np.zeros(4, dtype=np.float32)
    # Triton's words lead each message.
    with pytest.raises(trident.CompilationError, match="Cannot store to a constant pointer with tl.store"):
        store_const[(1,)](x, N=4)
    with pytest.raises(trident.CompilationError, match="Cannot store to a constant pointer with tl.atomic_add"):
        atomic_const[(1,)](x)
    with pytest.raises(trident.CompilationError,
                       match="Mismatched type for out: pointer<const tl.float32> in the 'if' branch"):
        merge[(1,)](x, x, 3, N=4)
    from trident.language.core import str_to_ty
    assert str_to_ty("*kfp32") == tl.pointer_type(tl.float32, const=True)
    assert str_to_ty("*kfp32") != tl.pointer_type(tl.float32)


@trident.jit
def _abs_fp8(X, Y, N: tl.constexpr, T: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(X + offs).to(T, bitcast=True)
    tl.store(Y + offs, tl.abs(x).to(tl.uint8, bitcast=True))


@pytest.mark.parametrize("ty", [tl.float8e4nv, tl.float8e5])
def test_abs_of_fp8_clears_the_sign_bit(ty):
    bits = np.arange(256, dtype=np.uint8)
    out = np.zeros(256, dtype=np.uint8)
    _abs_fp8[(1,)](bits, out, N=256, T=ty)
    np.testing.assert_array_equal(out, bits & 0x7F)


def test_the_gpu_path_builds(compile_sm90):
    # The same kernels through sm_90a and ptxas: 64-bit float atomics,
    # histograms, one-element tiles, rank-3 transposes, const pointers,
    # fp8 abs, the bf16x3 precision and a repr= name.
    f64 = {"P": "*fp64", "V": "*fp64", "OLD": "*fp64"}
    compile_sm90(_atomic_minmax, f64, {"N": 8, "MAX": True})
    compile_sm90(_atomic_minmax, f64, {"N": 8, "MAX": False})
    compile_sm90(_hist, {"X": "*i32", "Z": "*i32", "ZM": "*i32"},
                 {"M": 64, "N": 8})
    compile_sm90(_unsplat, {"X": "*fp32", "Z": "*fp32"}, {"N": 2})
    compile_sm90(_trans3, {"X": "*fp32", "Y": "*fp32"}, {"A": 2, "B": 4, "C": 8})
    compile_sm90(_const_copy(), {"src": "*kfp32", "dst": "*fp32"}, {"N": 8})
    compile_sm90(_abs_fp8, {"X": "*u8", "Y": "*u8"}, {"N": 256, "T": tl.float8e4nv})
    compile_sm90(_dot, {"A": "*fp32", "B": "*fp32", "C": "*fp32"}, {"P": "bf16x3"})
    k = compile_sm90(_named, {"v": "i32", "x": "*fp64"}, {"one": 1})
    assert k.name == "k_i32__fp64_one"


@trident.jit
def _index(X, Y, Z, N: tl.constexpr):
    r = tl.arange(0, N)
    x = tl.load(X + r[:, None] * N + r[None, :])
    t = x[None]  # [1, N, N]
    tl.static_assert(t.shape == [1, N, N])
    p = Y[None, None, :]  # a scalar pointer: [1, 1]
    tl.static_assert(p.shape == [1, 1])
    tl.store(p, tl.sum(tl.sum(t, 2), 1)[:, None])
    tl.store(Z + r[:, None] * N + r[None, :], tl.reshape(t, [N, N]))


def test_index_with_none_as_triton():
    x = np.arange(16, dtype=np.float32).reshape(4, 4)
    y = np.zeros(1, dtype=np.float32)
    z = np.zeros((4, 4), dtype=np.float32)
    _index[(1,)](x, y, z, N=4)
    assert y[0] == x.sum()
    np.testing.assert_array_equal(z, x)


def test_index_adding_a_dimension_out_of_range_is_refused():
    @trident.jit
    def k(X, N: tl.constexpr):
        x = tl.load(X + tl.arange(0, N))
        tl.store(X + tl.arange(0, N)[:, None, None], x[:, :, None])

    with pytest.raises(trident.CompilationError, match="out of range"):
        k[(1,)](np.zeros(4, dtype=np.float32), N=4)

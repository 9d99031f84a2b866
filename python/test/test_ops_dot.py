"""tl.dot: fp32 (input_precision ieee, tf32, tf32x3), fp16 and bf16 into
fp32, acc=, out_dtype=, int8 -> int32, fp8 (float8e4nv) with
max_num_imprecise_acc; on sm_90a, the PTX of a bf16 128x128x64 tile
kernel uses wgmma and an asynchronous copy pipeline for its loop's loads.
Every kernel runs on the CPU target against numpy (float64 or exact
integers) and builds a cubin for sm_90a.

numpy has no bfloat16 or float8: those operands travel as uint16/uint8
bits and the kernel bitcasts them."""
import numpy as np
import pytest

import trident
import trident.language as tl


def _bf16_bits(x):
    """float32 -> bfloat16 bits (uint16), rounding to nearest even."""
    u = np.ascontiguousarray(x, np.float32).view(np.uint32).astype(np.uint64)
    u = (u + 0x7FFF + ((u >> 16) & 1)) >> 16
    return u.astype(np.uint16)


def _bf16_value(bits):
    return (bits.astype(np.uint32) << 16).view(np.float32)


def _e4m3_bits(x):
    """Exactly representable float8e4nv values -> their bits (uint8)."""
    x = np.asarray(x, np.float64)
    out = np.zeros(x.shape, np.uint8)
    for i, v in np.ndenumerate(x):
        if v == 0:
            continue
        s = 0x80 if v < 0 else 0
        m, e = np.frexp(abs(v))  # abs(v) = m * 2^e, 0.5 <= m < 1
        m, e = m * 2, e - 1
        frac = (m - 1) * 8
        assert frac == int(frac) and -6 <= e <= 8, v
        out[i] = s | ((e + 7) << 3) | int(frac)
    return out


def _exact_values(rng, shape, scale=4):
    # Multiples of 1/scale in [-2, 2]: exact in bf16, fp16 and float8e4nv,
    # and their products' sums exact in fp32.
    return (rng.integers(-2 * scale, 2 * scale + 1, shape) / scale)


@trident.jit
def dot_kernel(a_ptr, b_ptr, c_ptr, IN: tl.constexpr, PREC: tl.constexpr,
               OUT: tl.constexpr, IMPRECISE: tl.constexpr,
               BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    rk = tl.arange(0, BK)
    a = tl.load(a_ptr + rm[:, None] * BK + rk[None, :])
    b = tl.load(b_ptr + rk[:, None] * BN + rn[None, :])
    if IN is not None:  # bits of a type numpy lacks
        a = a.to(IN, bitcast=True)
        b = b.to(IN, bitcast=True)
    if PREC is not None:
        c = tl.dot(a, b, input_precision=PREC)
    elif IMPRECISE is not None:
        c = tl.dot(a, b, max_num_imprecise_acc=IMPRECISE)
    elif OUT is not None:
        c = tl.dot(a, b, out_dtype=OUT)
    else:
        c = tl.dot(a, b)
    tl.store(c_ptr + rm[:, None] * BN + rn[None, :], c)


def _meta(IN=None, PREC=None, OUT=None, IMPRECISE=None, BM=32, BN=32,
          BK=32):
    return dict(IN=IN, PREC=PREC, OUT=OUT, IMPRECISE=IMPRECISE, BM=BM, BN=BN,
                BK=BK)


@pytest.mark.parametrize("prec", ["ieee", "tf32", "tf32x3"])
def test_dot_fp32(rng, compile_sm90, prec):
    a = rng.standard_normal((32, 32)).astype(np.float32)
    b = rng.standard_normal((32, 32)).astype(np.float32)
    c = np.zeros((32, 32), np.float32)
    meta = _meta(PREC=prec)
    dot_kernel[(1,)](a, b, c, **meta)
    ref = a.astype(np.float64) @ b.astype(np.float64)
    # tf32 keeps 10 bits of mantissa: errors of about 2^-11 per product.
    tol = 1e-2 if prec == "tf32" else 1e-4
    np.testing.assert_allclose(c, ref, rtol=tol, atol=tol)
    compile_sm90(dot_kernel, {"a_ptr": "*fp32", "b_ptr": "*fp32",
                              "c_ptr": "*fp32"}, meta)


def test_dot_fp32_default_is_tf32_but_exact_values(rng, compile_sm90):
    # Values with few mantissa bits: exact under every precision.
    a = _exact_values(rng, (32, 64)).astype(np.float32)
    b = _exact_values(rng, (64, 32)).astype(np.float32)
    c = np.zeros((32, 32), np.float32)
    meta = _meta(BK=64)
    dot_kernel[(1,)](a, b, c, **meta)
    np.testing.assert_array_equal(c, a.astype(np.float64) @ b)
    compile_sm90(dot_kernel, {"a_ptr": "*fp32", "b_ptr": "*fp32",
                              "c_ptr": "*fp32"}, meta)


def test_dot_fp16(rng, compile_sm90):
    a = rng.standard_normal((64, 32)).astype(np.float16)
    b = rng.standard_normal((32, 16)).astype(np.float16)
    c = np.zeros((64, 16), np.float32)
    meta = _meta(BM=64, BN=16, BK=32)
    dot_kernel[(1,)](a, b, c, **meta)
    ref = a.astype(np.float64) @ b.astype(np.float64)
    np.testing.assert_allclose(c, ref, rtol=1e-5, atol=1e-5)
    compile_sm90(dot_kernel, {"a_ptr": "*fp16", "b_ptr": "*fp16",
                              "c_ptr": "*fp32"}, meta)


def test_dot_fp16_out_fp16(rng, compile_sm90):
    a = _exact_values(rng, (32, 32)).astype(np.float16)
    b = _exact_values(rng, (32, 32)).astype(np.float16)
    c = np.zeros((32, 32), np.float16)
    meta = _meta(OUT=tl.float16)
    dot_kernel[(1,)](a, b, c, **meta)
    np.testing.assert_array_equal(c, (a.astype(np.float64) @ b)
                                  .astype(np.float16))
    compile_sm90(dot_kernel, {"a_ptr": "*fp16", "b_ptr": "*fp16",
                              "c_ptr": "*fp16"}, meta)


def test_dot_bf16(rng, compile_sm90):
    a = _bf16_bits(rng.standard_normal((32, 64)))
    b = _bf16_bits(rng.standard_normal((64, 32)))
    c = np.zeros((32, 32), np.float32)
    meta = _meta(IN=tl.bfloat16, BK=64)
    dot_kernel[(1,)](a, b, c, **meta)
    ref = (_bf16_value(a).astype(np.float64) @
           _bf16_value(b).astype(np.float64))
    np.testing.assert_allclose(c, ref, rtol=1e-5, atol=1e-5)
    compile_sm90(dot_kernel, {"a_ptr": "*u16", "b_ptr": "*u16",
                              "c_ptr": "*fp32"}, meta)


def test_dot_int8(rng, compile_sm90):
    a = rng.integers(-128, 128, (32, 64)).astype(np.int8)
    b = rng.integers(-128, 128, (64, 32)).astype(np.int8)
    c = np.zeros((32, 32), np.int32)
    meta = _meta(BK=64)
    dot_kernel[(1,)](a, b, c, **meta)
    np.testing.assert_array_equal(c, a.astype(np.int64) @ b.astype(np.int64))
    compile_sm90(dot_kernel, {"a_ptr": "*i8", "b_ptr": "*i8",
                              "c_ptr": "*i32"}, meta)


@pytest.mark.parametrize("imprecise", [None, 32, 64])
def test_dot_fp8(rng, compile_sm90, imprecise):
    av = _exact_values(rng, (64, 64))
    bv = _exact_values(rng, (64, 32))
    c = np.zeros((64, 32), np.float32)
    meta = _meta(IN=tl.float8e4nv, IMPRECISE=imprecise, BM=64, BK=64)
    dot_kernel[(1,)](_e4m3_bits(av), _e4m3_bits(bv), c, **meta)
    np.testing.assert_array_equal(c, av @ bv)
    compile_sm90(dot_kernel, {"a_ptr": "*u8", "b_ptr": "*u8",
                              "c_ptr": "*fp32"}, meta)


@trident.jit
def matmul_acc_kernel(a_ptr, b_ptr, c_ptr, bias_ptr, M, N, K,
                      IN: tl.constexpr, BM: tl.constexpr, BN: tl.constexpr,
                      BK: tl.constexpr):
    # C = bias + A @ B over a K loop with acc=, ragged M, N and K.
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.load(bias_ptr + rm[:, None] * N + rn[None, :],
                  mask=(rm[:, None] < M) & (rn[None, :] < N), other=0.0)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :],
                    mask=(rm[:, None] < M) & ((k + rk)[None, :] < K),
                    other=0.0)
        b = tl.load(b_ptr + (k + rk)[:, None] * N + rn[None, :],
                    mask=((k + rk)[:, None] < K) & (rn[None, :] < N),
                    other=0.0)
        if IN is not None:
            a = a.to(IN, bitcast=True)
            b = b.to(IN, bitcast=True)
        acc = tl.dot(a, b, acc=acc)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc,
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@pytest.mark.parametrize("dtype", ["float16", "bfloat16", "float32"])
def test_dot_acc_loop(rng, compile_sm90, dtype):
    M, N, K = 50, 40, 100
    av = _exact_values(rng, (M, K))
    bv = _exact_values(rng, (K, N))
    bias = rng.standard_normal((M, N)).astype(np.float32)
    if dtype == "bfloat16":
        a, b, sig, IN = _bf16_bits(av), _bf16_bits(bv), "*u16", tl.bfloat16
    else:
        a, b = av.astype(dtype), bv.astype(dtype)
        sig, IN = {"float16": "*fp16", "float32": "*fp32"}[dtype], None
    c = np.zeros((M, N), np.float32)
    matmul_acc_kernel[(trident.cdiv(M, 32), trident.cdiv(N, 32))](
        a, b, c, bias, M, N, K, IN=IN, BM=32, BN=32, BK=32)
    np.testing.assert_allclose(c, bias.astype(np.float64) + av @ bv,
                               rtol=1e-6, atol=1e-5)
    compile_sm90(matmul_acc_kernel, {"a_ptr": sig, "b_ptr": sig,
                                     "c_ptr": "*fp32", "bias_ptr": "*fp32",
                                     "M": "i32", "N": "i32", "K": "i32"},
                 {"IN": IN, "BM": 32, "BN": 32, "BK": 32})


@trident.jit
def dot_trans_kernel(a_ptr, b_ptr, c_ptr, BM: tl.constexpr, BN: tl.constexpr,
                     BK: tl.constexpr):
    # A @ B^T with B stored (N, K), as attention's Q @ K^T.
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    rk = tl.arange(0, BK)
    a = tl.load(a_ptr + rm[:, None] * BK + rk[None, :])
    b = tl.load(b_ptr + rn[:, None] * BK + rk[None, :])
    c = tl.dot(a, tl.trans(b))
    tl.store(c_ptr + rm[:, None] * BN + rn[None, :], c)


def test_dot_transposed_operand(rng, compile_sm90):
    a = rng.standard_normal((64, 32)).astype(np.float16)
    b = rng.standard_normal((64, 32)).astype(np.float16)
    c = np.zeros((64, 64), np.float32)
    dot_trans_kernel[(1,)](a, b, c, BM=64, BN=64, BK=32)
    np.testing.assert_allclose(c, a.astype(np.float64) @ b.T.astype(
        np.float64), rtol=1e-5, atol=1e-5)
    compile_sm90(dot_trans_kernel, {"a_ptr": "*fp16", "b_ptr": "*fp16",
                                    "c_ptr": "*fp32"},
                 {"BM": 64, "BN": 64, "BK": 32})


@trident.jit
def bf16_matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_bk,
                       stride_cm, BM: tl.constexpr, BN: tl.constexpr,
                       BK: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    a_ptrs = a_ptr + rm[:, None] * stride_am + rk[None, :]
    b_ptrs = b_ptr + rk[:, None] * stride_bk + rn[None, :]
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        a = tl.load(a_ptrs)
        b = tl.load(b_ptrs)
        acc = tl.dot(a, b, acc)
        a_ptrs += BK
        b_ptrs += BK * stride_bk
    tl.store(c_ptr + rm[:, None] * stride_cm + rn[None, :],
             acc.to(tl.bfloat16))


def test_bf16_matmul_uses_wgmma_and_async_copies(compile_sm90):
    sig = {"a_ptr": "*bf16", "b_ptr": "*bf16", "c_ptr": "*bf16", "M": "i32",
           "N": "i32", "K": "i32", "stride_am": "i32", "stride_bk": "i32",
           "stride_cm": "i32"}
    attrs = {n: {"tir.divisibility": 16} for n in sig}
    k = compile_sm90(bf16_matmul_kernel, sig, {"BM": 128, "BN": 128,
                                                "BK": 64},
                     num_warps=4, num_stages=3, attrs=attrs)
    ptx = k.asm["ptx"]
    assert "wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16" in ptx
    # The loop's loads are asynchronous copies into a ring of stages that
    # the loop waits on.
    assert "cp.async.bulk" in ptx or "cp.async.cg.shared.global" in ptx or \
        "cp.async.ca.shared.global" in ptx, "no asynchronous copies"
    assert "cp.async.wait_group" in ptx or "mbarrier.try_wait" in ptx
    stage = (128 * 64 + 64 * 128) * 2  # bytes of one A and one B tile
    assert k.metadata["shared_bytes"] >= 2 * stage


def test_bf16_matmul_cpu(rng):
    M, N, K = 128, 128, 192
    a = _bf16_bits(_exact_values(rng, (M, K)))
    b = _bf16_bits(_exact_values(rng, (K, N)))
    c = np.zeros((M, N), np.uint16)
    # The CPU target has no bfloat16 arrays either: pass the bits, with the
    # kernel's pointer types given by a bitcast-free signature.
    k = trident.compile(bf16_matmul_kernel,
                        signature={"a_ptr": "*bf16", "b_ptr": "*bf16",
                                   "c_ptr": "*bf16", "M": "i32", "N": "i32",
                                   "K": "i32", "stride_am": "i32",
                                   "stride_bk": "i32", "stride_cm": "i32"},
                        constexprs={"BM": 64, "BN": 64, "BK": 64},
                        target="cpu")
    from trident.runtime import driver
    driver.launch(k, (2, 2), [a, b, c, M, N, K, K, N, N])
    ref = _bf16_value(a).astype(np.float64) @ _bf16_value(b)
    np.testing.assert_array_equal(c, _bf16_bits(ref.astype(np.float32)))


@trident.jit
def batched_dot_kernel(a_ptr, b_ptr, c_ptr, B: tl.constexpr,
                       BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rb = tl.arange(0, B)[:, None, None]
    rm = tl.arange(0, BM)[None, :, None]
    rn = tl.arange(0, BN)[None, None, :]
    rka = tl.arange(0, BK)[None, None, :]
    rkb = tl.arange(0, BK)[None, :, None]
    a = tl.load(a_ptr + rb * BM * BK + rm * BK + rka)
    b = tl.load(b_ptr + rb * BK * BN + rkb * BN + rn)
    tl.store(c_ptr + rb * BM * BN + rm * BN + rn, tl.dot(a, b))


def test_dot_batched(rng, compile_sm90):
    B, BM, BN, BK = 2, 16, 32, 16
    a = rng.standard_normal((B, BM, BK)).astype(np.float16)
    b = rng.standard_normal((B, BK, BN)).astype(np.float16)
    c = np.zeros((B, BM, BN), np.float32)
    meta = {"B": B, "BM": BM, "BN": BN, "BK": BK}
    batched_dot_kernel[(1,)](a, b, c, **meta)
    np.testing.assert_allclose(c, a.astype(np.float64) @ b.astype(np.float64),
                               rtol=1e-5, atol=1e-5)
    compile_sm90(batched_dot_kernel, {"a_ptr": "*fp16", "b_ptr": "*fp16",
                                      "c_ptr": "*fp32"}, meta)

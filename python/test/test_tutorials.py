"""The tutorials (python/test/kernels/*.py, one module per tutorial, each
with the launch code a user writes): every kernel runs on the CPU target
and matches numpy in float64, and compiles to a cubin for sm_90a."""
import numpy as np
import pytest

from kernels import attention, dropout, layer_norm, matmul, softmax
from kernels import vector_add


def assert_close(actual, expected, atol, rtol):
    np.testing.assert_allclose(np.asarray(actual, np.float64), expected,
                               atol=atol, rtol=rtol)


def i32(*names):
    return {n: "i32" for n in names}


# ---------------------------------------------------------------------------
# 1. vector add
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("n", [1, 1000, 98432])
def test_vector_add_cpu(rng, n):
    x = rng.random(n, dtype=np.float32)
    y = rng.random(n, dtype=np.float32)
    out = vector_add.add(x, y)
    assert_close(out, x.astype(np.float64) + y, atol=0, rtol=1e-7)


def test_vector_add_fp16_cpu(rng):
    x = rng.standard_normal(3000).astype(np.float16)
    y = rng.standard_normal(3000).astype(np.float16)
    out = vector_add.add(x, y, BLOCK_SIZE=256)
    assert out.dtype == np.float16
    assert_close(out, x.astype(np.float64) + y, atol=1e-3, rtol=1e-3)


def test_vector_add_cubin(compile_sm90):
    k = compile_sm90(vector_add.add_kernel,
                     {"x_ptr": "*fp32", "y_ptr": "*fp32",
                      "output_ptr": "*fp32", "n_elements": "i32"},
                     {"BLOCK_SIZE": 1024})
    assert ".entry add_kernel" in k.asm["ptx"]


# ---------------------------------------------------------------------------
# 2. fused softmax
# ---------------------------------------------------------------------------


def softmax_ref(x):
    x = x.astype(np.float64)
    e = np.exp(x - x.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


@pytest.mark.parametrize("shape,programs", [((37, 203), None),
                                            ((64, 1024), 5), ((3, 1), 1)])
def test_softmax_cpu(rng, shape, programs):
    x = rng.standard_normal(shape).astype(np.float32) * 3
    y = softmax.softmax(x, num_programs=programs)
    assert_close(y, softmax_ref(x), atol=1e-6, rtol=1e-5)
    assert_close(y.sum(axis=1), np.ones(shape[0]), atol=1e-5, rtol=0)


def test_softmax_fp16_cpu(rng):
    x = rng.standard_normal((9, 300)).astype(np.float16)
    y = softmax.softmax(x)
    assert y.dtype == np.float16
    assert_close(y, softmax_ref(x), atol=1e-3, rtol=1e-2)


def test_softmax_strided_rows_cpu(rng):
    # A view whose rows are further apart than their length.
    base = rng.standard_normal((20, 160)).astype(np.float32)
    x = base[:, :100]
    y = softmax.softmax(x)
    assert_close(y, softmax_ref(x), atol=1e-6, rtol=1e-5)


@pytest.mark.parametrize("dtype", ["fp32", "fp16"])
def test_softmax_cubin(compile_sm90, dtype):
    k = compile_sm90(softmax.softmax_kernel,
                     {"output_ptr": "*" + dtype, "input_ptr": "*" + dtype,
                      **i32("input_row_stride", "output_row_stride",
                            "n_rows", "n_cols")},
                     {"BLOCK_SIZE": 1024, "ROWS_PER_PROGRAM": 4}, num_warps=4)
    assert k.metadata["spill_stores"] == 0


# ---------------------------------------------------------------------------
# 3. grouped matmul, autotuned, activation in the epilogue
# ---------------------------------------------------------------------------


def matmul_ref(a, b, activation=""):
    c = a.astype(np.float64) @ b.astype(np.float64)
    if activation == "leaky_relu":
        c = np.where(c >= 0, c, 0.01 * c)
    return c


def test_matmul_autotuned_cpu(rng):
    a = rng.standard_normal((100, 70)).astype(np.float32)
    b = rng.standard_normal((70, 90)).astype(np.float32)
    tuner = matmul.matmul_kernel_autotuned
    tuner.cache.clear()
    tuner.bench_times.clear()
    c = matmul.matmul(a, b, activation="leaky_relu")
    assert_close(c, matmul_ref(a, b, "leaky_relu"), atol=1e-4, rtol=1e-4)
    # Every config was timed once for this (M, N, K) and the dtypes of a,
    # b and c, and one was kept.
    key = (100, 90, 70, "float32", "float32", "float32")
    assert len(tuner.bench_times[key]) == len(matmul.get_configs())
    assert tuner.cache[key] in tuner.configs
    # A second launch with the same key reuses the choice: no timing.
    c = matmul.matmul(a, b)
    assert_close(c, matmul_ref(a, b), atol=1e-4, rtol=1e-4)
    assert list(tuner.bench_times) == [key]


@pytest.mark.parametrize("config", matmul.get_configs(), ids=str)
def test_matmul_each_config_cpu(rng, config):
    # 200 rows: the last group of GROUP_SIZE_M row blocks is a short one.
    a = rng.standard_normal((200, 48)).astype(np.float32)
    b = rng.standard_normal((48, 136)).astype(np.float32)
    c = matmul.matmul_with(a, b, config, activation="leaky_relu")
    assert_close(c, matmul_ref(a, b, "leaky_relu"), atol=1e-4, rtol=1e-4)


def test_matmul_fp16_cpu(rng):
    a = rng.standard_normal((64, 96)).astype(np.float16)
    b = rng.standard_normal((96, 48)).astype(np.float16)
    c = matmul.matmul(a, b, activation="leaky_relu")
    assert c.dtype == np.float16
    # fp32 accumulation; one rounding to fp16 at the end.
    assert_close(c, matmul_ref(a, b, "leaky_relu"), atol=2e-2, rtol=2e-3)


def test_matmul_fp32_out_cpu(rng):
    # fp16 inputs, fp32 output: only the accumulation error remains.
    a = rng.standard_normal((48, 80)).astype(np.float16)
    b = rng.standard_normal((80, 40)).astype(np.float16)
    c = matmul.matmul(a, b, out_dtype=np.float32)
    assert_close(c, matmul_ref(a, b), atol=1e-4, rtol=1e-4)


@pytest.mark.parametrize("dtype,stages", [("bf16", 3), ("fp16", 3),
                                          ("bf16", 2), ("bf16", 4)])
def test_matmul_cubin_wgmma(compile_sm90, dtype, stages):
    sig = {"a_ptr": "*" + dtype, "b_ptr": "*" + dtype, "c_ptr": "*" + dtype,
           **i32("M", "N", "K", "stride_am", "stride_bk", "stride_cm")}
    # What a launch specializes: 16-byte aligned pointers, sizes and row
    # strides divisible by 16, unit column strides.
    attrs = {n: {"tir.divisibility": 16} for n in sig}
    k = compile_sm90(matmul.matmul_kernel, sig,
                     {"BLOCK_SIZE_M": 128, "BLOCK_SIZE_N": 128,
                      "BLOCK_SIZE_K": 64, "GROUP_SIZE_M": 8,
                      "ACTIVATION": "leaky_relu", "stride_ak": 1,
                      "stride_bn": 1, "stride_cn": 1},
                     num_warps=4, num_stages=stages, attrs=attrs)
    ptx = k.asm["ptx"]
    assert "wgmma.mma_async" in ptx
    # Two stages: each iteration's dot completes before the next (no
    # wgmma left in flight across iterations, which needs three slots).
    assert ("wgmma.wait_group.sync.aligned 1;" in ptx) == (stages > 2)
    assert "cp.async" in ptx or "cp.async.bulk" in ptx
    assert k.metadata["spill_stores"] == 0


# ---------------------------------------------------------------------------
# 4. layer norm, forward and backward
# ---------------------------------------------------------------------------


def layer_norm_ref(x, w, b, dy, eps=1e-5):
    x = x.astype(np.float64)
    mean = x.mean(axis=1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=1, keepdims=True)
    rstd = 1 / np.sqrt(var + eps)
    xhat = (x - mean) * rstd
    y = xhat * w + b
    wdy = w * dy.astype(np.float64)
    c1 = (xhat * wdy).mean(axis=1, keepdims=True)
    c2 = wdy.mean(axis=1, keepdims=True)
    dx = (wdy - (xhat * c1 + c2)) * rstd
    dw = (dy * xhat).sum(axis=0)
    db = dy.astype(np.float64).sum(axis=0)
    return y, mean[:, 0], rstd[:, 0], dx, dw, db


@pytest.mark.parametrize("M,N,group", [(37, 300, 4), (128, 64, 8),
                                       (5, 1000, 16)])
def test_layer_norm_cpu(rng, M, N, group):
    x = rng.standard_normal((M, N)).astype(np.float32) * 2 + 0.5
    w = rng.standard_normal(N).astype(np.float32)
    b = rng.standard_normal(N).astype(np.float32)
    dy = rng.standard_normal((M, N)).astype(np.float32)
    y_ref, mean_ref, rstd_ref, dx_ref, dw_ref, db_ref = layer_norm_ref(
        x, w, b, dy)
    y, mean, rstd = layer_norm.layer_norm_forward(x, w, b)
    assert_close(y, y_ref, atol=1e-5, rtol=1e-5)
    assert_close(mean, mean_ref, atol=1e-6, rtol=1e-5)
    assert_close(rstd, rstd_ref, atol=1e-6, rtol=1e-5)
    dx, dw, db = layer_norm.layer_norm_backward(dy, x, w, mean, rstd,
                                                GROUP_SIZE_M=group)
    assert_close(dx, dx_ref, atol=1e-5, rtol=1e-4)
    # dw, db: sums over M rows, through the locked partial buffers.
    assert_close(dw, dw_ref, atol=1e-4, rtol=1e-4)
    assert_close(db, db_ref, atol=1e-4, rtol=1e-4)


def test_layer_norm_fwd_fp16_cpu(rng):
    M, N = 16, 200
    x = rng.standard_normal((M, N)).astype(np.float16)
    w = rng.standard_normal(N).astype(np.float16)
    b = rng.standard_normal(N).astype(np.float16)
    y, _, _ = layer_norm.layer_norm_forward(x, w, b)
    y_ref = layer_norm_ref(x, w, b, x)[0]
    assert y.dtype == np.float16
    assert_close(y, y_ref, atol=2e-2, rtol=1e-2)


def test_layer_norm_cubins(compile_sm90):
    ptr16 = {n: "*fp16" for n in ("X", "Y", "W", "B")}
    k = compile_sm90(layer_norm.layer_norm_fwd,
                     {**ptr16, "Mean": "*fp32", "Rstd": "*fp32",
                      **i32("row_stride", "N"), "eps": "fp32"},
                     {"BLOCK_SIZE": 1024})
    assert k.metadata["spill_stores"] == 0
    k = compile_sm90(layer_norm.layer_norm_bwd_dx,
                     {**{n: "*fp16" for n in ("DX", "DY", "PartialDW",
                                              "PartialDB", "X", "W")},
                      "Mean": "*fp32", "Rstd": "*fp32", "Locks": "*i32",
                      **i32("row_stride", "N")},
                     {"GROUP_SIZE_M": 64, "BLOCK_SIZE_N": 1024})
    ptx = k.asm["ptx"]
    assert "atom.global" in ptx and "cas" in ptx and "exch" in ptx
    assert "bar.sync" in ptx or "barrier.sync" in ptx
    compile_sm90(layer_norm.layer_norm_bwd_dwdb,
                 {**{n: "*fp32" for n in ("PartialDW", "PartialDB",
                                          "FinalDW", "FinalDB")},
                  **i32("M", "N")},
                 {"BLOCK_SIZE_M": 32, "BLOCK_SIZE_N": 128})


# ---------------------------------------------------------------------------
# 5. low-memory dropout (Philox)
# ---------------------------------------------------------------------------


def philox_ref(seed, offsets, rounds=10, high=None):
    """Philox 4x32-10 in numpy: counters (offset, high or 0, 0, 0), key =
    seed."""
    m32 = np.uint64(0xFFFFFFFF)
    c0 = offsets.astype(np.uint64) & m32
    c1 = np.zeros_like(c0) if high is None else high.astype(np.uint64)
    c2 = np.zeros_like(c0)
    c3 = np.zeros_like(c0)
    seed = np.uint64(seed)
    k0, k1 = seed & m32, (seed >> np.uint64(32)) & m32
    mul_a, mul_b = np.uint64(0xD2511F53), np.uint64(0xCD9E8D57)
    for _ in range(rounds):
        p0, p2 = mul_a * c0, mul_b * c2
        c0, c1, c2, c3 = (((p2 >> np.uint64(32)) ^ c1 ^ k0) & m32, p2 & m32,
                          ((p0 >> np.uint64(32)) ^ c3 ^ k1) & m32, p0 & m32)
        k0 = (k0 + np.uint64(0x9E3779B9)) & m32
        k1 = (k1 + np.uint64(0xBB67AE85)) & m32
    return [c.astype(np.uint32) for c in (c0, c1, c2, c3)]


def uniform_ref(bits):
    x = bits.view(np.int32)
    x = np.where(x < 0, -(x + 1), x)
    return x.astype(np.float32) * np.float32(4.6566127342e-10)


def test_philox_matches_reference_cpu():
    n = 1000
    for seed in (0, 1234, 2 ** 31 + 5):
        bits = dropout.random_bits(n, seed)
        ref = philox_ref(seed, np.arange(n))
        for i in range(4):
            np.testing.assert_array_equal(bits[i], ref[i])


def test_philox_64bit_offsets_cpu():
    # Offsets past 2^32: Philox 4x32 on the offset's low and high words,
    # as Triton's randint4x (the numbers of a 64-bit offset below 2^32 are
    # those of the 32-bit one).
    base = 2 ** 40 + 3
    offs = np.arange(200, dtype=np.uint64) + np.uint64(base)
    out = dropout.random_bits64(200, 5, base)
    want = philox_ref(5, offs, high=offs >> np.uint64(32))[0]
    np.testing.assert_array_equal(out, want.astype(np.uint64))


def test_dropout_cpu(rng):
    n = 5000
    p = 0.3
    x = rng.standard_normal(n).astype(np.float32) + 3.0
    out = dropout.seeded_dropout(x, p, seed=42)
    keep = uniform_ref(philox_ref(42, np.arange(n))[0]) > np.float32(p)
    expected = np.where(keep, x.astype(np.float64) / (1 - p), 0.0)
    assert_close(out, expected, atol=1e-6, rtol=1e-6)
    # The same seed gives the same mask; another seed another one.
    np.testing.assert_array_equal(dropout.seeded_dropout(x, p, seed=42), out)
    other = dropout.seeded_dropout(x, p, seed=43)
    assert ((other != 0) != (out != 0)).mean() > 0.2
    assert abs((out != 0).mean() - (1 - p)) < 0.03


def test_randn_cpu():
    z = dropout.randn(20000, seed=7).astype(np.float64)
    assert abs(z.mean()) < 0.03 and abs(z.std() - 1) < 0.03
    # Box-Muller on the first two Philox streams.
    bits = philox_ref(7, np.arange(64))
    u1 = np.maximum(1e-7, uniform_ref(bits[0]).astype(np.float64))
    u2 = uniform_ref(bits[1]).astype(np.float64)
    ref = np.sqrt(-2 * np.log(u1)) * np.cos(2 * np.pi * u2)
    assert_close(z[:64], ref, atol=1e-4, rtol=1e-4)


def test_dropout_cubin(compile_sm90):
    k = compile_sm90(dropout.seeded_dropout_kernel,
                     {"x_ptr": "*fp32", "output_ptr": "*fp32",
                      "n_elements": "i32", "p": "fp32", "seed": "i32"},
                     {"BLOCK_SIZE": 1024})
    assert "mul.hi.u32" in k.asm["ptx"]
    compile_sm90(dropout.random_bits_kernel,
                 {"out_ptr": "*u32", "n_elements": "i32", "seed": "i32"},
                 {"BLOCK_SIZE": 256})
    compile_sm90(dropout.random_bits64_kernel,
                 {"out_ptr": "*u64", "n_elements": "i32", "seed": "i64",
                  "base": "i64"}, {"BLOCK_SIZE": 128})
    compile_sm90(dropout.randn_kernel,
                 {"out_ptr": "*fp32", "n_elements": "i32", "seed": "i32"},
                 {"BLOCK_SIZE": 512})


# ---------------------------------------------------------------------------
# 6. fused attention forward
# ---------------------------------------------------------------------------


def attention_ref(q, k, v, sm_scale, causal):
    s = np.einsum("hmd,hnd->hmn", q.astype(np.float64),
                  k.astype(np.float64)) * sm_scale
    if causal:
        n = q.shape[1]
        s = np.where(np.tril(np.ones((n, n), bool)), s, -np.inf)
    p = np.exp(s - s.max(axis=-1, keepdims=True))
    p /= p.sum(axis=-1, keepdims=True)
    return p @ v.astype(np.float64)


@pytest.mark.parametrize("dtype,causal,seq", [(np.float32, False, 77),
                                              (np.float32, True, 64),
                                              (np.float16, True, 77),
                                              (np.float16, False, 16)])
def test_attention_cpu(rng, dtype, causal, seq):
    H, D = 2, 32
    q, k, v = (rng.standard_normal((H, seq, D)).astype(dtype)
               for _ in range(3))
    o = attention.attention(q, k, v, 0.25, causal=causal)
    tol = 1e-5 if dtype == np.float32 else 5e-3
    assert_close(o, attention_ref(q, k, v, 0.25, causal), atol=tol, rtol=tol)


@pytest.mark.parametrize("causal", [False, True])
def test_attention_cubin(compile_sm90, causal):
    sig = {n: "*fp16" for n in ("Q", "K", "V", "Out")}
    sig.update({"sm_scale": "fp32", "seq_len": "i32"})
    sig.update(i32("stride_qh", "stride_qm", "stride_kh", "stride_kn",
                   "stride_vh", "stride_vn", "stride_oh", "stride_om"))
    k = compile_sm90(attention.attn_fwd_kernel, sig,
                     {"HEAD_DIM": 64, "BLOCK_M": 128, "BLOCK_N": 64,
                      "CAUSAL": causal}, num_warps=8)
    assert "wgmma.mma_async" in k.asm["ptx"]

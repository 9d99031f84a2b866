"""Flash-attention forward in the idiom of Triton's tutorial 06 (written
here: an inner-loop helper over K/V blocks, `desc.load(...).T` for K,
`p.to(fp16)` as the second dot's A, the causal diagonal block as a second
stage), compiled for sm_90a with no GPU, and run on the CPU target.

Issue 23: the loop was not software-pipelined (two dots per loop, q loaded
before it, p computed): every K and V tile went TMA -> scratch ->
registers -> wgmma staging, 255 registers and 0.9-2.7 KB of spills
(0.22-0.32x Triton 3.6 on the H200). Now gir-pipeline rings K and V (TMA
copies for the next iterations inside the loop, one mbarrier per stage for
both), both dots run on wgmma with B read from the ring, and p stays a
register operand (bench/NOTES.md, "Issue 23: attention").
"""
import re

import numpy as np
import pytest

import trident
import trident.language as tl

DIV16 = {"tir.divisibility": 16}


@trident.jit
def _attn_inner(acc, l_i, m_i, q, desc_k, desc_v, offset_y, start_m, qk_scale,
                offs_m, offs_n, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                STAGE: tl.constexpr, N_CTX: tl.constexpr):
    if STAGE == 1:
        lo, hi = 0, start_m * BLOCK_M
    elif STAGE == 2:
        lo, hi = start_m * BLOCK_M, (start_m + 1) * BLOCK_M
        lo = tl.multiple_of(lo, BLOCK_M)
    else:
        lo, hi = 0, N_CTX
    offsetk_y = offset_y + lo
    offsetv_y = offset_y + lo
    for start_n in tl.range(lo, hi, BLOCK_N):
        k = desc_k.load([offsetk_y, 0]).T
        qk = tl.dot(q, k)
        if STAGE == 2:
            mask = offs_m[:, None] >= (start_n + offs_n[None, :])
            qk = qk * qk_scale + tl.where(mask, 0, -1.0e6)
            m_ij = tl.maximum(m_i, tl.max(qk, 1))
            qk -= m_ij[:, None]
        else:
            m_ij = tl.maximum(m_i, tl.max(qk, 1) * qk_scale)
            qk = qk * qk_scale - m_ij[:, None]
        p = tl.math.exp2(qk)
        alpha = tl.math.exp2(m_i - m_ij)
        l_ij = tl.sum(p, 1)
        acc = acc * alpha[:, None]
        v = desc_v.load([offsetv_y, 0])
        p = p.to(tl.float16)
        acc = tl.dot(p, v, acc)
        l_i = l_i * alpha + l_ij
        m_i = m_ij
        offsetk_y += BLOCK_N
        offsetv_y += BLOCK_N
    return acc, l_i, m_i


@trident.jit
def attn_fwd(sm_scale, M, Q, K, V, Out, Z, H, N_CTX: tl.constexpr,
             HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr,
             BLOCK_N: tl.constexpr, STAGE: tl.constexpr):
    y_dim = Z * H * N_CTX
    desc_q = tl.make_tensor_descriptor(Q, shape=[y_dim, HEAD_DIM],
                                       strides=[HEAD_DIM, 1],
                                       block_shape=[BLOCK_M, HEAD_DIM])
    desc_k = tl.make_tensor_descriptor(K, shape=[y_dim, HEAD_DIM],
                                       strides=[HEAD_DIM, 1],
                                       block_shape=[BLOCK_N, HEAD_DIM])
    desc_v = tl.make_tensor_descriptor(V, shape=[y_dim, HEAD_DIM],
                                       strides=[HEAD_DIM, 1],
                                       block_shape=[BLOCK_N, HEAD_DIM])
    desc_o = tl.make_tensor_descriptor(Out, shape=[y_dim, HEAD_DIM],
                                       strides=[HEAD_DIM, 1],
                                       block_shape=[BLOCK_M, HEAD_DIM])
    start_m = tl.program_id(0)
    off_hz = tl.program_id(1)
    offset_y = off_hz * N_CTX
    qo_offset_y = offset_y + start_m * BLOCK_M
    offs_m = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    m_i = tl.zeros([BLOCK_M], dtype=tl.float32) - float("inf")
    l_i = tl.zeros([BLOCK_M], dtype=tl.float32) + 1.0
    acc = tl.zeros([BLOCK_M, HEAD_DIM], dtype=tl.float32)
    qk_scale = sm_scale * 1.44269504
    q = desc_q.load([qo_offset_y, 0])
    if STAGE & 1:
        acc, l_i, m_i = _attn_inner(acc, l_i, m_i, q, desc_k, desc_v, offset_y,
                                    start_m, qk_scale, offs_m, offs_n, BLOCK_M,
                                    BLOCK_N, 4 - STAGE, N_CTX)
    if STAGE & 2:
        acc, l_i, m_i = _attn_inner(acc, l_i, m_i, q, desc_k, desc_v, offset_y,
                                    start_m, qk_scale, offs_m, offs_n, BLOCK_M,
                                    BLOCK_N, 2, N_CTX)
    m_i += tl.math.log2(l_i)
    acc = acc / l_i[:, None]
    tl.store(M + off_hz * N_CTX + offs_m, m_i)
    desc_o.store([qo_offset_y, 0], acc.to(tl.float16))


@trident.jit
def attn_fwd_ptr(sm_scale, Q, K, V, Out, N_CTX: tl.constexpr,
                 HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr,
                 BLOCK_N: tl.constexpr):
    """The same loop with pointer loads (as the backward pass and other
    libraries write it): K read as k.T from its row-major tile."""
    start_m = tl.program_id(0)
    off_hz = tl.program_id(1)
    base = off_hz * N_CTX * HEAD_DIM
    offs_m = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, HEAD_DIM)
    q = tl.load(Q + base + offs_m[:, None] * HEAD_DIM + offs_d[None, :])
    k_ptrs = K + base + offs_n[:, None] * HEAD_DIM + offs_d[None, :]
    v_ptrs = V + base + offs_n[:, None] * HEAD_DIM + offs_d[None, :]
    m_i = tl.zeros([BLOCK_M], dtype=tl.float32) - float("inf")
    l_i = tl.zeros([BLOCK_M], dtype=tl.float32) + 1.0
    acc = tl.zeros([BLOCK_M, HEAD_DIM], dtype=tl.float32)
    qk_scale = sm_scale * 1.44269504
    for start_n in range(0, N_CTX, BLOCK_N):
        k = tl.load(k_ptrs).T
        qk = tl.dot(q, k)
        m_ij = tl.maximum(m_i, tl.max(qk, 1) * qk_scale)
        qk = qk * qk_scale - m_ij[:, None]
        p = tl.math.exp2(qk)
        alpha = tl.math.exp2(m_i - m_ij)
        l_ij = tl.sum(p, 1)
        acc = acc * alpha[:, None]
        v = tl.load(v_ptrs)
        acc = tl.dot(p.to(tl.float16), v, acc)
        l_i = l_i * alpha + l_ij
        m_i = m_ij
        k_ptrs += BLOCK_N * HEAD_DIM
        v_ptrs += BLOCK_N * HEAD_DIM
    acc = acc / l_i[:, None]
    tl.store(Out + base + offs_m[:, None] * HEAD_DIM + offs_d[None, :],
             acc.to(tl.float16))


def count(pattern, text):
    return len(re.findall(pattern, text))


def loops_of(ptx):
    """Every loop of the PTX: the text between a label and its backward
    branch."""
    out = []
    for label in re.findall(r"^(\$L__BB\d+_\d+):", ptx, re.M):
        start = ptx.index(label + ":")
        back = re.search(r"bra(\.uni)?\s+" + re.escape(label) + ";", ptx[start:])
        if back:
            out.append(ptx[start:start + back.end()])
    return out


def compile_fwd(head_dim, block_n, warps, stages, stage):
    return trident.compile(
        attn_fwd,
        signature={"sm_scale": "fp32", "M": "*fp32", "Q": "*fp16",
                   "K": "*fp16", "V": "*fp16", "Out": "*fp16", "Z": "i32",
                   "H": "i32"},
        constexprs={"N_CTX": 1024, "HEAD_DIM": head_dim, "BLOCK_M": 128,
                    "BLOCK_N": block_n, "STAGE": stage},
        attrs={n: DIV16 for n in ("M", "Q", "K", "V", "Out")},
        target="cuda:90a", num_warps=warps, num_stages=stages)


CONFIGS = [(64, 64, 4, 3), (128, 128, 8, 3), (128, 64, 4, 2), (64, 64, 4, 2)]


@pytest.mark.parametrize("stage", [1, 3])
@pytest.mark.parametrize("config", CONFIGS)
def test_attention_fwd_pipelined(config, stage):
    head_dim, block_n, warps, stages = config
    k = compile_fwd(head_dim, block_n, warps, stages, stage)
    ptx, gir = k.asm["ptx"], k.asm["gir"]
    # K and V come through rings filled by TMA inside the loop (both dots'
    # B operands read from them; q and p stay registers).
    assert gir.count("nvgir.warpgroup_dot") == 2 * (2 if stage == 3 else 1)
    assert "tir.dot" not in gir and "tir.descriptor_load %" not in \
        gir.split("scf.for")[1]
    loops = [body for body in loops_of(ptx) if "wgmma.mma_async" in body]
    # (Causal: the diagonal block's loop runs once when BLOCK_N = BLOCK_M,
    # and LLVM makes it straight-line code.)
    assert 1 <= len(loops) <= (2 if stage == 3 else 1)
    meta = k.metadata
    rows_per_group = 128 // (warps // 4)
    for body in loops:
        # One TMA box per 128 bytes of a row (the 128-byte swizzle): K and V.
        assert count(r"cp\.async\.bulk\.tensor", body) == \
            2 * max(1, head_dim * 2 // 128)
        # Q K^T: K = head_dim; P V: K = block_n.
        assert count(r"wgmma\.mma_async", body) == \
            (head_dim + block_n) // 16 * (rows_per_group // 64)
    # q is copied once before the loop into shared memory (its dot reads it
    # there), or, where the K/V rings leave no room (head dim 128, 3
    # stages), converted once before the loop into wgmma's register A
    # fragment; p feeds the second dot from registers as the first dot left
    # it (wgmma with A in registers): no shared-memory traffic in the loop
    # but the rings', one bar.sync per iteration (the ring slot's reuse),
    # no spills. One exp2 per element of p and per row of this thread
    # (the row statistics keep one register per distinct row).
    rows_per_thread = 128 // (16 * warps) * 2
    assert meta["spill_stores"] == 0 and meta["spill_loads"] == 0
    for body in loops:
        assert count(r"st\.shared|ld\.shared", body) == 0
        assert count(r"bar\.sync", body) <= 1, count(r"bar\.sync", body)
        q_in_smem = "!gir.memdesc<1x" in gir
        assert count(r"wgmma\.mma_async[^;]*\}, \{%r\d+, %r\d+, %r\d+, "
                     r"%r\d+\}, %rd", body) == \
            (block_n + (0 if q_in_smem else head_dim)) // 16 * \
            (rows_per_group // 64)
        assert count(r"ex2\.approx", body) == \
            128 * block_n // (32 * warps) + rows_per_thread


def test_attention_fwd_pointer_loads_pipelined():
    k = trident.compile(
        attn_fwd_ptr,
        signature={"sm_scale": "fp32", "Q": "*fp16", "K": "*fp16",
                   "V": "*fp16", "Out": "*fp16"},
        constexprs={"N_CTX": 1024, "HEAD_DIM": 64, "BLOCK_M": 128,
                    "BLOCK_N": 64},
        attrs={n: DIV16 for n in ("Q", "K", "V", "Out")},
        target="cuda:90a", num_warps=4, num_stages=3)
    ptx, gir = k.asm["ptx"], k.asm["gir"]
    assert gir.count("nvgir.warpgroup_dot") == 2
    loops = [body for body in loops_of(ptx) if "wgmma.mma_async" in body]
    assert len(loops) == 1
    body = loops[0]
    # K and V tiles: 64 x 64 fp16 each, 16 bytes per cp.async, 128 threads.
    assert count(r"cp\.async\.cg\.shared\.global \[[^]]+\], \[[^]]+\], 16",
                 body) == 2 * 64 * 64 * 2 // 16 // 128
    assert count(r"wgmma\.mma_async", body) == (64 + 64) // 16 * 2


def reference(q, k, v, sm_scale, causal):
    q, k, v = (x.astype(np.float64) for x in (q, k, v))
    s = q @ np.swapaxes(k, -1, -2) * sm_scale
    if causal:
        n = s.shape[-1]
        s = np.where(np.tril(np.ones((n, n), bool)), s, -np.inf)
    s = s - s.max(-1, keepdims=True)
    p = np.exp(s)
    return (p / p.sum(-1, keepdims=True)) @ v


@pytest.mark.parametrize("causal", [False, True])
def test_attention_fwd_cpu(causal):
    rng = np.random.default_rng(2)
    Z, H, N, D, BM, BN = 1, 2, 128, 32, 32, 16
    q, k, v = (rng.standard_normal((Z, H, N, D)).astype(np.float16) * 0.5
               for _ in range(3))
    out = np.full((Z, H, N, D), np.nan, dtype=np.float16)
    m = np.zeros((Z * H * N,), np.float32)
    sm_scale = 0.5
    trident.set_allocator(lambda size, align, stream: np.empty(size, np.int8))
    try:
        attn_fwd[(N // BM, Z * H)](sm_scale, m, q, k, v, out, Z, H, N_CTX=N,
                                   HEAD_DIM=D, BLOCK_M=BM, BLOCK_N=BN,
                                   STAGE=3 if causal else 1)
    finally:
        trident.set_allocator(None)
    ref = reference(q, k, v, sm_scale, causal)
    err = np.abs(out.astype(np.float64) - ref).max()
    assert err < 1e-2, err


def test_attention_fwd_pointer_loads_cpu():
    rng = np.random.default_rng(3)
    N, D, BM, BN = 64, 32, 32, 16
    q, k, v = (rng.standard_normal((2, N, D)).astype(np.float16) * 0.5
               for _ in range(3))
    out = np.full((2, N, D), np.nan, dtype=np.float16)
    attn_fwd_ptr[(N // BM, 2)](0.5, q, k, v, out, N_CTX=N, HEAD_DIM=D,
                               BLOCK_M=BM, BLOCK_N=BN)
    ref = reference(q, k, v, 0.5, False)
    err = np.abs(out.astype(np.float64) - ref).max()
    assert err < 1e-2, err


@trident.jit
def attn_bwd_dkdv(Q, K, V, DO, M, Dl, DK, DV, sm_scale, N_CTX: tl.constexpr,
                  HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr,
                  BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr):
    """dK and dV of one block of keys, in the idiom of the tutorial's
    backward pass: q^T loaded transposed through pointers feeds two dots
    (Q K^T as it is, dK transposed), so does dO (dV as it is, dP
    transposed), k and v are loaded before the loop, the row statistics m
    and D are loaded per iteration and broadcast against a dot's result,
    and the causal block masks P^T with `tl.where`."""
    pid = tl.program_id(0)
    bh = tl.program_id(1)
    base = bh * N_CTX * HEAD_DIM
    start_n = pid * BLOCK_N
    offs_n = start_n + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, HEAD_DIM)
    k = tl.load(K + base + offs_n[:, None] * HEAD_DIM + offs_k[None, :])
    v = tl.load(V + base + offs_n[:, None] * HEAD_DIM + offs_k[None, :])
    dk = tl.zeros([BLOCK_N, HEAD_DIM], dtype=tl.float32)
    dv = tl.zeros([BLOCK_N, HEAD_DIM], dtype=tl.float32)
    start_m = start_n if CAUSAL else 0
    offs_m = start_m + tl.arange(0, BLOCK_M)
    qT_ptrs = Q + base + offs_m[None, :] * HEAD_DIM + offs_k[:, None]
    do_ptrs = DO + base + offs_m[:, None] * HEAD_DIM + offs_k[None, :]
    curr_m = start_m
    for _ in range((N_CTX - start_m) // BLOCK_M):
        qT = tl.load(qT_ptrs)
        offs_m = curr_m + tl.arange(0, BLOCK_M)
        m = tl.load(M + bh * N_CTX + offs_m)
        qkT = tl.dot(k, qT)
        pT = tl.math.exp2(qkT - m[None, :])
        if CAUSAL:
            pT = tl.where(offs_m[None, :] >= offs_n[:, None], pT, 0.0)
        do = tl.load(do_ptrs)
        dv += tl.dot(pT.to(tl.float16), do)
        Di = tl.load(Dl + bh * N_CTX + offs_m)
        dpT = tl.dot(v, tl.trans(do)).to(tl.float32)
        dsT = (pT * (dpT - Di[None, :])).to(tl.float16)
        dk += tl.dot(dsT, tl.trans(qT))
        curr_m += BLOCK_M
        qT_ptrs += BLOCK_M * HEAD_DIM
        do_ptrs += BLOCK_M * HEAD_DIM
    out = base + offs_n[:, None] * HEAD_DIM + offs_k[None, :]
    tl.store(DV + out, dv.to(tl.float16))
    tl.store(DK + out, (dk * sm_scale).to(tl.float16))


BWD_SIG = {"Q": "*fp16", "K": "*fp16", "V": "*fp16", "DO": "*fp16",
           "M": "*fp32", "Dl": "*fp32", "DK": "*fp16", "DV": "*fp16",
           "sm_scale": "fp32"}


@pytest.mark.parametrize("causal", [False, True])
@pytest.mark.parametrize("head_dim", [64, 128])
def test_attention_bwd_dkdv_pipelined(head_dim, causal):
    k = trident.compile(
        attn_bwd_dkdv, signature=BWD_SIG,
        constexprs={"N_CTX": 1024, "HEAD_DIM": head_dim, "BLOCK_M": 32,
                    "BLOCK_N": 128, "CAUSAL": causal},
        attrs={n: DIV16 for n in BWD_SIG if BWD_SIG[n].startswith("*")},
        target="cuda:90a", num_warps=4, num_stages=3)
    gir = k.asm["gir"]
    loop = gir[gir.index("scf.for"):]
    loop = loop[:loop.index("scf.yield")]
    # Four dots on wgmma; q^T and dO copied by cp.async once each per
    # iteration into one ring each (both feed two dots), k and v read from
    # shared copies made once before the loop, P^T and dS^T from registers.
    # m and D, read in registers, are copied ahead too (rings of
    # unswizzled slots in the same stages) and read back from shared
    # memory: no global load waits in the loop.
    assert loop.count("nvgir.warpgroup_dot") == 4
    assert "tir.dot" not in gir
    assert loop.count("nvgir.async_copy ") == 4
    assert loop.count("gir.local_load ") == 2
    assert "tir.load" not in loop
    # Their rings join the barrier group of the first dot's ring (q^T),
    # waited for before either is read.
    assert loop.index("nvgir.mbarrier_wait") < loop.index("gir.local_load ")
    # m and D are loaded in the slice of the accumulator layout, the mask
    # made in it: nothing in the loop changes layout.
    assert "gir.convert_layout" not in loop
    ptx = k.asm["ptx"]
    body = [b for b in loops_of(ptx) if "wgmma.mma_async" in b]
    assert len(body) == 1
    assert count(r"st\.shared", body[0]) == 0
    assert count(r"ld\.global", body[0]) == 0
    if head_dim == 64:
        assert k.metadata["spill_stores"] == 0


def bwd_reference(q, k, v, do, sm_scale, causal):
    q, k, v, do = (x.astype(np.float64) for x in (q, k, v, do))
    s = q @ np.swapaxes(k, -1, -2) * sm_scale
    if causal:
        n = s.shape[-1]
        s = np.where(np.tril(np.ones((n, n), bool)), s, -np.inf)
    mx = s.max(-1, keepdims=True)
    p = np.exp(s - mx)
    l = p.sum(-1, keepdims=True)
    p = p / l
    o = p @ v
    dv = np.swapaxes(p, -1, -2) @ do
    dp = do @ np.swapaxes(v, -1, -2)
    delta = (o * do).sum(-1, keepdims=True)
    ds = p * (dp - delta)
    dk = np.swapaxes(ds, -1, -2) @ q * sm_scale
    # The kernel's statistics: m = log2 of the softmax normalizer (as the
    # forward pass stores it, base 2) and D = rowsum(o * do).
    m = (mx + np.log(l))[..., 0] / np.log(2.0)
    return dk, dv, m, delta[..., 0]


@pytest.mark.parametrize("causal", [False, True])
def test_attention_bwd_dkdv_cpu(causal):
    rng = np.random.default_rng(3)
    bh, n, d = 2, 128, 64
    q, k, v, do = (rng.standard_normal((bh, n, d)).astype(np.float16)
                   for _ in range(4))
    sm_scale = 0.5
    dk_ref, dv_ref, m, delta = bwd_reference(q, k, v, do, sm_scale, causal)
    # The kernel takes q pre-scaled into base 2 (as the tutorial does with
    # K scaled by sm_scale / ln 2 before the call).
    q2 = (q.astype(np.float64) * sm_scale / np.log(2.0)).astype(np.float16)
    dk = np.full((bh, n, d), np.nan, np.float16)
    dv = np.full((bh, n, d), np.nan, np.float16)
    attn_bwd_dkdv[(n // 64, bh)](
        q2, k, v, do, m.astype(np.float32), delta.astype(np.float32), dk, dv,
        np.log(2.0) / 1.0, N_CTX=n, HEAD_DIM=d, BLOCK_M=32, BLOCK_N=64,
        CAUSAL=causal)
    # dk from q2 = q * sm_scale / ln2: scaled back by ln2 (the argument),
    # dk_ref has sm_scale in it already.
    for got, ref in ((dv, dv_ref), (dk, dk_ref)):
        err = np.linalg.norm(got.astype(np.float64) - ref) / np.linalg.norm(ref)
        assert err < 2e-2, err

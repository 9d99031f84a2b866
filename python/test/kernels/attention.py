"""Tutorial 6: fused attention forward (flash-attention style).

Each program computes BLOCK_M rows of softmax(Q K^T * sm_scale) V for one
(batch, head): it walks K and V in blocks of BLOCK_N rows and keeps a
running maximum and sum per row (the online softmax), so the full
attention matrix never exists."""
import numpy as np

import trident as triton
import trident.language as tl


@triton.jit
def attn_fwd_kernel(Q, K, V, Out, sm_scale, seq_len,
                    stride_qh, stride_qm, stride_kh, stride_kn,
                    stride_vh, stride_vn, stride_oh, stride_om,
                    HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr,
                    BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr):
    start_m = tl.program_id(0)
    off_h = tl.program_id(1)
    offs_m = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, HEAD_DIM)
    Q += off_h * stride_qh
    K += off_h * stride_kh
    V += off_h * stride_vh
    Out += off_h * stride_oh

    q = tl.load(Q + offs_m[:, None] * stride_qm + offs_d[None, :],
                mask=offs_m[:, None] < seq_len, other=0.0)
    # exp(x) = exp2(x * log2(e)): fold log2(e) into the scale.
    qk_scale = sm_scale * 1.4426950408889634
    m_i = tl.full([BLOCK_M], -float("inf"), dtype=tl.float32)
    l_i = tl.zeros([BLOCK_M], dtype=tl.float32)
    acc = tl.zeros([BLOCK_M, HEAD_DIM], dtype=tl.float32)

    # With a causal mask, blocks of keys past this block of queries are
    # all masked: stop at the diagonal.
    if CAUSAL:
        hi = tl.minimum((start_m + 1) * BLOCK_M, seq_len)
    else:
        hi = seq_len
    for start_n in range(0, hi, BLOCK_N):
        cols = start_n + offs_n
        # K^T block: (HEAD_DIM, BLOCK_N).
        k = tl.load(K + cols[None, :] * stride_kn + offs_d[:, None],
                    mask=cols[None, :] < seq_len, other=0.0)
        qk = tl.dot(q, k) * qk_scale
        valid = cols[None, :] < seq_len
        if CAUSAL:
            valid = valid & (offs_m[:, None] >= cols[None, :])
        qk = tl.where(valid, qk, -float("inf"))
        # Online softmax: rescale what was accumulated to the new maximum.
        m_new = tl.maximum(m_i, tl.max(qk, axis=1))
        p = tl.math.exp2(qk - m_new[:, None])
        alpha = tl.math.exp2(m_i - m_new)
        l_i = l_i * alpha + tl.sum(p, axis=1)
        v = tl.load(V + cols[:, None] * stride_vn + offs_d[None, :],
                    mask=cols[:, None] < seq_len, other=0.0)
        acc = acc * alpha[:, None]
        acc = tl.dot(p.to(v.dtype), v, acc)
        m_i = m_new

    acc = acc / l_i[:, None]
    tl.store(Out + offs_m[:, None] * stride_om + offs_d[None, :],
             acc.to(Out.dtype.element_ty), mask=offs_m[:, None] < seq_len)


def attention(q, k, v, sm_scale, causal=False, BLOCK_M=32, BLOCK_N=32):
    """q, k, v: (heads, seq_len, head_dim) arrays, contiguous."""
    H, N_CTX, D = q.shape
    assert k.shape == v.shape == q.shape
    o = np.empty_like(q)
    grid = (triton.cdiv(N_CTX, BLOCK_M), H)

    def s(a, i):
        return a.strides[i] // a.itemsize
    attn_fwd_kernel[grid](q, k, v, o, sm_scale, N_CTX,
                          s(q, 0), s(q, 1), s(k, 0), s(k, 1),
                          s(v, 0), s(v, 1), s(o, 0), s(o, 1),
                          HEAD_DIM=D, BLOCK_M=BLOCK_M, BLOCK_N=BLOCK_N,
                          CAUSAL=causal, num_warps=4)
    return o

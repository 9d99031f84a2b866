"""Flash-attention forward, warp-specialized, written with TLX (issue 26):
O = softmax(Q K^T * sm_scale) V for q, k, v, o of shape (Z, H, N_CTX,
HEAD_DIM), fp16 or bf16, contiguous, head dims 64 or 128, causal or not;
also the natural log-sum-exp of each row of scaled scores (LSE, float32,
(Z, H, N_CTX)), which a backward pass would need.

A program owns BLOCK_M query rows of one (batch, head) and walks that
head's keys in blocks of BLOCK_N. The four tensors are seen by TMA as one
2-D array of (Z * H * N_CTX) rows of HEAD_DIM, so a head's block is a row
offset; N_CTX must therefore be a multiple of the blocks (a block may not
run into the next head).

Three tasks share the program's shared memory:

- the producer (the default task, one warpgroup at few registers) loads the
  program's Q once (its two halves, each announced on its own barrier),
  then streams K and V blocks by TMA into two rings of STAGES slots. Each
  slot has a `full` barrier (the bytes landed) and an `empty` one (both
  consumers read it), and K and V have barriers of their own, so that
  scores can start as soon as K is in, before V is.
- two consumers (one 4-warp task, replicated) each own BLOCK_M / 2 of the
  rows and run the online softmax over the same key blocks. In steady
  state a consumer issues the scores S_j = Q K_j^T (async wgmma), then the
  previous block's P_{j-1} V_{j-1} (async wgmma, P from registers),
  waits for S_j only, and does S_j's softmax (row max, exp2 of the
  scaled, shifted scores, row sum, the correction factor of the old
  maximum) while P V is still on the tensor cores; then it waits for P V
  and rescales the accumulator. Each slot is released the moment the dot
  that read it is complete.

Causal programs stop at their own diagonal: key blocks wholly above a
consumer's rows are never computed (the producer stops at the program's
last row; a consumer whose rows end earlier only passes the blocks it does
not need back to the producer), and only blocks that cross a consumer's
diagonal pay for the mask. Causal programs start with the longest rows
(the last query block first) so that the short ones fill the tail.

With PINGPONG, the two consumers also take turns at the tensor cores, as
FlashAttention-3 schedules its warpgroups: a consumer issues a turn's
dots (S_j and P_{j-1} V_{j-1}) only after the other has issued its own,
through two named barriers (TURN, TURN + 1), so that one consumer's
softmax runs while the other's dots do. A consumer with more turns than
the other (causal programs: the second half's rows see more keys) stops
waiting once the other is done.

The epilogue divides by the row sums, writes the tile into shared memory
and sends it out by a TMA store; the LSE goes out by plain stores.

Run it (CPU target without a GPU; small shapes are checked against a
float64 reference):

    TRIDENT_PLUGIN_PATHS=build/plugins/libTlxPlugin.so \\
        python plugins/tlx/examples/attention_fwd.py
"""
import math
import sys

import torch

import trident
import trident.language as tl
import trident.language.extra.tlx as tlx
from trident.tools.tensor_descriptor import TensorDescriptor


@trident.jit
def _softmax_step(s, m_i, l_i, qk_scale, start_n, rows,
                  BLOCK_N: tl.constexpr, MASKED: tl.constexpr,
                  P_DTYPE: tl.constexpr):
    """One key block's update of the online softmax of raw scores `s`:
    (p in P_DTYPE, the new running maximum, the new running sum, the factor
    that rescales what was accumulated under the old maximum). Maxima are
    in the exp2 domain (scores times qk_scale = sm_scale * log2(e)).

    p is narrowed here rather than at its dot: the consumer carries it into
    the next iteration, and at 16 bits it costs half the registers (at d128
    with 128-key blocks, the difference between no spills and ~200)."""
    if MASKED:
        cols = start_n + tl.arange(0, BLOCK_N)
        s = tl.where(cols[None, :] <= rows[:, None], s, float("-inf"))
    m_new = tl.maximum(m_i, tl.max(s, 1) * qk_scale)
    p = tl.math.exp2(s * qk_scale - m_new[:, None])
    alpha = tl.math.exp2(m_i - m_new)
    l_new = l_i * alpha + tl.sum(p, 1)
    return p.to(P_DTYPE), m_new, l_new, alpha


# The named barriers of the consumers' turns (PINGPONG): TURN + c is the one
# consumer c waits at. 0 is the CTA's own barrier; the examples' GEMM
# ping-pong takes the same two.
TURN = tl.constexpr(9)


@trident.jit
def _turn_begin(turn, wait_upto, c: tl.constexpr, PINGPONG: tl.constexpr):
    """Before a turn's dots: consumer c waits until the other has issued its
    dots of the turn before (as long as the other has such a turn)."""
    if PINGPONG:
        if turn <= wait_upto:
            tlx.named_barrier_wait(TURN + c, 256)


@trident.jit
def _turn_end(turn, arrive_upto, c: tl.constexpr, PINGPONG: tl.constexpr):
    """After a turn's dots are issued: the other consumer's turn (when it
    has one left to wait for)."""
    if PINGPONG:
        if turn <= arrive_upto:
            tlx.named_barrier_arrive(TURN + 1 - c, 256)


@trident.jit
def attention_fwd(q_desc, k_desc, v_desc, o_desc, lse_ptr, sm_scale, N_CTX,
                  HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr,
                  BLOCK_N: tl.constexpr, STAGES: tl.constexpr,
                  CAUSAL: tl.constexpr, PINGPONG: tl.constexpr = False):
    HALF: tl.constexpr = BLOCK_M // 2
    dtype = tlx.dtype_of(q_desc)
    q_bufs = tlx.local_alloc((HALF, HEAD_DIM), dtype, 2)
    k_ring = tlx.local_alloc((BLOCK_N, HEAD_DIM), dtype, STAGES)
    v_ring = tlx.local_alloc((BLOCK_N, HEAD_DIM), dtype, STAGES)
    o_bufs = tlx.local_alloc((HALF, HEAD_DIM), tlx.dtype_of(o_desc), 2)
    q_full = tlx.alloc_barriers(2, arrive_count=1)
    k_full = tlx.alloc_barriers(STAGES, arrive_count=1)
    v_full = tlx.alloc_barriers(STAGES, arrive_count=1)
    k_empty = tlx.alloc_barriers(STAGES, arrive_count=2)
    v_empty = tlx.alloc_barriers(STAGES, arrive_count=2)

    if CAUSAL:
        # The longest rows first.
        start_m = tl.num_programs(0) - 1 - tl.program_id(0)
        blocks = (start_m + 1) * BLOCK_M // BLOCK_N
    else:
        start_m = tl.program_id(0)
        blocks = N_CTX // BLOCK_N
    head_row = tl.program_id(1) * N_CTX  # the head's first row in the 2-D view
    q_row = head_row + start_m * BLOCK_M
    tile_bytes: tl.constexpr = BLOCK_N * HEAD_DIM * tlx.size_of(dtype)

    with tlx.async_tasks():
        with tlx.async_task("default"):
            for h in tl.static_range(2):
                bar = tlx.local_view(q_full, h)
                tlx.barrier_expect_bytes(
                    bar, HALF * HEAD_DIM * tlx.size_of(dtype))
                tlx.async_descriptor_load(q_desc, tlx.local_view(q_bufs, h),
                                          [q_row + h * HALF, 0], bar)
            for j in range(0, blocks):
                slot = j % STAGES
                free = ((j // STAGES) & 1) ^ 1
                kv_row = head_row + j * BLOCK_N
                tlx.barrier_wait(tlx.local_view(k_empty, slot), free)
                bar = tlx.local_view(k_full, slot)
                tlx.barrier_expect_bytes(bar, tile_bytes)
                tlx.async_descriptor_load(k_desc, tlx.local_view(k_ring, slot),
                                          [kv_row, 0], bar)
                tlx.barrier_wait(tlx.local_view(v_empty, slot), free)
                bar = tlx.local_view(v_full, slot)
                tlx.barrier_expect_bytes(bar, tile_bytes)
                tlx.async_descriptor_load(v_desc, tlx.local_view(v_ring, slot),
                                          [kv_row, 0], bar)

        with tlx.async_task(num_warps=4, registers=232, replicate=2):
            h: tl.constexpr = tlx.async_task_replica_id()
            first = start_m * BLOCK_M + h * HALF  # first row, in the head
            rows = first + tl.arange(0, HALF)
            if CAUSAL:
                # Blocks wholly left of the diagonal need no mask; those
                # wholly right of this half's rows are not computed.
                unmasked = (first + 1) // BLOCK_N
                mine = tl.cdiv(first + HALF, BLOCK_N)
                theirs = tl.cdiv(start_m * BLOCK_M + (1 - h) * HALF + HALF,
                                 BLOCK_N)
            else:
                unmasked = blocks
                mine = blocks
                theirs = blocks
            # Turns (PINGPONG): block 0's scores, then one per later block,
            # then the last P V: mine + 1 of them. Turn t of consumer 0
            # waits for consumer 1's turn t - 1 (its first, for the arrive
            # consumer 1 makes up front), turn t of consumer 1 for consumer
            # 0's turn t; an arrive is made only where a wait takes it.
            if h == 0:
                wait_upto = tl.minimum(mine + 1, theirs + 2)
                arrive_upto = theirs + 1
            else:
                wait_upto = tl.minimum(mine + 1, theirs + 1)
                arrive_upto = theirs
                if PINGPONG:
                    tlx.named_barrier_arrive(TURN, 256)
            qk_scale = sm_scale * 1.4426950408889634  # log2(e)
            q = tlx.local_view(q_bufs, h)
            tlx.barrier_wait(tlx.local_view(q_full, h), 0)

            # Block 0: its scores alone (every row has key 0 unmasked, so
            # the running maximum is finite from here on).
            tlx.barrier_wait(tlx.local_view(k_full, 0), 0)
            _turn_begin(1, wait_upto, h, PINGPONG)
            s = tlx.async_dot(q, tlx.local_trans(tlx.local_view(k_ring, 0)))
            _turn_end(1, arrive_upto, h, PINGPONG)
            s = tlx.async_dot_wait(0, s)
            tlx.barrier_arrive(tlx.local_view(k_empty, 0))
            m_i = tl.full((HALF,), float("-inf"), tl.float32)
            l_i = tl.zeros((HALF,), tl.float32)
            if CAUSAL and unmasked == 0:
                p, m_i, l_i, alpha = _softmax_step(s, m_i, l_i, qk_scale, 0,
                                                   rows, BLOCK_N, True,
                                                   dtype)
            else:
                p, m_i, l_i, alpha = _softmax_step(s, m_i, l_i, qk_scale, 0,
                                                   rows, BLOCK_N, False,
                                                   dtype)
            acc = tl.zeros((HALF, HEAD_DIM), dtype=tl.float32)

            for j in range(1, mine):
                slot = j % STAGES
                prev = (j - 1) % STAGES
                tlx.barrier_wait(tlx.local_view(k_full, slot),
                                 (j // STAGES) & 1)
                tlx.barrier_wait(tlx.local_view(v_full, prev),
                                 ((j - 1) // STAGES) & 1)
                _turn_begin(j + 1, wait_upto, h, PINGPONG)
                s = tlx.async_dot(
                    q, tlx.local_trans(tlx.local_view(k_ring, slot)))
                acc = tlx.async_dot(p, tlx.local_view(v_ring, prev), acc)
                _turn_end(j + 1, arrive_upto, h, PINGPONG)
                # The scores are in (P V may still run): K's slot is free.
                s = tlx.async_dot_wait(1, s)
                tlx.barrier_arrive(tlx.local_view(k_empty, slot))
                if CAUSAL and j >= unmasked:
                    p, m_i, l_i, alpha = _softmax_step(
                        s, m_i, l_i, qk_scale, j * BLOCK_N, rows, BLOCK_N,
                        True, dtype)
                else:
                    p, m_i, l_i, alpha = _softmax_step(
                        s, m_i, l_i, qk_scale, j * BLOCK_N, rows, BLOCK_N,
                        False, dtype)
                acc = tlx.async_dot_wait(0, acc)
                tlx.barrier_arrive(tlx.local_view(v_empty, prev))
                acc = acc * alpha[:, None]

            last = (mine - 1) % STAGES
            tlx.barrier_wait(tlx.local_view(v_full, last),
                             ((mine - 1) // STAGES) & 1)
            _turn_begin(mine + 1, wait_upto, h, PINGPONG)
            acc = tlx.async_dot(p, tlx.local_view(v_ring, last), acc)
            _turn_end(mine + 1, arrive_upto, h, PINGPONG)
            acc = tlx.async_dot_wait(0, acc)
            tlx.barrier_arrive(tlx.local_view(v_empty, last))
            # Blocks the producer loads for the other half's rows only:
            # taken (so that the ring's phases stay in step) and given back.
            for j in range(mine, blocks):
                slot = j % STAGES
                phase = (j // STAGES) & 1
                tlx.barrier_wait(tlx.local_view(k_full, slot), phase)
                tlx.barrier_arrive(tlx.local_view(k_empty, slot))
                tlx.barrier_wait(tlx.local_view(v_full, slot), phase)
                tlx.barrier_arrive(tlx.local_view(v_empty, slot))

            acc = acc / l_i[:, None]
            # Back from log2 to the natural log (times ln 2).
            lse = (m_i + tl.math.log2(l_i)) * 0.6931471805599453
            tl.store(lse_ptr + head_row + rows, lse)
            out = tlx.local_view(o_bufs, h)
            tlx.local_store(out, acc.to(tlx.dtype_of(o_desc)))
            tlx.fence_async_shared()
            tlx.async_descriptor_store(o_desc, out, [head_row + first, 0])
            tlx.async_descriptor_store_wait(0)


def default_config(head_dim):
    """(BLOCK_M, BLOCK_N, STAGES) for a head dim: K and V rings of 3 slots
    of 128 keys at d64 (129 KiB of shared memory with Q and the output
    tile); at d128, 2 slots of 128 keys (193 KiB; 3 slots of 64 keys, 161
    KiB, also build without spills)."""
    if head_dim == 64:
        return 128, 128, 3
    return 128, 128, 2


def attention(q, k, v, causal=False, sm_scale=None, BLOCK_M=None,
              BLOCK_N=None, STAGES=None, return_lse=False, pingpong=False):
    """softmax(q k^T * sm_scale) v (sm_scale: 1 / sqrt(HEAD_DIM) unless
    given; causal: key n attends to query m only where n <= m) for q, k, v
    torch tensors of shape (Z, H, N_CTX, HEAD_DIM), contiguous, one of
    fp16 / bf16 (CUDA tensors on the GPU, CPU tensors on the CPU target).
    Returns o (and the float32 LSE of shape (Z, H, N_CTX) with
    return_lse). pingpong: the consumers take turns at the tensor cores
    (PINGPONG above)."""
    for name, t in (("q", q), ("k", k), ("v", v)):
        if t.dim() != 4 or tuple(t.shape) != tuple(q.shape):
            raise ValueError("attention: %s must have q's shape (Z, H, N_CTX, "
                             "HEAD_DIM) %s, got %s" % (name, tuple(q.shape),
                                                      tuple(t.shape)))
        if t.dtype != q.dtype or t.dtype not in (torch.float16,
                                                 torch.bfloat16):
            raise ValueError("attention: q, k, v must all be float16 or all "
                             "bfloat16, got %s for %s" % (t.dtype, name))
        if not t.is_contiguous():
            raise ValueError("attention: %s must be contiguous" % name)
    z, h, n_ctx, d = q.shape
    if d not in (64, 128):
        raise ValueError("attention: HEAD_DIM must be 64 or 128, got %d" % d)
    bm, bn, stages = default_config(d)
    BLOCK_M, BLOCK_N = BLOCK_M or bm, BLOCK_N or bn
    STAGES = STAGES or stages
    # Two consumer warpgroups of 64 rows each: one wgmma M each.
    if BLOCK_M != 128 or BLOCK_N not in (64, 128) or STAGES < 1:
        raise ValueError("attention: BLOCK_M must be 128, BLOCK_N 64 or 128 "
                         "and STAGES at least 1, got %d, %d and %d"
                         % (BLOCK_M, BLOCK_N, STAGES))
    if n_ctx % BLOCK_M or n_ctx % BLOCK_N:
        raise ValueError("attention: N_CTX (%d) must be a multiple of BLOCK_M "
                         "(%d) and BLOCK_N (%d): the heads lie end to end in "
                         "the descriptors" % (n_ctx, BLOCK_M, BLOCK_N))
    if sm_scale is None:
        sm_scale = 1.0 / math.sqrt(d)
    o = torch.empty_like(q)
    lse = torch.empty((z, h, n_ctx), dtype=torch.float32, device=q.device)
    rows = z * h * n_ctx

    def desc(t, block):
        return TensorDescriptor(t, [rows, d], [d, 1], [block, d])

    grid = (n_ctx // BLOCK_M, z * h)
    attention_fwd[grid](desc(q, BLOCK_M // 2), desc(k, BLOCK_N),
                        desc(v, BLOCK_N), desc(o, BLOCK_M // 2), lse,
                        float(sm_scale), n_ctx, HEAD_DIM=d,
                        BLOCK_M=BLOCK_M, BLOCK_N=BLOCK_N, STAGES=STAGES,
                        CAUSAL=bool(causal), PINGPONG=bool(pingpong),
                        num_warps=4)
    return (o, lse) if return_lse else o


def reference(q, k, v, causal, sm_scale):
    """(o, lse) in float64, computed the plain way."""
    q, k, v = q.double(), k.double(), v.double()
    s = q @ k.transpose(-1, -2) * sm_scale
    if causal:
        n = s.shape[-1]
        keep = torch.ones(n, n, dtype=torch.bool).tril()
        s = s.masked_fill(~keep, float("-inf"))
    return torch.softmax(s, -1) @ v, torch.logsumexp(s, -1)


def main():
    torch.manual_seed(0)
    # 256 keys: two programs per head; with BLOCK_N 64, causal programs
    # whose first half skips a block; three stages over four blocks.
    cases = [(torch.float16, 64, False, 128, 3),
             (torch.float16, 64, True, 64, 3),
             (torch.bfloat16, 64, True, 128, 2),
             (torch.bfloat16, 128, False, 64, 3),
             (torch.float16, 128, True, 128, 2),
             (torch.bfloat16, 128, True, 64, 2)]
    for (dtype, d, causal, bn, stages), pingpong in (
            [(c, False) for c in cases] + [(c, True) for c in cases[:4]]):
        z, h, n = 1, 2, 256
        q, k, v = (torch.randn(z, h, n, d, dtype=dtype) for _ in range(3))
        scale = 1.0 / math.sqrt(d)
        o, lse = attention(q, k, v, causal, scale, BLOCK_N=bn, STAGES=stages,
                           return_lse=True, pingpong=pingpong)
        ref, ref_lse = reference(q, k, v, causal, scale)
        err = ((o.double() - ref).norm() / ref.norm()).item()
        lse_err = (lse.double() - ref_lse).abs().max().item()
        print("%-8s d%-3d %-10s BLOCK_N %3d%s  relative error %.1e  lse max "
              "abs error %.1e" % (str(dtype)[6:], d,
                                  "causal" if causal else "non-causal", bn,
                                  " ping-pong" if pingpong else "", err,
                                  lse_err))
        if not (err < 1e-2 and lse_err < 1e-2):
            sys.exit("wrong result")


if __name__ == "__main__":
    main()

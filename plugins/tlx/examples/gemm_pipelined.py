"""A software-pipelined GEMM written with TLX (issue 26), without warp
specialization: C = A @ B, bf16 or fp16 in, fp32 accumulation, the input
type out.

Each program computes one BM x BN tile of C (programs taken in groups of
GROUP_M rows of tiles, so that neighbours share columns of B in L2). All
of its warps do everything, in one instruction stream:

- the K slices of A and B come by TMA into a ring of STAGES slots; slot s
  has one mbarrier, armed with the bytes of both copies, which the copies
  complete (its phase flips once per use of the slot);
- before the loop, the copies of the first STAGES - 1 steps are started;
- step k waits for its slot's barrier, starts an asynchronous wgmma on
  the slot and then waits until at most one dot is in flight: the dot of
  step k - 1 is then complete, so its slot, which is also the slot of step
  k + STAGES - 1, is free, and the copies for that step start at once
  (skipped past the last step). Copies run STAGES - 1 steps ahead of the
  dots and the tensor cores always have the next dot queued;
- the epilogue converts the accumulator to the output type into a shared
  buffer and writes it with one TMA store, which clips the tile at the
  edges of C as the loads zero-fill past the edges of A and B (partial
  tiles need no masks).

Run it (CPU target without a GPU; small shapes are checked against numpy):

    TRIDENT_PLUGIN_PATHS=build/plugins/libTlxPlugin.so \\
        python plugins/tlx/examples/gemm_pipelined.py
"""
import trident
import trident.language as tl
import trident.language.extra.tlx as tlx
from trident.tools.tensor_descriptor import TensorDescriptor

from gemm_persistent_ws import _tile_coords, check_shapes


@trident.jit
def _load_step(a_desc, b_desc, ring_a, ring_b, full, step, steps, pid_m,
               pid_n, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
               STAGES: tl.constexpr):
    # The copies of K step `step` into its slot, none past the last step.
    slot = step % STAGES
    live = step < steps
    bar = tlx.local_view(full, slot)
    tlx.barrier_expect_bytes(
        bar, (BM * BK + BK * BN) * tlx.size_of(tlx.dtype_of(a_desc)),
        pred=live)
    tlx.async_descriptor_load(a_desc, tlx.local_view(ring_a, slot),
                              [pid_m * BM, step * BK], bar, pred=live)
    tlx.async_descriptor_load(b_desc, tlx.local_view(ring_b, slot),
                              [step * BK, pid_n * BN], bar, pred=live)


@trident.jit
def matmul_pipelined(a_desc, b_desc, c_desc, M, N, K,
                     BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
                     STAGES: tl.constexpr, GROUP_M: tl.constexpr):
    dtype = tlx.dtype_of(a_desc)
    ring_a = tlx.local_alloc((BM, BK), dtype, STAGES)
    ring_b = tlx.local_alloc((BK, BN), dtype, STAGES)
    out = tlx.local_alloc((BM, BN), tlx.dtype_of(c_desc), 1)
    full = tlx.alloc_barriers(STAGES, arrive_count=1)
    pid_m, pid_n = _tile_coords(tl.program_id(0), tl.cdiv(M, BM),
                                tl.cdiv(N, BN), GROUP_M)
    steps = tl.cdiv(K, BK)
    for s in tl.static_range(STAGES - 1):
        _load_step(a_desc, b_desc, ring_a, ring_b, full, s, steps, pid_m,
                   pid_n, BM, BN, BK, STAGES)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, steps):
        slot = k % STAGES
        tlx.barrier_wait(tlx.local_view(full, slot), (k // STAGES) & 1)
        acc = tlx.async_dot(tlx.local_view(ring_a, slot),
                            tlx.local_view(ring_b, slot), acc)
        # Dot k - 1 is complete: its slot takes step k + STAGES - 1.
        acc = tlx.async_dot_wait(1, acc)
        _load_step(a_desc, b_desc, ring_a, ring_b, full, k + STAGES - 1,
                   steps, pid_m, pid_n, BM, BN, BK, STAGES)
    acc = tlx.async_dot_wait(0, acc)
    tlx.local_store(tlx.local_view(out, 0), acc.to(tlx.dtype_of(c_desc)))
    tlx.fence_async_shared()
    tlx.async_descriptor_store(c_desc, tlx.local_view(out, 0),
                               [pid_m * BM, pid_n * BN])
    tlx.async_descriptor_store_wait(0)


def matmul(a, b, c, BM=128, BN=256, BK=64, STAGES=3, GROUP_M=8,
           num_warps=8):
    """c = a @ b for 2-D arrays (torch tensors on the GPU, numpy arrays on
    the CPU target) of one 16-bit float type, row-major. 8 warps (two
    warpgroups, 64 rows of the tile each) by default."""
    (m, k), n = a.shape, b.shape[1]
    a_desc = TensorDescriptor(a, [m, k], [k, 1], [BM, BK])
    b_desc = TensorDescriptor(b, [k, n], [n, 1], [BK, BN])
    c_desc = TensorDescriptor(c, [m, n], [n, 1], [BM, BN])
    grid = (trident.cdiv(m, BM) * trident.cdiv(n, BN),)
    matmul_pipelined[grid](a_desc, b_desc, c_desc, m, n, k, BM=BM, BN=BN,
                           BK=BK, STAGES=STAGES, GROUP_M=GROUP_M,
                           num_warps=num_warps)
    return c


def main():
    # Whole tiles; partial tiles on every side (K 88: a partial last step);
    # fewer K steps than the prologue loads (K 40: one step of three).
    check_shapes(matmul, [(256, 256, 192), (200, 136, 88), (72, 40, 40)],
                 BM=64, BN=128, BK=32, STAGES=3, GROUP_M=2, num_warps=4)


if __name__ == "__main__":
    main()

"""A persistent, warp-specialized "ping-pong" GEMM written with TLX (issue
26): C = A @ B, bf16 or fp16 in, fp32 accumulation, the input type out.

One program per SM walks the output tiles (grouped along M for L2 reuse),
as in gemm_persistent_ws.py, but its two consumer warpgroups do not split
a tile: each takes whole tiles in turn, consumer 0 the program's even
tiles (its 0th, 2nd, ...) and consumer 1 the odd ones. While one consumer
runs the epilogue of its tile (waiting for its last dot, converting,
storing), the other already feeds the tensor cores with the next tile, so
the epilogue costs no MMA time.

- The producer (the default task, few registers) streams the K slices of
  every tile of the program, in order, by TMA into one ring of STAGES
  slots; `full[s]` counts the copies' bytes, `empty[s]` one release by
  the consumer that read the slot. Item i of the ring (a tile's K step)
  is the same for producer and consumers: t * steps + k for the program's
  t-th tile, so each side knows a slot's phase without talking.
- The consumers' main loops take turns, ordered by two hardware (named)
  barriers, as CUTLASS's ping-pong kernel and FA3 do: consumer c waits at
  barrier TURN + c before its first dot of a tile and, once its last dot
  of the tile is issued, arrives at the other's barrier (TURN + 1 - c;
  each barrier completes with both warpgroups, 256 threads). Consumer 1
  arrives once at the start so that consumer 0 goes first; a consumer
  only arrives when the other has a tile to come, so no barrier is left
  half met. The turns also keep the ring's phases unambiguous: a consumer
  waits for a slot only after the other has taken every earlier item, so
  a slot is never two phases behind its reader.
- Each consumer keeps one dot in flight and releases a slot as soon as the
  dot that read it is complete; its epilogue goes through its own shared
  buffer and a TMA store, waited for only before the buffer's next use.

Run it (CPU target without a GPU; small shapes are checked against numpy):

    TRIDENT_PLUGIN_PATHS=build/plugins/libTlxPlugin.so \\
        python plugins/tlx/examples/gemm_pingpong.py
"""
import trident
import trident.language as tl
import trident.language.extra.tlx as tlx
from trident.tools.tensor_descriptor import TensorDescriptor

from gemm_persistent_ws import _tile_coords, check_shapes, sm_count

# The first of the two named barriers that order the consumers' main loops
# (0 to 8 are left to the compiler's own barriers).
TURN = tl.constexpr(9)


@trident.jit
def matmul_pingpong(a_desc, b_desc, c_desc, M, N, K,
                    BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
                    STAGES: tl.constexpr, GROUP_M: tl.constexpr,
                    NUM_SMS: tl.constexpr):
    dtype = tlx.dtype_of(a_desc)
    ring_a = tlx.local_alloc((BM, BK), dtype, STAGES)
    ring_b = tlx.local_alloc((BK, BN), dtype, STAGES)
    out = tlx.local_alloc((BM, BN), tlx.dtype_of(c_desc), 2)
    full = tlx.alloc_barriers(STAGES, arrive_count=1)
    empty = tlx.alloc_barriers(STAGES, arrive_count=1)
    num_m = tl.cdiv(M, BM)
    num_n = tl.cdiv(N, BN)
    steps = tl.cdiv(K, BK)
    first = tl.program_id(0)
    # The program's tiles: first, first + NUM_SMS, ... (grid <= tiles).
    mine = tl.cdiv(num_m * num_n - first, NUM_SMS)
    with tlx.async_tasks():
        with tlx.async_task("default"):
            it = 0
            for t in range(0, mine):
                pid_m, pid_n = _tile_coords(first + t * NUM_SMS, num_m, num_n,
                                            GROUP_M)
                for k in range(0, steps):
                    slot = it % STAGES
                    tlx.barrier_wait(tlx.local_view(empty, slot),
                                     ((it // STAGES) & 1) ^ 1)
                    bar = tlx.local_view(full, slot)
                    tlx.barrier_expect_bytes(
                        bar, (BM * BK + BK * BN) * tlx.size_of(dtype))
                    tlx.async_descriptor_load(
                        a_desc, tlx.local_view(ring_a, slot),
                        [pid_m * BM, k * BK], bar)
                    tlx.async_descriptor_load(
                        b_desc, tlx.local_view(ring_b, slot),
                        [k * BK, pid_n * BN], bar)
                    it += 1
        with tlx.async_task(num_warps=4, registers=232, replicate=2):
            cid: tl.constexpr = tlx.async_task_replica_id()
            if cid == 1:
                # Consumer 0 takes the tensor cores first.
                tlx.named_barrier_arrive(TURN, 256)
            for t in range(cid, mine, 2):
                pid_m, pid_n = _tile_coords(first + t * NUM_SMS, num_m, num_n,
                                            GROUP_M)
                tlx.named_barrier_wait(TURN + cid, 256)
                acc = tl.zeros((BM, BN), dtype=tl.float32)
                it = t * steps
                for k in range(0, steps):
                    slot = it % STAGES
                    tlx.barrier_wait(tlx.local_view(full, slot),
                                     (it // STAGES) & 1)
                    acc = tlx.async_dot(tlx.local_view(ring_a, slot),
                                        tlx.local_view(ring_b, slot), acc)
                    # The dot before this one is complete: its slot is free.
                    acc = tlx.async_dot_wait(1, acc)
                    if k > 0:
                        tlx.barrier_arrive(
                            tlx.local_view(empty, (it - 1) % STAGES))
                    it += 1
                # Every dot of the tile is issued: the other consumer's turn.
                if t + 1 < mine:
                    tlx.named_barrier_arrive(TURN + 1 - cid, 256)
                acc = tlx.async_dot_wait(0, acc)
                tlx.barrier_arrive(tlx.local_view(empty, (it - 1) % STAGES))
                # This consumer's previous store has read the buffer.
                tlx.async_descriptor_store_wait(0)
                buf = tlx.local_view(out, cid)
                tlx.local_store(buf, acc.to(tlx.dtype_of(c_desc)))
                tlx.fence_async_shared()
                tlx.async_descriptor_store(c_desc, buf,
                                           [pid_m * BM, pid_n * BN])
            tlx.async_descriptor_store_wait(0)


def matmul(a, b, c, BM=128, BN=128, BK=64, STAGES=4, GROUP_M=8,
           num_sms=None):
    """c = a @ b for 2-D arrays (torch tensors on the GPU, numpy arrays on
    the CPU target) of one 16-bit float type, row-major."""
    (m, k), n = a.shape, b.shape[1]
    if num_sms is None:
        num_sms = sm_count()
    a_desc = TensorDescriptor(a, [m, k], [k, 1], [BM, BK])
    b_desc = TensorDescriptor(b, [k, n], [n, 1], [BK, BN])
    c_desc = TensorDescriptor(c, [m, n], [n, 1], [BM, BN])
    tiles = trident.cdiv(m, BM) * trident.cdiv(n, BN)
    grid = (min(num_sms, tiles),)
    matmul_pingpong[grid](a_desc, b_desc, c_desc, m, n, k, BM=BM, BN=BN,
                          BK=BK, STAGES=STAGES, GROUP_M=GROUP_M,
                          NUM_SMS=grid[0], num_warps=4)
    return c


def main():
    # Eight tiles per program; five or four (consumer 0 takes one more),
    # partial tiles on every side and a partial last K step; one tile in
    # all (consumer 1 idle).
    check_shapes(matmul, [(256, 384, 192), (440, 104, 88), (64, 40, 40)],
                 BM=64, BN=64, BK=32, STAGES=3, GROUP_M=2, num_sms=3)


if __name__ == "__main__":
    main()

"""A persistent, warp-specialized GEMM in clusters of two CTAs, written with
TLX (issue 26): C = A @ B, bf16 or fp16 in, fp32 accumulation, the input
type out.

The kernel is gemm_persistent_ws.py's (a TMA producer task, two consumer
warpgroups that each multiply half of the tile's rows with one wgmma in
flight, mbarrier rings, a TMA store epilogue) launched with
`ctas_per_cga=(2, 1, 1)`: CTAs 2c and 2c + 1 form cluster c, and the
grid counts CTAs. The two CTAs of a cluster compute vertically adjacent
tiles, rows 2p and 2p + 1 of tiles in the same column, so they need the
same K slices of B. Each CTA's producer loads its own A, but only half of
B's slice (the columns of its rank), by one TMA copy multicast to both
CTAs: every B slice crosses L2 once per cluster instead of twice.

What the sharing costs in synchronisation:

- a CTA's `full[s]` barrier expects the bytes of its A and of the whole B
  slice; half of them come from the other CTA's copy, which completes them
  on this CTA's barrier (the multicast copy signals the barrier at the
  same address in each CTA it writes);
- the peer writes into this CTA's slot, so a producer may refill slot s
  only when the consumers of both CTAs are done with it: each consumer
  arrives at `empty[s]` in its own CTA and, by a remote arrive, in the
  other's (4 arrivals per use);
- the clusters walk pairs of tile rows (grouped along M) in lock-step;
  where M has an odd number of tile rows, the last pair's second CTA
  multiplies rows past M (TMA reads zeros there) to feed its half of B to
  its peer, and stores nothing.

On the CPU target clusters are refused (trident.UnsupportedLaunchOption),
and the CPU runs neither multicast copies nor remote arrives. The kernel
therefore has a switch, MULTICAST: without it, programs still pair up the
same way (rank = program id % 2) and fill the same halves of the B buffer
(tlx.local_slice), each with its own plain TMA copy, and count only their
own consumers' releases. `main()` runs that form on the CPU against numpy
(tile pairing, partial tiles and a lone last tile row, B's halves, the
rings), then compiles the cluster form for sm_90a and checks its PTX: a
2x1x1 cluster, multicast TMA copies, remote arrives, no spills. The
multicast itself runs only on a GPU (bench/tlx/device_check.py,
`example_cluster`).

Run it (CPU target without a GPU):

    TRIDENT_PLUGIN_PATHS=build/plugins/libTlxPlugin.so \\
        python plugins/tlx/examples/gemm_cluster.py
"""
import sys

import trident
import trident.language as tl
import trident.language.extra.tlx as tlx
from trident.tools.tensor_descriptor import TensorDescriptor

from gemm_persistent_ws import _tile_coords, check_shapes, sm_count


@trident.jit
def matmul_cluster(a_desc, b_desc, c_desc, M, N, K,
                   BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
                   STAGES: tl.constexpr, GROUP_M: tl.constexpr,
                   NUM_CLUSTERS: tl.constexpr, MULTICAST: tl.constexpr):
    HALF: tl.constexpr = BM // 2
    HALF_N: tl.constexpr = BN // 2
    dtype = tlx.dtype_of(a_desc)
    ring_a = tlx.local_alloc((HALF, BK), dtype, 2 * STAGES)
    ring_b = tlx.local_alloc((BK, BN), dtype, STAGES)
    out = tlx.local_alloc((HALF, BN), tlx.dtype_of(c_desc), 2)
    full = tlx.alloc_barriers(STAGES, arrive_count=1)
    empty = tlx.alloc_barriers(STAGES, arrive_count=4 if MULTICAST else 2)
    if MULTICAST:
        rank = tlx.cluster_cta_rank()
    else:
        rank = tl.program_id(0) % 2
    cluster = tl.program_id(0) // 2
    num_m = tl.cdiv(M, BM)
    num_pairs = tl.cdiv(num_m, 2)
    num_n = tl.cdiv(N, BN)
    steps = tl.cdiv(K, BK)
    with tlx.async_tasks():
        with tlx.async_task("default"):
            it = 0
            for pair in range(cluster, num_pairs * num_n, NUM_CLUSTERS):
                pm, pid_n = _tile_coords(pair, num_pairs, num_n, GROUP_M)
                pid_m = 2 * pm + rank
                for k in range(0, steps):
                    slot = it % STAGES
                    # Both CTAs' consumers released this slot's last use.
                    tlx.barrier_wait(tlx.local_view(empty, slot),
                                     ((it // STAGES) & 1) ^ 1)
                    bar = tlx.local_view(full, slot)
                    tlx.barrier_expect_bytes(
                        bar, (BM * BK + BK * BN) * tlx.size_of(dtype))
                    tlx.async_descriptor_load(
                        a_desc, tlx.local_view(ring_a, slot),
                        [pid_m * BM, k * BK], bar)
                    tlx.async_descriptor_load(
                        a_desc, tlx.local_view(ring_a, slot + STAGES),
                        [pid_m * BM + HALF, k * BK], bar)
                    b = tlx.local_view(ring_b, slot)
                    if MULTICAST:
                        # This CTA's half of B's columns, into both CTAs.
                        tlx.async_descriptor_load(
                            b_desc, tlx.local_slice(b, [0, rank * HALF_N],
                                                    [BK, HALF_N]),
                            [k * BK, pid_n * BN + rank * HALF_N], bar,
                            multicast_targets=[0, 1])
                    else:
                        for h in tl.static_range(2):
                            tlx.async_descriptor_load(
                                b_desc, tlx.local_slice(b, [0, h * HALF_N],
                                                        [BK, HALF_N]),
                                [k * BK, pid_n * BN + h * HALF_N], bar)
                    it += 1
        with tlx.async_task(num_warps=4, registers=232, replicate=2):
            half: tl.constexpr = tlx.async_task_replica_id()
            it = 0
            for pair in range(cluster, num_pairs * num_n, NUM_CLUSTERS):
                pm, pid_n = _tile_coords(pair, num_pairs, num_n, GROUP_M)
                pid_m = 2 * pm + rank
                acc = tl.zeros((HALF, BN), dtype=tl.float32)
                for k in range(0, steps):
                    slot = it % STAGES
                    tlx.barrier_wait(tlx.local_view(full, slot),
                                     (it // STAGES) & 1)
                    acc = tlx.async_dot(
                        tlx.local_view(ring_a, slot + half * STAGES),
                        tlx.local_view(ring_b, slot), acc)
                    # The dot before this one is complete: its slot is free
                    # here and, for the peer's next multicast, there.
                    acc = tlx.async_dot_wait(1, acc)
                    if k > 0:
                        done = tlx.local_view(empty, (it - 1) % STAGES)
                        tlx.barrier_arrive(done)
                        if MULTICAST:
                            tlx.barrier_arrive(done, remote_cta_rank=rank ^ 1)
                    it += 1
                acc = tlx.async_dot_wait(0, acc)
                done = tlx.local_view(empty, (it - 1) % STAGES)
                tlx.barrier_arrive(done)
                if MULTICAST:
                    tlx.barrier_arrive(done, remote_cta_rank=rank ^ 1)
                if pid_m < num_m:
                    # The previous tile's store has read the buffer.
                    tlx.async_descriptor_store_wait(0)
                    buf = tlx.local_view(out, half)
                    tlx.local_store(buf, acc.to(tlx.dtype_of(c_desc)))
                    tlx.fence_async_shared()
                    tlx.async_descriptor_store(
                        c_desc, buf, [pid_m * BM + half * HALF, pid_n * BN])
            tlx.async_descriptor_store_wait(0)


def matmul(a, b, c, BM=128, BN=256, BK=64, STAGES=3, GROUP_M=8,
           num_sms=None, multicast=True):
    """c = a @ b for 2-D arrays (torch tensors on the GPU, numpy arrays on
    the CPU target) of one 16-bit float type, row-major. With `multicast`
    (a GPU of sm_90 or newer) in clusters of 2 CTAs sharing B; without, the
    same pairs of programs each load all of B."""
    (m, k), n = a.shape, b.shape[1]
    if num_sms is None:
        num_sms = sm_count()
    a_desc = TensorDescriptor(a, [m, k], [k, 1], [BM // 2, BK])
    b_desc = TensorDescriptor(b, [k, n], [n, 1], [BK, BN // 2])
    c_desc = TensorDescriptor(c, [m, n], [n, 1], [BM // 2, BN])
    pairs = trident.cdiv(trident.cdiv(m, BM), 2) * trident.cdiv(n, BN)
    clusters = max(1, min(num_sms // 2, pairs))
    launch = dict(ctas_per_cga=(2, 1, 1)) if multicast else {}
    matmul_cluster[(2 * clusters,)](
        a_desc, b_desc, c_desc, m, n, k, BM=BM, BN=BN, BK=BK, STAGES=STAGES,
        GROUP_M=GROUP_M, NUM_CLUSTERS=clusters, MULTICAST=multicast,
        num_warps=4, **launch)
    return c


def cluster_ptx(dtype="bf16", BM=128, BN=256, BK=64, STAGES=3, GROUP_M=8,
                num_clusters=66):
    """Compiles the cluster form for sm_90a (no GPU needed), its barrier
    waits unbounded whatever TRIDENT_DEBUG_BARRIERS says: the PTX and the
    compiler's metadata."""
    sig = {"a_desc": "tensordesc<%s[%d,%d]>" % (dtype, BM // 2, BK),
           "b_desc": "tensordesc<%s[%d,%d]>" % (dtype, BK, BN // 2),
           "c_desc": "tensordesc<%s[%d,%d]>" % (dtype, BM // 2, BN),
           "M": "i32", "N": "i32", "K": "i32"}
    k = trident.compile(matmul_cluster, signature=sig, target="cuda:90a",
                        num_warps=4, ctas_per_cga=(2, 1, 1),
                        barrier_timeout_ms=0,
                        constexprs=dict(BM=BM, BN=BN, BK=BK, STAGES=STAGES,
                                        GROUP_M=GROUP_M,
                                        NUM_CLUSTERS=num_clusters,
                                        MULTICAST=True))
    return k.asm["ptx"], k.metadata


def main():
    # Programs of several pairs; partial tiles on every side, an odd number
    # of tile rows (the last pair's second program has no rows) and a
    # partial last K step; one tile in all.
    check_shapes(matmul, [(512, 512, 192), (264, 200, 88), (40, 72, 40)],
                 " (pairs, no cluster)", BM=128, BN=128, BK=32, STAGES=3,
                 GROUP_M=2, num_sms=4, multicast=False)
    ptx, meta = cluster_ptx()
    spills = meta["spill_stores"] + meta["spill_loads"]
    checks = {"cluster 2x1x1": ".reqnctapercluster 2, 1, 1" in ptx,
              "multicast TMA": ".multicast::cluster" in ptx,
              "remote arrives": "mbarrier.arrive.shared::cluster" in ptx,
              # Released at CTA scope: at cluster scope ptxas would fence
              # the whole GPU (MEMBAR.ALL.GPU) at each arrive in the loop.
              "no cluster-scope releases":
                  "mbarrier.arrive.release.cluster" not in ptx,
              "wgmma": "wgmma.mma_async" in ptx,
              "12 warps": meta["num_warps"] == 12,
              "no spills": spills == 0,
              "wgmma not serialized": not meta["wgmma_serialized"]}
    print("sm_90a cluster form: " + ", ".join(
        "%s %s" % (name, "ok" if ok else "MISSING")
        for name, ok in checks.items()))
    if not all(checks.values()):
        sys.exit("the cluster form is not what it should be")


if __name__ == "__main__":
    main()

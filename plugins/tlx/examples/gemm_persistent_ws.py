"""A persistent, warp-specialized GEMM written with TLX (issue 26): C = A @ B,
bf16 or fp16 in, fp32 accumulation, the input type out.

One program per SM walks the output tiles (grouped along M for L2 reuse).
Its producer task (the default task, few registers) streams the K slices of
A and B by TMA into a ring of STAGES slots, each slot guarded by two
mbarriers: `full` (the copies landed, counted in bytes) and `empty` (both
consumers are done with it). Two consumer warpgroups (one task replicated
twice, with most of the registers) each compute half of the tile's rows
with asynchronous wgmma dots, keep one dot in flight, and release a slot
as soon as the dot that read it is complete. The epilogue of a tile goes
through shared memory and a TMA store that runs while the consumer starts
the next tile; it waits for the store only before reusing the buffer.

Run it (CPU target without a GPU; small shapes are checked against numpy):

    TRIDENT_PLUGIN_PATHS=build/plugins/libTlxPlugin.so \\
        python plugins/tlx/examples/gemm_persistent_ws.py
"""
import sys

import numpy as np

import trident
import trident.language as tl
import trident.language.extra.tlx as tlx
from trident.tools.tensor_descriptor import TensorDescriptor


@trident.jit
def _tile_coords(tile, num_m, num_n, GROUP_M: tl.constexpr):
    # Tiles in groups of GROUP_M rows of tiles: consecutive programs share
    # the same columns of B while they stay in L2.
    per_group = GROUP_M * num_n
    group = tile // per_group
    first_m = group * GROUP_M
    rows = tl.minimum(num_m - first_m, GROUP_M)
    pid_m = first_m + (tile % per_group) % rows
    pid_n = (tile % per_group) // rows
    return pid_m, pid_n


@trident.jit
def matmul_persistent_ws(a_desc, b_desc, c_desc, M, N, K,
                         BM: tl.constexpr, BN: tl.constexpr,
                         BK: tl.constexpr, STAGES: tl.constexpr,
                         GROUP_M: tl.constexpr, NUM_SMS: tl.constexpr):
    HALF: tl.constexpr = BM // 2
    dtype = tlx.dtype_of(a_desc)
    # Slot s holds A's two halves (slots s and s + STAGES) and B's slice.
    ring_a = tlx.local_alloc((HALF, BK), dtype, 2 * STAGES)
    ring_b = tlx.local_alloc((BK, BN), dtype, STAGES)
    out = tlx.local_alloc((HALF, BN), tlx.dtype_of(c_desc), 2)
    full = tlx.alloc_barriers(STAGES, arrive_count=1)
    empty = tlx.alloc_barriers(STAGES, arrive_count=2)
    num_m = tl.cdiv(M, BM)
    num_n = tl.cdiv(N, BN)
    steps = tl.cdiv(K, BK)
    first = tl.program_id(0)
    with tlx.async_tasks():
        with tlx.async_task("default"):
            it = 0
            for tile in range(first, num_m * num_n, NUM_SMS):
                pid_m, pid_n = _tile_coords(tile, num_m, num_n, GROUP_M)
                for k in range(0, steps):
                    slot = it % STAGES
                    # The consumers released this slot's previous use.
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
                    tlx.async_descriptor_load(
                        b_desc, tlx.local_view(ring_b, slot),
                        [k * BK, pid_n * BN], bar)
                    it += 1
        with tlx.async_task(num_warps=4, registers=232, replicate=2):
            half: tl.constexpr = tlx.async_task_replica_id()
            it = 0
            for tile in range(first, num_m * num_n, NUM_SMS):
                pid_m, pid_n = _tile_coords(tile, num_m, num_n, GROUP_M)
                acc = tl.zeros((HALF, BN), dtype=tl.float32)
                for k in range(0, steps):
                    slot = it % STAGES
                    tlx.barrier_wait(tlx.local_view(full, slot),
                                     (it // STAGES) & 1)
                    acc = tlx.async_dot(
                        tlx.local_view(ring_a, slot + half * STAGES),
                        tlx.local_view(ring_b, slot), acc)
                    # The dot before this one is complete: its slot is free.
                    acc = tlx.async_dot_wait(1, acc)
                    if k > 0:
                        tlx.barrier_arrive(
                            tlx.local_view(empty, (it - 1) % STAGES))
                    it += 1
                acc = tlx.async_dot_wait(0, acc)
                tlx.barrier_arrive(tlx.local_view(empty, (it - 1) % STAGES))
                # The previous tile's store has read the buffer.
                tlx.async_descriptor_store_wait(0)
                buf = tlx.local_view(out, half)
                tlx.local_store(buf, acc.to(tlx.dtype_of(c_desc)))
                tlx.fence_async_shared()
                tlx.async_descriptor_store(
                    c_desc, buf, [pid_m * BM + half * HALF, pid_n * BN])
            tlx.async_descriptor_store_wait(0)


def sm_count():
    """The processors of the device launches run on (the persistent
    examples' default grid)."""
    driver = trident.runtime.driver.active
    props = driver.utils.get_device_properties(driver.get_current_device())
    return props["multiprocessor_count"]


def matmul(a, b, c, BM=128, BN=256, BK=64, STAGES=3, GROUP_M=8,
           num_sms=None):
    """c = a @ b for 2-D arrays (torch tensors on the GPU, numpy arrays on
    the CPU target) of one 16-bit float type, row-major."""
    (m, k), n = a.shape, b.shape[1]
    if num_sms is None:
        num_sms = sm_count()
    a_desc = TensorDescriptor(a, [m, k], [k, 1], [BM // 2, BK])
    b_desc = TensorDescriptor(b, [k, n], [n, 1], [BK, BN])
    c_desc = TensorDescriptor(c, [m, n], [n, 1], [BM // 2, BN])
    tiles = trident.cdiv(m, BM) * trident.cdiv(n, BN)
    grid = (min(num_sms, tiles),)
    matmul_persistent_ws[grid](a_desc, b_desc, c_desc, m, n, k, BM=BM, BN=BN,
                               BK=BK, STAGES=STAGES, GROUP_M=GROUP_M,
                               NUM_SMS=grid[0], num_warps=4)
    return c


def check_shapes(run, shapes, note="", **options):
    """The examples' CPU check: `run(a, b, c, **options)` for fp16 inputs
    of each (m, n, k) in `shapes`, c (pre-filled with NaN) against numpy's
    product in float64; exits on a relative error of 1e-2 or more."""
    rng = np.random.default_rng(0)
    for m, n, k in shapes:
        a = (rng.standard_normal((m, k)) * 0.5).astype(np.float16)
        b = (rng.standard_normal((k, n)) * 0.5).astype(np.float16)
        c = np.full((m, n), np.nan, dtype=np.float16)
        run(a, b, c, **options)
        ref = a.astype(np.float64) @ b.astype(np.float64)
        err = np.linalg.norm(c.astype(np.float64) - ref) / np.linalg.norm(ref)
        print("%4d x %4d x %4d  relative error %.1e%s" % (m, n, k, err, note))
        if not err < 1e-2:
            sys.exit("wrong result")


def main():
    check_shapes(matmul, [(256, 256, 192), (384, 512, 256), (200, 136, 88)],
                 BM=128, BN=128, BK=64, STAGES=3, GROUP_M=2, num_sms=3)


if __name__ == "__main__":
    main()

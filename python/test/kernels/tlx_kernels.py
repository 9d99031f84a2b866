"""Kernels written in TLX's idiom (uTLX's Hopper tutorials): the
TLX plugin must be loaded before this module is imported
(trident.load_plugin(".../libTlxPlugin.so")). Used by
python/test/test_tlx.py (IR, PTX, and runs on a GPU) and by
bench/tlx/device_check.py (checks and timings on the GPU machine).

- reverse_rows, tile_sum: tiles stored into a ring of shared-memory
  buffers and loaded back (rows reversed; tiles summed in fp32);
- gemm: cp.async copies a few K-steps ahead into rings, asynchronous
  wgmma with one group in flight;
- tma_gemm: the same fed by TMA, one mbarrier per ring slot armed with the
  slot's bytes;
- ws_gemm: uTLX's cooperative structure, one tile per program: the default
  task (the program's warps) feeds the rings by TMA, two replicas of a
  4-warp consumer task each multiply half of the tile's rows; "full"
  barriers count the copies' bytes, "empty" ones an arrival per consumer.
"""
import trident
import trident.language as tl
import trident.language.extra.tlx as tlx

@trident.jit
def gemm(a_ptr, b_ptr, c_ptr, M, N, K, lda, ldb, ldc,
         BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
         STAGES: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = (pid_m * BM + tl.arange(0, BM)) % M
    rn = (pid_n * BN + tl.arange(0, BN)) % N
    rk = tl.arange(0, BK)
    pa = a_ptr + rm[:, None] * lda + rk[None, :]
    pb = b_ptr + rk[:, None] * ldb + rn[None, :]
    ring_a = tlx.local_alloc((BM, BK), tlx.dtype_of(a_ptr), STAGES)
    ring_b = tlx.local_alloc((BK, BN), tlx.dtype_of(b_ptr), STAGES)
    steps = tl.cdiv(K, BK)
    for s in tl.range(0, STAGES - 1):
        ta = tlx.async_load(pa, tlx.local_view(ring_a, s),
                            mask=rk[None, :] < K - s * BK)
        tb = tlx.async_load(pb, tlx.local_view(ring_b, s),
                            mask=rk[:, None] < K - s * BK)
        tlx.async_load_commit_group([ta, tb])
        pa += BK
        pb += BK * ldb
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in tl.range(0, steps, num_stages=1):
        slot = k % STAGES
        tlx.async_load_wait_group(STAGES - 2)
        acc = tlx.async_dot(tlx.local_view(ring_a, slot),
                            tlx.local_view(ring_b, slot), acc)
        acc = tlx.async_dot_wait(1, acc)
        nxt = k + STAGES - 1
        ta = tlx.async_load(pa, tlx.local_view(ring_a, nxt % STAGES),
                            mask=rk[None, :] < K - nxt * BK)
        tb = tlx.async_load(pb, tlx.local_view(ring_b, nxt % STAGES),
                            mask=rk[:, None] < K - nxt * BK)
        tlx.async_load_commit_group([ta, tb])
        pa += BK
        pb += BK * ldb
    acc = tlx.async_dot_wait(0, acc)
    cm = pid_m * BM + tl.arange(0, BM)
    cn = pid_n * BN + tl.arange(0, BN)
    tl.store(c_ptr + cm[:, None] * ldc + cn[None, :],
             acc.to(tlx.dtype_of(c_ptr)),
             mask=(cm[:, None] < M) & (cn[None, :] < N))

@trident.jit
def tma_gemm(a_desc, b_desc, c_ptr, M, N, K, ldc,
             BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
             STAGES: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    ring_a = tlx.local_alloc((BM, BK), tlx.dtype_of(a_desc), STAGES)
    ring_b = tlx.local_alloc((BK, BN), tlx.dtype_of(b_desc), STAGES)
    full = tlx.alloc_barriers(STAGES, arrive_count=1)
    steps = tl.cdiv(K, BK)
    for s in tl.range(0, STAGES - 1):
        bar = tlx.local_view(full, s)
        tlx.barrier_expect_bytes(bar, (BM * BK + BK * BN) * 2)
        tlx.async_descriptor_load(a_desc, tlx.local_view(ring_a, s),
                                  [pid_m * BM, s * BK], bar)
        tlx.async_descriptor_load(b_desc, tlx.local_view(ring_b, s),
                                  [s * BK, pid_n * BN], bar)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in tl.range(0, steps, num_stages=1):
        slot = k % STAGES
        tlx.barrier_wait(tlx.local_view(full, slot), (k // STAGES) & 1)
        acc = tlx.async_dot(tlx.local_view(ring_a, slot),
                            tlx.local_view(ring_b, slot), acc)
        acc = tlx.async_dot_wait(1, acc)
        nxt = k + STAGES - 1
        bar = tlx.local_view(full, nxt % STAGES)
        tlx.barrier_expect_bytes(bar, (BM * BK + BK * BN) * 2, pred=nxt < steps)
        tlx.async_descriptor_load(a_desc, tlx.local_view(ring_a, nxt % STAGES),
                                  [pid_m * BM, nxt * BK], bar, pred=nxt < steps)
        tlx.async_descriptor_load(b_desc, tlx.local_view(ring_b, nxt % STAGES),
                                  [nxt * BK, pid_n * BN], bar, pred=nxt < steps)
    acc = tlx.async_dot_wait(0, acc)
    cm = pid_m * BM + tl.arange(0, BM)
    cn = pid_n * BN + tl.arange(0, BN)
    tl.store(c_ptr + cm[:, None] * ldc + cn[None, :],
             acc.to(tlx.dtype_of(c_ptr)),
             mask=(cm[:, None] < M) & (cn[None, :] < N))

@trident.jit
def ws_gemm(a_desc, b_desc, c_ptr, M, N, K, ldc,
            BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
            STAGES: tl.constexpr):
    HALF: tl.constexpr = BM // 2
    ring_a = tlx.local_alloc((HALF, BK), tlx.dtype_of(a_desc), 2 * STAGES)
    ring_b = tlx.local_alloc((BK, BN), tlx.dtype_of(b_desc), STAGES)
    full = tlx.alloc_barriers(STAGES, arrive_count=1)
    empty = tlx.alloc_barriers(STAGES, arrive_count=2)
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    steps = tl.cdiv(K, BK)
    with tlx.async_tasks():
        with tlx.async_task("default"):
            for k in range(0, steps):
                slot = k % STAGES
                tlx.barrier_wait(tlx.local_view(empty, slot),
                                 ((k // STAGES) & 1) ^ 1)
                bar = tlx.local_view(full, slot)
                tlx.barrier_expect_bytes(bar, (BM * BK + BK * BN) * 2)
                tlx.async_descriptor_load(a_desc, tlx.local_view(ring_a, slot),
                                          [pid_m * BM, k * BK], bar)
                tlx.async_descriptor_load(
                    a_desc, tlx.local_view(ring_a, slot + STAGES),
                    [pid_m * BM + HALF, k * BK], bar)
                tlx.async_descriptor_load(b_desc, tlx.local_view(ring_b, slot),
                                          [k * BK, pid_n * BN], bar)
        with tlx.async_task(num_warps=4, registers=232, replicate=2):
            cid: tl.constexpr = tlx.async_task_replica_id()
            acc = tl.zeros((HALF, BN), dtype=tl.float32)
            for k in range(0, steps):
                slot = k % STAGES
                tlx.barrier_wait(tlx.local_view(full, slot), (k // STAGES) & 1)
                acc = tlx.async_dot(tlx.local_view(ring_a, slot + cid * STAGES),
                                    tlx.local_view(ring_b, slot), acc)
                acc = tlx.async_dot_wait(0, acc)
                tlx.barrier_arrive(tlx.local_view(empty, slot))
            cm = pid_m * BM + cid * HALF + tl.arange(0, HALF)
            cn = pid_n * BN + tl.arange(0, BN)
            tl.store(c_ptr + cm[:, None] * ldc + cn[None, :],
                     acc.to(tlx.dtype_of(c_ptr)),
                     mask=(cm[:, None] < M) & (cn[None, :] < N))


@trident.jit
def reverse_rows(x_ptr, y_ptr, BLOCK: tl.constexpr, NUM: tl.constexpr):
    # Row i of x goes to buffer i; buffer NUM-1-i comes back as row i of y.
    offs = tl.arange(0, BLOCK)
    bufs = tlx.local_alloc((BLOCK,), tl.float16, NUM)
    for i in range(NUM):
        tlx.local_store(tlx.local_view(bufs, i),
                        tl.load(x_ptr + i * BLOCK + offs))
    for i in range(NUM):
        row = tlx.local_load(tlx.local_view(bufs, NUM - 1 - i))
        tl.store(y_ptr + i * BLOCK + offs, row.to(tl.float32) * 2)


@trident.jit
def tma_halves(x_desc, y_desc, BM: tl.constexpr, BN: tl.constexpr,
               ROWS: tl.constexpr):
    # A BM x BN block in by two TMA loads, each into one half of a buffer
    # (tlx.local_slice: the rows' halves, or the columns' of a buffer two
    # swizzle atoms wide), one barrier expecting both; then the whole buffer
    # out through registers and a TMA store.
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    buf = tlx.local_alloc((BM, BN), tlx.dtype_of(x_desc), 1)
    out = tlx.local_alloc((BM, BN), tlx.dtype_of(y_desc), 1)
    bars = tlx.alloc_barriers(num_barriers=1, arrive_count=1)
    tlx.barrier_expect_bytes(bars[0], BM * BN * tlx.size_of(tlx.dtype_of(x_desc)))
    for h in tl.static_range(2):
        if ROWS:
            part = tlx.local_slice(buf[0], [h * BM // 2, 0], [BM // 2, BN])
            tlx.async_descriptor_load(
                x_desc, part, [pid_m * BM + h * BM // 2, pid_n * BN], bars[0])
        else:
            part = tlx.local_slice(buf[0], [0, h * BN // 2], [BM, BN // 2])
            tlx.async_descriptor_load(
                x_desc, part, [pid_m * BM, pid_n * BN + h * BN // 2], bars[0])
    tlx.barrier_wait(bars[0], 0)
    tlx.local_store(out[0], tlx.local_load(buf[0]) + 1)
    tlx.fence_async_shared()
    tlx.async_descriptor_store(y_desc, out[0], [pid_m * BM, pid_n * BN])
    tlx.async_descriptor_store_wait(0)


@trident.jit
def cluster_share(x_desc, y_ptr, BM: tl.constexpr, BN: tl.constexpr):
    # Launched in clusters of 2 CTAs (ctas_per_cga=(2, 1, 1)): the two CTAs
    # of a cluster share one BM x BN block of x, each loading half of its
    # rows by TMA multicast into both CTAs' buffers (tlx.local_slice at its
    # rank's offset), after each told the other (a remote arrive) that its
    # barrier expects the whole block; each writes the block to its own
    # place in y.
    rank = tlx.cluster_cta_rank()
    pid = tl.program_id(0)
    buf = tlx.local_alloc((BM, BN), tlx.dtype_of(x_desc), 1)
    full = tlx.alloc_barriers(num_barriers=1, arrive_count=1)
    ready = tlx.alloc_barriers(num_barriers=1, arrive_count=2)
    tlx.barrier_expect_bytes(full[0], BM * BN * tlx.size_of(tlx.dtype_of(x_desc)))
    tlx.barrier_arrive(ready[0], 1)
    tlx.barrier_arrive(ready[0], 1, remote_cta_rank=rank ^ 1)
    tlx.barrier_wait(ready[0], 0)
    half = tlx.local_slice(buf[0], [rank * (BM // 2), 0], [BM // 2, BN])
    tlx.async_descriptor_load(x_desc, half,
                              [(pid // 2) * BM + rank * (BM // 2), 0],
                              full[0], multicast_targets=[rank, rank ^ 1])
    tlx.barrier_wait(full[0], 0)
    rows = tl.arange(0, BM)
    cols = tl.arange(0, BN)
    tl.store(y_ptr + pid * BM * BN + rows[:, None] * BN + cols[None, :],
             tlx.local_load(buf[0]))


@trident.jit
def tma_reduce(x_desc, y_desc, BM: tl.constexpr, BN: tl.constexpr,
               REDUCE: tl.constexpr):
    # Split-K's pattern: program p loads block p of x (stacked along rows)
    # and every program reduces its block into the one block of y with a
    # TMA reduction (store_reduce), atomically.
    pid = tl.program_id(0)
    buf = tlx.local_alloc((BM, BN), tlx.dtype_of(x_desc), 1)
    bars = tlx.alloc_barriers(num_barriers=1, arrive_count=1)
    tlx.barrier_expect_bytes(bars[0], BM * BN * tlx.size_of(tlx.dtype_of(x_desc)))
    tlx.async_descriptor_load(x_desc, buf[0], [pid * BM, 0], bars[0])
    tlx.barrier_wait(bars[0], 0)
    tlx.async_descriptor_store(y_desc, buf[0], [0, 0], store_reduce=REDUCE)
    tlx.async_descriptor_store_wait(0)


@trident.jit
def reuse_buffer(x_desc, y_desc, BM: tl.constexpr, BN: tl.constexpr,
                 RING: tl.constexpr):
    # An fp32 block in by TMA; its buffer's bytes then hold the fp16 result,
    # through tlx.local_reinterpret (of the buffer, or of the whole ring),
    # laid out for the TMA store that writes it out.
    pid = tl.program_id(0)
    ring = tlx.local_alloc((BM, BN), tlx.dtype_of(x_desc), 1)
    bars = tlx.alloc_barriers(num_barriers=1, arrive_count=1)
    tlx.barrier_expect_bytes(bars[0], BM * BN * tlx.size_of(tlx.dtype_of(x_desc)))
    tlx.async_descriptor_load(x_desc, ring[0], [pid * BM, 0], bars[0])
    tlx.barrier_wait(bars[0], 0)
    tile = tlx.local_load(ring[0])
    if RING:
        out = tlx.local_reinterpret(ring, tlx.dtype_of(y_desc), (BM, BN))[0]
    else:
        out = tlx.local_reinterpret(ring[0], tlx.dtype_of(y_desc))
    tlx.local_store(out, (tile * 3).to(tlx.dtype_of(y_desc)))
    tlx.fence_async_shared()
    tlx.async_descriptor_store(y_desc, out, [pid * BM, 0])
    tlx.async_descriptor_store_wait(0)


@trident.jit
def plain_halves(x_ptr, y_ptr, BLOCK: tl.constexpr):
    # Rows of a plain buffer written half by half through local_slice (a
    # run-time offset), read back whole.
    offs = tl.arange(0, BLOCK)
    half = tl.arange(0, BLOCK // 2)
    buf = tlx.local_alloc((BLOCK, BLOCK), tl.float32, 1)
    for h in range(2):
        rows = h * (BLOCK // 2) + half
        tlx.local_store(
            tlx.local_slice(buf[0], [h * (BLOCK // 2), 0], [BLOCK // 2, BLOCK]),
            tl.load(x_ptr + rows[:, None] * BLOCK + offs[None, :]))
    tile = tlx.local_load(buf[0])
    tl.store(y_ptr + offs[:, None] * BLOCK + offs[None, :], tile * 3)


@trident.jit
def tile_sum(x_ptr, y_ptr, BLOCK: tl.constexpr, NUM: tl.constexpr):
    # NUM 2-D tiles through a ring of buffers, summed in fp32.
    offs = tl.arange(0, BLOCK)
    tile = offs[:, None] * BLOCK + offs[None, :]
    bufs = tlx.local_alloc((BLOCK, BLOCK), tl.float16, NUM)
    for i in range(NUM):
        tlx.local_store(tlx.local_view(bufs, i),
                        tl.load(x_ptr + i * BLOCK * BLOCK + tile))
    acc = tl.zeros((BLOCK, BLOCK), tl.float32)
    for i in range(NUM):
        acc += tlx.local_load(tlx.local_view(bufs, i)).to(tl.float32)
    tl.store(y_ptr + tile, acc)


@trident.jit
def tma_scale(x_desc, y_desc, BM: tl.constexpr, BN: tl.constexpr):
    # A block in by TMA (into a ring in TMA's swizzled layout), read into
    # registers, doubled, written into another swizzled buffer and out by
    # a TMA store: local loads and stores of swizzled buffers, TMA stores.
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    src = tlx.local_alloc((BM, BN), tlx.dtype_of(x_desc), 1)
    dst = tlx.local_alloc((BM, BN), tlx.dtype_of(y_desc), 1)
    bars = tlx.alloc_barriers(num_barriers=1, arrive_count=1)
    tlx.barrier_expect_bytes(bars[0], BM * BN * tlx.size_of(tlx.dtype_of(x_desc)))
    tlx.async_descriptor_load(x_desc, src[0], [pid_m * BM, pid_n * BN], bars[0])
    tlx.barrier_wait(bars[0], 0)
    tile = tlx.local_load(src[0])
    tlx.local_store(dst[0], (tile * 2).to(tlx.dtype_of(y_desc)))
    tlx.fence_async_shared()
    tlx.async_descriptor_store(y_desc, dst[0], [pid_m * BM, pid_n * BN])
    tlx.async_descriptor_store_wait(0)


@trident.jit
def stored_descriptors(x_ptr, y_ptr, M, N, BM: tl.constexpr,
                       BN: tl.constexpr, GROUPS: tl.constexpr):
    # uTLX's grouped GEMM pattern: the task that issues the TMA loads makes
    # each group's descriptor in the kernel, into storage of its own
    # (tlx.allocate_tensor_descriptor, two slots used in turn), and reads it
    # back with tlx.reinterpret_tensor_descriptor. Group g is the M x (N -
    # 8g) matrix at x_ptr + g*M*N (row stride N): the columns past its width
    # read as zero. The default task writes each block out to y[g].
    pid = tl.program_id(0)
    descs = tlx.allocate_tensor_descriptor(num=2)
    ring = tlx.local_alloc((BM, BN), tl.float16, 2)
    full = tlx.alloc_barriers(num_barriers=2, arrive_count=1)
    empty = tlx.alloc_barriers(num_barriers=2, arrive_count=1)
    with tlx.async_tasks():
        with tlx.async_task("default"):
            rows = tl.arange(0, BM)
            cols = tl.arange(0, BN)
            for g in range(GROUPS):
                s = g % 2
                tlx.barrier_wait(full[s], (g // 2) & 1)
                tile = tlx.local_load(ring[s])
                tl.store(y_ptr + g * M * BN + (pid * BM + rows[:, None]) * BN
                         + cols[None, :], tile)
                tlx.barrier_arrive(empty[s], 1)
        with tlx.async_task(num_warps=1):
            for g in range(GROUPS):
                s = g % 2
                tlx.barrier_wait(empty[s], ((g // 2) & 1) ^ 1)
                tlx.make_tensor_descriptor(
                    desc_ptr=descs[s], base=x_ptr + g * M * N,
                    shape=[M, N - 8 * g], strides=[N, 1],
                    block_shape=[BM, BN])
                d = tlx.reinterpret_tensor_descriptor(
                    desc_ptr=descs[s], block_shape=[BM, BN], dtype=tl.float16)
                tlx.barrier_expect_bytes(full[s], BM * BN * 2)
                tlx.async_descriptor_load(d, ring[s], [pid * BM, 0], full[s])

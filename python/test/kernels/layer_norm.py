"""Tutorial 4: layer normalization, forward and backward.

The forward pass normalizes each row in one program (statistics in fp32).
The backward pass computes dx row by row and accumulates the partial
weight and bias gradients of its rows into one of GROUP_SIZE_M buffers,
each guarded by a spin lock (tl.atomic_cas / tl.atomic_xchg); a second
kernel sums the GROUP_SIZE_M partial buffers into dw and db."""
import numpy as np

import trident as triton
import trident.language as tl


@triton.jit
def layer_norm_fwd(X, Y, W, B, Mean, Rstd, row_stride, N, eps,
                   BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    X += row * row_stride
    Y += row * row_stride
    # Pass 1: the mean, over the row in blocks of BLOCK_SIZE columns.
    acc = tl.zeros([BLOCK_SIZE], dtype=tl.float32)
    for start in range(0, N, BLOCK_SIZE):
        cols = start + tl.arange(0, BLOCK_SIZE)
        acc += tl.load(X + cols, mask=cols < N, other=0.0).to(tl.float32)
    mean = tl.sum(acc, axis=0) / N
    # Pass 2: the variance (centred, masked lanes contribute nothing).
    acc = tl.zeros([BLOCK_SIZE], dtype=tl.float32)
    for start in range(0, N, BLOCK_SIZE):
        cols = start + tl.arange(0, BLOCK_SIZE)
        x = tl.load(X + cols, mask=cols < N, other=0.0).to(tl.float32)
        diff = tl.where(cols < N, x - mean, 0.0)
        acc += diff * diff
    var = tl.sum(acc, axis=0) / N
    rstd = 1 / tl.sqrt(var + eps)
    tl.store(Mean + row, mean)
    tl.store(Rstd + row, rstd)
    # Pass 3: normalize, scale and shift.
    for start in range(0, N, BLOCK_SIZE):
        cols = start + tl.arange(0, BLOCK_SIZE)
        mask = cols < N
        w = tl.load(W + cols, mask=mask)
        b = tl.load(B + cols, mask=mask)
        x = tl.load(X + cols, mask=mask, other=0.0).to(tl.float32)
        y = (x - mean) * rstd * w + b
        tl.store(Y + cols, y, mask=mask)


@triton.jit
def layer_norm_bwd_dx(DX, DY, PartialDW, PartialDB, X, W, Mean, Rstd, Locks,
                      row_stride, N, GROUP_SIZE_M: tl.constexpr,
                      BLOCK_SIZE_N: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE_N)
    mask = cols < N
    X += row * row_stride
    DY += row * row_stride
    DX += row * row_stride
    # Rows share GROUP_SIZE_M partial buffers: row r adds into buffer
    # r % GROUP_SIZE_M. Locks[g] guards buffer g; Locks[GROUP_SIZE_M + g]
    # says whether it has been written yet.
    group = row % GROUP_SIZE_M
    lock = Locks + group
    written = Locks + GROUP_SIZE_M + group
    PartialDW += group * N + cols
    PartialDB += group * N + cols

    x = tl.load(X + cols, mask=mask, other=0.0).to(tl.float32)
    dy = tl.load(DY + cols, mask=mask, other=0.0).to(tl.float32)
    w = tl.load(W + cols, mask=mask, other=0.0).to(tl.float32)
    mean = tl.load(Mean + row)
    rstd = tl.load(Rstd + row)
    xhat = tl.where(mask, (x - mean) * rstd, 0.0)
    wdy = tl.where(mask, w * dy, 0.0)
    # dx = rstd * (wdy - mean(wdy) - xhat * mean(xhat * wdy))
    c1 = tl.sum(xhat * wdy, axis=0) / N
    c2 = tl.sum(wdy, axis=0) / N
    dx = (wdy - (xhat * c1 + c2)) * rstd
    tl.store(DX + cols, dx, mask=mask)

    dw = (dy * xhat).to(w.dtype)
    db = dy.to(w.dtype)
    # Take the lock (spin until the swap 0 -> 1 succeeds).
    while tl.atomic_cas(lock, 0, 1) == 1:
        pass
    if tl.load(written) == 0:
        # The first row of this group only stores.
        tl.atomic_xchg(written, 1)
    else:
        dw += tl.load(PartialDW, mask=mask)
        db += tl.load(PartialDB, mask=mask)
    tl.store(PartialDW, dw, mask=mask)
    tl.store(PartialDB, db, mask=mask)
    tl.debug_barrier()
    # Release the lock.
    tl.atomic_xchg(lock, 0)


@triton.jit
def layer_norm_bwd_dwdb(PartialDW, PartialDB, FinalDW, FinalDB, M, N,
                        BLOCK_SIZE_M: tl.constexpr,
                        BLOCK_SIZE_N: tl.constexpr):
    # Each program sums BLOCK_SIZE_N columns over the M partial rows.
    pid = tl.program_id(0)
    cols = pid * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)
    dw = tl.zeros((BLOCK_SIZE_M, BLOCK_SIZE_N), dtype=tl.float32)
    db = tl.zeros((BLOCK_SIZE_M, BLOCK_SIZE_N), dtype=tl.float32)
    for i in range(0, M, BLOCK_SIZE_M):
        rows = i + tl.arange(0, BLOCK_SIZE_M)
        mask = (rows[:, None] < M) & (cols[None, :] < N)
        offs = rows[:, None] * N + cols[None, :]
        dw += tl.load(PartialDW + offs, mask=mask, other=0.0)
        db += tl.load(PartialDB + offs, mask=mask, other=0.0)
    tl.store(FinalDW + cols, tl.sum(dw, axis=0), mask=cols < N)
    tl.store(FinalDB + cols, tl.sum(db, axis=0), mask=cols < N)


def layer_norm_forward(x, weight, bias, eps=1e-5):
    M, N = x.shape
    y = np.empty_like(x)
    mean = np.empty(M, dtype=np.float32)
    rstd = np.empty(M, dtype=np.float32)
    # Blocks of at most 64 KB of the row; at least one block per row.
    BLOCK_SIZE = min(65536 // x.itemsize, triton.next_power_of_2(N))
    layer_norm_fwd[(M,)](x, y, weight, bias, mean, rstd, x.strides[0] //
                         x.itemsize, N, eps, BLOCK_SIZE=BLOCK_SIZE,
                         num_warps=4)
    return y, mean, rstd


def layer_norm_backward(dy, x, weight, mean, rstd, GROUP_SIZE_M=4):
    M, N = x.shape
    BLOCK_SIZE_N = triton.next_power_of_2(N)
    locks = np.zeros(2 * GROUP_SIZE_M, dtype=np.int32)
    partial_dw = np.zeros((GROUP_SIZE_M, N), dtype=weight.dtype)
    partial_db = np.zeros((GROUP_SIZE_M, N), dtype=weight.dtype)
    dx = np.empty_like(x)
    layer_norm_bwd_dx[(M,)](dx, dy, partial_dw, partial_db, x, weight, mean,
                            rstd, locks, x.strides[0] // x.itemsize, N,
                            GROUP_SIZE_M=GROUP_SIZE_M,
                            BLOCK_SIZE_N=BLOCK_SIZE_N)
    dw = np.empty(N, dtype=weight.dtype)
    db = np.empty(N, dtype=weight.dtype)
    grid = lambda meta: (triton.cdiv(N, meta["BLOCK_SIZE_N"]),)  # noqa
    layer_norm_bwd_dwdb[grid](partial_dw, partial_db, dw, db, GROUP_SIZE_M,
                              N, BLOCK_SIZE_M=32, BLOCK_SIZE_N=64)
    return dx, dw, db

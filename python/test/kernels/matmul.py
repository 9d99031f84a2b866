"""Tutorial 3: matrix multiplication with grouped ordering of the output
tiles (GROUP_SIZE_M swizzle), an fp32 accumulator, an activation fused in
the epilogue, and autotuning over block shapes."""
import numpy as np

import trident as triton
import trident.language as tl


def get_configs():
    return [
        triton.Config({"BLOCK_SIZE_M": 64, "BLOCK_SIZE_N": 64,
                       "BLOCK_SIZE_K": 32, "GROUP_SIZE_M": 4},
                      num_warps=4, num_stages=3),
        triton.Config({"BLOCK_SIZE_M": 32, "BLOCK_SIZE_N": 64,
                       "BLOCK_SIZE_K": 32, "GROUP_SIZE_M": 2},
                      num_warps=4, num_stages=2),
        triton.Config({"BLOCK_SIZE_M": 64, "BLOCK_SIZE_N": 32,
                       "BLOCK_SIZE_K": 64, "GROUP_SIZE_M": 8},
                      num_warps=4, num_stages=3),
    ]


@triton.jit
def leaky_relu(x):
    return tl.where(x >= 0, x, 0.01 * x)


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
                  stride_am, stride_ak, stride_bk, stride_bn,
                  stride_cm, stride_cn,
                  BLOCK_SIZE_M: tl.constexpr, BLOCK_SIZE_N: tl.constexpr,
                  BLOCK_SIZE_K: tl.constexpr, GROUP_SIZE_M: tl.constexpr,
                  ACTIVATION: tl.constexpr):
    """C = activation(A @ B), A is (M, K), B is (K, N)."""
    # Map the program id to the output tile it computes, walking the tiles
    # in groups of GROUP_SIZE_M rows so that neighbouring programs reuse
    # the same columns of B (better L2 hit rates).
    pid = tl.program_id(axis=0)
    num_pid_m = tl.cdiv(M, BLOCK_SIZE_M)
    num_pid_n = tl.cdiv(N, BLOCK_SIZE_N)
    num_pid_in_group = GROUP_SIZE_M * num_pid_n
    group_id = pid // num_pid_in_group
    first_pid_m = group_id * GROUP_SIZE_M
    group_size_m = min(num_pid_m - first_pid_m, GROUP_SIZE_M)
    pid_m = first_pid_m + ((pid % num_pid_in_group) % group_size_m)
    pid_n = (pid % num_pid_in_group) // group_size_m

    # Pointers to the first blocks of A and B; the row and column offsets
    # wrap around (modulo M and N) so that the loads never go out of bounds
    # along M and N: the extra rows and columns are never stored.
    offs_am = (pid_m * BLOCK_SIZE_M + tl.arange(0, BLOCK_SIZE_M)) % M
    offs_bn = (pid_n * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)) % N
    # The hints say what the modulo hides: each block of offsets is a
    # contiguous run starting at a multiple of the block size.
    offs_am = tl.max_contiguous(tl.multiple_of(offs_am, BLOCK_SIZE_M),
                                BLOCK_SIZE_M)
    offs_bn = tl.max_contiguous(tl.multiple_of(offs_bn, BLOCK_SIZE_N),
                                BLOCK_SIZE_N)
    offs_k = tl.arange(0, BLOCK_SIZE_K)
    a_ptrs = a_ptr + (offs_am[:, None] * stride_am +
                      offs_k[None, :] * stride_ak)
    b_ptrs = b_ptr + (offs_k[:, None] * stride_bk +
                      offs_bn[None, :] * stride_bn)

    # Accumulate in fp32 whatever the input type.
    accumulator = tl.zeros((BLOCK_SIZE_M, BLOCK_SIZE_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_SIZE_K)):
        # Mask the K tail: out-of-range elements read as 0.
        a = tl.load(a_ptrs, mask=offs_k[None, :] < K - k * BLOCK_SIZE_K,
                    other=0.0)
        b = tl.load(b_ptrs, mask=offs_k[:, None] < K - k * BLOCK_SIZE_K,
                    other=0.0)
        accumulator = tl.dot(a, b, accumulator)
        a_ptrs += BLOCK_SIZE_K * stride_ak
        b_ptrs += BLOCK_SIZE_K * stride_bk

    # The epilogue: the fused activation, then the cast to C's type.
    if ACTIVATION == "leaky_relu":
        accumulator = leaky_relu(accumulator)
    c = accumulator.to(c_ptr.dtype.element_ty)

    offs_cm = pid_m * BLOCK_SIZE_M + tl.arange(0, BLOCK_SIZE_M)
    offs_cn = pid_n * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)
    c_ptrs = c_ptr + stride_cm * offs_cm[:, None] + \
        stride_cn * offs_cn[None, :]
    c_mask = (offs_cm[:, None] < M) & (offs_cn[None, :] < N)
    tl.store(c_ptrs, c, mask=c_mask)


# The autotuned kernel: one timing run per distinct (M, N, K).
matmul_kernel_autotuned = triton.autotune(
    configs=get_configs(), key=["M", "N", "K"])(matmul_kernel)


def matmul(a: np.ndarray, b: np.ndarray, activation="", out_dtype=None):
    assert a.shape[1] == b.shape[0], "incompatible dimensions"
    M, K = a.shape
    K, N = b.shape
    c = np.empty((M, N), dtype=out_dtype or a.dtype)
    grid = lambda META: (  # noqa: E731
        triton.cdiv(M, META["BLOCK_SIZE_M"]) *
        triton.cdiv(N, META["BLOCK_SIZE_N"]),)
    matmul_kernel_autotuned[grid](
        a, b, c, M, N, K,
        a.strides[0] // a.itemsize, a.strides[1] // a.itemsize,
        b.strides[0] // b.itemsize, b.strides[1] // b.itemsize,
        c.strides[0] // c.itemsize, c.strides[1] // c.itemsize,
        ACTIVATION=activation)
    return c


def matmul_with(a: np.ndarray, b: np.ndarray, config, activation=""):
    """One launch of the plain kernel with the meta-parameters of `config`
    (a triton.Config), without autotuning."""
    M, K = a.shape
    _, N = b.shape
    c = np.empty((M, N), dtype=a.dtype)
    meta = config.all_kwargs()
    grid = (triton.cdiv(M, meta["BLOCK_SIZE_M"]) *
            triton.cdiv(N, meta["BLOCK_SIZE_N"]),)
    matmul_kernel[grid](
        a, b, c, M, N, K,
        a.strides[0] // a.itemsize, a.strides[1] // a.itemsize,
        b.strides[0] // b.itemsize, b.strides[1] // b.itemsize,
        c.strides[0] // c.itemsize, c.strides[1] // c.itemsize,
        ACTIVATION=activation, **meta)
    return c

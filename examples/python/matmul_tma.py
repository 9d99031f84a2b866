"""A grouped matmul whose tiles move by TMA: host-built tensor descriptors
(`TensorDescriptor.from_tensor`, as in Triton's tutorials), `desc.load` /
`desc.store` in the kernel. bf16 in, fp32 accumulate, bf16 out.

    python examples/python/matmul_tma.py      # compiles for sm_90a, prints
                                              # the TMA/wgmma instructions
On a GPU, `matmul_tma(a, b)` runs it on torch tensors (bench/device_runtime.py).
"""
import sys

import trident as triton
import trident.language as tl
from trident.tools.tensor_descriptor import TensorDescriptor


@triton.jit
def tile_offsets(tile, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                 GROUP_M: tl.constexpr):
    """Where tile `tile` of C starts, tiles ordered in groups of GROUP_M
    rows of tiles (so that neighbouring programs share their A and B tiles
    in L2)."""
    num_pid_m = tl.cdiv(M, BLOCK_M)
    num_pid_n = tl.cdiv(N, BLOCK_N)
    group = GROUP_M * num_pid_n
    first_m = (tile // group) * GROUP_M
    group_m = min(num_pid_m - first_m, GROUP_M)
    pid_m = first_m + (tile % group) % group_m
    pid_n = (tile % group) // group_m
    return pid_m * BLOCK_M, pid_n * BLOCK_N


@triton.jit
def matmul_tma_kernel(a_desc, b_desc, c_desc, M, N, K,
                      BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                      BLOCK_K: tl.constexpr, GROUP_M: tl.constexpr):
    off_m, off_n = tile_offsets(tl.program_id(0), M, N, BLOCK_M, BLOCK_N,
                                GROUP_M)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        a = a_desc.load([off_m, k * BLOCK_K])
        b = b_desc.load([k * BLOCK_K, off_n])
        acc = tl.dot(a, b, acc)
    c_desc.store([off_m, off_n], acc.to(tl.bfloat16))


def matmul_tma(a, b, c, BLOCK_M=128, BLOCK_N=256, BLOCK_K=64, GROUP_M=8,
               num_warps=8, num_stages=3):
    M, K = a.shape
    N = b.shape[1]
    a_desc = TensorDescriptor.from_tensor(a, [BLOCK_M, BLOCK_K])
    b_desc = TensorDescriptor.from_tensor(b, [BLOCK_K, BLOCK_N])
    c_desc = TensorDescriptor.from_tensor(c, [BLOCK_M, BLOCK_N])
    grid = (triton.cdiv(M, BLOCK_M) * triton.cdiv(N, BLOCK_N),)
    matmul_tma_kernel[grid](a_desc, b_desc, c_desc, M, N, K,
                            BLOCK_M=BLOCK_M, BLOCK_N=BLOCK_N,
                            BLOCK_K=BLOCK_K, GROUP_M=GROUP_M,
                            num_warps=num_warps, num_stages=num_stages)
    return c


@triton.jit
def matmul_tma_device_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
                             BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                             BLOCK_K: tl.constexpr, GROUP_M: tl.constexpr):
    """The same matmul with descriptors built in the kernel (TMA tensor maps
    in global scratch from the allocator of set_allocator)."""
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1],
                                       block_shape=[BLOCK_M, BLOCK_K])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[K, N], strides=[N, 1],
                                       block_shape=[BLOCK_K, BLOCK_N])
    c_desc = tl.make_tensor_descriptor(c_ptr, shape=[M, N], strides=[N, 1],
                                       block_shape=[BLOCK_M, BLOCK_N])
    off_m, off_n = tile_offsets(tl.program_id(0), M, N, BLOCK_M, BLOCK_N,
                                GROUP_M)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        a = a_desc.load([off_m, k * BLOCK_K])
        b = b_desc.load([k * BLOCK_K, off_n])
        acc = tl.dot(a, b, acc)
    c_desc.store([off_m, off_n], acc.to(tl.bfloat16))


@triton.jit
def matmul_tma_persistent_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
                                 BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                                 BLOCK_K: tl.constexpr, GROUP_M: tl.constexpr,
                                 NUM_PROGRAMS: tl.constexpr,
                                 FLATTEN: tl.constexpr):
    """Persistent: NUM_PROGRAMS programs stride over the tiles (descriptors
    made in the kernel, as above). FLATTEN fuses the tile loop with the K
    loop, so that the next tile's loads overlap this tile's epilogue."""
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1],
                                       block_shape=[BLOCK_M, BLOCK_K])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[K, N], strides=[N, 1],
                                       block_shape=[BLOCK_K, BLOCK_N])
    c_desc = tl.make_tensor_descriptor(c_ptr, shape=[M, N], strides=[N, 1],
                                       block_shape=[BLOCK_M, BLOCK_N])
    tiles = tl.cdiv(M, BLOCK_M) * tl.cdiv(N, BLOCK_N)
    k_tiles = tl.cdiv(K, BLOCK_K)
    for tile in tl.range(tl.program_id(0), tiles, NUM_PROGRAMS,
                         flatten=FLATTEN):
        off_m, off_n = tile_offsets(tile, M, N, BLOCK_M, BLOCK_N, GROUP_M)
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
        for k in range(0, k_tiles):
            a = a_desc.load([off_m, k * BLOCK_K])
            b = b_desc.load([k * BLOCK_K, off_n])
            acc = tl.dot(a, b, acc)
        c_desc.store([off_m, off_n], acc.to(tl.bfloat16))


def matmul_tma_persistent(a, b, c, num_programs, BLOCK_M=128, BLOCK_N=256,
                          BLOCK_K=64, GROUP_M=8, num_warps=8, num_stages=3,
                          flatten=True):
    """c = a @ b with matmul_tma_persistent_kernel over `num_programs`
    programs (the GPU's SM count; set an allocator first)."""
    M, K = a.shape
    N = b.shape[1]
    tiles = triton.cdiv(M, BLOCK_M) * triton.cdiv(N, BLOCK_N)
    grid = (min(num_programs, tiles),)
    matmul_tma_persistent_kernel[grid](
        a, b, c, M, N, K, BLOCK_M=BLOCK_M, BLOCK_N=BLOCK_N, BLOCK_K=BLOCK_K,
        GROUP_M=GROUP_M, NUM_PROGRAMS=num_programs, FLATTEN=flatten,
        num_warps=num_warps, num_stages=num_stages)
    return c


def matmul_tma_device(a, b, c, BLOCK_M=128, BLOCK_N=256, BLOCK_K=64,
                      GROUP_M=8, num_warps=8, num_stages=3):
    """c = a @ b with matmul_tma_device_kernel (set an allocator first:
    triton.set_allocator)."""
    M, K = a.shape
    N = b.shape[1]
    grid = (triton.cdiv(M, BLOCK_M) * triton.cdiv(N, BLOCK_N),)
    matmul_tma_device_kernel[grid](a, b, c, M, N, K, BLOCK_M=BLOCK_M,
                                   BLOCK_N=BLOCK_N, BLOCK_K=BLOCK_K,
                                   GROUP_M=GROUP_M, num_warps=num_warps,
                                   num_stages=num_stages)
    return c


def main():
    from trident.language.semantic import tensor_descriptor_type
    desc = lambda shape: tensor_descriptor_type(  # noqa: E731
        tl.block_type(tl.bfloat16, shape))
    k = triton.compile(matmul_tma_kernel,
                       signature={"a_desc": desc([128, 64]),
                                  "b_desc": desc([64, 256]),
                                  "c_desc": desc([128, 256]),
                                  "M": "i32", "N": "i32", "K": "i32"},
                       constexprs={"BLOCK_M": 128, "BLOCK_N": 256,
                                   "BLOCK_K": 64, "GROUP_M": 8},
                       target="cuda:90a", num_warps=8, num_stages=3)
    ptx = k.asm["ptx"]
    md = k.metadata
    print("matmul_tma_kernel for cuda:90a: %d registers, %d spills, %d bytes "
          "of shared memory; cp.async.bulk.tensor x%d, wgmma.mma_async x%d; "
          "TMA arguments: %s" % (
              md.get("registers", -1), md.get("spill_stores", 0) +
              md.get("spill_loads", 0), md.get("shared_bytes", 0),
              ptx.count("cp.async.bulk.tensor"),
              ptx.count("wgmma.mma_async"),
              [(t["index"], t["box"], t["swizzle"])
               for t in md.get("tma_arguments", [])]))
    return 0 if "cp.async.bulk.tensor" in ptx else 1


if __name__ == "__main__":
    sys.exit(main())

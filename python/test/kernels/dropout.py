"""Tutorial 5: low-memory dropout.

Instead of storing a dropout mask, the kernel draws it from a seed with a
counter-based generator (tl.rand, Philox 4x32-10): the same seed and
offsets give the same mask, so the backward pass can redraw it."""
import numpy as np

import trident as triton
import trident.language as tl


@triton.jit
def seeded_dropout_kernel(x_ptr, output_ptr, n_elements, p, seed,
                          BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    offsets = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    # One uniform number in [0, 1) per element, from (seed, offset) only.
    random = tl.rand(seed, offsets)
    x_keep = random > p
    # Scale the kept elements so the expected value is unchanged.
    output = tl.where(x_keep, x / (1 - p), 0.0)
    tl.store(output_ptr + offsets, output, mask=mask)


@triton.jit
def random_bits_kernel(out_ptr, n_elements, seed, BLOCK_SIZE: tl.constexpr):
    # The raw generator: four uint32 streams for the same counters.
    offsets = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    r0, r1, r2, r3 = tl.randint4x(seed, offsets)
    tl.store(out_ptr + offsets, r0, mask=mask)
    tl.store(out_ptr + n_elements + offsets, r1, mask=mask)
    tl.store(out_ptr + 2 * n_elements + offsets, r2, mask=mask)
    tl.store(out_ptr + 3 * n_elements + offsets, r3, mask=mask)


@triton.jit
def random_bits64_kernel(out_ptr, n_elements, seed, base,
                         BLOCK_SIZE: tl.constexpr):
    # 64-bit offsets (past 2^32): Philox 4x32 on the offset's two words.
    idx = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    offsets = idx.to(tl.int64) + base
    tl.store(out_ptr + idx, tl.randint(seed, offsets), mask=idx < n_elements)


@triton.jit
def randn_kernel(out_ptr, n_elements, seed, BLOCK_SIZE: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    tl.store(out_ptr + offsets, tl.randn(seed, offsets),
             mask=offsets < n_elements)


def seeded_dropout(x: np.ndarray, p: float, seed: int):
    output = np.empty_like(x)
    n_elements = x.size
    grid = lambda meta: (triton.cdiv(n_elements, meta["BLOCK_SIZE"]),)  # noqa
    seeded_dropout_kernel[grid](x, output, n_elements, p, seed,
                                BLOCK_SIZE=1024)
    return output


def random_bits(n: int, seed: int):
    out = np.empty(4 * n, dtype=np.uint32)
    random_bits_kernel[(triton.cdiv(n, 256),)](out, n, seed, BLOCK_SIZE=256)
    return out.reshape(4, n)


def randn(n: int, seed: int):
    out = np.empty(n, dtype=np.float32)
    randn_kernel[(triton.cdiv(n, 512),)](out, n, seed, BLOCK_SIZE=512)
    return out


def random_bits64(n: int, seed: int, base: int):
    out = np.empty(n, dtype=np.uint64)
    random_bits64_kernel[(triton.cdiv(n, 128),)](out, n, seed, base,
                                                 BLOCK_SIZE=128)
    return out

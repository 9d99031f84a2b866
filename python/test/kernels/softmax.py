"""Tutorial 2: fused softmax, several rows per program."""
import numpy as np

import trident as triton
import trident.language as tl


@triton.jit
def softmax_kernel(output_ptr, input_ptr, input_row_stride, output_row_stride,
                   n_rows, n_cols, BLOCK_SIZE: tl.constexpr,
                   ROWS_PER_PROGRAM: tl.constexpr):
    # Program p handles rows p, p + num_programs, p + 2 * num_programs, ...
    # (a grid-stride loop), ROWS_PER_PROGRAM of them at most.
    row_start = tl.program_id(0)
    row_step = tl.num_programs(0)
    for i in tl.range(0, ROWS_PER_PROGRAM):
        row_idx = row_start + i * row_step
        if row_idx < n_rows:
            row_start_ptr = input_ptr + row_idx * input_row_stride
            col_offsets = tl.arange(0, BLOCK_SIZE)
            input_ptrs = row_start_ptr + col_offsets
            mask = col_offsets < n_cols
            # Padding lanes read -inf so they vanish from max and sum.
            row = tl.load(input_ptrs, mask=mask, other=-float("inf"))
            row_minus_max = row - tl.max(row, axis=0)
            numerator = tl.exp(row_minus_max)
            denominator = tl.sum(numerator, axis=0)
            softmax_output = numerator / denominator
            output_row_start_ptr = output_ptr + row_idx * output_row_stride
            output_ptrs = output_row_start_ptr + col_offsets
            tl.store(output_ptrs, softmax_output, mask=mask)


def softmax(x: np.ndarray, num_programs=None):
    n_rows, n_cols = x.shape
    # One block holds a whole row: the next power of 2 of the row length.
    BLOCK_SIZE = triton.next_power_of_2(n_cols)
    num_warps = 4 if BLOCK_SIZE < 2048 else 8
    if num_programs is None:
        num_programs = min(n_rows, 8)
    rows_per_program = triton.cdiv(n_rows, num_programs)
    y = np.empty_like(x)
    softmax_kernel[(num_programs,)](
        y, x, x.strides[0] // x.itemsize, y.strides[0] // y.itemsize,
        n_rows, n_cols, BLOCK_SIZE=BLOCK_SIZE,
        ROWS_PER_PROGRAM=rows_per_program, num_warps=num_warps)
    return y

// Row-wise softmax of a row-major matrix, BLOCK_M = 4 rows per program and
// BLOCK_N = 256 >= n_cols columns, as `triton.language` writes it:
//
//   @trident.jit
//   def softmax_kernel(in_ptr, out_ptr, n_rows, n_cols, row_stride,
//                      out_row_stride, BLOCK_M: tl.constexpr,
//                      BLOCK_N: tl.constexpr):
//       rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
//       cols = tl.arange(0, BLOCK_N)
//       offs = rows[:, None] * row_stride + cols[None, :]
//       mask = (rows[:, None] < n_rows) & (cols[None, :] < n_cols)
//       x = tl.load(in_ptr + offs, mask=mask, other=-float("inf"))
//       x = x - tl.max(x, axis=1)[:, None]
//       num = tl.exp(x)
//       den = tl.sum(num, axis=1)[:, None]
//       out_offs = rows[:, None] * out_row_stride + cols[None, :]
//       tl.store(out_ptr + out_offs, num / den, mask=mask)
//
// (the argument list of `trident-launch --kernel softmax`).
module {
  func.func @softmax_kernel(%in_ptr: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                            %out_ptr: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                            %n_rows: i32, %n_cols: i32,
                            %row_stride: i32 {tir.divisibility = 16 : i32},
                            %out_row_stride: i32 {tir.divisibility = 16 : i32}) attributes {tir.kernel} {
    %c4 = arith.constant 4 : i32
    %pid = tir.get_program_id 0 : i32
    %row0 = arith.muli %pid, %c4 : i32

    // rows = pid * BLOCK_M + arange(0, BLOCK_M); cols = arange(0, BLOCK_N)
    %mrange = tir.make_range 0 to 4 : tensor<4xi32>
    %row0s = tir.splat %row0 : i32 -> tensor<4xi32>
    %rows = arith.addi %row0s, %mrange : tensor<4xi32>
    %cols = tir.make_range 0 to 256 : tensor<256xi32>

    // offs = rows[:, None] * row_stride + cols[None, :]
    %rows2 = tir.expand_dims %rows, axis = 1 : tensor<4xi32> -> tensor<4x1xi32>
    %strides = tir.splat %row_stride : i32 -> tensor<4x1xi32>
    %row_offs = arith.muli %rows2, %strides : tensor<4x1xi32>
    %row_offs_b = tir.broadcast %row_offs : tensor<4x1xi32> -> tensor<4x256xi32>
    %cols2 = tir.expand_dims %cols, axis = 0 : tensor<256xi32> -> tensor<1x256xi32>
    %cols_b = tir.broadcast %cols2 : tensor<1x256xi32> -> tensor<4x256xi32>
    %offs = arith.addi %row_offs_b, %cols_b : tensor<4x256xi32>

    // mask = (rows[:, None] < n_rows) & (cols[None, :] < n_cols)
    %nr = tir.splat %n_rows : i32 -> tensor<4x1xi32>
    %row_ok = arith.cmpi slt, %rows2, %nr : tensor<4x1xi32>
    %row_ok_b = tir.broadcast %row_ok : tensor<4x1xi1> -> tensor<4x256xi1>
    %nc = tir.splat %n_cols : i32 -> tensor<1x256xi32>
    %col_ok = arith.cmpi slt, %cols2, %nc : tensor<1x256xi32>
    %col_ok_b = tir.broadcast %col_ok : tensor<1x256xi1> -> tensor<4x256xi1>
    %mask = arith.andi %row_ok_b, %col_ok_b : tensor<4x256xi1>

    // x = tl.load(in_ptr + offs, mask=mask, other=-inf)
    %in = tir.splat %in_ptr : !tir.ptr<f32> -> tensor<4x256x!tir.ptr<f32>>
    %in_ptrs = tir.addptr %in, %offs : tensor<4x256x!tir.ptr<f32>>, tensor<4x256xi32>
    %ninf = arith.constant dense<0xFF800000> : tensor<4x256xf32>
    %x = tir.load %in_ptrs, %mask, %ninf : tensor<4x256x!tir.ptr<f32>>

    // x - max(x, axis=1)[:, None]
    %max = tir.reduce %x axis = 1 : tensor<4x256xf32> -> tensor<4xf32> {
    ^bb0(%a: f32, %b: f32):
      %m = arith.maxnumf %a, %b : f32
      tir.reduce.return %m : f32
    }
    %max2 = tir.expand_dims %max, axis = 1 : tensor<4xf32> -> tensor<4x1xf32>
    %max_b = tir.broadcast %max2 : tensor<4x1xf32> -> tensor<4x256xf32>
    %shifted = arith.subf %x, %max_b : tensor<4x256xf32>

    // num = exp(x); den = sum(num, axis=1)[:, None]
    %num = math.exp %shifted : tensor<4x256xf32>
    %den = tir.reduce %num axis = 1 : tensor<4x256xf32> -> tensor<4xf32> {
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tir.reduce.return %s : f32
    }
    %den2 = tir.expand_dims %den, axis = 1 : tensor<4xf32> -> tensor<4x1xf32>
    %den_b = tir.broadcast %den2 : tensor<4x1xf32> -> tensor<4x256xf32>
    %y = arith.divf %num, %den_b : tensor<4x256xf32>

    // tl.store(out_ptr + out_offs, y, mask=mask)
    %ostrides = tir.splat %out_row_stride : i32 -> tensor<4x1xi32>
    %orow_offs = arith.muli %rows2, %ostrides : tensor<4x1xi32>
    %orow_offs_b = tir.broadcast %orow_offs : tensor<4x1xi32> -> tensor<4x256xi32>
    %out_offs = arith.addi %orow_offs_b, %cols_b : tensor<4x256xi32>
    %out = tir.splat %out_ptr : !tir.ptr<f32> -> tensor<4x256x!tir.ptr<f32>>
    %out_ptrs = tir.addptr %out, %out_offs : tensor<4x256x!tir.ptr<f32>>, tensor<4x256xi32>
    tir.store %out_ptrs, %y, %mask : tensor<4x256x!tir.ptr<f32>>
    return
  }
}

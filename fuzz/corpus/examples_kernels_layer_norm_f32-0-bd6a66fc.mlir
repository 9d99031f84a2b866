// Layer normalisation forward of one f32 row per program (BLOCK_N = 1024 >=
// cols), with the argument list of `trident-launch --kernel layer_norm`:
//
//   @trident.jit
//   def layer_norm(X, W, B, Y, rows, cols, stride_x, stride_y, eps,
//                  BLOCK_N: tl.constexpr):
//       row = tl.program_id(0)
//       offs = tl.arange(0, BLOCK_N)
//       mask = offs < cols
//       x = tl.load(X + row * stride_x + offs, mask=mask, other=0.0)
//       mean = tl.sum(x, axis=0) / cols
//       xc = tl.where(mask, x - mean, 0.0)
//       rstd = 1 / tl.sqrt(tl.sum(xc * xc, axis=0) / cols + eps)
//       w = tl.load(W + offs, mask=mask)
//       b = tl.load(B + offs, mask=mask)
//       tl.store(Y + row * stride_y + offs, xc * rstd * w + b, mask=mask)
module {
  func.func @layer_norm(%X: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                        %W: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                        %B: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                        %Y: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                        %rows: i32, %cols: i32, %stride_x: i32,
                        %stride_y: i32, %eps: f32) attributes {tir.kernel} {
    %row = tir.get_program_id 0 : i32
    %offs = tir.make_range 0 to 1024 : tensor<1024xi32>
    %colss = tir.splat %cols : i32 -> tensor<1024xi32>
    %mask = arith.cmpi slt, %offs, %colss : tensor<1024xi32>

    %x_off = arith.muli %row, %stride_x : i32
    %x_row = tir.addptr %X, %x_off : !tir.ptr<f32>, i32
    %xs = tir.splat %x_row : !tir.ptr<f32> -> tensor<1024x!tir.ptr<f32>>
    %x_ptrs = tir.addptr %xs, %offs : tensor<1024x!tir.ptr<f32>>, tensor<1024xi32>
    %zero = arith.constant dense<0.0> : tensor<1024xf32>
    %x = tir.load %x_ptrs, %mask, %zero : tensor<1024x!tir.ptr<f32>>

    %n = arith.sitofp %cols : i32 to f32
    %sum = tir.reduce %x axis = 0 : tensor<1024xf32> -> f32 {
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tir.reduce.return %s : f32
    }
    %mean = arith.divf %sum, %n : f32
    %means = tir.splat %mean : f32 -> tensor<1024xf32>
    %diff = arith.subf %x, %means : tensor<1024xf32>
    %xc = arith.select %mask, %diff, %zero : tensor<1024xi1>, tensor<1024xf32>
    %sq = arith.mulf %xc, %xc : tensor<1024xf32>
    %sqsum = tir.reduce %sq axis = 0 : tensor<1024xf32> -> f32 {
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tir.reduce.return %s : f32
    }
    %var = arith.divf %sqsum, %n : f32
    %var_eps = arith.addf %var, %eps : f32
    %sd = math.sqrt %var_eps : f32
    %one = arith.constant 1.0 : f32
    %rstd = arith.divf %one, %sd : f32

    %ws = tir.splat %W : !tir.ptr<f32> -> tensor<1024x!tir.ptr<f32>>
    %w_ptrs = tir.addptr %ws, %offs : tensor<1024x!tir.ptr<f32>>, tensor<1024xi32>
    %w = tir.load %w_ptrs, %mask : tensor<1024x!tir.ptr<f32>>
    %bs = tir.splat %B : !tir.ptr<f32> -> tensor<1024x!tir.ptr<f32>>
    %b_ptrs = tir.addptr %bs, %offs : tensor<1024x!tir.ptr<f32>>, tensor<1024xi32>
    %b = tir.load %b_ptrs, %mask : tensor<1024x!tir.ptr<f32>>
    %rstds = tir.splat %rstd : f32 -> tensor<1024xf32>
    %xn = arith.mulf %xc, %rstds : tensor<1024xf32>
    %xw = arith.mulf %xn, %w : tensor<1024xf32>
    %y = arith.addf %xw, %b : tensor<1024xf32>

    %y_off = arith.muli %row, %stride_y : i32
    %y_row = tir.addptr %Y, %y_off : !tir.ptr<f32>, i32
    %ys = tir.splat %y_row : !tir.ptr<f32> -> tensor<1024x!tir.ptr<f32>>
    %y_ptrs = tir.addptr %ys, %offs : tensor<1024x!tir.ptr<f32>>, tensor<1024xi32>
    tir.store %y_ptrs, %y, %mask : tensor<1024x!tir.ptr<f32>>
    return
  }
}

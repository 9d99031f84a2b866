// Layer normalisation forward of one f16 row per program (BLOCK_N = 1024 >=
// N), statistics in f32, as `triton.language` writes it:
//
//   @trident.jit
//   def layer_norm_fwd(X, Y, W, B, Mean, Rstd, stride, N, eps,
//                      BLOCK_N: tl.constexpr):
//       row = tl.program_id(0)
//       X += row * stride
//       Y += row * stride
//       cols = tl.arange(0, BLOCK_N)
//       mask = cols < N
//       x = tl.load(X + cols, mask=mask, other=0.0).to(tl.float32)
//       mean = tl.sum(x, axis=0) / N
//       xc = tl.where(mask, x - mean, 0.0)
//       var = tl.sum(xc * xc, axis=0) / N
//       rstd = 1 / tl.sqrt(var + eps)
//       tl.store(Mean + row, mean)
//       tl.store(Rstd + row, rstd)
//       w = tl.load(W + cols, mask=mask).to(tl.float32)
//       b = tl.load(B + cols, mask=mask).to(tl.float32)
//       y = xc * rstd * w + b
//       tl.store(Y + cols, y.to(tl.float16), mask=mask)
module {
  func.func @layer_norm_fwd(%X: !tir.ptr<f16> {tir.divisibility = 16 : i32},
                            %Y: !tir.ptr<f16> {tir.divisibility = 16 : i32},
                            %W: !tir.ptr<f16> {tir.divisibility = 16 : i32},
                            %B: !tir.ptr<f16> {tir.divisibility = 16 : i32},
                            %Mean: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                            %Rstd: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                            %stride: i32 {tir.divisibility = 16 : i32},
                            %N: i32, %eps: f32) attributes {tir.kernel} {
    %row = tir.get_program_id 0 : i32
    %row_off = arith.muli %row, %stride : i32
    %x_row = tir.addptr %X, %row_off : !tir.ptr<f16>, i32
    %y_row = tir.addptr %Y, %row_off : !tir.ptr<f16>, i32

    // cols = arange(0, BLOCK_N); mask = cols < N
    %cols = tir.make_range 0 to 1024 : tensor<1024xi32>
    %Ns = tir.splat %N : i32 -> tensor<1024xi32>
    %mask = arith.cmpi slt, %cols, %Ns : tensor<1024xi32>

    // x = load(X + cols, mask, other=0).to(f32)
    %xs = tir.splat %x_row : !tir.ptr<f16> -> tensor<1024x!tir.ptr<f16>>
    %x_ptrs = tir.addptr %xs, %cols : tensor<1024x!tir.ptr<f16>>, tensor<1024xi32>
    %zero_h = arith.constant dense<0.0> : tensor<1024xf16>
    %x_h = tir.load %x_ptrs, %mask, %zero_h : tensor<1024x!tir.ptr<f16>>
    %x = arith.extf %x_h : tensor<1024xf16> to tensor<1024xf32>

    // mean = sum(x) / N
    %nf = arith.sitofp %N : i32 to f32
    %sum = tir.reduce %x axis = 0 : tensor<1024xf32> -> f32 {
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tir.reduce.return %s : f32
    }
    %mean = arith.divf %sum, %nf : f32

    // xc = where(mask, x - mean, 0); var = sum(xc * xc) / N
    %means = tir.splat %mean : f32 -> tensor<1024xf32>
    %diff = arith.subf %x, %means : tensor<1024xf32>
    %zero = arith.constant dense<0.0> : tensor<1024xf32>
    %xc = arith.select %mask, %diff, %zero : tensor<1024xi1>, tensor<1024xf32>
    %sq = arith.mulf %xc, %xc : tensor<1024xf32>
    %sqsum = tir.reduce %sq axis = 0 : tensor<1024xf32> -> f32 {
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tir.reduce.return %s : f32
    }
    %var = arith.divf %sqsum, %nf : f32

    // rstd = 1 / sqrt(var + eps)
    %var_eps = arith.addf %var, %eps : f32
    %rstd = math.rsqrt %var_eps : f32

    // Mean[row] = mean; Rstd[row] = rstd
    %mean_ptr = tir.addptr %Mean, %row : !tir.ptr<f32>, i32
    tir.store %mean_ptr, %mean : !tir.ptr<f32>
    %rstd_ptr = tir.addptr %Rstd, %row : !tir.ptr<f32>, i32
    tir.store %rstd_ptr, %rstd : !tir.ptr<f32>

    // y = xc * rstd * w + b
    %ws = tir.splat %W : !tir.ptr<f16> -> tensor<1024x!tir.ptr<f16>>
    %w_ptrs = tir.addptr %ws, %cols : tensor<1024x!tir.ptr<f16>>, tensor<1024xi32>
    %w_h = tir.load %w_ptrs, %mask : tensor<1024x!tir.ptr<f16>>
    %w = arith.extf %w_h : tensor<1024xf16> to tensor<1024xf32>
    %bs = tir.splat %B : !tir.ptr<f16> -> tensor<1024x!tir.ptr<f16>>
    %b_ptrs = tir.addptr %bs, %cols : tensor<1024x!tir.ptr<f16>>, tensor<1024xi32>
    %b_h = tir.load %b_ptrs, %mask : tensor<1024x!tir.ptr<f16>>
    %b = arith.extf %b_h : tensor<1024xf16> to tensor<1024xf32>
    %rstds = tir.splat %rstd : f32 -> tensor<1024xf32>
    %xhat = arith.mulf %xc, %rstds : tensor<1024xf32>
    %xw = arith.mulf %xhat, %w : tensor<1024xf32>
    %y = arith.addf %xw, %b : tensor<1024xf32>

    // store(Y + cols, y.to(f16), mask)
    %y_h = arith.truncf %y : tensor<1024xf32> to tensor<1024xf16>
    %ys = tir.splat %y_row : !tir.ptr<f16> -> tensor<1024x!tir.ptr<f16>>
    %y_ptrs = tir.addptr %ys, %cols : tensor<1024x!tir.ptr<f16>>, tensor<1024xi32>
    tir.store %y_ptrs, %y_h, %mask : tensor<1024x!tir.ptr<f16>>
    return
  }
}

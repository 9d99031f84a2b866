func.func @reduce_axis(%x: tensor<8x4xf32>) {
  // expected-error @+1 {{'tir.reduce' op axis 2 is out of range [0, 2) for operands of rank 2}}
  %0 = tir.reduce %x axis = 2 : tensor<8x4xf32> -> tensor<8xf32> {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tir.reduce.return %s : f32
  }
  return
}

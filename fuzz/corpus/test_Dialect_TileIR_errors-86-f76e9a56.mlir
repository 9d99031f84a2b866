func.func @reduce_region_args(%x: tensor<8xf32>) {
  // expected-error @+1 {{'tir.reduce' op combine region must take 2 arguments (two per operand), got 1}}
  %0 = tir.reduce %x axis = 0 : tensor<8xf32> -> f32 {
  ^bb0(%a: f32):
    tir.reduce.return %a : f32
  }
  return
}

func.func @reduce_shapes(%x: tensor<8xf32>, %y: tensor<4xi32>) {
  // expected-error @+1 {{'tir.reduce' op requires the same shape for all operands}}
  %0:2 = tir.reduce %x, %y axis = 0 : tensor<8xf32>, tensor<4xi32> -> f32, i32 {
  ^bb0(%a: f32, %ai: i32, %b: f32, %bi: i32):
    tir.reduce.return %a, %ai : f32, i32
  }
  return
}

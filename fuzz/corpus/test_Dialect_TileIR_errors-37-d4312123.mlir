func.func @join_operands(%a: tensor<8xf32>, %b: tensor<4xf32>) {
  // expected-error @+1 {{'tir.join' op requires all operands to have the same type}}
  %0 = "tir.join"(%a, %b) : (tensor<8xf32>, tensor<4xf32>) -> tensor<8x2xf32>
  return
}

func.func @join_result(%a: tensor<8xf32>, %b: tensor<8xf32>) {
  // expected-error @+1 {{'tir.join' op result type 'tensor<2x8xf32>' does not match the expected 'tensor<8x2xf32>' (the operands' shape with a new last dimension of size 2)}}
  %0 = tir.join %a, %b : tensor<8xf32> -> tensor<2x8xf32>
  return
}

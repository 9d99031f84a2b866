func.func @split_result(%x: tensor<8x2xf32>) {
  // expected-error @+1 {{'tir.split' op result type 'tensor<4xf32>' does not match the expected 'tensor<8xf32>'}}
  %0:2 = tir.split %x : tensor<8x2xf32> -> tensor<4xf32>
  return
}

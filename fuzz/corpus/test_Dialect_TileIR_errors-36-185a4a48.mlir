func.func @trans_result(%x: tensor<4x32xf32>) {
  // expected-error @+1 {{'tir.trans' op result type 'tensor<4x32xf32>' does not match the expected 'tensor<32x4xf32>'}}
  %0 = tir.trans %x, [1, 0] : tensor<4x32xf32> -> tensor<4x32xf32>
  return
}

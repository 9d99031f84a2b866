func.func @broadcast_elem(%x: tensor<1x64xf32>) {
  // expected-error @+1 {{'tir.broadcast' op requires the same element type for all operands and results}}
  %0 = tir.broadcast %x : tensor<1x64xf32> -> tensor<4x64xf16>
  return
}

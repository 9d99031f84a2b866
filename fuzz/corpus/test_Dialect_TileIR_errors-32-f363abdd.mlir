func.func @expand_dims_result(%x: tensor<64xf32>) {
  // expected-error @+1 {{'tir.expand_dims' op result type 'tensor<64x1xf32>' does not match the expected 'tensor<1x64xf32>'}}
  %0 = tir.expand_dims %x, axis = 0 : tensor<64xf32> -> tensor<64x1xf32>
  return
}

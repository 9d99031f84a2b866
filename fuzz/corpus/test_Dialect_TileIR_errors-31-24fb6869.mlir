func.func @expand_dims_axis(%x: tensor<64xf32>) {
  // expected-error @+1 {{'tir.expand_dims' op axis 2 is out of range [0, 1] for a source of rank 1}}
  %0 = tir.expand_dims %x, axis = 2 : tensor<64xf32> -> tensor<64x1xf32>
  return
}

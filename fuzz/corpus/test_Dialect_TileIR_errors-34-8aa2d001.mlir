func.func @trans_size(%x: tensor<4x32xf32>) {
  // expected-error @+1 {{'tir.trans' op order has 3 entries but the source has rank 2}}
  %0 = tir.trans %x, [0, 1, 2] : tensor<4x32xf32> -> tensor<4x32xf32>
  return
}

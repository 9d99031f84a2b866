func.func @trans_perm(%x: tensor<4x32xf32>) {
  // expected-error @+1 {{'tir.trans' op order [1, 1] is not a permutation of [0, 2)}}
  %0 = tir.trans %x, [1, 1] : tensor<4x32xf32> -> tensor<32x32xf32>
  return
}

func.func @reshape_count(%x: tensor<4x32xf32>) {
  // expected-error @+1 {{'tir.reshape' op source has 128 elements but result has 64; a reshape must preserve the element count}}
  %0 = tir.reshape %x : tensor<4x32xf32> -> tensor<64xf32>
  return
}

func.func @make_range_count() {
  // expected-error @+1 {{'tir.make_range' op result has 64 elements but the range [0, 128) has 128}}
  %0 = tir.make_range 0 to 128 : tensor<64xi32>
  return
}

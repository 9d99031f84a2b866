func.func @hint_not_pow2() {
  // expected-error @+1 {{'tir.make_range' op axis hint 'tir.divisibility' entries must be positive powers of two, got 12}}
  %0 = tir.make_range 0 to 64 {tir.divisibility = array<i32: 12>} : tensor<64xi32>
  return
}

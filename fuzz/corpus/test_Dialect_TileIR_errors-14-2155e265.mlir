func.func @hint_constancy_positive() {
  // expected-error @+1 {{'tir.make_range' op axis hint 'tir.constancy' entries must be positive, got 0}}
  %0 = tir.make_range 0 to 64 {tir.constancy = array<i32: 0>} : tensor<64xi32>
  return
}

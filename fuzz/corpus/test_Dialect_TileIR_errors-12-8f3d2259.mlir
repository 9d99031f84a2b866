func.func @hint_rank() {
  // expected-error @+1 {{'tir.make_range' op axis hint 'tir.contiguity' has 2 entries, but 'tensor<64xi32>' needs 1 (one per dimension, one for a scalar)}}
  %0 = tir.make_range 0 to 64 {tir.contiguity = array<i32: 64, 1>} : tensor<64xi32>
  return
}

func.func @make_range_rank() {
  // expected-error @+1 {{'tir.make_range' op result must be a 1-D tile, got 'tensor<8x16xi32>'}}
  %0 = tir.make_range 0 to 128 : tensor<8x16xi32>
  return
}

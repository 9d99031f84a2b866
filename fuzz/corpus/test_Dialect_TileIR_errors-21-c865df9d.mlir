func.func @make_range_empty() {
  // expected-error @+1 {{'tir.make_range' op end (4) must be greater than start (4)}}
  %0 = tir.make_range 4 to 4 : tensor<1xi32>
  return
}

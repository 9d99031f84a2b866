// The bounds are signed: a range that ends below its start.
func.func @range_backwards() {
  // expected-error @+1 {{'tir.make_range' op end (-5) must be greater than start (10)}}
  %0 = tir.make_range 10 to -5 : tensor<1xi32>
  return
}

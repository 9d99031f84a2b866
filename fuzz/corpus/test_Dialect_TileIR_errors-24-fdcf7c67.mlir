func.func @make_range_type() {
  // expected-error @+1 {{'tir.make_range' op result #0 must be statically shaped tensor of 32-bit signless integer values}}
  %0 = tir.make_range 0 to 128 : tensor<128xi64>
  return
}

func.func @range_step() {
  // expected-error @below {{'gpux.range' op requires attribute 'step'}}
  %r = "gpux.range"() <{start = 0 : i32}> : () -> tensor<4xi32>
  return
}

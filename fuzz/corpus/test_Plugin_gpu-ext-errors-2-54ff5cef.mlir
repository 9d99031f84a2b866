func.func @range_rank() {
  // expected-error @below {{'gpux.range' op result #0 must be 1D tensor of 32-bit signless integer values, but got 'tensor<4x4xi32>'}}
  %r = gpux.range {start = 0 : i32, step = 1 : i32} : tensor<4x4xi32>
  return
}

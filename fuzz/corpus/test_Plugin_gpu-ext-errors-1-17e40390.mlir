func.func @range_empty() {
  // expected-error @below {{'gpux.range' op needs a static, non-empty length, got 'tensor<0xi32>'}}
  %r = gpux.range {start = 0 : i32, step = 1 : i32} : tensor<0xi32>
  return
}

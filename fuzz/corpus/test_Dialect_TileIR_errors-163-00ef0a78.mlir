func.func @extern_digit(%x: f32) {
  // expected-error @+1 {{'tir.extern_elementwise' op '9lives' is not a function name (letters, digits, '_', '.', '$'; not starting with a digit)}}
  %0 = tir.extern_elementwise "9lives" (%x : f32) -> f32
  return
}

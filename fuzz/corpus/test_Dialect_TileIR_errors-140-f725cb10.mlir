func.func @extern_bad_name(%x: f32) {
  // expected-error @+1 {{'tir.extern_elementwise' op 'sin f' is not a function name (letters, digits, '_', '.', '$'; not starting with a digit)}}
  %0 = tir.extern_elementwise "sin f" pure (%x : f32) -> f32
  return
}

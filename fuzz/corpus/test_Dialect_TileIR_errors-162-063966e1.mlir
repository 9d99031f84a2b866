func.func @extern_no_name(%x: f32) {
  // expected-error @+1 {{'tir.extern_elementwise' op needs a function name}}
  %0 = tir.extern_elementwise "" (%x : f32) -> f32
  return
}

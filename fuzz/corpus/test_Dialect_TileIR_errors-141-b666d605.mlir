func.func @extern_empty_lib(%x: f32) {
  // expected-error @+1 {{'tir.extern_elementwise' op lib names no file: leave it out for the target's own library}}
  %0 = tir.extern_elementwise "f" lib "" (%x : f32) -> f32
  return
}

func.func @splat_type(%x: f32) {
  // expected-error @+1 {{'tir.splat' op failed to verify that source type matches the result element type}}
  %0 = "tir.splat"(%x) : (f32) -> tensor<8xf16>
  return
}

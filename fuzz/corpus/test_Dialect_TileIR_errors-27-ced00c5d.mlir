func.func @dynamic_tile(%x: f32) {
  // expected-error @+1 {{'tir.splat' op result #0 must be statically shaped tensor}}
  %0 = tir.splat %x : f32 -> tensor<?xf32>
  return
}

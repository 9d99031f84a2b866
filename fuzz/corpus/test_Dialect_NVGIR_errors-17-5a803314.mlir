func.func @wait_pending(%c: tensor<64x64xf32>) {
  // expected-error @+1 {{'nvgir.warpgroup_wait' op attribute 'pending' failed to satisfy constraint: 32-bit signless integer attribute whose value is non-negative}}
  %d = nvgir.warpgroup_wait %c {pending = -1 : i32} : tensor<64x64xf32>
  return
}

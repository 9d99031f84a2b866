func.func @atomic_xor_float(%p: !tir.ptr<f32>, %v: f32) {
  // expected-error @+1 {{'tir.atomic_rmw' op 'xor' requires integer elements, got 'f32'}}
  %0 = tir.atomic_rmw xor, relaxed, gpu, %p, %v : !tir.ptr<f32>
  return
}

func.func @atomic_xchg_ptr(%p: !tir.ptr<!tir.ptr<f32>>, %v: !tir.ptr<f32>) {
  // expected-error @+1 {{'tir.atomic_rmw' op 'xchg' requires integer or float elements, got '!tir.ptr<f32>'}}
  %0 = tir.atomic_rmw xchg, relaxed, gpu, %p, %v : !tir.ptr<!tir.ptr<f32>>
  return
}

func.func @atomic_cas_ptr(%p: !tir.ptr<!tir.ptr<f32>>, %v: !tir.ptr<f32>) {
  // expected-error @+1 {{'tir.atomic_cas' op requires integer or float elements, got '!tir.ptr<f32>'}}
  %0 = tir.atomic_cas acq_rel, gpu, %p, %v, %v : !tir.ptr<!tir.ptr<f32>>
  return
}

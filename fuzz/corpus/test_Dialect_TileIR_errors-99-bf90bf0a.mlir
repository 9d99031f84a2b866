func.func @atomic_cas_f8(%p: !tir.ptr<f8E5M2>, %v: f8E5M2) {
  // expected-error @+1 {{'tir.atomic_cas' op has no atomic form for 'f8E5M2' elements (float atomics take f16, bf16, f32 or f64)}}
  %0 = tir.atomic_cas acq_rel, gpu, %p, %v, %v : !tir.ptr<f8E5M2>
  return
}

func.func @atomic_cas_i128(%p: tensor<4x!tir.ptr<i128>>, %v: tensor<4xi128>) {
  // expected-error @+1 {{'tir.atomic_cas' op atomics need elements of 8, 16, 32 or 64 bits, got 'i128'}}
  %0 = tir.atomic_cas acq_rel, gpu, %p, %v, %v : tensor<4x!tir.ptr<i128>>
  return
}

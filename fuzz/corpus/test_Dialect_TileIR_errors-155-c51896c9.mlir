func.func @atomic_rmw_i1(%p: !tir.ptr<i1>, %v: i1) {
  // expected-error @+1 {{'tir.atomic_rmw' op atomics need elements of 8, 16, 32 or 64 bits, got 'i1'}}
  %0 = tir.atomic_rmw xchg, relaxed, gpu, %p, %v : !tir.ptr<i1>
  return
}

func.func @atomic_fadd_int(%p: !tir.ptr<i32>, %v: i32) {
  // expected-error @+1 {{'tir.atomic_rmw' op 'fadd' requires float elements, got 'i32'}}
  %0 = tir.atomic_rmw fadd, relaxed, gpu, %p, %v : !tir.ptr<i32>
  return
}

func.func @atomic_bad_kind(%p: !tir.ptr<f32>, %v: f32) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'kind' [add, fadd, max, min, umax, umin, and, or, xor, xchg]}}
  %0 = tir.atomic_rmw nand, relaxed, gpu, %p, %v : !tir.ptr<f32>
  return
}

// CHECK: error: 'tir.atomic_rmw' op returns the old value of a scalar atomic in a program of 2 CTAs, which only one of them can perform (use num_ctas=1)
module attributes {gir.compute_capability = 90 : i32, gir.num_ctas = 2 : i32, gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
func.func @ticket(%p: !tir.ptr<i32>, %q: !tir.ptr<i32>) attributes {tir.kernel} {
  %one = arith.constant 1 : i32
  %old = tir.atomic_rmw add, relaxed, gpu, %p, %one : !tir.ptr<i32>
  tir.store %q, %old : !tir.ptr<i32>
  return
}
}

// CHECK-LABEL: func.func @atomics
func.func @atomics(%p: !tir.ptr<i32>, %ps: tensor<64x!tir.ptr<f32>>, %v: tensor<64xf32>,
                   %m: tensor<64xi1>, %i: i32, %j: i32) {
  // CHECK: tir.atomic_rmw fadd, acq_rel, gpu, %{{.*}}, %{{.*}}, %{{.*}} : tensor<64x!tir.ptr<f32>>
  // CHECK: tir.atomic_rmw max, relaxed, cta, %{{.*}}, %{{.*}} : tensor<64x!tir.ptr<f32>>
  // CHECK: tir.atomic_rmw add, acquire, sys, %{{.*}}, %{{.*}} : !tir.ptr<i32>
  // CHECK: tir.atomic_rmw umax, release, gpu
  // CHECK: tir.atomic_rmw umin, relaxed, gpu
  // CHECK: tir.atomic_rmw and, relaxed, gpu
  // CHECK: tir.atomic_rmw or, relaxed, gpu
  // CHECK: tir.atomic_rmw xor, relaxed, gpu
  // CHECK: tir.atomic_rmw xchg, relaxed, gpu
  // CHECK: tir.atomic_rmw min, relaxed, gpu
  %0 = tir.atomic_rmw fadd, acq_rel, gpu, %ps, %v, %m : tensor<64x!tir.ptr<f32>>
  %1 = tir.atomic_rmw max, relaxed, cta, %ps, %v : tensor<64x!tir.ptr<f32>>
  %2 = tir.atomic_rmw add, acquire, sys, %p, %i : !tir.ptr<i32>
  %3 = tir.atomic_rmw umax, release, gpu, %p, %i : !tir.ptr<i32>
  %4 = tir.atomic_rmw umin, relaxed, gpu, %p, %i : !tir.ptr<i32>
  %5 = tir.atomic_rmw and, relaxed, gpu, %p, %i : !tir.ptr<i32>
  %6 = tir.atomic_rmw or, relaxed, gpu, %p, %i : !tir.ptr<i32>
  %7 = tir.atomic_rmw xor, relaxed, gpu, %p, %i : !tir.ptr<i32>
  %8 = tir.atomic_rmw xchg, relaxed, gpu, %p, %i : !tir.ptr<i32>
  %9 = tir.atomic_rmw min, relaxed, gpu, %p, %i : !tir.ptr<i32>
  // CHECK: tir.atomic_cas acq_rel, gpu, %{{.*}}, %{{.*}}, %{{.*}} : !tir.ptr<i32>
  %10 = tir.atomic_cas acq_rel, gpu, %p, %i, %j : !tir.ptr<i32>
  return
}

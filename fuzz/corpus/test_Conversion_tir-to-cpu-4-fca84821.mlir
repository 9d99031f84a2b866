// Atomics are LLVM atomics under the mask; the old values of an unused
// result are not kept.
// CHECK-LABEL: func.func @atomics(
// CHECK-NOT:     memref.alloca
// CHECK:         scf.for
// CHECK:           scf.if %{{.*}} -> (i32) {
// CHECK:             llvm.atomicrmw add %{{.*}}, %{{.*}} monotonic : !llvm.ptr, i32
// CHECK:         llvm.atomicrmw fadd %{{.*}}, %{{.*}} acq_rel : !llvm.ptr, f32
// CHECK:         %[[CAS:.*]] = llvm.cmpxchg %{{.*}}, %{{.*}}, %{{.*}} acq_rel acquire : !llvm.ptr, i32
// CHECK:         llvm.extractvalue %[[CAS]][0]

func.func @atomics(%p: !tir.ptr<i32>, %f: !tir.ptr<f32>) attributes {tir.kernel} {
  %ps = tir.splat %p : !tir.ptr<i32> -> tensor<8x!tir.ptr<i32>>
  %r = tir.make_range 0 to 8 : tensor<8xi32>
  %pp = tir.addptr %ps, %r : tensor<8x!tir.ptr<i32>>, tensor<8xi32>
  %ones = arith.constant dense<1> : tensor<8xi32>
  %four = arith.constant dense<4> : tensor<8xi32>
  %m = arith.cmpi slt, %r, %four : tensor<8xi32>
  %old = tir.atomic_rmw add, relaxed, gpu, %pp, %ones, %m : tensor<8x!tir.ptr<i32>>
  %one = arith.constant 1.0 : f32
  %fo = tir.atomic_rmw fadd, acq_rel, gpu, %f, %one : !tir.ptr<f32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %prev = tir.atomic_cas acq_rel, gpu, %p, %c0, %c1 : !tir.ptr<i32>
  return
}

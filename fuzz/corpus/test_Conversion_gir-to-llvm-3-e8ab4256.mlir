// Atomics: one guarded LLVM atomic per element the thread holds, with the
// memory order and NVPTX scope of the op; replicas do not repeat it.
// CHECK-LABEL: llvm.func @atomics
// CHECK: llvm.cond_br
// CHECK: llvm.atomicrmw add %{{.*}}, %{{.*}} syncscope("device") monotonic
// CHECK: llvm.atomicrmw fmax %{{.*}}, %{{.*}} syncscope("block") acquire
// CHECK: llvm.cmpxchg %{{.*}}, %{{.*}}, %{{.*}} acq_rel acquire
func.func @atomics(%p: !tir.ptr<i32>, %q: !tir.ptr<f32>) attributes {tir.kernel} {
  %r = tir.make_range 0 to 128 : tensor<128xi32>
  %ps = tir.splat %p : !tir.ptr<i32> -> tensor<128x!tir.ptr<i32>>
  %pp = tir.addptr %ps, %r : tensor<128x!tir.ptr<i32>>, tensor<128xi32>
  %a = tir.atomic_rmw add, relaxed, gpu, %pp, %r : tensor<128x!tir.ptr<i32>>
  %qs = tir.splat %q : !tir.ptr<f32> -> tensor<128x!tir.ptr<f32>>
  %qp = tir.addptr %qs, %r : tensor<128x!tir.ptr<f32>>, tensor<128xi32>
  %f = arith.sitofp %a : tensor<128xi32> to tensor<128xf32>
  %b = tir.atomic_rmw max, acquire, cta, %qp, %f : tensor<128x!tir.ptr<f32>>
  %c = tir.atomic_cas acq_rel, gpu, %pp, %r, %a : tensor<128x!tir.ptr<i32>>
  return
}

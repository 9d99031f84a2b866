// A scalar atomic whose old value is unused: the first thread of the first
// CTA of the cluster performs it.
// CHECK-LABEL: llvm.func @count
// CHECK: %[[T0:.*]] = llvm.icmp "eq"
// CHECK-NEXT: %[[RANK:.*]] = nvvm.read.ptx.sreg.cluster.ctarank
// CHECK-NEXT: llvm.mlir.constant(0 : i32)
// CHECK-NEXT: %[[R0:.*]] = llvm.icmp "eq" %[[RANK]]
// CHECK-NEXT: %[[BOTH:.*]] = llvm.and %[[T0]], %[[R0]]
// CHECK-NEXT: llvm.cond_br %[[BOTH]]
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: llvm.atomicrmw add
module attributes {tir.num_ctas = 2 : i32, tir.num_warps = 4 : i32} {
func.func @count(%p: !tir.ptr<i32>) attributes {tir.kernel} {
  %one = arith.constant 1 : i32
  %old = tir.atomic_rmw add, relaxed, gpu, %p, %one : !tir.ptr<i32>
  return
}
}

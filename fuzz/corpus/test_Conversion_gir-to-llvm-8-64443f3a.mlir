// A scalar atomic (AtomicToLLVM.cpp) is done by thread 0; where its result
// is used, thread 0 stores it to shared memory and every thread loads it
// after a barrier (4 bytes of scratch). An unused result is not passed.
// CHECK: module attributes {{{.*}}trident.shared_bytes = 4 : i32
// CHECK-LABEL: llvm.func @scalar_atomic(
// CHECK: nvvm.barrier0
// CHECK: %[[SMEM:.*]] = llvm.mlir.addressof @__trident_dynamic_smem : !llvm.ptr<3>
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK: %[[T0:.*]] = llvm.icmp "eq" %[[TID]], %{{.*}} : i32
// CHECK: llvm.cond_br %[[T0]]
// CHECK: %[[PAIR:.*]] = llvm.cmpxchg %{{.*}}, %{{.*}}, %{{.*}} syncscope("device") acquire acquire : !llvm.ptr<1>, i32
// CHECK: %[[OLD:.*]] = llvm.extractvalue %[[PAIR]][0]
// CHECK: llvm.store %[[OLD]], %{{.*}} : i32, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: %[[ALL:.*]] = llvm.load %{{.*}} : !llvm.ptr<3> -> i32
// CHECK: llvm.insertelement %[[ALL]]
// CHECK: llvm.intr.masked.scatter
// CHECK: llvm.atomicrmw add %{{.*}}, %{{.*}} syncscope("device") monotonic : !llvm.ptr<1>, i32
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
func.func @scalar_atomic(%p: !tir.ptr<i32>, %q: !tir.ptr<i32>) attributes {tir.kernel} {
  %c1 = arith.constant 1 : i32
  %c0 = arith.constant 0 : i32
  %old = tir.atomic_cas acquire, gpu, %p, %c0, %c1 : !tir.ptr<i32>
  %r = tir.make_range 0 to 128 : tensor<128xi32>
  %s = tir.splat %old : i32 -> tensor<128xi32>
  %t = arith.addi %s, %r : tensor<128xi32>
  %qs = tir.splat %q : !tir.ptr<i32> -> tensor<128x!tir.ptr<i32>>
  %qp = tir.addptr %qs, %r : tensor<128x!tir.ptr<i32>>, tensor<128xi32>
  tir.store %qp, %t : tensor<128x!tir.ptr<i32>>
  %unused = tir.atomic_rmw add, relaxed, gpu, %q, %c1 : !tir.ptr<i32>
  return
}

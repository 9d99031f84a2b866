// Scalar accesses (MemoryToLLVM.cpp): a masked scalar load is a load under
// a branch on the mask, `other` where it is off; i1 goes through a byte. A
// scalar store is done by thread 0 alone (and, masked, where the mask
// holds).
// CHECK-LABEL: llvm.func @scalar_mem(
// CHECK-SAME: %[[P:[^:]*]]: !llvm.ptr<1>, %[[Q:[^:]*]]: !llvm.ptr<1>, %[[C:[^:]*]]: i1)
// CHECK: %[[OTHER:.*]] = llvm.mlir.constant(2.500000e+00 : f32) : f32
// CHECK: llvm.cond_br %[[C]], ^[[ON:.*]], ^[[OFF:[^ ]*]]
// CHECK: ^[[ON]]:
// CHECK-NEXT: %[[V:.*]] = llvm.load %[[P]] {alignment = 4 : i64} : !llvm.ptr<1> -> f32
// CHECK-NEXT: llvm.br ^[[JOIN:.*]](%[[V]] : f32)
// CHECK: ^[[OFF]]:
// CHECK-NEXT: llvm.br ^[[JOIN]](%[[OTHER]] : f32)
// CHECK: %[[B8:.*]] = llvm.load %[[Q]] {alignment = 1 : i64} : !llvm.ptr<1> -> i8
// CHECK: %[[B:.*]] = llvm.trunc %[[B8]] : i8 to i1
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK: %[[T0:.*]] = llvm.icmp "eq" %[[TID]], %{{.*}} : i32
// CHECK: %[[GO:.*]] = llvm.and %[[T0]], %[[C]] : i1
// CHECK: llvm.cond_br %[[GO]]
// CHECK: llvm.store %{{.*}}, %[[P]] {alignment = 4 : i64} : f32, !llvm.ptr<1>
// CHECK: %[[BX:.*]] = llvm.zext %[[B]] : i1 to i8
// CHECK: %[[TID2:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK: %[[FIRST:.*]] = llvm.icmp "eq" %[[TID2]], %{{.*}} : i32
// CHECK: llvm.cond_br %[[FIRST]]
// CHECK: llvm.store %[[BX]], %[[Q]] {alignment = 1 : i64} : i8, !llvm.ptr<1>
func.func @scalar_mem(%p: !tir.ptr<f32>, %q: !tir.ptr<i1>, %c: i1) attributes {tir.kernel} {
  %o = arith.constant 2.5 : f32
  %v = tir.load %p, %c, %o : !tir.ptr<f32>
  %b = tir.load %q : !tir.ptr<i1>
  %w = arith.addf %v, %v : f32
  tir.store %p, %w, %c : !tir.ptr<f32>
  tir.store %q, %b : !tir.ptr<i1>
  return
}

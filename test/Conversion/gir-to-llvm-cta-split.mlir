// Programs of two CTAs (num_ctas = 2) in the lowering: the kernel is a
// cluster of two, the program id counts clusters, and a split range starts
// at the CTA's block: (rank % 2) * 128 of the 256 elements.
// RUN: trident-opt %s -split-input-file --convert-tir-to-gir=compute-capability=90 --gir-split-ctas --gir-allocate-shared-memory --convert-gir-to-llvm | FileCheck %s

// CHECK-LABEL: llvm.func @store_ids
// CHECK-SAME: nvvm.cluster_dim = array<i32: 2, 1, 1>
// CHECK: nvvm.read.ptx.sreg.clusterid.x
// CHECK-NOT: nvvm.read.ptx.sreg.ctaid
// CHECK: %[[RANK:.*]] = nvvm.read.ptx.sreg.cluster.ctarank : i32
// CHECK-NEXT: %[[TWO:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[BLOCK:.*]] = llvm.urem %[[RANK]], %[[TWO]] : i32
// CHECK-NEXT: %[[ROWS:.*]] = llvm.mlir.constant(128 : i32) : i32
// CHECK-NEXT: llvm.mul %[[BLOCK]], %[[ROWS]] : i32
// CHECK: llvm.intr.masked.scatter {{.*}} : vector<1xi32>
module attributes {tir.num_ctas = 2 : i32, tir.num_warps = 4 : i32} {
func.func @store_ids(%y: !tir.ptr<i32>) attributes {tir.kernel} {
  %pid = tir.get_program_id 0 : i32
  %r = tir.make_range 0 to 256 : tensor<256xi32>
  %p = tir.splat %pid : i32 -> tensor<256xi32>
  %v = arith.addi %r, %p : tensor<256xi32>
  %py = tir.splat %y : !tir.ptr<i32> -> tensor<256x!tir.ptr<i32>>
  %py2 = tir.addptr %py, %r : tensor<256x!tir.ptr<i32>>, tensor<256xi32>
  tir.store %py2, %v : tensor<256x!tir.ptr<i32>>
  return
}
}

// -----

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
// CHECK-NEXT: llvm.inline_asm has_side_effects "atom.global.gpu.relaxed.add.u32
module attributes {tir.num_ctas = 2 : i32, tir.num_warps = 4 : i32} {
func.func @count(%p: !tir.ptr<i32>) attributes {tir.kernel} {
  %one = arith.constant 1 : i32
  %old = tir.atomic_rmw add, relaxed, gpu, %p, %one : !tir.ptr<i32>
  return
}
}

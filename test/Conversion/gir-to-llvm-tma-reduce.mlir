// RUN: trident-opt %s --convert-gir-to-llvm | FileCheck %s

// nvgir.tma_store with `reduce`: each box (a 64x64 f32 block: two boxes
// 128 bytes wide) is combined with global memory by the group's first
// thread (a branch: the reduction takes no predicate), then every thread
// commits its bulk group.
// CHECK-LABEL: llvm.func @reduce_add
// CHECK: llvm.cond_br
// CHECK: nvvm.cp.async.bulk.tensor.reduce %{{.*}}, %{{.*}}, box[%{{.*}}, %{{.*}}] {redKind = #nvvm.tma_redux_kind<add>
// CHECK: llvm.cond_br
// CHECK: nvvm.cp.async.bulk.tensor.reduce %{{.*}}, %{{.*}}, box[%{{.*}}, %{{.*}}] {redKind = #nvvm.tma_redux_kind<add>
// CHECK: nvvm.cp.async.bulk.commit.group
#sw = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
module attributes {gir.compute_capability = 90 : i32, gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @reduce_add(%d: !tir.tensordesc<tensor<64x64xf32>>, %i: i32) {
    %buf = gir.local_alloc : !gir.memdesc<64x64xf32, #sw>
    nvgir.tma_store %d[%i, %i], %buf {reduce = "add"} : !tir.tensordesc<tensor<64x64xf32>>, !gir.memdesc<64x64xf32, #sw>
    return
  }
}

// Register budgets of partitions smaller than a warpgroup (a 1-warp
// producer and a 2-warp helper beside a 4-warp consumer, as TLX kernels
// write them): partitions are placed largest first (the consumer at warps
// 4-7, the 2-warp one at 8-9, the 1-warp one at 10), the partial last
// warpgroup gets an idle warp (11) because it has a budget, every warp of
// that warpgroup sets the largest budget its partitions ask for (40), and
// the launch counts 12 warps.
// RUN: trident-opt %s --convert-tir-to-gir=compute-capability=90 --gir-allocate-shared-memory --convert-gir-to-llvm | FileCheck %s

// CHECK-LABEL: llvm.func @small_partitions
// CHECK-SAME: nvvm.maxntid = array<i32: 384, 1, 1>
// The default group (4 warps) takes what is left: 168 at entry.
// CHECK: nvvm.setmaxregister {{ *}}decrease 120
// The 4-warp partition: warps 4 to 8.
// CHECK: %[[S4:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK-NEXT: llvm.icmp "uge" %{{.*}}, %[[S4]] : i32
// CHECK-NEXT: %[[E8:.*]] = llvm.mlir.constant(8 : i32) : i32
// CHECK-NEXT: llvm.icmp "ult" %{{.*}}, %[[E8]] : i32
// CHECK: nvvm.setmaxregister {{ *}}increase 232
// The 1-warp partition (#1): warp 10, its warpgroup's 40.
// CHECK: %[[S10:.*]] = llvm.mlir.constant(10 : i32) : i32
// CHECK-NEXT: llvm.icmp "uge" %{{.*}}, %[[S10]] : i32
// CHECK-NEXT: %[[E11:.*]] = llvm.mlir.constant(11 : i32) : i32
// CHECK-NEXT: llvm.icmp "ult" %{{.*}}, %[[E11]] : i32
// CHECK: nvvm.setmaxregister {{ *}}decrease 40
// The 2-warp partition (#2): warps 8 and 9, the same 40.
// CHECK: %[[S8:.*]] = llvm.mlir.constant(8 : i32) : i32
// CHECK-NEXT: llvm.icmp "uge" %{{.*}}, %[[S8]] : i32
// CHECK-NEXT: %[[E10:.*]] = llvm.mlir.constant(10 : i32) : i32
// CHECK-NEXT: llvm.icmp "ult" %{{.*}}, %[[E10]] : i32
// CHECK: nvvm.setmaxregister {{ *}}decrease 40
// The idle warp 11: the same 40, then the join.
// CHECK: nvvm.setmaxregister {{ *}}decrease 40
// CHECK: nvvm.barrier
// CHECK: llvm.return
module attributes {tir.num_warps = 4 : i32} {
  func.func @small_partitions(%y: !tir.ptr<f32>) attributes {tir.kernel} {
    tir.warp_specialize(%y : !tir.ptr<f32>) registers(120) {
    } partition num_warps(4) registers(232) (%y0: !tir.ptr<f32>) {
    } partition num_warps(1) registers(24) (%y1: !tir.ptr<f32>) {
    } partition num_warps(2) registers(40) (%y2: !tir.ptr<f32>) {
    }
    return
  }
}

// RUN: trident-opt %s --allow-unregistered-dialect --convert-gir-to-llvm | FileCheck %s

// gir.memdesc_slice is the source's address plus a byte offset linear in the
// offsets: 128 bytes a row of a one-atom tile (128-byte swizzle), rows x
// element bytes a column of a tile of several atoms (whole atoms), the
// row-major stride of a plain tile.
// CHECK-LABEL: llvm.func @slices
// CHECK-SAME: (%[[I:.*]]: i32)
// CHECK: %[[A:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK: %[[W:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK: %[[P:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK: %[[C128:.*]] = llvm.mlir.constant(128 : i32)
// CHECK: %[[ROWS:.*]] = llvm.mul %[[I]], %[[C128]]
// CHECK: llvm.getelementptr %[[A]][%[[ROWS]]]
// CHECK: %[[C128B:.*]] = llvm.mlir.constant(128 : i32)
// CHECK: %[[COLS:.*]] = llvm.mul %[[I]], %[[C128B]]
// CHECK: llvm.getelementptr %[[W]][%[[COLS]]]
// CHECK: %[[C256:.*]] = llvm.mlir.constant(256 : i32)
// CHECK: %[[PROWS:.*]] = llvm.mul %[[I]], %[[C256]]
// CHECK: %[[POFF:.*]] = llvm.add %[[PROWS]]
// CHECK: llvm.getelementptr %[[P]][%[[POFF]]]
#k = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
#p = #gir.plain_shared<order = [1, 0]>
module attributes {gir.compute_capability = 90 : i32, gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @slices(%i: i32) {
    %a = gir.local_alloc : !gir.memdesc<128x64xbf16, #k>
    %w = gir.local_alloc : !gir.memdesc<64x256xbf16, #k>
    %p = gir.local_alloc : !gir.memdesc<16x64xf32, #p>
    %c0 = arith.constant 0 : i32
    %h = gir.memdesc_slice %a[%i, %c0] : !gir.memdesc<128x64xbf16, #k> -> !gir.memdesc<64x64xbf16, #k>
    %v = gir.memdesc_slice %w[%c0, %i] : !gir.memdesc<64x256xbf16, #k> -> !gir.memdesc<64x128xbf16, #k>
    %r = gir.memdesc_slice %p[%i, %c0] : !gir.memdesc<16x64xf32, #p> -> !gir.memdesc<4x64xf32, #p>
    "test.use"(%h, %v, %r) : (!gir.memdesc<64x64xbf16, #k>, !gir.memdesc<64x128xbf16, #k>, !gir.memdesc<4x64xf32, #p>) -> ()
    return
  }
}

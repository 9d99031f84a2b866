// RUN: trident-opt %s -split-input-file --convert-tir-to-gir --convert-gir-to-llvm | FileCheck %s

// The shape ops (ConvertLayoutToLLVM.cpp, ShapeMover) go through the
// scratch buffer: a barrier, every thread's source elements stored at their
// row-major index, a barrier, the result elements loaded back. A reshape
// reads at the result's row-major index; 128 f16 take 256 bytes.
// CHECK: module attributes {{{.*}}trident.shared_bytes = 256 : i32
// CHECK-LABEL: llvm.func @reshape(
// CHECK-SAME: %{{.*}}: vector<1xf16>) -> vector<1xf16>
// CHECK: nvvm.barrier0
// CHECK: llvm.mlir.addressof @__trident_dynamic_smem : !llvm.ptr<3>
// CHECK: llvm.store %{{.*}}, %{{.*}} : f16, !llvm.ptr<3>
// CHECK-NOT: llvm.store
// CHECK: nvvm.barrier0
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f16
// CHECK-NOT: llvm.load
// CHECK: llvm.return
func.func @reshape(%x: tensor<4x32xf16>) -> tensor<128xf16> {
  %y = tir.reshape %x : tensor<4x32xf16> -> tensor<128xf16>
  return %y : tensor<128xf16>
}

// -----

// tir.trans: two source registers written, one result register read.
// CHECK: module attributes {{{.*}}trident.shared_bytes = 512 : i32
// CHECK-LABEL: llvm.func @trans(
// CHECK-SAME: %{{.*}}: vector<2xf32>) -> vector<1xf32>
// CHECK: nvvm.barrier0
// CHECK-COUNT-2: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK-NOT: llvm.load
// CHECK: llvm.return
func.func @trans(%x: tensor<16x8xf32>) -> tensor<8x16xf32> {
  %y = tir.trans %x, [1, 0] : tensor<16x8xf32> -> tensor<8x16xf32>
  return %y : tensor<8x16xf32>
}

// -----

// tir.join interleaves its sources (element i of lhs at 2i, of rhs at
// 2i + 1); pointers travel as i64 (256 of them: 2048 bytes).
// CHECK: module attributes {{{.*}}trident.shared_bytes = 2048 : i32
// CHECK-LABEL: llvm.func @join(
// CHECK: nvvm.barrier0
// CHECK: llvm.ptrtoint %{{.*}} : !llvm.ptr<1> to i64
// CHECK: %[[TWO:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[L:.*]] = llvm.mul %{{.*}}, %[[TWO]] : i32
// CHECK: %[[LP:.*]] = llvm.getelementptr %{{.*}}[%[[L]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i64
// CHECK-NEXT: llvm.store %{{.*}}, %[[LP]] : i64, !llvm.ptr<3>
// CHECK: llvm.ptrtoint %{{.*}} : !llvm.ptr<1> to i64
// CHECK: %[[TWO2:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[R2:.*]] = llvm.mul %{{.*}}, %[[TWO2]] : i32
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[R:.*]] = llvm.add %[[R2]], %[[ONE]] : i32
// CHECK-NEXT: %[[RP:.*]] = llvm.getelementptr %{{.*}}[%[[R]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i64
// CHECK-NEXT: llvm.store %{{.*}}, %[[RP]] : i64, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-COUNT-2: llvm.inttoptr %{{.*}} : i64 to !llvm.ptr<1>
// CHECK: llvm.return %{{.*}} : vector<2x!llvm.ptr<1>>
func.func @join(%a: tensor<128x!tir.ptr<f32>>, %b: tensor<128x!tir.ptr<f32>>) -> tensor<128x2x!tir.ptr<f32>> {
  %j = tir.join %a, %b : tensor<128x!tir.ptr<f32>> -> tensor<128x2x!tir.ptr<f32>>
  return %j : tensor<128x2x!tir.ptr<f32>>
}

// -----

// tir.split reads the halves back from 2i and 2i + 1.
// CHECK: module attributes {{{.*}}trident.shared_bytes = 512 : i32
// CHECK-LABEL: llvm.func @split(
// CHECK: nvvm.barrier0
// CHECK: llvm.store %{{.*}}, %{{.*}} : i32, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.mlir.constant(64 : i32) : i32
// CHECK-NEXT: llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[I:.*]] = llvm.add
// CHECK-NEXT: %[[TWO:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[LO:.*]] = llvm.mul %[[I]], %[[TWO]] : i32
// CHECK-NEXT: llvm.mlir.constant(0 : i32)
// CHECK-NEXT: llvm.getelementptr %{{.*}}[%[[LO]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i32
// CHECK-NEXT: llvm.load %{{.*}} : !llvm.ptr<3> -> i32
// CHECK: llvm.mlir.constant(64 : i32) : i32
// CHECK-NEXT: llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[J:.*]] = llvm.add
// CHECK-NEXT: %[[TWO2:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[HI2:.*]] = llvm.mul %[[J]], %[[TWO2]] : i32
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[HI:.*]] = llvm.add %[[HI2]], %[[ONE]] : i32
// CHECK-NEXT: llvm.getelementptr %{{.*}}[%[[HI]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i32
// CHECK-NEXT: llvm.load %{{.*}} : !llvm.ptr<3> -> i32
// CHECK: llvm.return %{{.*}} : !llvm.struct<(vector<1xi32>, vector<1xi32>)>
func.func @split(%x: tensor<64x2xi32>) -> (tensor<64xi32>, tensor<64xi32>) {
  %l, %h = tir.split %x : tensor<64x2xi32> -> tensor<64xi32>
  return %h, %l : tensor<64xi32>, tensor<64xi32>
}

// -----

// fp8 tiles (i8 registers: LLVM has no fp8 types) move through shared
// memory as their bytes, four to a store where the source layout holds
// them in a row; 32x32 of them and the padding take 1152 bytes.
// CHECK: module attributes {{{.*}}trident.shared_bytes = 1152 : i32
// CHECK-LABEL: llvm.func @convert_fp8(
// CHECK-SAME: %{{.*}}: vector<8xi8>) -> vector<8xi8>
// CHECK: nvvm.barrier0
// CHECK-COUNT-2: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : vector<4xi8>, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-COUNT-8: llvm.load %{{.*}} : !llvm.ptr<3> -> i8
#a = #gir.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#b = #gir.blocked<sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]>
module attributes {gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @convert_fp8(%x: tensor<32x32xf8E4M3FN, #a>) -> tensor<32x32xf8E4M3FN, #b> {
    %0 = gir.convert_layout %x : tensor<32x32xf8E4M3FN, #a> -> tensor<32x32xf8E4M3FN, #b>
    return %0 : tensor<32x32xf8E4M3FN, #b>
  }
}

// -----

// An fp8 reshape the same way.
// CHECK-LABEL: llvm.func @reshape_fp8(
// CHECK: llvm.store %{{.*}}, %{{.*}} : i8, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> i8
func.func @reshape_fp8(%x: tensor<4x32xf8E5M2>) -> tensor<128xf8E5M2> {
  %y = tir.reshape %x : tensor<4x32xf8E5M2> -> tensor<128xf8E5M2>
  return %y : tensor<128xf8E5M2>
}

// tir-lower-descriptors with `tma` (CUDA targets with TMA): descriptors
// made in the kernel that TMA can serve stay for the back end's tensor
// maps; the others become pointer accesses as without the option.
// RUN: trident-opt %s -split-input-file -tir-lower-descriptors=tma=true | FileCheck %s

// A 2-D bf16 block with a unit last stride: kept, with its loads.
// CHECK-LABEL: func.func @kept
// CHECK: %[[D:.*]] = tir.make_tensor_descriptor
// CHECK: tir.descriptor_load %[[D]]
// CHECK: tir.descriptor_store %[[D]]
// CHECK-NOT: tir.load
func.func @kept(%base: !tir.ptr<bf16>, %m: i32, %k: i32, %s: i64, %i: i32) attributes {tir.kernel} {
  %c1 = arith.constant 1 : i64
  %d = tir.make_tensor_descriptor %base, [%m, %k], [%s, %c1] : !tir.ptr<bf16>, i32 -> !tir.tensordesc<tensor<64x64xbf16>>
  %v = tir.descriptor_load %d[%i, %i] : !tir.tensordesc<tensor<64x64xbf16>>
  tir.descriptor_store %d[%i, %i], %v : !tir.tensordesc<tensor<64x64xbf16>>
  return
}

// -----

// A last stride that is not known to be 1: TMA needs the innermost
// dimension contiguous, so pointer accesses.
// CHECK-LABEL: func.func @strided
// CHECK-NOT: tir.make_tensor_descriptor
// CHECK: tir.load
func.func @strided(%base: !tir.ptr<bf16>, %m: i32, %k: i32, %s: i64, %t: i64, %i: i32) -> tensor<64x64xbf16> {
  %d = tir.make_tensor_descriptor %base, [%m, %k], [%s, %t] : !tir.ptr<bf16>, i32 -> !tir.tensordesc<tensor<64x64xbf16>>
  %v = tir.descriptor_load %d[%i, %i] : !tir.tensordesc<tensor<64x64xbf16>>
  return %v : tensor<64x64xbf16>
}

// -----

// A block TMA cannot move (an inner dimension of 4 bytes, under TMA's 16):
// pointer accesses.
// CHECK-LABEL: func.func @narrow
// CHECK-NOT: tir.make_tensor_descriptor
// CHECK: tir.load
func.func @narrow(%base: !tir.ptr<f32>, %m: i32, %s: i64, %i: i32) -> tensor<64x1xf32> {
  %c1 = arith.constant 1 : i64
  %d = tir.make_tensor_descriptor %base, [%m, %m], [%s, %c1] : !tir.ptr<f32>, i32 -> !tir.tensordesc<tensor<64x1xf32>>
  %v = tir.descriptor_load %d[%i, %i] : !tir.tensordesc<tensor<64x1xf32>>
  return %v : tensor<64x1xf32>
}

// -----

// The unit stride as the front end writes it (an i32 1 widened to i64).
// CHECK-LABEL: func.func @widened_one
// CHECK: tir.make_tensor_descriptor
// CHECK-NOT: tir.load
func.func @widened_one(%base: !tir.ptr<f16>, %m: i32, %k: i32, %i: i32) -> tensor<64x64xf16> {
  %c1_i32 = arith.constant 1 : i32
  %c1 = arith.extsi %c1_i32 : i32 to i64
  %s = arith.extsi %k : i32 to i64
  %d = tir.make_tensor_descriptor %base, [%m, %k], [%s, %c1] : !tir.ptr<f16>, i32 -> !tir.tensordesc<tensor<64x64xf16>>
  %v = tir.descriptor_load %d[%i, %i] : !tir.tensordesc<tensor<64x64xf16>>
  return %v : tensor<64x64xf16>
}

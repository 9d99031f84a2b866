// Descriptors kept in memory (`make_tensor_descriptor ... into`,
// `reinterpret_tensor_descriptor`): without TMA the record of 64-bit words
// (base address, shape, strides) is written and read back, and the
// descriptor it gives is lowered like any other; with `tma` both stay for
// the back end's tensor maps.
// RUN: trident-opt %s -split-input-file -tir-lower-descriptors | FileCheck %s
// RUN: trident-opt %s -split-input-file -tir-lower-descriptors=tma=true | FileCheck %s --check-prefix=TMA

// CHECK-LABEL: func.func @write
// CHECK: %[[W:.*]] = tir.bitcast %[[S:.*]] : !tir.ptr<i8> -> !tir.ptr<i64>
// CHECK: %[[A:.*]] = tir.ptr_to_int %[[B:.*]] : !tir.ptr<bf16> -> i64
// CHECK: tir.store %[[W]], %[[A]] : !tir.ptr<i64>
// CHECK: %[[P1:.*]] = tir.addptr %[[W]], %c1_i32
// CHECK: %[[M:.*]] = arith.extsi %{{.*}} : i32 to i64
// CHECK: tir.store %[[P1]], %[[M]]
// CHECK: tir.addptr %{{.*}}, %c2_i32
// CHECK: tir.addptr %{{.*}}, %c3_i32
// CHECK: tir.addptr %{{.*}}, %c4_i32
// CHECK: tir.store
// CHECK-NOT: tir.make_tensor_descriptor
// CHECK: return
// TMA-LABEL: func.func @write
// TMA: tir.make_tensor_descriptor %{{.*}}, [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}] into %{{.*}} : !tir.ptr<bf16>, i32, !tir.ptr<i8>
// TMA-NOT: tir.store
func.func @write(%base: !tir.ptr<bf16>, %m: i32, %k: i32, %s: i64) attributes {tir.kernel} {
  %c1 = arith.constant 1 : i64
  %slots = tir.global_scratch_alloc {nbytes = 256 : i64, alignment = 128 : i64} : !tir.ptr<i8>
  %d = tir.make_tensor_descriptor %base, [%m, %k], [%s, %c1] into %slots : !tir.ptr<bf16>, i32, !tir.ptr<i8> -> !tir.tensordesc<tensor<64x64xbf16>>
  return
}

// -----

// CHECK-LABEL: func.func @read
// CHECK: %[[W:.*]] = tir.bitcast %[[P:.*]] : !tir.ptr<i8> -> !tir.ptr<i64>
// CHECK: %[[A:.*]] = tir.load %[[W]] : !tir.ptr<i64>
// CHECK: %[[B:.*]] = tir.int_to_ptr %[[A]] : i64 -> !tir.ptr<f16>
// CHECK-COUNT-4: tir.load %{{.*}} : !tir.ptr<i64>
// CHECK-NOT: tir.make_tensor_descriptor
// CHECK: tir.splat %[[B]]
// CHECK: %[[V:.*]] = tir.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<32x64x!tir.ptr<f16>>
// CHECK: return %[[V]]
// TMA-LABEL: func.func @read
// TMA: %[[D:.*]] = tir.reinterpret_tensor_descriptor %{{.*}} : !tir.ptr<i8> -> !tir.tensordesc<tensor<32x64xf16>>
// TMA: tir.descriptor_load %[[D]]
func.func @read(%slot: !tir.ptr<i8>, %i: i32) -> tensor<32x64xf16> {
  %d = tir.reinterpret_tensor_descriptor %slot : !tir.ptr<i8> -> !tir.tensordesc<tensor<32x64xf16>>
  %v = tir.descriptor_load %d[%i, %i] : !tir.tensordesc<tensor<32x64xf16>>
  return %v : tensor<32x64xf16>
}

// -----

// A descriptor written and used at once: its own loads go through the
// values it was made from; the record is still written.
// CHECK-LABEL: func.func @both
// CHECK: tir.store
// CHECK: tir.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<16x32x!tir.ptr<f32>>
func.func @both(%base: !tir.ptr<f32>, %m: i64, %s: i64, %slot: !tir.ptr<i8>, %i: i32) -> tensor<16x32xf32> {
  %c1 = arith.constant 1 : i64
  %d = tir.make_tensor_descriptor %base, [%m, %m], [%s, %c1] into %slot : !tir.ptr<f32>, i64, !tir.ptr<i8> -> !tir.tensordesc<tensor<16x32xf32>>
  %v = tir.descriptor_load %d[%i, %i] : !tir.tensordesc<tensor<16x32xf32>>
  return %v : tensor<16x32xf32>
}

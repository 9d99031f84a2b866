// RUN: trident-opt %s --tir-lower-descriptors="expand-arguments=true" | FileCheck %s
// RUN: trident-opt %s --tir-lower-descriptors | FileCheck %s --check-prefix=KEEP

// expand-arguments (the cpu target): a kernel's descriptor argument becomes
// its base pointer, shape and strides (i64, outermost first) and padding
// flag (i64), a descriptor is made from them on entry and lowered like one
// made in the kernel.
// CHECK-LABEL: func.func @kernel(
// CHECK-SAME: %[[BASE:[^:]+]]: !tir.ptr<f32>, %[[S0:[^:]+]]: i64, %[[S1:[^:]+]]: i64, %[[T0:[^:]+]]: i64, %[[T1:[^:]+]]: i64, %[[PAD:[^:]+]]: i64, %[[I:[^:]+]]: i32)
// CHECK-NOT: tir.make_tensor_descriptor
// CHECK-NOT: tir.descriptor_
// CHECK: tir.splat %[[BASE]] : !tir.ptr<f32> -> tensor<16x32x!tir.ptr<f32>>
// CHECK: tir.load
// CHECK: tir.store
// Non-kernel functions keep theirs.
// CHECK-LABEL: func.func @helper(%{{.*}}: !tir.tensordesc<tensor<16x32xf32>>)
// Without the option the argument stays a descriptor.
// KEEP-LABEL: func.func @kernel(%{{.*}}: !tir.tensordesc<tensor<16x32xf32>>, %{{.*}}: i32)
// KEEP: tir.descriptor_load
func.func @kernel(%d: !tir.tensordesc<tensor<16x32xf32>>, %i: i32) attributes {tir.kernel} {
  %x = tir.descriptor_load %d[%i, %i] : !tir.tensordesc<tensor<16x32xf32>>
  tir.descriptor_store %d[%i, %i], %x : !tir.tensordesc<tensor<16x32xf32>>
  return
}
func.func @helper(%d: !tir.tensordesc<tensor<16x32xf32>>) {
  return
}

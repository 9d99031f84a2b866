// A descriptor made outside a warp-specialized region and captured by a
// partition (the CPU's kernel-argument descriptors, tir-lower-descriptors
// with expand-arguments) is captured as its base, shape and strides and
// made again in the partition, whose block load then lowers like any other;
// the outer make goes once nothing uses it. With `tma`, nothing moves.
// RUN: trident-opt %s -tir-lower-descriptors=expand-arguments=true | FileCheck %s
// RUN: trident-opt %s -tir-lower-descriptors=tma=true | FileCheck %s --check-prefix=TMA

// CHECK-LABEL: func.func @captured
// CHECK-NOT: tir.make_tensor_descriptor
// CHECK: tir.warp_specialize(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : !tir.ptr<f32>, i32, !tir.ptr<f16>, i64, i64, i64, i64)
// CHECK: partition num_warps(4) (%[[OUT:.*]]: !tir.ptr<f32>, %[[I:.*]]: i32, %[[BASE:.*]]: !tir.ptr<f16>, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64)
// CHECK-NOT: tir.make_tensor_descriptor
// CHECK-NOT: tir.descriptor_load
// CHECK: tir.load
// TMA-LABEL: func.func @captured
// TMA: tir.warp_specialize(%{{.*}}, %{{.*}}, %{{.*}} : !tir.ptr<f32>, i32, !tir.tensordesc<tensor<16x32xf16>>)
// TMA: tir.descriptor_load
func.func @captured(%d: !tir.tensordesc<tensor<16x32xf16>>, %out: !tir.ptr<f32>, %i: i32) attributes {tir.kernel} {
  tir.warp_specialize(%out, %i, %d : !tir.ptr<f32>, i32, !tir.tensordesc<tensor<16x32xf16>>) {
  } partition num_warps(4) (%o: !tir.ptr<f32>, %j: i32, %dd: !tir.tensordesc<tensor<16x32xf16>>) {
    %t = tir.descriptor_load %dd[%j, %j] : !tir.tensordesc<tensor<16x32xf16>> -> tensor<16x32xf16>
    %s = tir.reduce %t axis = 1 : tensor<16x32xf16> -> tensor<16xf16> {
    ^bb0(%x: f16, %y: f16):
      %z = arith.addf %x, %y : f16
      tir.reduce.return %z : f16
    }
    %e = tir.reduce %s axis = 0 : tensor<16xf16> -> f16 {
    ^bb0(%x: f16, %y: f16):
      %z = arith.addf %x, %y : f16
      tir.reduce.return %z : f16
    }
    %f = arith.extf %e : f16 to f32
    tir.store %o, %f : !tir.ptr<f32>
  }
  return
}

// RUN: trident-opt --convert-tir-to-cpu=vector-bits=32 --split-input-file %s | FileCheck %s

// tir.map_elementwise on the CPU: one loop over the elements, `pack` at a
// time, with the region inlined on them and its values stored into the
// results' buffers; on scalars the region is inlined once.
// CHECK-LABEL: func.func @map_pack(
// CHECK-COUNT-2: memref.alloca() {{.*}} : memref<8xi32>
// CHECK:         scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %c2 {
// CHECK:           %[[I1:.*]] = arith.addi %[[I]], %c1
// CHECK:           arith.divui
// CHECK:           arith.divui
// CHECK:           arith.remui
// CHECK:           arith.remui
// CHECK:           memref.store %{{.*}}, %[[Q:.*]][%[[I]]]
// CHECK:           memref.store %{{.*}}, %[[Q]][%[[I1]]]
// CHECK:           memref.store %{{.*}}, %[[M:.*]][%[[I]]]
// CHECK:           memref.store %{{.*}}, %[[M]][%[[I1]]]
// CHECK:         }
// CHECK:         arith.mulf
// CHECK-NOT:     tir.map_elementwise
func.func @map_pack(%x: !tir.ptr<i32>, %y: !tir.ptr<i32>, %f: !tir.ptr<f32>, %g: f32) attributes {tir.kernel} {
  %r = tir.make_range 0 to 8 : tensor<8xi32>
  %xs = tir.splat %x : !tir.ptr<i32> -> tensor<8x!tir.ptr<i32>>
  %xp = tir.addptr %xs, %r : tensor<8x!tir.ptr<i32>>, tensor<8xi32>
  %a = tir.load %xp : tensor<8x!tir.ptr<i32>>
  %q, %m = tir.map_elementwise (%a, %r : tensor<8xi32>, tensor<8xi32>) pack = 2 -> tensor<8xi32>, tensor<8xi32> {
  ^bb0(%a0: i32, %a1: i32, %b0: i32, %b1: i32):
    %q0 = arith.divui %a0, %b0 : i32
    %q1 = arith.divui %a1, %b1 : i32
    %m0 = arith.remui %a0, %b0 : i32
    %m1 = arith.remui %a1, %b1 : i32
    tir.map_elementwise.return %q0, %q1, %m0, %m1 : i32, i32, i32, i32
  }
  %ys = tir.splat %y : !tir.ptr<i32> -> tensor<8x!tir.ptr<i32>>
  %yp = tir.addptr %ys, %r : tensor<8x!tir.ptr<i32>>, tensor<8xi32>
  tir.store %yp, %q : tensor<8x!tir.ptr<i32>>
  tir.store %xp, %m : tensor<8x!tir.ptr<i32>>
  %h = tir.map_elementwise (%g : f32) -> f32 {
  ^bb0(%v: f32):
    %w = arith.mulf %v, %v : f32
    tir.map_elementwise.return %w : f32
  }
  tir.store %f, %h : !tir.ptr<f32>
  return
}

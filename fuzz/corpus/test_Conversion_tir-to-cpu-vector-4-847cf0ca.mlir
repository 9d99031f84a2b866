// A store between a load and its use: the load is read where it is, into
// a buffer. A transposed read has no vector form: lane by lane.
// CHECK-LABEL: func.func @blocked(
// CHECK:         %[[V:.*]] = memref.alloca() {{.*}} : memref<16xf32>
// CHECK:         scf.for
// CHECK:           llvm.load %{{.*}} -> vector<4xf32>
// CHECK:           vector.store %{{.*}}, %[[V]]
// CHECK:         scf.for
// CHECK:           llvm.store %{{.*}} : vector<4xf32>, !llvm.ptr
// CHECK:         scf.for
// CHECK:           scf.for
// CHECK-COUNT-4:     memref.load %[[V]]
// CHECK:             vector.from_elements

func.func @blocked(%x: !tir.ptr<f32>, %out: !tir.ptr<f32>) attributes {tir.kernel} {
  %range = tir.make_range 0 to 16 : tensor<16xi32>
  %xs = tir.splat %x : !tir.ptr<f32> -> tensor<16x!tir.ptr<f32>>
  %xp = tir.addptr %xs, %range : tensor<16x!tir.ptr<f32>>, tensor<16xi32>
  %v = tir.load %xp : tensor<16x!tir.ptr<f32>>
  %os = tir.splat %out : !tir.ptr<f32> -> tensor<16x!tir.ptr<f32>>
  %op = tir.addptr %os, %range : tensor<16x!tir.ptr<f32>>, tensor<16xi32>
  %one = arith.constant dense<1.0> : tensor<16xf32>
  tir.store %op, %one : tensor<16x!tir.ptr<f32>>
  %v2 = tir.reshape %v : tensor<16xf32> -> tensor<4x4xf32>
  %t = tir.trans %v2, [1, 0] : tensor<4x4xf32> -> tensor<4x4xf32>
  %r4 = tir.make_range 0 to 4 : tensor<4xi32>
  %r4r = tir.expand_dims %r4, axis = 0 : tensor<4xi32> -> tensor<1x4xi32>
  %r4b = tir.broadcast %r4r : tensor<1x4xi32> -> tensor<4x4xi32>
  %ts = tir.splat %out : !tir.ptr<f32> -> tensor<4x4x!tir.ptr<f32>>
  %tp = tir.addptr %ts, %r4b : tensor<4x4x!tir.ptr<f32>>, tensor<4x4xi32>
  tir.store %tp, %t : tensor<4x4x!tir.ptr<f32>>
  return
}

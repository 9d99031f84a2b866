// A dot: blocks of 4 rows x 2 vectors of the accumulator stay in
// registers through the k loop: per k, a block row of b (two vectors), and
// for each row a scalar of a broadcast and two FMAs.
// CHECK-LABEL: func.func @dot(
// CHECK:         %[[D:.*]] = memref.alloca() {{.*}} : memref<8x16xf32>
// CHECK:         %[[B:.*]] = memref.alloca() {{.*}} : memref<16x16xf32>
// CHECK:         %[[A:.*]] = memref.alloca() {{.*}} : memref<8x16xf32>
// CHECK:         scf.for %[[I:.*]] = {{.*}} step %c4 {
// CHECK:           scf.for %[[J:.*]] = {{.*}} step %c8{{.*}} {
// CHECK-COUNT-8:     vector.load %[[D]]
// CHECK:             %[[R:.*]]:8 = scf.for %[[K:.*]] = {{.*}} iter_args({{.*}}) -> (vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>) {
// CHECK:               %[[B0:.*]] = vector.load %[[B]][%[[K]], %[[J]]]
// CHECK:               %[[B1:.*]] = vector.load %[[B]][%[[K]], %{{.*}}]
// CHECK:               %[[A0:.*]] = memref.load %[[A]][%[[I]], %[[K]]]
// CHECK:               %[[X:.*]] = vector.broadcast %[[A0]] : f32 to vector<4xf32>
// CHECK:               vector.fma %[[X]], %[[B0]], %{{.*}} : vector<4xf32>
// CHECK:               vector.fma %[[X]], %[[B1]], %{{.*}} : vector<4xf32>
// CHECK-COUNT-6:       vector.fma
// CHECK:               scf.yield
// CHECK-COUNT-8:     vector.store %{{.*}}, %[[D]]

func.func @dot(%a: !tir.ptr<f32>, %c: !tir.ptr<f32>) attributes {tir.kernel} {
  %r16 = tir.make_range 0 to 16 : tensor<16xi32>
  %r2 = tir.expand_dims %r16, axis = 0 : tensor<16xi32> -> tensor<1x16xi32>
  %rb = tir.broadcast %r2 : tensor<1x16xi32> -> tensor<8x16xi32>
  %as = tir.splat %a : !tir.ptr<f32> -> tensor<8x16x!tir.ptr<f32>>
  %ap = tir.addptr %as, %rb : tensor<8x16x!tir.ptr<f32>>, tensor<8x16xi32>
  %x = tir.load %ap : tensor<8x16x!tir.ptr<f32>>
  %bs = tir.splat %a : !tir.ptr<f32> -> tensor<16x16x!tir.ptr<f32>>
  %rbb = tir.broadcast %r2 : tensor<1x16xi32> -> tensor<16x16xi32>
  %bp = tir.addptr %bs, %rbb : tensor<16x16x!tir.ptr<f32>>, tensor<16x16xi32>
  %y = tir.load %bp : tensor<16x16x!tir.ptr<f32>>
  %zero = arith.constant dense<0.0> : tensor<8x16xf32>
  %d = tir.dot %x, %y, %zero : tensor<8x16xf32> * tensor<16x16xf32> -> tensor<8x16xf32>
  %cs = tir.splat %c : !tir.ptr<f32> -> tensor<8x16x!tir.ptr<f32>>
  %cp = tir.addptr %cs, %rb : tensor<8x16x!tir.ptr<f32>>, tensor<8x16xi32>
  tir.store %cp, %d : tensor<8x16x!tir.ptr<f32>>
  return
}

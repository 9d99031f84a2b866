// Offsets `range * s` with a run-time s: consecutive only when s is 1,
// which each chunk checks (one vector load), else it reads lane by lane.
// The exp applies to the vector.
// CHECK-LABEL: func.func @strided(
// CHECK:         scf.for %[[I:.*]] = {{.*}} step %c4 {
// CHECK:           %[[ONE:.*]] = arith.cmpi eq, %arg2, %{{.*}} : i32
// CHECK:           %[[V:.*]] = scf.if %[[ONE]] -> (vector<4xf32>) {
// CHECK:             %[[P:.*]] = llvm.getelementptr %arg0
// CHECK:             %[[W:.*]] = llvm.load %[[P]] {{.*}} : !llvm.ptr -> vector<4xf32>
// CHECK:             scf.yield %[[W]]
// CHECK:           } else {
// CHECK-COUNT-4:     llvm.load %{{.*}} : !llvm.ptr -> f32
// CHECK:             %[[G:.*]] = vector.from_elements %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : vector<4xf32>
// CHECK:             scf.yield %[[G]]
// CHECK:           %[[E:.*]] = math.exp %[[V]] : vector<4xf32>
// CHECK:           llvm.store %[[E]], %{{.*}} : vector<4xf32>, !llvm.ptr

func.func @strided(%x: !tir.ptr<f32>, %out: !tir.ptr<f32>, %s: i32) attributes {tir.kernel} {
  %range = tir.make_range 0 to 16 : tensor<16xi32>
  %ss = tir.splat %s : i32 -> tensor<16xi32>
  %offs = arith.muli %range, %ss : tensor<16xi32>
  %xs = tir.splat %x : !tir.ptr<f32> -> tensor<16x!tir.ptr<f32>>
  %xp = tir.addptr %xs, %offs : tensor<16x!tir.ptr<f32>>, tensor<16xi32>
  %xv = tir.load %xp : tensor<16x!tir.ptr<f32>>
  %e = math.exp %xv : tensor<16xf32>
  %os = tir.splat %out : !tir.ptr<f32> -> tensor<16x!tir.ptr<f32>>
  %op = tir.addptr %os, %range : tensor<16x!tir.ptr<f32>>, tensor<16xi32>
  tir.store %op, %e : tensor<16x!tir.ptr<f32>>
  return
}

// Checked along the columns only, NaN padding: the mask covers dimension 1
// and the masked-off elements read NaN.
// CHECK-LABEL: func.func @load_nan_one_dim
// CHECK-SAME: (%{{[^:]*}}: !tir.ptr<f32>, %[[M:[^:]*]]: i64, %[[N:[^:]*]]: i64,
// CHECK-NOT: tir.splat %[[M]]
// CHECK: %[[NS:.*]] = tir.splat %[[N]] : i64 -> tensor<32xi64>
// CHECK-NEXT: arith.cmpi slt, %{{.*}}, %[[NS]] : tensor<32xi64>
// CHECK-NEXT: arith.andi %{{.*}} : tensor<32xi1>
// CHECK-NEXT: tir.expand_dims %{{.*}}, axis = 0 : tensor<32xi1> -> tensor<1x32xi1>
// CHECK-NEXT: %[[MASK:.*]] = tir.broadcast %{{.*}} : tensor<1x32xi1> -> tensor<16x32xi1>
// CHECK-NEXT: tir.splat
// CHECK-NEXT: %[[PTRS:.*]] = tir.addptr
// CHECK-NEXT: %[[NAN:.*]] = arith.constant dense<0x7FC00000> : tensor<16x32xf32>
// CHECK-NEXT: tir.load %[[PTRS]], %[[MASK]], %[[NAN]] : tensor<16x32x!tir.ptr<f32>>
func.func @load_nan_one_dim(%base: !tir.ptr<f32>, %m: i64, %n: i64, %s: i64, %i: i32, %j: i32) -> tensor<16x32xf32> {
  %c1 = arith.constant 1 : i64
  %p = tir.make_block_ptr %base, [%m, %n], [%s, %c1], [%i, %j] {order = array<i32: 1, 0>} : !tir.ptr<f32> -> !tir.blockptr<tensor<16x32xf32>>
  %v = tir.block_load %p boundary_check = [1] padding = nan : !tir.blockptr<tensor<16x32xf32>>
  return %v : tensor<16x32xf32>
}

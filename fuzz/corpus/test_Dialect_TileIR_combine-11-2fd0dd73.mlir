// Steps that differ between elements keep the carried tile.
// CHECK-LABEL: func.func @per_element_steps
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}) -> (tensor<64x!tir.ptr<f32>>)
// CHECK:   tir.addptr
// CHECK-NOT: i64
func.func @per_element_steps(%p: tensor<64x!tir.ptr<f32>>, %n: i32) -> tensor<64x!tir.ptr<f32>> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%q = %p) -> (tensor<64x!tir.ptr<f32>>) : i32 {
    %st = tir.make_range 0 to 64 : tensor<64xi32>
    %q2 = tir.addptr %q, %st : tensor<64x!tir.ptr<f32>>, tensor<64xi32>
    scf.yield %q2 : tensor<64x!tir.ptr<f32>>
  }
  return %r : tensor<64x!tir.ptr<f32>>
}

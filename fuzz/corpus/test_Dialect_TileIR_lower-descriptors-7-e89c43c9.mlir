// A descriptor carried through a loop's iteration arguments is not known
// at its loads: they stay, and so does the make op that feeds the loop.
// CHECK-LABEL: func.func @carried_descriptor
// CHECK: tir.make_tensor_descriptor
// CHECK: scf.for
// CHECK: tir.descriptor_load
func.func @carried_descriptor(%base: !tir.ptr<f32>, %n: i32, %i: i32) -> tensor<32xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %s = arith.constant 1 : i64
  %zero = arith.constant dense<0.0> : tensor<32xf32>
  %d = tir.make_tensor_descriptor %base, [%n], [%s] : !tir.ptr<f32>, i32 -> !tir.tensordesc<tensor<32xf32>>
  %r:2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %dd = %d) -> (tensor<32xf32>, !tir.tensordesc<tensor<32xf32>>) : i32 {
    %v = tir.descriptor_load %dd[%k] : !tir.tensordesc<tensor<32xf32>>
    %a = arith.addf %acc, %v : tensor<32xf32>
    scf.yield %a, %dd : tensor<32xf32>, !tir.tensordesc<tensor<32xf32>>
  }
  return %r#0 : tensor<32xf32>
}

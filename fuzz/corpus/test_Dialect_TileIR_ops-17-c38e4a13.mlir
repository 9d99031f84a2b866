// Axis hints on the op defining a value, and on function arguments.
// CHECK-LABEL: func.func @axis_hints
// CHECK-SAME: tensor<4x8xi32> {tir.contiguity = array<i32: 1, 8>}
func.func @axis_hints(%n: i32, %t: tensor<4x8xi32> {tir.contiguity = array<i32: 1, 8>}) {
  // CHECK: tir.make_range 0 to 64 {tir.constancy = array<i32: 3>} : tensor<64xi32>
  %r = tir.make_range 0 to 64 {tir.constancy = array<i32: 3>} : tensor<64xi32>
  // CHECK: arith.muli %{{.*}}, %{{.*}} {tir.contiguity = array<i32: 1>, tir.divisibility = array<i32: 16>} : i32
  %m = arith.muli %n, %n {tir.divisibility = array<i32: 16>, tir.contiguity = array<i32: 1>} : i32
  return
}

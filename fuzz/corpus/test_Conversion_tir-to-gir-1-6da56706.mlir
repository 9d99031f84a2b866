// Reductions give slice layouts; expand_dims of a slice gives its parent
// back; a broadcast keeps its operand's layout; a constant is re-typed.
// CHECK-LABEL: func.func @row_max
// CHECK: %[[R:.*]] = tir.reduce %{{.*}} axis = 1 : tensor<4x256xf32, #[[P:.*]]> -> tensor<4xf32, #[[S:.*]]> {
// CHECK: tir.expand_dims %[[R]], axis = 1 : tensor<4xf32, #[[S]]> -> tensor<4x1xf32, #[[P]]>
// CHECK: tir.broadcast %{{.*}} : tensor<4x1xf32, #[[P]]> -> tensor<4x256xf32, #[[P]]>
// CHECK: arith.constant dense<1.000000e+00> : tensor<4x256xf32, #[[P]]>
func.func @row_max(%t: tensor<4x256xf32>) -> tensor<4x256xf32> {
  %r = tir.reduce %t axis = 1 : tensor<4x256xf32> -> tensor<4xf32> {
  ^bb0(%a: f32, %b: f32):
    %m = arith.maxnumf %a, %b : f32
    tir.reduce.return %m : f32
  }
  %e = tir.expand_dims %r, axis = 1 : tensor<4xf32> -> tensor<4x1xf32>
  %bc = tir.broadcast %e : tensor<4x1xf32> -> tensor<4x256xf32>
  %one = arith.constant dense<1.0> : tensor<4x256xf32>
  %d = arith.subf %t, %bc : tensor<4x256xf32>
  %o = arith.addf %d, %one : tensor<4x256xf32>
  return %o : tensor<4x256xf32>
}

// An operand that is not cheap to make again (a reduction) is converted
// where it meets a loop-carried tile of another layout.
// CHECK-LABEL: func.func @loop_convert
// CHECK: scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (tensor<4xf32, #[[L:.*]]>)
// CHECK: %[[R:.*]] = tir.reduce
// CHECK: %[[C:.*]] = gir.convert_layout %[[R]] : tensor<4xf32, #{{.*}}> -> tensor<4xf32, #[[L]]>
// CHECK-NEXT: arith.addf %[[ACC]], %[[C]] : tensor<4xf32, #[[L]]>
func.func @loop_convert(%t: tensor<4x256xf32>, %n: index) -> tensor<4xf32> {
  %zero = arith.constant dense<0.0> : tensor<4xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%a = %zero) -> (tensor<4xf32>) {
    %r = tir.reduce %t axis = 1 : tensor<4x256xf32> -> tensor<4xf32> {
    ^bb0(%x: f32, %y: f32):
      %m = arith.maxnumf %x, %y : f32
      tir.reduce.return %m : f32
    }
    %s = arith.addf %a, %r : tensor<4xf32>
    scf.yield %s : tensor<4xf32>
  }
  return %acc : tensor<4xf32>
}

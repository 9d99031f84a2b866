// A dot's accumulator gets a layout of 8x4 blocks per thread, and the hint
// reaches the loop-carried accumulator's initial value through the loop.
// CHECK-LABEL: func.func @acc
// CHECK: arith.constant dense<0.000000e+00> : tensor<64x64xf32, #[[ACC:blocked[0-9]*]]>
// CHECK: scf.for {{.*}} -> (tensor<64x64xf32, #[[ACC]]>)
// CHECK: tir.dot {{.*}} -> tensor<64x64xf32, #[[ACC]]>
// CHECK-NOT: gir.convert_layout {{.*}}#[[ACC]]>
// CHECK: return
func.func @acc(%a: tensor<64x32xf32>, %b: tensor<32x64xf32>, %n: index) -> tensor<64x64xf32> {
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32>) {
    %d = tir.dot %a, %b, %acc : tensor<64x32xf32> * tensor<32x64xf32> -> tensor<64x64xf32>
    scf.yield %d : tensor<64x64xf32>
  }
  return %r : tensor<64x64xf32>
}

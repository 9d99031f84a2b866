// A range expanded into a 2-D tile is created in the slice of the 2-D
// tile's layout (a backward hint), so no conversion is needed there.
// Loop-carried tiles keep their entry layout; an operand in another layout
// is made again in that layout where the two meet when it is cheap index
// arithmetic (a range here), else converted (next test).
// CHECK-LABEL: func.func @loop
// CHECK: %[[R:.*]] = tir.make_range 0 to 64 : tensor<64xi32, #[[SL:slice.*]]>
// CHECK-NEXT: tir.expand_dims %[[R]], axis = 0 : tensor<64xi32, #[[SL]]> -> tensor<1x64xi32, #{{.*}}>
// CHECK: scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (tensor<64xf32, #[[L:.*]]>)
// CHECK: %[[R2:.*]] = tir.make_range 0 to 64 : tensor<64xi32, #[[L]]>
// CHECK-NEXT: %[[F:.*]] = arith.sitofp %[[R2]] : tensor<64xi32, #[[L]]> to tensor<64xf32, #[[L]]>
// CHECK-NEXT: arith.addf %[[ACC]], %[[F]] : tensor<64xf32, #[[L]]>
// CHECK-NEXT: scf.yield %{{.*}} : tensor<64xf32, #[[L]]>
func.func @loop(%n: index) -> tensor<1x64xi32> {
  %r = tir.make_range 0 to 64 : tensor<64xi32>
  %e = tir.expand_dims %r, axis = 0 : tensor<64xi32> -> tensor<1x64xi32>
  %zero = arith.constant dense<0.0> : tensor<64xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%a = %zero) -> (tensor<64xf32>) {
    %f = arith.sitofp %r : tensor<64xi32> to tensor<64xf32>
    %s = arith.addf %a, %f : tensor<64xf32>
    scf.yield %s : tensor<64xf32>
  }
  return %e : tensor<1x64xi32>
}

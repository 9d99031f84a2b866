// A scan's operand gets a layout holding one contiguous run per thread
// along the axis, and the hint reaches the load feeding it.
// CHECK-LABEL: func.func @scan
// CHECK: tir.load %{{.*}} : tensor<1024x!tir.ptr<f32>, #[[SCANL:blocked[0-9]*]]>
// CHECK: tir.scan %{{.*}} axis = 0 : tensor<1024xf32, #[[SCANL]]> -> tensor<1024xf32, #[[SCANL]]>
func.func @scan(%x: !tir.ptr<f32>) -> tensor<1024xf32> {
  %r = tir.make_range 0 to 1024 : tensor<1024xi32>
  %xs = tir.splat %x : !tir.ptr<f32> -> tensor<1024x!tir.ptr<f32>>
  %xp = tir.addptr %xs, %r : tensor<1024x!tir.ptr<f32>>, tensor<1024xi32>
  %v = tir.load %xp : tensor<1024x!tir.ptr<f32>>
  %s = tir.scan %v axis = 0 : tensor<1024xf32> -> tensor<1024xf32> {
  ^bb0(%a: f32, %b: f32):
    %t = arith.addf %a, %b : f32
    tir.scan.return %t : f32
  }
  return %s : tensor<1024xf32>
}

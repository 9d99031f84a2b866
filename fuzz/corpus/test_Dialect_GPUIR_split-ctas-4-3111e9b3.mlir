// Programs of one CTA: nothing changes.
// CHECK-LABEL: func.func @one_cta
// CHECK-NOT: ctaSplit
// CHECK: return
module attributes {tir.num_warps = 4 : i32} {
func.func @one_cta(%y: !tir.ptr<f32>) attributes {tir.kernel} {
  %r = tir.make_range 0 to 128 : tensor<128xi32>
  %py = tir.splat %y : !tir.ptr<f32> -> tensor<128x!tir.ptr<f32>>
  %py2 = tir.addptr %py, %r : tensor<128x!tir.ptr<f32>>, tensor<128xi32>
  %v = arith.sitofp %r : tensor<128xi32> to tensor<128xf32>
  tir.store %py2, %v : tensor<128x!tir.ptr<f32>>
  return
}
}

// CHECK-LABEL: func.func @debug
func.func @debug(%c: i1, %t: tensor<64xi1>, %x: tensor<64xi32>, %s: i32) {
  // CHECK: tir.assume %{{.*}}
  tir.assume %c
  // CHECK: tir.print "x = " hex (%{{.*}}, %{{.*}} : tensor<64xi32>, i32)
  tir.print "x = " hex (%x, %s : tensor<64xi32>, i32)
  // CHECK: tir.print "plain"
  tir.print "plain"
  // CHECK: tir.print "u = " (%{{.*}} : i32) {is_signed = array<i32: 0>}
  tir.print "u = " (%s : i32) {is_signed = array<i32: 0>}
  // CHECK: tir.assert %{{.*}}, "bad mask" : tensor<64xi1>
  // CHECK: tir.assert %{{.*}}, "bad scalar" : i1
  tir.assert %t, "bad mask" : tensor<64xi1>
  tir.assert %c, "bad scalar" : i1
  return
}

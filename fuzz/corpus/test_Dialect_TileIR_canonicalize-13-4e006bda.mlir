// CHECK-LABEL: func.func @trans_identity_order
// CHECK-SAME: (%[[X:.*]]: tensor<16x32xf16>)
// CHECK-NEXT: return %[[X]]
func.func @trans_identity_order(%x: tensor<16x32xf16>) -> tensor<16x32xf16> {
  %0 = tir.trans %x, [0, 1] : tensor<16x32xf16> -> tensor<16x32xf16>
  return %0 : tensor<16x32xf16>
}

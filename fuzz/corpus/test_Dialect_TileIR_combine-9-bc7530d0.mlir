// CHECK-LABEL: func.func @trans_pair
// CHECK-SAME: (%[[X:.*]]: tensor<16x32xf16>)
// CHECK-NEXT: return %[[X]]
func.func @trans_pair(%x: tensor<16x32xf16>) -> tensor<16x32xf16> {
  %0 = tir.trans %x, [1, 0] : tensor<16x32xf16> -> tensor<32x16xf16>
  %1 = tir.trans %0, [1, 0] : tensor<32x16xf16> -> tensor<16x32xf16>
  return %1 : tensor<16x32xf16>
}

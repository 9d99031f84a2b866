// CHECK-LABEL: func.func @trans_of_splat
// CHECK: tir.splat %{{.*}} : f16 -> tensor<32x16xf16>
// CHECK-NOT: tir.trans
func.func @trans_of_splat(%x: f16) -> tensor<32x16xf16> {
  %0 = tir.splat %x : f16 -> tensor<16x32xf16>
  %1 = tir.trans %0, [1, 0] : tensor<16x32xf16> -> tensor<32x16xf16>
  return %1 : tensor<32x16xf16>
}

// Round trip of every Tile IR operation and type, in custom and generic form.

// CHECK-LABEL: func.func @types
// CHECK-SAME: !tir.ptr<f32>
// CHECK-SAME: !tir.ptr<f16, 3>
// CHECK-SAME: !tir.ptr<!tir.ptr<i8>>
// CHECK-SAME: tensor<128x!tir.ptr<bf16>>
// CHECK-SAME: !tir.tensordesc<tensor<64x64xbf16>>
// CHECK-SAME: tensor<16xf8E4M3FN>
// CHECK-SAME: tensor<16xf8E5M2>
func.func @types(%a: !tir.ptr<f32>, %b: !tir.ptr<f16, 3>, %c: !tir.ptr<!tir.ptr<i8>>,
                 %d: tensor<128x!tir.ptr<bf16>>, %e: !tir.tensordesc<tensor<64x64xbf16>>,
                 %f: tensor<16xf8E4M3FN>, %g: tensor<16xf8E5M2>, %h: tensor<4xi1>) {
  return
}

func.func @desc_index_type(%d: !tir.tensordesc<tensor<16x16xf16>>, %i: i64) {
  // expected-error @+1 {{'tir.descriptor_load' op operand #1 must be variadic of 32-bit signless integer}}
  %0 = "tir.descriptor_load"(%d, %i, %i) : (!tir.tensordesc<tensor<16x16xf16>>, i64, i64) -> tensor<16x16xf16>
  return
}

func.func @block_ptr_shape_type(%b: !tir.ptr<f16>, %m: i32, %i: i32) {
  // expected-error @+1 {{'tir.make_block_ptr' op operand #1 must be variadic of 64-bit signless integer}}
  %0 = "tir.make_block_ptr"(%b, %m, %m, %i) <{operandSegmentSizes = array<i32: 1, 1, 1, 1>, order = array<i32: 0>}> : (!tir.ptr<f16>, i32, i32, i32) -> !tir.blockptr<tensor<16xf16>>
  return
}

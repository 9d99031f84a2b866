func.func @desc_stride_type(%b: !tir.ptr<f16>, %m: i32) {
  // expected-error @+1 {{'tir.make_tensor_descriptor' op operand #3 must be variadic of 64-bit signless integer}}
  %0 = "tir.make_tensor_descriptor"(%b, %m, %m, %m, %m) <{operandSegmentSizes = array<i32: 1, 2, 2>}> : (!tir.ptr<f16>, i32, i32, i32, i32) -> !tir.tensordesc<tensor<16x16xf16>>
  return
}

func.func @desc_mixed_shape(%b: !tir.ptr<f16>, %m: i32, %s: i64) {
  // expected-error @+1 {{'tir.make_tensor_descriptor' op shape operands must all have one type, got 'i32' and 'i64'}}
  %0 = "tir.make_tensor_descriptor"(%b, %m, %s, %s, %s) <{operandSegmentSizes = array<i32: 1, 2, 2>}> : (!tir.ptr<f16>, i32, i64, i64, i64) -> !tir.tensordesc<tensor<16x16xf16>>
  return
}

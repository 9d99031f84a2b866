func.func @desc_shape_count(%b: !tir.ptr<f16>, %m: i32, %s: i64) {
  // expected-error @+1 {{'tir.make_tensor_descriptor' op expected 2 shape operands for a rank-2 descriptor block, got 1}}
  %0 = tir.make_tensor_descriptor %b, [%m], [%s, %s] : !tir.ptr<f16>, i32 -> !tir.tensordesc<tensor<16x16xf16>>
  return
}

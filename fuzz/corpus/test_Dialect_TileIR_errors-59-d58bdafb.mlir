func.func @desc_stride_count(%b: !tir.ptr<f16>, %m: i32, %s: i64) {
  // expected-error @+1 {{'tir.make_tensor_descriptor' op expected 2 stride operands for a rank-2 descriptor block, got 3}}
  %0 = tir.make_tensor_descriptor %b, [%m, %m], [%s, %s, %s] : !tir.ptr<f16>, i32 -> !tir.tensordesc<tensor<16x16xf16>>
  return
}

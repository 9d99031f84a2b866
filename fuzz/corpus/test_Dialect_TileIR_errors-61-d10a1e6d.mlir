func.func @desc_pointee(%b: !tir.ptr<f32>, %m: i32, %s: i64) {
  // expected-error @+1 {{'tir.make_tensor_descriptor' op base pointee type 'f32' does not match the descriptor element type 'f16'}}
  %0 = tir.make_tensor_descriptor %b, [%m, %m], [%s, %s] : !tir.ptr<f32>, i32 -> !tir.tensordesc<tensor<16x16xf16>>
  return
}

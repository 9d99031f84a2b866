func.func @load_result(%p: tensor<8x!tir.ptr<f32>>) {
  // expected-error @+1 {{'tir.load' op failed to verify that result type is the pointee type of ptr}}
  %0 = "tir.load"(%p) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (tensor<8x!tir.ptr<f32>>) -> tensor<8xf16>
  return
}

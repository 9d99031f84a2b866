func.func @load_other_type(%p: tensor<8x!tir.ptr<f32>>, %m: tensor<8xi1>, %o: tensor<8xf16>) {
  // expected-error @+1 {{'tir.load' op failed to verify that other type is the pointee type of ptr}}
  %0 = "tir.load"(%p, %m, %o) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (tensor<8x!tir.ptr<f32>>, tensor<8xi1>, tensor<8xf16>) -> tensor<8xf32>
  return
}

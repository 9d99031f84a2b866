func.func @load_other_without_mask(%p: tensor<8x!tir.ptr<f32>>, %o: tensor<8xf32>) {
  // expected-error @+1 {{'tir.load' op 'other' requires a 'mask' (it is the value of the masked-off elements)}}
  %0 = "tir.load"(%p, %o) <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (tensor<8x!tir.ptr<f32>>, tensor<8xf32>) -> tensor<8xf32>
  return
}

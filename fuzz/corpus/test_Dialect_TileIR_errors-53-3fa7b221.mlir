func.func @load_mask_shape(%p: tensor<8x!tir.ptr<f32>>, %m: tensor<4xi1>) {
  // expected-error @+1 {{'tir.load' op failed to verify that mask is i1 with the shape of ptr}}
  %0 = "tir.load"(%p, %m) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (tensor<8x!tir.ptr<f32>>, tensor<4xi1>) -> tensor<8xf32>
  return
}

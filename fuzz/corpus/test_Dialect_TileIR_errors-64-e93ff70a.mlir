func.func @desc_load_result(%d: !tir.tensordesc<tensor<16x16xf16>>, %i: i32) {
  // expected-error @+1 {{'tir.descriptor_load' op result type 'tensor<16x8xf16>' is not the descriptor's block type 'tensor<16x16xf16>'}}
  %0 = "tir.descriptor_load"(%d, %i, %i) : (!tir.tensordesc<tensor<16x16xf16>>, i32, i32) -> tensor<16x8xf16>
  return
}

func.func @desc_load_indices(%d: !tir.tensordesc<tensor<16x16xf16>>, %i: i32) {
  // expected-error @+1 {{'tir.descriptor_load' op expected 2 indices for a rank-2 descriptor, got 1}}
  %0 = tir.descriptor_load %d[%i] : !tir.tensordesc<tensor<16x16xf16>>
  return
}

func.func @desc_store_indices(%d: !tir.tensordesc<tensor<16x16xf16>>, %t: tensor<16x16xf16>, %i: i32) {
  // expected-error @+1 {{'tir.descriptor_store' op expected 2 indices for a rank-2 descriptor, got 3}}
  tir.descriptor_store %d[%i, %i, %i], %t : !tir.tensordesc<tensor<16x16xf16>>
  return
}

func.func @desc_store_src(%d: !tir.tensordesc<tensor<16x16xf16>>, %t: tensor<16x16xf32>, %i: i32) {
  // expected-error @+1 {{'tir.descriptor_store' op source type 'tensor<16x16xf32>' is not the descriptor's block type 'tensor<16x16xf16>'}}
  "tir.descriptor_store"(%d, %t, %i, %i) : (!tir.tensordesc<tensor<16x16xf16>>, tensor<16x16xf32>, i32, i32) -> ()
  return
}

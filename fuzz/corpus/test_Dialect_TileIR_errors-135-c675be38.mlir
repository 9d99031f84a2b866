func.func @block_store_check(%p: !tir.blockptr<tensor<16xf16>>, %v: tensor<16xf16>) {
  // expected-error @+1 {{'tir.block_store' op boundary_check dimension -1 is out of range for a rank-1 block pointer}}
  tir.block_store %p, %v boundary_check = [-1] : !tir.blockptr<tensor<16xf16>>
  return
}

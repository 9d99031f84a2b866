func.func @block_load_nan_int(%p: !tir.blockptr<tensor<16xi32>>) {
  // expected-error @+1 {{'tir.block_load' op padding 'nan' needs float elements, got 'i32'}}
  %0 = tir.block_load %p boundary_check = [0] padding = nan : !tir.blockptr<tensor<16xi32>>
  return
}

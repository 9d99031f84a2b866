func.func @block_load_check_range(%p: !tir.blockptr<tensor<16x16xf16>>) {
  // expected-error @+1 {{'tir.block_load' op boundary_check dimension 2 is out of range for a rank-2 block pointer}}
  %0 = tir.block_load %p boundary_check = [0, 2] : !tir.blockptr<tensor<16x16xf16>>
  return
}

func.func @block_load_check_twice(%p: !tir.blockptr<tensor<16x16xf16>>) {
  // expected-error @+1 {{'tir.block_load' op boundary_check lists dimension 1 twice}}
  %0 = tir.block_load %p boundary_check = [1, 1] : !tir.blockptr<tensor<16x16xf16>>
  return
}

func.func @block_load_result(%p: !tir.blockptr<tensor<16xf16>>) {
  // expected-error @+1 {{'tir.block_load' op failed to verify that result type is the block type of ptr}}
  %0 = "tir.block_load"(%p) : (!tir.blockptr<tensor<16xf16>>) -> tensor<16xf32>
  return
}

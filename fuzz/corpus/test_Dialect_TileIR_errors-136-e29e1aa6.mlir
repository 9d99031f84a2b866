func.func @block_store_value(%p: !tir.blockptr<tensor<16xf16>>, %v: tensor<8xf16>) {
  // expected-error @+1 {{'tir.block_store' op failed to verify that value type is the block type of ptr}}
  "tir.block_store"(%p, %v) : (!tir.blockptr<tensor<16xf16>>, tensor<8xf16>) -> ()
  return
}

func.func @load_through_block_ptr(%p: !tir.blockptr<tensor<16xf16>>) {
  // expected-error @+1 {{'tir.load' op operand #0 must be pointer or pointer tile}}
  %0 = "tir.load"(%p) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (!tir.blockptr<tensor<16xf16>>) -> tensor<16xf16>
  return
}

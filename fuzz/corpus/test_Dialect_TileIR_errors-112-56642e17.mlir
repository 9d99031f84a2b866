func.func @asm_shapes(%x: tensor<64xi32>, %s: i32) {
  // expected-error @+1 {{'tir.inline_asm_elementwise' op operand #1 has type 'i32', but the operands and results must all be scalars or all tiles of one shape (result #0 is 'tensor<64xi32>')}}
  %0 = tir.inline_asm_elementwise "add.s32 $0, $1, $2;", "=r,r,r" pure (%x, %s : tensor<64xi32>, i32) -> tensor<64xi32>
  return
}

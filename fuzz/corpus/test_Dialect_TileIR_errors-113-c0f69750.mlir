func.func @asm_result_shape(%x: tensor<64xi32>) {
  // expected-error @+1 {{'tir.inline_asm_elementwise' op result #1 has type 'tensor<32xi32>', but the operands and results must all be scalars or all tiles of one shape (result #0 is 'tensor<64xi32>')}}
  %0:2 = tir.inline_asm_elementwise "", "=r,=r,r" pure (%x : tensor<64xi32>) -> tensor<64xi32>, tensor<32xi32>
  return
}

func.func @asm_pack(%x: tensor<6xi8>) {
  // expected-error @+1 {{'tir.inline_asm_elementwise' op pack 4 does not divide the 6 elements of 'tensor<6xi8>'}}
  %0 = tir.inline_asm_elementwise "", "=r,r" pure pack = 4 (%x : tensor<6xi8>) -> tensor<6xi8>
  return
}

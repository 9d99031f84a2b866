// 64 elements on 128 threads: one register each, fewer than a pack.
func.func @asm_pack(%x: tensor<64xi8>) -> tensor<64xi8> {
  // expected-error-re @+2 {{'tir.inline_asm_elementwise' op pack 4 does not divide the 1 elements of 'tensor<64xi8, #gir.blocked<{{.*}}>>' that each thread holds (use a larger tile or a smaller pack)}}
  // expected-error @+1 {{failed to legalize operation 'tir.inline_asm_elementwise'}}
  %y = tir.inline_asm_elementwise "", "=r,r" pure pack = 4 (%x : tensor<64xi8>) -> tensor<64xi8>
  return %y : tensor<64xi8>
}

func.func @asm_pack_positive(%x: i32) {
  // expected-error @+1 {{'tir.inline_asm_elementwise' op attribute 'pack' failed to satisfy constraint}}
  %0 = tir.inline_asm_elementwise "", "=r,r" pure pack = 0 (%x : i32) -> i32
  return
}

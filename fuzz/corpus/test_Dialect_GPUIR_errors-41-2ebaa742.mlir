#sw = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
func.func @index_element(%i: i32) {
  %buf = gir.local_alloc : !gir.memdesc<3x128x64xbf16, #sw>
  // expected-error @+1 {{'gir.memdesc_index' op result must be the source without its first dimension}}
  %a = gir.memdesc_index %buf[%i] : !gir.memdesc<3x128x64xbf16, #sw> -> !gir.memdesc<128x64xf16, #sw>
  return
}

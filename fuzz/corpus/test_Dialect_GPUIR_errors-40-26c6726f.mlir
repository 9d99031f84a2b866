#sw = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
func.func @index_shape(%i: i32) {
  %buf = gir.local_alloc : !gir.memdesc<3x128x64xbf16, #sw>
  // expected-error @+1 {{'gir.memdesc_index' op result must be the source without its first dimension, got '!gir.memdesc<3x128x64xbf16, #gir.nvmma_shared<swizzle = 128, order = [1, 0]>>' -> '!gir.memdesc<64x64xbf16, #gir.nvmma_shared<swizzle = 128, order = [1, 0]>>'}}
  %a = gir.memdesc_index %buf[%i] : !gir.memdesc<3x128x64xbf16, #sw> -> !gir.memdesc<64x64xbf16, #sw>
  return
}

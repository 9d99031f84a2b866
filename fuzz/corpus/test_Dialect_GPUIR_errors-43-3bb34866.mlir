#sw = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
func.func @index_type(%i: i64) {
  %buf = gir.local_alloc : !gir.memdesc<3x128x64xbf16, #sw>
  // expected-error @+1 {{'gir.memdesc_index' op operand #1 must be 32-bit signless integer, but got 'i64'}}
  %a = "gir.memdesc_index"(%buf, %i) : (!gir.memdesc<3x128x64xbf16, #sw>, i64) -> !gir.memdesc<128x64xbf16, #sw>
  return
}

//===----------------------------------------------------------------------===//
// Tile IR shape ops on tiles with layouts
//===----------------------------------------------------------------------===//

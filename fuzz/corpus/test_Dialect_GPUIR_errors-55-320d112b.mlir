#sw = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
func.func @negative_offset() {
  // expected-error @+1 {{'gir.local_alloc' op 'gir.shared_offset' must be a non-negative i64 byte offset, got -4096 : i64}}
  %buf = gir.local_alloc {gir.shared_offset = -4096 : i64} : !gir.memdesc<128x64xbf16, #sw>
  return
}

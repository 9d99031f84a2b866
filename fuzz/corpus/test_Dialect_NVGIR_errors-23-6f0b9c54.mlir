#sw = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
func.func @tma_descriptor(%d: !tir.ptr<bf16>, %i: i32, %buf: !gir.memdesc<128x64xbf16, #sw>, %bars: !nvgir.mbarriers<1>) {
  // expected-error @+1 {{'nvgir.tma_load' op operand #0 must be tensor descriptor, but got '!tir.ptr<bf16>'}}
  "nvgir.tma_load"(%d, %i, %i, %buf, %bars, %i) <{operandSegmentSizes = array<i32: 1, 2, 1, 1, 1, 0>}> : (!tir.ptr<bf16>, i32, i32, !gir.memdesc<128x64xbf16, #sw>, !nvgir.mbarriers<1>, i32) -> ()
  return
}

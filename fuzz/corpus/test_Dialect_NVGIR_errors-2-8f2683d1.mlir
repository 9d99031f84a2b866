#sw = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
func.func @tma_indices(%d: !tir.tensordesc<tensor<128x64xbf16>>, %i: i32,
                       %buf: !gir.memdesc<128x64xbf16, #sw>,
                       %bars: !nvgir.mbarriers<1>) {
  // expected-error @+1 {{'nvgir.tma_load' op takes one index per dimension of the block (2), got 1}}
  nvgir.tma_load %d[%i], %buf, %bars[%i] : !tir.tensordesc<tensor<128x64xbf16>> -> !gir.memdesc<128x64xbf16, #sw>, !nvgir.mbarriers<1>
  return
}

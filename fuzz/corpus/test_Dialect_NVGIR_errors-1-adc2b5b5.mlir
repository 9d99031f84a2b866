#sw = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
func.func @tma_wrong_block(%d: !tir.tensordesc<tensor<128x64xbf16>>, %i: i32,
                           %buf: !gir.memdesc<64x64xbf16, #sw>,
                           %bars: !nvgir.mbarriers<1>) {
  // expected-error @+1 {{'nvgir.tma_load' op destination '!gir.memdesc<64x64xbf16, #gir.nvmma_shared<swizzle = 128, order = [1, 0]>>' must hold the descriptor's block 'tensor<128x64xbf16>'}}
  nvgir.tma_load %d[%i, %i], %buf, %bars[%i] : !tir.tensordesc<tensor<128x64xbf16>> -> !gir.memdesc<64x64xbf16, #sw>, !nvgir.mbarriers<1>
  return
}

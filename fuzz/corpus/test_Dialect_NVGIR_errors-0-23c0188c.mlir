// Every verifier rule of the NVIDIA GPU IR operations, with its diagnostic.

#sw64 = #gir.nvmma_shared<swizzle = 64, order = [1, 0]>
func.func @tma_wrong_swizzle(%d: !tir.tensordesc<tensor<128x64xbf16>>, %i: i32,
                             %buf: !gir.memdesc<128x64xbf16, #sw64>,
                             %bars: !nvgir.mbarriers<1>) {
  // expected-error @+1 {{'nvgir.tma_load' op destination layout #gir.nvmma_shared<swizzle = 64, order = [1, 0]> is not the one TMA writes (#gir.nvmma_shared<swizzle = 128, order = [1, 0]>)}}
  nvgir.tma_load %d[%i, %i], %buf, %bars[%i] : !tir.tensordesc<tensor<128x64xbf16>> -> !gir.memdesc<128x64xbf16, #sw64>, !nvgir.mbarriers<1>
  return
}

// What TMA cannot move (nvgir::getTmaBlockLayout's refusals) is the op's
// error too.
#sw = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
func.func @tma_box(%d: !tir.tensordesc<tensor<512x64xbf16>>, %i: i32,
                   %buf: !gir.memdesc<512x64xbf16, #sw>,
                   %bars: !nvgir.mbarriers<1>) {
  // expected-error @+1 {{'nvgir.tma_load' op a TMA box is at most 256 elements along each dimension; the block has 512}}
  nvgir.tma_load %d[%i, %i], %buf, %bars[%i] : !tir.tensordesc<tensor<512x64xbf16>> -> !gir.memdesc<512x64xbf16, #sw>, !nvgir.mbarriers<1>
  return
}

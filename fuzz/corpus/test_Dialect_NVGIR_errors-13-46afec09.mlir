// What TMA cannot move (nvgir::getTmaBlockLayout's refusals) is the op's
// error too.
#sw = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
func.func @tma_element(%d: !tir.tensordesc<tensor<128x128xi1>>, %i: i32,
                       %buf: !gir.memdesc<128x128xi1, #sw>,
                       %bars: !nvgir.mbarriers<1>) {
  // expected-error @+1 {{'nvgir.tma_load' op TMA moves elements of 1, 2, 4 or 8 bytes}}
  nvgir.tma_load %d[%i, %i], %buf, %bars[%i] : !tir.tensordesc<tensor<128x128xi1>> -> !gir.memdesc<128x128xi1, #sw>, !nvgir.mbarriers<1>
  return
}

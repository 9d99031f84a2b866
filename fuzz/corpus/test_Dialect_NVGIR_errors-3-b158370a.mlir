#sw = #gir.nvmma_shared<swizzle = 32, order = [1, 0]>
func.func @tma_few_rows(%d: !tir.tensordesc<tensor<4x16xbf16>>, %i: i32,
                        %buf: !gir.memdesc<4x16xbf16, #sw>,
                        %bars: !nvgir.mbarriers<1>) {
  // expected-error @+1 {{'nvgir.tma_load' op copies 2-D blocks of 8 or more rows of 32 bytes or more (a swizzled shared layout) only, got 'tensor<4x16xbf16>'}}
  nvgir.tma_load %d[%i, %i], %buf, %bars[%i] : !tir.tensordesc<tensor<4x16xbf16>> -> !gir.memdesc<4x16xbf16, #sw>, !nvgir.mbarriers<1>
  return
}

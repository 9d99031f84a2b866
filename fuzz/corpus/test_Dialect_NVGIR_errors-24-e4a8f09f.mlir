#sw = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
func.func @tma_rank(%d: !tir.tensordesc<tensor<2x2x2x2x8x32xf32>>, %i: i32,
                    %buf: !gir.memdesc<2x2x2x2x8x32xf32, #sw>,
                    %bars: !nvgir.mbarriers<1>) {
  // expected-error @+1 {{'nvgir.tma_load' op TMA moves blocks of rank 1 to 5, not 6}}
  nvgir.tma_load %d[%i, %i, %i, %i, %i, %i], %buf, %bars[%i] : !tir.tensordesc<tensor<2x2x2x2x8x32xf32>> -> !gir.memdesc<2x2x2x2x8x32xf32, #sw>, !nvgir.mbarriers<1>
  return
}

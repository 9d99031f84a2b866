// Rows of 1536 bytes are not one swizzle pattern: unswizzled boxes of 256
// elements, which 384 is not a multiple of.
#sw = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
func.func @tma_box_width(%d: !tir.tensordesc<tensor<8x384xf32>>, %i: i32,
                         %buf: !gir.memdesc<8x384xf32, #sw>,
                         %bars: !nvgir.mbarriers<1>) {
  // expected-error @+1 {{'nvgir.tma_load' op the block's last dimension (384) is not a multiple of the TMA box width (256)}}
  nvgir.tma_load %d[%i, %i], %buf, %bars[%i] : !tir.tensordesc<tensor<8x384xf32>> -> !gir.memdesc<8x384xf32, #sw>, !nvgir.mbarriers<1>
  return
}

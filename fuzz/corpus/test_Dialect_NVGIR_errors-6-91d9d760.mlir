#sw = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
#b = #gir.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
func.func @dot_layout(%c: tensor<128x64xf32, #b>) {
  %a = gir.local_alloc : !gir.memdesc<128x64xbf16, #sw>
  %bt = gir.local_alloc : !gir.memdesc<64x64xbf16, #sw>
  // expected-error @+1 {{'nvgir.warpgroup_dot' op accumulator needs the #gir.wgmma layout}}
  %d = nvgir.warpgroup_dot %a, %bt, %c : !gir.memdesc<128x64xbf16, #sw> * !gir.memdesc<64x64xbf16, #sw> -> tensor<128x64xf32, #b>
  return
}

#sw = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
#b = #gir.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
func.func @copy_pointers(%p: tensor<128x64xi64, #b>) {
  %a = gir.local_alloc : !gir.memdesc<128x64xbf16, #sw>
  // expected-error @+1 {{'nvgir.async_copy' op copies from a tile of pointers, got 'tensor<128x64xi64, }}
  nvgir.async_copy %p, %a : tensor<128x64xi64, #b> -> !gir.memdesc<128x64xbf16, #sw>
  return
}

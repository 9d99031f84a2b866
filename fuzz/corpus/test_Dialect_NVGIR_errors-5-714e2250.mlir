#sw = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
#b = #gir.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
func.func @copy_shape(%p: tensor<64x64x!tir.ptr<bf16>, #b>) {
  %a = gir.local_alloc : !gir.memdesc<128x64xbf16, #sw>
  // expected-error @+1 {{'nvgir.async_copy' op pointer tile shape differs from the buffer's}}
  nvgir.async_copy %p, %a : tensor<64x64x!tir.ptr<bf16>, #b> -> !gir.memdesc<128x64xbf16, #sw>
  return
}

#sw = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
#b = #gir.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
func.func @copy_pointee(%p: tensor<128x64x!tir.ptr<f16>, #b>) {
  %a = gir.local_alloc : !gir.memdesc<128x64xbf16, #sw>
  // expected-error @+1 {{'nvgir.async_copy' op pointee type 'f16' differs from the buffer's element type 'bf16'}}
  nvgir.async_copy %p, %a : tensor<128x64x!tir.ptr<f16>, #b> -> !gir.memdesc<128x64xbf16, #sw>
  return
}

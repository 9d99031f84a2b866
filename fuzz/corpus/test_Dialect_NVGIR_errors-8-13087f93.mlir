#sw = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
#b = #gir.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
func.func @copy_mask(%p: tensor<128x64x!tir.ptr<bf16>, #b>, %m: tensor<128x64xi8, #b>) {
  %a = gir.local_alloc : !gir.memdesc<128x64xbf16, #sw>
  // expected-error @+1 {{'nvgir.async_copy' op mask must be an i1 tile of the pointer tile's shape}}
  nvgir.async_copy %p, %a, %m : tensor<128x64x!tir.ptr<bf16>, #b>, tensor<128x64xi8, #b> -> !gir.memdesc<128x64xbf16, #sw>
  return
}

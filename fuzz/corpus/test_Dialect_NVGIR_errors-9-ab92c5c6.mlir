#sw = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
func.func @copy_layout(%p: tensor<128x64x!tir.ptr<bf16>>) {
  %a = gir.local_alloc : !gir.memdesc<128x64xbf16, #sw>
  // expected-error @+1 {{'nvgir.async_copy' op pointer tile needs a distributed layout}}
  nvgir.async_copy %p, %a : tensor<128x64x!tir.ptr<bf16>> -> !gir.memdesc<128x64xbf16, #sw>
  return
}

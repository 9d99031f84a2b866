#sw = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
#acc = #gir.wgmma<warpsPerCTA = [4, 1], instrN = 64>
func.func @dot_accumulator(%c: tensor<64x64xf16, #acc>) {
  %a = gir.local_alloc : !gir.memdesc<64x64xbf16, #sw>
  %bt = gir.local_alloc : !gir.memdesc<64x64xbf16, #sw>
  // expected-error @+1 {{'nvgir.warpgroup_dot' op accumulates in f32 only, got 'f16'}}
  %d = nvgir.warpgroup_dot %a, %bt, %c : !gir.memdesc<64x64xbf16, #sw> * !gir.memdesc<64x64xbf16, #sw> -> tensor<64x64xf16, #acc>
  return
}

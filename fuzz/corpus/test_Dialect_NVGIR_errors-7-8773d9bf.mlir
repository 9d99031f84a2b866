#sw = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
#acc = #gir.wgmma<warpsPerCTA = [4, 1], instrN = 64>
func.func @dot_shapes(%c: tensor<128x64xf32, #acc>) {
  %a = gir.local_alloc : !gir.memdesc<128x64xbf16, #sw>
  %bt = gir.local_alloc : !gir.memdesc<128x64xbf16, #sw>
  // expected-error @+1 {{'nvgir.warpgroup_dot' op shapes do not form a matrix product}}
  %d = nvgir.warpgroup_dot %a, %bt, %c : !gir.memdesc<128x64xbf16, #sw> * !gir.memdesc<128x64xbf16, #sw> -> tensor<128x64xf32, #acc>
  return
}

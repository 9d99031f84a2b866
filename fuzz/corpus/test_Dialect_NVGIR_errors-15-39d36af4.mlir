#sw = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
#acc = #gir.wgmma<warpsPerCTA = [4, 1], instrN = 64>
func.func @dot_result(%c: tensor<64x64xf32, #acc>) {
  %a = gir.local_alloc : !gir.memdesc<64x64xbf16, #sw>
  %bt = gir.local_alloc : !gir.memdesc<64x64xbf16, #sw>
  // expected-error @+1 {{'nvgir.warpgroup_dot' op failed to verify that all of {c, d} have same type}}
  %d = "nvgir.warpgroup_dot"(%a, %bt, %c) : (!gir.memdesc<64x64xbf16, #sw>, !gir.memdesc<64x64xbf16, #sw>, tensor<64x64xf32, #acc>) -> tensor<64x32xf32, #acc>
  return
}

// expected-error @+1 {{memdesc needs a shared-memory encoding (#gir.nvmma_shared), got #gir.mma_v2<warpsPerCTA = [2, 2]>}}
func.func private @memdesc_encoding(!gir.memdesc<64x64xf16, #gir.mma_v2<warpsPerCTA = [2, 2]>>)

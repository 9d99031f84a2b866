// expected-error @+1 {{wgmma layout is 2-D, got warpsPerCTA of rank 1}}
func.func private @wgmma_rank(tensor<64x64xf32, #gir.wgmma<warpsPerCTA = [4], instrN = 64>>)

// expected-error @+1 {{wgmma layout needs warpsPerCTA = [4 * 2^k, 1] (whole warpgroups stacked along rows), got [2, 2]}}
func.func private @wgmma_warps(tensor<64x64xf32, #gir.wgmma<warpsPerCTA = [2, 2], instrN = 64>>)

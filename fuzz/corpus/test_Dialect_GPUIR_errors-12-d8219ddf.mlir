// expected-error @+1 {{wgmma layout needs warpsPerCTA = [4 * 2^k, 1] (whole warpgroups stacked along rows), got [12, 1]}}
func.func private @wgmma_warps_npot(tensor<64x64xf32, #gir.wgmma<warpsPerCTA = [12, 1], instrN = 64>>)

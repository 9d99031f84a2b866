// expected-error @+1 {{mma_v2 layout is 2-D, got warpsPerCTA of rank 3}}
func.func private @mma_rank(tensor<64x64xf32, #gir.mma_v2<warpsPerCTA = [2, 2, 1]>>)

// expected-error @+1 {{#gir.mma_v2 layout has rank 2 but the tile has rank 1}}
func.func private @mma_tile_rank(tensor<64xf32, #gir.mma_v2<warpsPerCTA = [2, 2]>>)

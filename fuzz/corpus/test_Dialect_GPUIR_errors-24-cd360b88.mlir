// expected-error @+1 {{#gir.wgmma layout has rank 2 but the tile has rank 3}}
func.func private @wgmma_tile_rank(tensor<2x64x64xf32, #gir.wgmma<warpsPerCTA = [4, 1], instrN = 64>>)

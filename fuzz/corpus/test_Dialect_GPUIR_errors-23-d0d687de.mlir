// expected-error @+1 {{#gir.slice layout has rank 1 but the tile has rank 2}}
func.func private @slice_tile_rank(tensor<4x64xf32, #gir.slice<dim = 0, parent = #gir.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>>>)

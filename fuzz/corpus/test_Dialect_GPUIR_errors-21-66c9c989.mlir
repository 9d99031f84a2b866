// expected-error @+1 {{#gir.blocked layout has rank 1 but the tile has rank 2}}
func.func private @blocked_tile_rank(tensor<64x64xf32, #gir.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>)

// A rank-0 tile has no distributed layout (every layout has a dimension).
// expected-error @+1 {{#gir.blocked layout has rank 1 but the tile has rank 0}}
func.func private @blocked_rank0_tile(tensor<f32, #gir.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>)

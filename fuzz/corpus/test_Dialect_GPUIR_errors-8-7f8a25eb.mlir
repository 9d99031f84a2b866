// expected-error @+1 {{slice layout needs a parent of rank 2 or more}}
func.func private @slice_rank1(tensor<64xf32, #gir.slice<dim = 0, parent = #gir.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>>)

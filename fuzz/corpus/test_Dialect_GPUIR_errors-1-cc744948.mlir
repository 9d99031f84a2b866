// expected-error @+1 {{blocked layout sizes must be powers of two, got 0}}
func.func private @zero(tensor<64xf32, #gir.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [0], order = [0]>>)

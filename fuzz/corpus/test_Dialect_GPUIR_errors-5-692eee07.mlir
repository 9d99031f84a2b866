// expected-error @+1 {{blocked layout ctaSplit must be a power of two in [1, 16], got 32}}
func.func private @cta_split_big(tensor<64xf32, #gir.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], ctaSplit = 32>>)

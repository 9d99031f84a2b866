// expected-error @+1 {{blocked layout parameters must all have rank 2}}
func.func @rank(%x: tensor<64x64xf32, #gir.blocked<sizePerThread = [1, 1], threadsPerWarp = [32], warpsPerCTA = [4, 1], order = [1, 0]>>) {
  return
}

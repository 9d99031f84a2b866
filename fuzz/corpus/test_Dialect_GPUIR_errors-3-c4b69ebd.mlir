// expected-error @+1 {{blocked layout order must be a permutation of 0..1}}
func.func @order(%x: tensor<64x64xf32, #gir.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 1]>>) {
  return
}

// expected-error @+1 {{slice dimension 2 is out of range for a parent of rank 2}}
func.func @slice_dim(%x: tensor<64xf32, #gir.slice<dim = 2, parent = #gir.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>>>) {
  return
}

// (The op's own check of the layouts' ranks guards IR built in C++; text
// never gets there, as the tile type is refused first.)
#b1 = #gir.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#b2 = #gir.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>
func.func @rank_mismatch(%x: tensor<64xf32, #b1>) {
  // expected-error @+1 {{#gir.blocked layout has rank 2 but the tile has rank 1}}
  %0 = gir.convert_layout %x : tensor<64xf32, #b1> -> tensor<64xf32, #b2>
  return
}

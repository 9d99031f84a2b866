#b = #gir.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
func.func @foreign_layout(%x: tensor<64xf32, #b>) {
  // expected-error @+1 {{'gir.convert_layout' op converts between tiles with distributed layouts, got 'tensor<64xf32, #gir.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>' and 'tensor<64xf32, "other">'}}
  %0 = gir.convert_layout %x : tensor<64xf32, #b> -> tensor<64xf32, "other">
  return
}

// Only a slice layout says where the inserted dimension goes.
#b = #gir.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#b2 = #gir.blocked<sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]>
func.func @expand_blocked(%x: tensor<128xf32, #b>) {
  // expected-error @+1 {{'tir.expand_dims' op cannot insert a dimension into a tile with layout #gir.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]> (the layout's dialect gives no result layout)}}
  %0 = tir.expand_dims %x, axis = 1 : tensor<128xf32, #b> -> tensor<128x1xf32, #b2>
  return
}

// Identical layouts: the conversion folds away.
#b = #gir.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// FOLD-LABEL: func.func @fold_same
// FOLD-NOT: gir.convert_layout
// FOLD: return %arg0
func.func @fold_same(%x: tensor<512xf32, #b>) -> tensor<512xf32, #b> {
  %0 = gir.convert_layout %x : tensor<512xf32, #b> -> tensor<512xf32, #b>
  return %0 : tensor<512xf32, #b>
}

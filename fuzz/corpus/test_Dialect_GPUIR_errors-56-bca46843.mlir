#b = #gir.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#c = #gir.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
func.func @scratch_offset(%x: tensor<1024xf32, #b>) {
  // expected-error @+1 {{'gir.convert_layout' op 'gir.scratch_offset' must be a non-negative i64 byte offset, got "x"}}
  %y = gir.convert_layout %x {gir.scratch_offset = "x"} : tensor<1024xf32, #b> -> tensor<1024xf32, #c>
  return
}

#b = #gir.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#c = #gir.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
func.func @convert_element(%x: tensor<64xf32, #b>) {
  // expected-error @+1 {{'gir.convert_layout' op requires the same element type for all operands and results}}
  %0 = gir.convert_layout %x : tensor<64xf32, #b> -> tensor<64xf16, #c>
  return
}

//===----------------------------------------------------------------------===//
// gir.local_alloc, gir.memdesc_index
//===----------------------------------------------------------------------===//

#row = #gir.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#col = #gir.blocked<sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]>

// CHECK: #[[ROW:.*]] = #gir.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK: #[[COL:.*]] = #gir.blocked<sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]>
// CHECK-LABEL: func.func @convert
// CHECK: gir.convert_layout %{{.*}} : tensor<64x64xf32, #[[ROW]]> -> tensor<64x64xf32, #[[COL]]>
func.func @convert(%x: tensor<64x64xf32, #row>) -> tensor<64x64xf32, #col> {
  %0 = gir.convert_layout %x : tensor<64x64xf32, #row> -> tensor<64x64xf32, #col>
  return %0 : tensor<64x64xf32, #col>
}

// A column-major 64x32 f16 tile (dimension 0 contiguous): order [0, 1],
// 8 halves (16 bytes) per thread along dimension 0.
// CHECK: #[[COL:.*]] = #gir.blocked<sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>
// CHECK-LABEL: func.func @column_major
// CHECK: tir.load %{{.*}} : tensor<64x32x!tir.ptr<f16>, #[[COL]]>
// CHECK-NOT: gir.convert_layout
func.func @column_major(%p: !tir.ptr<f16> {tir.divisibility = 16 : i32},
                        %ld: i32 {tir.divisibility = 8 : i32}) -> tensor<64x32xf16> {
  %rows = tir.make_range 0 to 64 : tensor<64xi32>
  %cols = tir.make_range 0 to 32 : tensor<32xi32>
  %r2 = tir.expand_dims %rows, axis = 1 : tensor<64xi32> -> tensor<64x1xi32>
  %c2 = tir.expand_dims %cols, axis = 0 : tensor<32xi32> -> tensor<1x32xi32>
  %lds = tir.splat %ld : i32 -> tensor<1x32xi32>
  %co = arith.muli %c2, %lds : tensor<1x32xi32>
  %rb = tir.broadcast %r2 : tensor<64x1xi32> -> tensor<64x32xi32>
  %cb = tir.broadcast %co : tensor<1x32xi32> -> tensor<64x32xi32>
  %off = arith.addi %rb, %cb : tensor<64x32xi32>
  %ps = tir.splat %p : !tir.ptr<f16> -> tensor<64x32x!tir.ptr<f16>>
  %pp = tir.addptr %ps, %off : tensor<64x32x!tir.ptr<f16>>, tensor<64x32xi32>
  %v = tir.load %pp : tensor<64x32x!tir.ptr<f16>>
  return %v : tensor<64x32xf16>
}

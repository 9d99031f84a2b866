// An f8 tile transposed between a load and a store: on the GPU a layout
// conversion through shared memory (bytes stored and loaded there).
func.func @f8_transpose(%p: !tir.ptr<f8E4M3FN> {tir.divisibility = 16 : i32}, %q: !tir.ptr<f8E4M3FN> {tir.divisibility = 16 : i32}) attributes {tir.kernel} {
  %r = tir.make_range 0 to 64 : tensor<64xi32>
  %c64 = arith.constant dense<64> : tensor<64xi32>
  %rows = arith.muli %r, %c64 : tensor<64xi32>
  %re = tir.expand_dims %rows, axis = 1 : tensor<64xi32> -> tensor<64x1xi32>
  %rb = tir.broadcast %re : tensor<64x1xi32> -> tensor<64x64xi32>
  %ce = tir.expand_dims %r, axis = 0 : tensor<64xi32> -> tensor<1x64xi32>
  %cb = tir.broadcast %ce : tensor<1x64xi32> -> tensor<64x64xi32>
  %off = arith.addi %rb, %cb : tensor<64x64xi32>
  %ps = tir.splat %p : !tir.ptr<f8E4M3FN> -> tensor<64x64x!tir.ptr<f8E4M3FN>>
  %pp = tir.addptr %ps, %off : tensor<64x64x!tir.ptr<f8E4M3FN>>, tensor<64x64xi32>
  %x = tir.load %pp : tensor<64x64x!tir.ptr<f8E4M3FN>>
  %t = tir.trans %x, [1, 0] : tensor<64x64xf8E4M3FN> -> tensor<64x64xf8E4M3FN>
  %qs = tir.splat %q : !tir.ptr<f8E4M3FN> -> tensor<64x64x!tir.ptr<f8E4M3FN>>
  %qp = tir.addptr %qs, %off : tensor<64x64x!tir.ptr<f8E4M3FN>>, tensor<64x64xi32>
  tir.store %qp, %t : tensor<64x64x!tir.ptr<f8E4M3FN>>
  return
}

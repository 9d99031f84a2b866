// tl.inline_asm_elementwise and tl.debug_barrier:
//
//   x = tl.load(x_ptr + r)
//   y = tl.inline_asm_elementwise("shl.b32 $0, $1, 3;", "=r,r", [x],
//                                 dtype=tl.int32, is_pure=True, pack=1)
//   b = tl.inline_asm_elementwise(
//           "and.b32 $0, $1, 0x1F1F1F1F; shl.b32 $0, $0, 3;", "=r,r",
//           [x.to(tl.int8)], dtype=tl.int8, is_pure=True, pack=4)
//   tl.debug_barrier()
//   tl.store(y_ptr + r, y); tl.store(b_ptr + r, b)
func.func @asm_barrier(%x: !tir.ptr<i32> {tir.divisibility = 16 : i32},
                       %y: !tir.ptr<i32> {tir.divisibility = 16 : i32},
                       %b: !tir.ptr<i8> {tir.divisibility = 16 : i32}) attributes {tir.kernel} {
  %r = tir.make_range 0 to 512 : tensor<512xi32>
  %xs = tir.splat %x : !tir.ptr<i32> -> tensor<512x!tir.ptr<i32>>
  %xp = tir.addptr %xs, %r : tensor<512x!tir.ptr<i32>>, tensor<512xi32>
  %v = tir.load %xp : tensor<512x!tir.ptr<i32>>
  %s = tir.inline_asm_elementwise "shl.b32 $0, $1, 3;", "=r,r" pure (%v : tensor<512xi32>) -> tensor<512xi32>
  %v8 = arith.trunci %v : tensor<512xi32> to tensor<512xi8>
  %p = tir.inline_asm_elementwise "and.b32 $0, $1, 0x1F1F1F1F; shl.b32 $0, $0, 3;", "=r,r" pure pack = 4 (%v8 : tensor<512xi8>) -> tensor<512xi8>
  tir.barrier
  %ys = tir.splat %y : !tir.ptr<i32> -> tensor<512x!tir.ptr<i32>>
  %yp = tir.addptr %ys, %r : tensor<512x!tir.ptr<i32>>, tensor<512xi32>
  tir.store %yp, %s : tensor<512x!tir.ptr<i32>>
  %bs = tir.splat %b : !tir.ptr<i8> -> tensor<512x!tir.ptr<i8>>
  %bp = tir.addptr %bs, %r : tensor<512x!tir.ptr<i8>>, tensor<512xi32>
  tir.store %bp, %p : tensor<512x!tir.ptr<i8>>
  return
}

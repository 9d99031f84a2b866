// Left alone: B is 8 columns of bf16 (16 bytes, under the smallest
// swizzle), and an f32 (tf32) B that is contiguous along N (wgmma reads
// 32-bit operands K-major only).
// CHECK-LABEL: func.func @unreadable
// CHECK-NOT: nvgir.async_copy
// CHECK: tir.dot
// CHECK: tir.dot
module {
  func.func @unreadable(%a_base: !tir.ptr<bf16> {tir.divisibility = 16 : i32},
                        %b_base: !tir.ptr<bf16> {tir.divisibility = 16 : i32},
                        %f_base: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                        %n: i32) -> (tensor<64x8xf32>, tensor<64x64xf32>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %z8 = arith.constant dense<0.0> : tensor<64x8xf32>
    %z64 = arith.constant dense<0.0> : tensor<64x64xf32>
    %r64 = tir.make_range 0 to 64 : tensor<64xi32>
    %r32 = tir.make_range 0 to 32 : tensor<32xi32>
    %r8 = tir.make_range 0 to 8 : tensor<8xi32>
    // A: 64x32 (row stride 32); B: 32x8 (row stride 8).
    %c32 = arith.constant 32 : i32
    %rm = tir.expand_dims %r64, axis = 1 : tensor<64xi32> -> tensor<64x1xi32>
    %s32 = tir.splat %c32 : i32 -> tensor<64x1xi32>
    %arow = arith.muli %rm, %s32 : tensor<64x1xi32>
    %arowb = tir.broadcast %arow : tensor<64x1xi32> -> tensor<64x32xi32>
    %kr = tir.expand_dims %r32, axis = 0 : tensor<32xi32> -> tensor<1x32xi32>
    %krb = tir.broadcast %kr : tensor<1x32xi32> -> tensor<64x32xi32>
    %aoff = arith.addi %arowb, %krb : tensor<64x32xi32>
    %as = tir.splat %a_base : !tir.ptr<bf16> -> tensor<64x32x!tir.ptr<bf16>>
    %pa = tir.addptr %as, %aoff : tensor<64x32x!tir.ptr<bf16>>, tensor<64x32xi32>
    %c8 = arith.constant 8 : i32
    %kc = tir.expand_dims %r32, axis = 1 : tensor<32xi32> -> tensor<32x1xi32>
    %s8 = tir.splat %c8 : i32 -> tensor<32x1xi32>
    %brow = arith.muli %kc, %s8 : tensor<32x1xi32>
    %browb = tir.broadcast %brow : tensor<32x1xi32> -> tensor<32x8xi32>
    %cn = tir.expand_dims %r8, axis = 0 : tensor<8xi32> -> tensor<1x8xi32>
    %cnb = tir.broadcast %cn : tensor<1x8xi32> -> tensor<32x8xi32>
    %boff = arith.addi %browb, %cnb : tensor<32x8xi32>
    %bs = tir.splat %b_base : !tir.ptr<bf16> -> tensor<32x8x!tir.ptr<bf16>>
    %pb = tir.addptr %bs, %boff : tensor<32x8x!tir.ptr<bf16>>, tensor<32x8xi32>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z8) -> (tensor<64x8xf32>) : i32 {
      %a = tir.load %pa : tensor<64x32x!tir.ptr<bf16>>
      %b = tir.load %pb : tensor<32x8x!tir.ptr<bf16>>
      %d = tir.dot %a, %b, %acc : tensor<64x32xbf16> * tensor<32x8xbf16> -> tensor<64x8xf32>
      scf.yield %d : tensor<64x8xf32>
    }
    // f32 A: 64x32 (row stride 32), f32 B: 32x64 (row stride 64).
    %fas = tir.splat %f_base : !tir.ptr<f32> -> tensor<64x32x!tir.ptr<f32>>
    %fa = tir.addptr %fas, %aoff : tensor<64x32x!tir.ptr<f32>>, tensor<64x32xi32>
    %c64 = arith.constant 64 : i32
    %s64 = tir.splat %c64 : i32 -> tensor<32x1xi32>
    %frow = arith.muli %kc, %s64 : tensor<32x1xi32>
    %frowb = tir.broadcast %frow : tensor<32x1xi32> -> tensor<32x64xi32>
    %fn = tir.expand_dims %r64, axis = 0 : tensor<64xi32> -> tensor<1x64xi32>
    %fnb = tir.broadcast %fn : tensor<1x64xi32> -> tensor<32x64xi32>
    %foff = arith.addi %frowb, %fnb : tensor<32x64xi32>
    %fbs = tir.splat %f_base : !tir.ptr<f32> -> tensor<32x64x!tir.ptr<f32>>
    %fb = tir.addptr %fbs, %foff : tensor<32x64x!tir.ptr<f32>>, tensor<32x64xi32>
    %r2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z64) -> (tensor<64x64xf32>) : i32 {
      %a = tir.load %fa : tensor<64x32x!tir.ptr<f32>>
      %b = tir.load %fb : tensor<32x64x!tir.ptr<f32>>
      %d = tir.dot %a, %b, %acc precision = tf32 : tensor<64x32xf32> * tensor<32x64xf32> -> tensor<64x64xf32>
      scf.yield %d : tensor<64x64xf32>
    }
    return %r, %r2 : tensor<64x8xf32>, tensor<64x64xf32>
  }
}

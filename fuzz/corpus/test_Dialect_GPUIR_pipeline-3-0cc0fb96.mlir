// The kernel's own stage count and warp count (module attributes) override
// the pass options: 8 warps (two warpgroups along M), 3 stages.
// CHECK: #gir.wgmma<warpsPerCTA = [8, 1], instrN = 128>
// CHECK: module attributes {gir.compute_capability = 90 : i32, gir.num_warps = 8 : i32
// CHECK-LABEL: func.func @staged
// CHECK: gir.local_alloc : !gir.memdesc<3x128x64xbf16
module attributes {tir.num_warps = 8 : i32, tir.num_stages = 3 : i32} {
  func.func @staged(%a_base: !tir.ptr<bf16> {tir.divisibility = 16 : i32},
                    %b_base: !tir.ptr<bf16> {tir.divisibility = 16 : i32},
                    %n: i32) -> tensor<128x128xf32> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %z = arith.constant dense<0.0> : tensor<128x128xf32>
    %r128 = tir.make_range 0 to 128 : tensor<128xi32>
    %r64 = tir.make_range 0 to 64 : tensor<64xi32>
    %c64 = arith.constant 64 : i32
    %c128 = arith.constant 128 : i32
    %rm = tir.expand_dims %r128, axis = 1 : tensor<128xi32> -> tensor<128x1xi32>
    %s64 = tir.splat %c64 : i32 -> tensor<128x1xi32>
    %arow = arith.muli %rm, %s64 : tensor<128x1xi32>
    %arowb = tir.broadcast %arow : tensor<128x1xi32> -> tensor<128x64xi32>
    %kr = tir.expand_dims %r64, axis = 0 : tensor<64xi32> -> tensor<1x64xi32>
    %krb = tir.broadcast %kr : tensor<1x64xi32> -> tensor<128x64xi32>
    %aoff = arith.addi %arowb, %krb : tensor<128x64xi32>
    %as = tir.splat %a_base : !tir.ptr<bf16> -> tensor<128x64x!tir.ptr<bf16>>
    %pa = tir.addptr %as, %aoff : tensor<128x64x!tir.ptr<bf16>>, tensor<128x64xi32>
    %kc = tir.expand_dims %r64, axis = 1 : tensor<64xi32> -> tensor<64x1xi32>
    %s128 = tir.splat %c128 : i32 -> tensor<64x1xi32>
    %brow = arith.muli %kc, %s128 : tensor<64x1xi32>
    %browb = tir.broadcast %brow : tensor<64x1xi32> -> tensor<64x128xi32>
    %cn = tir.expand_dims %r128, axis = 0 : tensor<128xi32> -> tensor<1x128xi32>
    %cnb = tir.broadcast %cn : tensor<1x128xi32> -> tensor<64x128xi32>
    %boff = arith.addi %browb, %cnb : tensor<64x128xi32>
    %bs = tir.splat %b_base : !tir.ptr<bf16> -> tensor<64x128x!tir.ptr<bf16>>
    %pb = tir.addptr %bs, %boff : tensor<64x128x!tir.ptr<bf16>>, tensor<64x128xi32>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (tensor<128x128xf32>) : i32 {
      %a = tir.load %pa : tensor<128x64x!tir.ptr<bf16>>
      %b = tir.load %pb : tensor<64x128x!tir.ptr<bf16>>
      %d = tir.dot %a, %b, %acc : tensor<128x64xbf16> * tensor<64x128xbf16> -> tensor<128x128xf32>
      scf.yield %d : tensor<128x128xf32>
    }
    return %r : tensor<128x128xf32>
  }
}

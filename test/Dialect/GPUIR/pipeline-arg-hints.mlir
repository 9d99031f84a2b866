// RUN: trident-opt %s --convert-tir-to-gir="compute-capability=90" --gir-coalesce --gir-dot-layouts --gir-remove-layout-conversions --gir-pipeline="num-stages=3" | FileCheck %s

// gir-pipeline and axis hints on the loop's arguments (tir.region_arg_hints,
// the front end's tl.multiple_of(a_ptrs, [16, 16]) on loop-carried pointer
// tiles): the bases' alignment is unknown, so only the hints make the tiles
// copyable by 16-byte cp.async; the pipelined loop keeps the hints of the
// loop's arguments and gives the copies of the carried pointers that run
// ahead (after the original arguments) the same ones.
// CHECK-LABEL: func.func @hinted_pointers
// CHECK: nvgir.async_copy
// CHECK: scf.for
// CHECK: } {tir.region_arg_hints = {{\[\[}}{}, {}, {tir.divisibility = array<i32: 16, 16>}, {tir.divisibility = array<i32: 16, 16>}, {tir.divisibility = array<i32: 16, 16>}, {tir.divisibility = array<i32: 16, 16>}, {}, {}, {}]]}
module {
  func.func @hinted_pointers(%a_base: !tir.ptr<bf16>,
                         %b_base: !tir.ptr<bf16>,
                         %sam: i32 {tir.divisibility = 16 : i32},
                         %sbk: i32 {tir.divisibility = 16 : i32},
                         %k: i32 {tir.divisibility = 16 : i32}, %n: i32) -> tensor<128x128xf32> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %z = arith.constant dense<0.0> : tensor<128x128xf32>
    %za = arith.constant dense<0.0> : tensor<128x64xbf16>
    %r128 = tir.make_range 0 to 128 : tensor<128xi32>
    %kr = tir.make_range 0 to 64 : tensor<64xi32>
    // A: rows * sam + k; B: k * sbk + cols.
    %rm = tir.expand_dims %r128, axis = 1 : tensor<128xi32> -> tensor<128x1xi32>
    %sams = tir.splat %sam : i32 -> tensor<128x1xi32>
    %arow = arith.muli %rm, %sams : tensor<128x1xi32>
    %arowb = tir.broadcast %arow : tensor<128x1xi32> -> tensor<128x64xi32>
    %kr2 = tir.expand_dims %kr, axis = 0 : tensor<64xi32> -> tensor<1x64xi32>
    %kcolb = tir.broadcast %kr2 : tensor<1x64xi32> -> tensor<128x64xi32>
    %aoff = arith.addi %arowb, %kcolb : tensor<128x64xi32>
    %as = tir.splat %a_base : !tir.ptr<bf16> -> tensor<128x64x!tir.ptr<bf16>>
    %pa0 = tir.addptr %as, %aoff : tensor<128x64x!tir.ptr<bf16>>, tensor<128x64xi32>
    %kc = tir.expand_dims %kr, axis = 1 : tensor<64xi32> -> tensor<64x1xi32>
    %sbks = tir.splat %sbk : i32 -> tensor<64x1xi32>
    %brow = arith.muli %kc, %sbks : tensor<64x1xi32>
    %browb = tir.broadcast %brow : tensor<64x1xi32> -> tensor<64x128xi32>
    %rn = tir.expand_dims %r128, axis = 0 : tensor<128xi32> -> tensor<1x128xi32>
    %rnb = tir.broadcast %rn : tensor<1x128xi32> -> tensor<64x128xi32>
    %boff = arith.addi %browb, %rnb : tensor<64x128xi32>
    %bs = tir.splat %b_base : !tir.ptr<bf16> -> tensor<64x128x!tir.ptr<bf16>>
    %pb0 = tir.addptr %bs, %boff : tensor<64x128x!tir.ptr<bf16>>, tensor<64x128xi32>
    %sa = tir.splat %c64 : i32 -> tensor<128x64xi32>
    %bstep = arith.muli %sbk, %c64 : i32
    %sb = tir.splat %bstep : i32 -> tensor<64x128xi32>
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z, %pa = %pa0, %pb = %pb0)
        -> (tensor<128x128xf32>, tensor<128x64x!tir.ptr<bf16>>, tensor<64x128x!tir.ptr<bf16>>) : i32 {
      %k0 = arith.muli %i, %c64 : i32
      %left = arith.subi %k, %k0 : i32
      %lefts = tir.splat %left : i32 -> tensor<1x64xi32>
      %ok = arith.cmpi slt, %kr2, %lefts : tensor<1x64xi32>
      %mask = tir.broadcast %ok : tensor<1x64xi1> -> tensor<128x64xi1>
      %a = tir.load %pa, %mask, %za : tensor<128x64x!tir.ptr<bf16>>
      %b = tir.load %pb : tensor<64x128x!tir.ptr<bf16>>
      %d = tir.dot %a, %b, %acc : tensor<128x64xbf16> * tensor<64x128xbf16> -> tensor<128x128xf32>
      %pa1 = tir.addptr %pa, %sa : tensor<128x64x!tir.ptr<bf16>>, tensor<128x64xi32>
      %pb1 = tir.addptr %pb, %sb : tensor<64x128x!tir.ptr<bf16>>, tensor<64x128xi32>
      scf.yield %d, %pa1, %pb1 : tensor<128x128xf32>, tensor<128x64x!tir.ptr<bf16>>, tensor<64x128x!tir.ptr<bf16>>
    } {tir.region_arg_hints = [[{}, {}, {tir.divisibility = array<i32: 16, 16>}, {tir.divisibility = array<i32: 16, 16>}]]}
    return %r#0 : tensor<128x128xf32>
  }
}


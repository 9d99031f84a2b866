// RUN: trident-opt %s -split-input-file --tir-print-axis-info -verify-diagnostics -o /dev/null

// The axis-info analysis: per value (per dimension of a tile) the length of
// aligned runs of consecutive values (contiguity), the power of two that
// divides the first value of each run (divisibility; bytes for pointers),
// and the length of aligned runs of equal values (constancy).

// Sources: ranges, constants, splats, function arguments with
// `tir.divisibility`, program ids (nothing known).
func.func @sources(%p: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                   %n: i32 {tir.divisibility = 8 : i32}, %m: i32) {
  %r = tir.make_range 0 to 128 : tensor<128xi32> // expected-remark {{contiguity = [128], divisibility = [1073741824], constancy = [1]}}
  %r64 = tir.make_range 64 to 128 : tensor<64xi32> // expected-remark {{contiguity = [64], divisibility = [64], constancy = [1]}}
  %c48 = arith.constant 48 : i32 // expected-remark {{contiguity = [1], divisibility = [16], constancy = [1]}}
  %cs = arith.constant dense<12> : tensor<64xi32> // expected-remark {{contiguity = [1], divisibility = [4], constancy = [64]}}
  %ns = tir.splat %n : i32 -> tensor<128xi32> // expected-remark {{contiguity = [1], divisibility = [8], constancy = [128]}}
  %ms = tir.splat %m : i32 -> tensor<128xi32> // expected-remark {{contiguity = [1], divisibility = [1], constancy = [128]}}
  %pid = tir.get_program_id 0 : i32 // expected-remark {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %ps = tir.splat %p : !tir.ptr<f32> -> tensor<128x!tir.ptr<f32>> // expected-remark {{contiguity = [1], divisibility = [16], constancy = [128]}}
  return
}

// -----

// Integer arithmetic.
func.func @arith(%n: i32 {tir.divisibility = 8 : i32}, %m: i32) {
  %r = tir.make_range 0 to 128 : tensor<128xi32> // expected-remark {{contiguity = [128], divisibility = [1073741824], constancy = [1]}}
  %ns = tir.splat %n : i32 -> tensor<128xi32> // expected-remark {{contiguity = [1], divisibility = [8], constancy = [128]}}
  %ms = tir.splat %m : i32 -> tensor<128xi32> // expected-remark {{contiguity = [1], divisibility = [1], constancy = [128]}}
  %c1 = arith.constant dense<1> : tensor<128xi32> // expected-remark {{contiguity = [1], divisibility = [1], constancy = [128]}}
  %c2 = arith.constant dense<2> : tensor<128xi32> // expected-remark {{contiguity = [1], divisibility = [2], constancy = [128]}}
  %c3 = arith.constant dense<3> : tensor<128xi32> // expected-remark {{contiguity = [1], divisibility = [1], constancy = [128]}}
  %c4 = arith.constant dense<4> : tensor<128xi32> // expected-remark {{contiguity = [1], divisibility = [4], constancy = [128]}}
  %c15 = arith.constant dense<15> : tensor<128xi32> // expected-remark {{contiguity = [1], divisibility = [1], constancy = [128]}}
  %c16 = arith.constant dense<16> : tensor<128xi32> // expected-remark {{contiguity = [1], divisibility = [16], constancy = [128]}}
  %c32 = arith.constant dense<32> : tensor<128xi32> // expected-remark {{contiguity = [1], divisibility = [32], constancy = [128]}}
  // Contiguous plus (or minus) constant stays contiguous; constant minus
  // contiguous does not.
  %add = arith.addi %ns, %r : tensor<128xi32> // expected-remark {{contiguity = [128], divisibility = [8], constancy = [1]}}
  %sub = arith.subi %r, %ns : tensor<128xi32> // expected-remark {{contiguity = [128], divisibility = [8], constancy = [1]}}
  %rsub = arith.subi %ns, %r : tensor<128xi32> // expected-remark {{contiguity = [1], divisibility = [1], constancy = [1]}}
  // A stride spreads the values: every one is a multiple of it.
  %mul = arith.muli %r, %c16 : tensor<128xi32> // expected-remark {{contiguity = [1], divisibility = [16], constancy = [1]}}
  %mul1 = arith.muli %r, %c1 : tensor<128xi32> // expected-remark {{contiguity = [128], divisibility = [1073741824], constancy = [1]}}
  // Division by 4 is constant over aligned runs of 4.
  %divu = arith.divui %r, %c4 : tensor<128xi32> // expected-remark {{contiguity = [1], divisibility = [1], constancy = [4]}}
  %divs = arith.divsi %r, %c4 : tensor<128xi32> // expected-remark {{contiguity = [1], divisibility = [1], constancy = [4]}}
  %divx = arith.divsi %mul, %c4 : tensor<128xi32> // expected-remark {{contiguity = [1], divisibility = [4], constancy = [1]}}
  // The remainder by 32 keeps runs of 32; by 3 or by an unknown value the
  // contiguity collapses.
  %rem = arith.remsi %r, %c32 : tensor<128xi32> // expected-remark {{contiguity = [32], divisibility = [32], constancy = [1]}}
  %rem3 = arith.remsi %r, %c3 : tensor<128xi32> // expected-remark {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %remm = arith.remsi %r, %ms : tensor<128xi32> // expected-remark {{contiguity = [1], divisibility = [1], constancy = [1]}}
  // %add may be negative (nothing is known of %n's sign): its runs are
  // kept all the same, as Triton keeps them (a remainder's dividend is an
  // offset, taken to be non-negative); an unsigned remainder keeps them
  // exactly.
  %remsn = arith.remsi %add, %ns : tensor<128xi32> // expected-remark {{contiguity = [8], divisibility = [8], constancy = [1]}}
  %remun = arith.remui %add, %ns : tensor<128xi32> // expected-remark {{contiguity = [8], divisibility = [8], constancy = [1]}}
  %and = arith.andi %r, %c15 : tensor<128xi32> // expected-remark {{contiguity = [16], divisibility = [16], constancy = [1]}}
  %shr = arith.shrsi %r, %c2 : tensor<128xi32> // expected-remark {{contiguity = [1], divisibility = [1], constancy = [4]}}
  %shl = arith.shli %r, %c3 : tensor<128xi32> // expected-remark {{contiguity = [1], divisibility = [8], constancy = [1]}}
  %or = arith.ori %mul, %c3 : tensor<128xi32> // expected-remark {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %ext = arith.extsi %add : tensor<128xi32> to tensor<128xi64> // expected-remark {{contiguity = [128], divisibility = [8], constancy = [1]}}
  %cast = arith.index_cast %r : tensor<128xi32> to tensor<128xindex> // expected-remark {{contiguity = [128], divisibility = [1073741824], constancy = [1]}}
  return
}

// -----

// Masks: `k0 + range < K` is constant over the runs that the divisibility
// of k0 and K keep on one side of K.
func.func @masks(%K: i32 {tir.divisibility = 16 : i32}, %u: i32,
                 %M: i32 {tir.divisibility = 32 : i32}) {
  %c64 = arith.constant 64 : i32 // expected-remark {{contiguity = [1], divisibility = [64], constancy = [1]}}
  %pid = tir.get_program_id 0 : i32 // expected-remark {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %k0 = arith.muli %pid, %c64 : i32 // expected-remark {{contiguity = [1], divisibility = [64], constancy = [1]}}
  %k0s = tir.splat %k0 : i32 -> tensor<64xi32> // expected-remark {{contiguity = [1], divisibility = [64], constancy = [64]}}
  %r = tir.make_range 0 to 64 : tensor<64xi32> // expected-remark {{contiguity = [64], divisibility = [1073741824], constancy = [1]}}
  %kk = arith.addi %k0s, %r : tensor<64xi32> // expected-remark {{contiguity = [64], divisibility = [64], constancy = [1]}}
  %Ks = tir.splat %K : i32 -> tensor<64xi32> // expected-remark {{contiguity = [1], divisibility = [16], constancy = [64]}}
  %lt = arith.cmpi slt, %kk, %Ks : tensor<64xi32> // expected-remark {{contiguity = [1], divisibility = [1], constancy = [16]}}
  %gt = arith.cmpi sgt, %Ks, %kk : tensor<64xi32> // expected-remark {{contiguity = [1], divisibility = [1], constancy = [16]}}
  %eq = arith.cmpi eq, %kk, %Ks : tensor<64xi32> // expected-remark {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %us = tir.splat %u : i32 -> tensor<64xi32> // expected-remark {{contiguity = [1], divisibility = [1], constancy = [64]}}
  %ltu = arith.cmpi slt, %kk, %us : tensor<64xi32> // expected-remark {{contiguity = [1], divisibility = [1], constancy = [1]}}
  // 2-D: a row mask broadcast along columns is constant along them; a
  // column mask keeps its runs.
  %kr = tir.expand_dims %lt, axis = 0 : tensor<64xi1> -> tensor<1x64xi1> // expected-remark {{contiguity = [1, 1], divisibility = [1, 1], constancy = [1, 16]}}
  %kb = tir.broadcast %kr : tensor<1x64xi1> -> tensor<32x64xi1> // expected-remark {{contiguity = [1, 1], divisibility = [1, 1], constancy = [32, 16]}}
  %rows = tir.make_range 0 to 32 : tensor<32xi32> // expected-remark {{contiguity = [32], divisibility = [1073741824], constancy = [1]}}
  %rows2 = tir.expand_dims %rows, axis = 1 : tensor<32xi32> -> tensor<32x1xi32> // expected-remark {{contiguity = [32, 1], divisibility = [1073741824, 1], constancy = [1, 1]}}
  %Ms = tir.splat %M : i32 -> tensor<32x1xi32> // expected-remark {{contiguity = [1, 1], divisibility = [32, 32], constancy = [32, 1]}}
  %rm = arith.cmpi slt, %rows2, %Ms : tensor<32x1xi32> // expected-remark {{contiguity = [1, 1], divisibility = [1, 1], constancy = [32, 1]}}
  %rb = tir.broadcast %rm : tensor<32x1xi1> -> tensor<32x64xi1> // expected-remark {{contiguity = [1, 1], divisibility = [1, 1], constancy = [32, 64]}}
  %mask = arith.andi %rb, %kb : tensor<32x64xi1> // expected-remark {{contiguity = [1, 1], divisibility = [1, 1], constancy = [32, 16]}}
  return
}

// -----

// Pointers: tir.addptr scales the offsets' divisibility to bytes; a 2-D
// row-major tile is contiguous along its rows.
func.func @pointers(%p: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                    %h: !tir.ptr<bf16> {tir.divisibility = 16 : i32},
                    %stride: i32 {tir.divisibility = 16 : i32}, %m: i32) {
  %r = tir.make_range 0 to 128 : tensor<128xi32> // expected-remark {{contiguity = [128], divisibility = [1073741824], constancy = [1]}}
  %ps = tir.splat %p : !tir.ptr<f32> -> tensor<128x!tir.ptr<f32>> // expected-remark {{contiguity = [1], divisibility = [16], constancy = [128]}}
  %pp = tir.addptr %ps, %r : tensor<128x!tir.ptr<f32>>, tensor<128xi32> // expected-remark {{contiguity = [128], divisibility = [16], constancy = [1]}}
  %ms = tir.splat %m : i32 -> tensor<128xi32> // expected-remark {{contiguity = [1], divisibility = [1], constancy = [128]}}
  %mr = arith.addi %ms, %r : tensor<128xi32> // expected-remark {{contiguity = [128], divisibility = [1], constancy = [1]}}
  %hs = tir.splat %h : !tir.ptr<bf16> -> tensor<128x!tir.ptr<bf16>> // expected-remark {{contiguity = [1], divisibility = [16], constancy = [128]}}
  %hp = tir.addptr %hs, %mr : tensor<128x!tir.ptr<bf16>>, tensor<128xi32> // expected-remark {{contiguity = [128], divisibility = [2], constancy = [1]}}
  // rows[:, None] * stride + cols[None, :]
  %rows = tir.make_range 0 to 32 : tensor<32xi32> // expected-remark {{contiguity = [32], divisibility = [1073741824], constancy = [1]}}
  %rows2 = tir.expand_dims %rows, axis = 1 : tensor<32xi32> -> tensor<32x1xi32> // expected-remark {{contiguity = [32, 1], divisibility = [1073741824, 1], constancy = [1, 1]}}
  %sts = tir.splat %stride : i32 -> tensor<32x1xi32> // expected-remark {{contiguity = [1, 1], divisibility = [16, 16], constancy = [32, 1]}}
  %ro = arith.muli %rows2, %sts : tensor<32x1xi32> // expected-remark {{contiguity = [1, 1], divisibility = [16, 16], constancy = [1, 1]}}
  %rob = tir.broadcast %ro : tensor<32x1xi32> -> tensor<32x64xi32> // expected-remark {{contiguity = [1, 1], divisibility = [16, 16], constancy = [1, 64]}}
  %cols = tir.make_range 0 to 64 : tensor<64xi32> // expected-remark {{contiguity = [64], divisibility = [1073741824], constancy = [1]}}
  %cols2 = tir.expand_dims %cols, axis = 0 : tensor<64xi32> -> tensor<1x64xi32> // expected-remark {{contiguity = [1, 64], divisibility = [1, 1073741824], constancy = [1, 1]}}
  %colb = tir.broadcast %cols2 : tensor<1x64xi32> -> tensor<32x64xi32> // expected-remark {{contiguity = [1, 64], divisibility = [1, 1073741824], constancy = [32, 1]}}
  %off = arith.addi %rob, %colb : tensor<32x64xi32> // expected-remark {{contiguity = [1, 64], divisibility = [1, 16], constancy = [1, 1]}}
  %ps2 = tir.splat %p : !tir.ptr<f32> -> tensor<32x64x!tir.ptr<f32>> // expected-remark {{contiguity = [1, 1], divisibility = [16, 16], constancy = [32, 64]}}
  %ptrs = tir.addptr %ps2, %off : tensor<32x64x!tir.ptr<f32>>, tensor<32x64xi32> // expected-remark {{contiguity = [1, 64], divisibility = [4, 16], constancy = [1, 1]}}
  // The transpose swaps the dimensions.
  %t = tir.trans %ptrs, [1, 0] : tensor<32x64x!tir.ptr<f32>> -> tensor<64x32x!tir.ptr<f32>> // expected-remark {{contiguity = [64, 1], divisibility = [16, 4], constancy = [1, 1]}}
  return
}

// -----

// Loop-carried pointers: the iteration argument is the join of the initial
// value and of what the body yields. A step of 32 f16 elements (64 bytes)
// keeps the 16-byte alignment; a step of 3 elements leaves 2.
func.func @loop(%p: !tir.ptr<f16> {tir.divisibility = 16 : i32}, %n: index) {
  %c0 = arith.constant 0 : index // expected-remark {{contiguity = [1], divisibility = [1073741824], constancy = [1]}}
  %c64 = arith.constant 64 : index // expected-remark {{contiguity = [1], divisibility = [64], constancy = [1]}}
  %r = tir.make_range 0 to 64 : tensor<64xi32> // expected-remark {{contiguity = [64], divisibility = [1073741824], constancy = [1]}}
  %ps = tir.splat %p : !tir.ptr<f16> -> tensor<64x!tir.ptr<f16>> // expected-remark {{contiguity = [1], divisibility = [16], constancy = [64]}}
  %p0 = tir.addptr %ps, %r : tensor<64x!tir.ptr<f16>>, tensor<64xi32> // expected-remark {{contiguity = [64], divisibility = [16], constancy = [1]}}
  %s32 = arith.constant dense<32> : tensor<64xi32> // expected-remark {{contiguity = [1], divisibility = [32], constancy = [64]}}
  %s3 = arith.constant dense<3> : tensor<64xi32> // expected-remark {{contiguity = [1], divisibility = [1], constancy = [64]}}
  %a, %b = scf.for %i = %c0 to %n step %c64 iter_args(%x = %p0, %y = %p0) -> (tensor<64x!tir.ptr<f16>>, tensor<64x!tir.ptr<f16>>) {
    // The induction variable: lb + i * step.
    %ii = arith.index_cast %i : index to i32 // expected-remark {{contiguity = [1], divisibility = [64], constancy = [1]}}
    %xn = tir.addptr %x, %s32 : tensor<64x!tir.ptr<f16>>, tensor<64xi32> // expected-remark {{contiguity = [64], divisibility = [16], constancy = [1]}}
    %yn = tir.addptr %y, %s3 : tensor<64x!tir.ptr<f16>>, tensor<64xi32> // expected-remark {{contiguity = [64], divisibility = [2], constancy = [1]}}
    scf.yield %xn, %yn : tensor<64x!tir.ptr<f16>>, tensor<64x!tir.ptr<f16>>
  }
  // expected-remark @-7 {{result #0: contiguity = [64], divisibility = [16], constancy = [1]}}
  // expected-remark @-8 {{result #1: contiguity = [64], divisibility = [2], constancy = [1]}}
  return
}

// -----

// Axis hints on a loop's arguments (tl.multiple_of(a_ptrs, [16, 16]) on a
// loop-carried pointer tile): tir.region_arg_hints on the loop, one
// dictionary per argument of the body (#0 the induction variable). A
// hinted argument is raised after every join: the pointer of unknown
// alignment starts and stays 16-byte aligned inside the loop (the loop's
// result, which may be the initial value, is not); the induction variable
// is a multiple of 128. The unhinted %y keeps what is derived.
func.func @loop_arg_hints(%p: !tir.ptr<f16>, %n: index) {
  %c0 = arith.constant 0 : index // expected-remark {{contiguity = [1], divisibility = [1073741824], constancy = [1]}}
  %c64 = arith.constant 64 : index // expected-remark {{contiguity = [1], divisibility = [64], constancy = [1]}}
  %r = tir.make_range 0 to 64 : tensor<64xi32> // expected-remark {{contiguity = [64], divisibility = [1073741824], constancy = [1]}}
  %ps = tir.splat %p : !tir.ptr<f16> -> tensor<64x!tir.ptr<f16>> // expected-remark {{contiguity = [1], divisibility = [1], constancy = [64]}}
  %p0 = tir.addptr %ps, %r : tensor<64x!tir.ptr<f16>>, tensor<64xi32> // expected-remark {{contiguity = [64], divisibility = [1], constancy = [1]}}
  %s32 = arith.constant dense<32> : tensor<64xi32> // expected-remark {{contiguity = [1], divisibility = [32], constancy = [64]}}
  %a, %b = scf.for %i = %c0 to %n step %c64 iter_args(%x = %p0, %y = %p0) -> (tensor<64x!tir.ptr<f16>>, tensor<64x!tir.ptr<f16>>) {
    %ii = arith.index_cast %i : index to i32 // expected-remark {{contiguity = [1], divisibility = [128], constancy = [1]}}
    %xn = tir.addptr %x, %s32 : tensor<64x!tir.ptr<f16>>, tensor<64xi32> // expected-remark {{contiguity = [64], divisibility = [16], constancy = [1]}}
    %yn = tir.addptr %y, %s32 : tensor<64x!tir.ptr<f16>>, tensor<64xi32> // expected-remark {{contiguity = [64], divisibility = [1], constancy = [1]}}
    scf.yield %xn, %yn : tensor<64x!tir.ptr<f16>>, tensor<64x!tir.ptr<f16>>
  } {tir.region_arg_hints = [[{tir.divisibility = array<i32: 128>}, {tir.divisibility = array<i32: 16>}, {}]]}
  // expected-remark @-6 {{result #0: contiguity = [64], divisibility = [1], constancy = [1]}}
  // expected-remark @-7 {{result #1: contiguity = [64], divisibility = [1], constancy = [1]}}
  // expected-remark @-8 {{region #0 argument #0: contiguity = [1], divisibility = [128], constancy = [1]}}
  // expected-remark @-9 {{region #0 argument #1: contiguity = [64], divisibility = [16], constancy = [1]}}
  // expected-remark @-10 {{region #0 argument #2: contiguity = [64], divisibility = [1], constancy = [1]}}
  return
}

// -----

// Contiguity and constancy hints on a carried tile of loaded offsets; a
// 2-d pointer tile hinted per dimension.
func.func @loop_arg_hints_2d(%q: !tir.ptr<i32>, %p: !tir.ptr<f16>, %n: i32) {
  %c0 = arith.constant 0 : i32 // expected-remark {{contiguity = [1], divisibility = [1073741824], constancy = [1]}}
  %c1 = arith.constant 1 : i32 // expected-remark {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %r = tir.make_range 0 to 64 : tensor<64xi32> // expected-remark {{contiguity = [64], divisibility = [1073741824], constancy = [1]}}
  %qs = tir.splat %q : !tir.ptr<i32> -> tensor<64x!tir.ptr<i32>> // expected-remark {{contiguity = [1], divisibility = [1], constancy = [64]}}
  %qp = tir.addptr %qs, %r : tensor<64x!tir.ptr<i32>>, tensor<64xi32> // expected-remark {{contiguity = [64], divisibility = [1], constancy = [1]}}
  %g = tir.load %qp : tensor<64x!tir.ptr<i32>> // expected-remark {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %ps = tir.splat %p : !tir.ptr<f16> -> tensor<16x32x!tir.ptr<f16>> // expected-remark {{contiguity = [1, 1], divisibility = [1, 1], constancy = [16, 32]}}
  %o = tir.load %qp : tensor<64x!tir.ptr<i32>> // expected-remark {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %k = scf.for %i = %c0 to %n step %c1 iter_args(%x = %g) -> (tensor<64xi32>) : i32 {
    %z = arith.constant dense<0> : tensor<64xi32> // expected-remark {{contiguity = [1], divisibility = [1073741824], constancy = [64]}}
    %xz = arith.addi %x, %z : tensor<64xi32> // expected-remark {{contiguity = [8], divisibility = [4], constancy = [1]}}
    scf.yield %o : tensor<64xi32>
  } {tir.region_arg_hints = [[{}, {tir.contiguity = array<i32: 8>, tir.divisibility = array<i32: 4>}]]}
  // expected-remark @-5 {{region #0 argument #0: contiguity = [1], divisibility = [1], constancy = [1]}}
  // expected-remark @-6 {{region #0 argument #1: contiguity = [8], divisibility = [4], constancy = [1]}}
  // expected-remark @-7 {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %t = scf.for %i = %c0 to %n step %c1 iter_args(%x = %ps) -> (tensor<16x32x!tir.ptr<f16>>) : i32 {
    scf.yield %x : tensor<16x32x!tir.ptr<f16>>
  } {tir.region_arg_hints = [[{}, {tir.divisibility = array<i32: 16, 16>, tir.constancy = array<i32: 1, 32>}]]}
  // expected-remark @-3 {{region #0 argument #0: contiguity = [1], divisibility = [1], constancy = [1]}}
  // expected-remark @-4 {{region #0 argument #1: contiguity = [1, 1], divisibility = [16, 16], constancy = [16, 32]}}
  // expected-remark @-5 {{contiguity = [1, 1], divisibility = [1, 1], constancy = [16, 32]}}
  return
}

// -----

// scf.while: the hints of each region's arguments (the body's here).
func.func @while_arg_hints(%p: !tir.ptr<f32>, %c: i1) {
  %r = tir.make_range 0 to 64 : tensor<64xi32> // expected-remark {{contiguity = [64], divisibility = [1073741824], constancy = [1]}}
  %ps = tir.splat %p : !tir.ptr<f32> -> tensor<64x!tir.ptr<f32>> // expected-remark {{contiguity = [1], divisibility = [1], constancy = [64]}}
  %p0 = tir.addptr %ps, %r : tensor<64x!tir.ptr<f32>>, tensor<64xi32> // expected-remark {{contiguity = [64], divisibility = [1], constancy = [1]}}
  %s = arith.constant dense<64> : tensor<64xi32> // expected-remark {{contiguity = [1], divisibility = [64], constancy = [64]}}
  %w = scf.while (%a = %p0) : (tensor<64x!tir.ptr<f32>>) -> tensor<64x!tir.ptr<f32>> {
    scf.condition(%c) %a : tensor<64x!tir.ptr<f32>>
  } do {
  ^bb0(%b: tensor<64x!tir.ptr<f32>>):
    %bn = tir.addptr %b, %s : tensor<64x!tir.ptr<f32>>, tensor<64xi32> // expected-remark {{contiguity = [64], divisibility = [16], constancy = [1]}}
    scf.yield %bn : tensor<64x!tir.ptr<f32>>
  } attributes {tir.region_arg_hints = [[{}], [{tir.divisibility = array<i32: 16>}]]}
  // expected-remark @-7 {{region #0 argument #0: contiguity = [64], divisibility = [1], constancy = [1]}}
  // expected-remark @-8 {{region #1 argument #0: contiguity = [64], divisibility = [16], constancy = [1]}}
  // expected-remark @-9 {{contiguity = [64], divisibility = [1], constancy = [1]}}
  return
}

// -----

// A stale list (a dictionary per argument of the loop as it was before a
// pass dropped or added arguments) is ignored: here it would promise
// 16 bytes for the argument that is now #1.
func.func @stale_arg_hints(%p: !tir.ptr<f16>, %n: index) {
  %c0 = arith.constant 0 : index // expected-remark {{contiguity = [1], divisibility = [1073741824], constancy = [1]}}
  %c1 = arith.constant 1 : index // expected-remark {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %ps = tir.splat %p : !tir.ptr<f16> -> tensor<64x!tir.ptr<f16>> // expected-remark {{contiguity = [1], divisibility = [1], constancy = [64]}}
  %a = scf.for %i = %c0 to %n step %c1 iter_args(%x = %ps) -> (tensor<64x!tir.ptr<f16>>) {
    scf.yield %x : tensor<64x!tir.ptr<f16>>
  } {tir.region_arg_hints = [[{}, {}, {tir.divisibility = array<i32: 16>}]]}
  // expected-remark @-3 {{region #0 argument #0: contiguity = [1], divisibility = [1], constancy = [1]}}
  // expected-remark @-4 {{region #0 argument #1: contiguity = [1], divisibility = [1], constancy = [64]}}
  // expected-remark @-5 {{contiguity = [1], divisibility = [1], constancy = [64]}}
  return
}

// -----

// A loop that carries nothing (a store-only loop, as the third loop of
// Triton's layer-norm tutorial): its induction variable is still lb + i *
// step.
func.func @loop_without_carried(%n: i32) {
  %c0 = arith.constant 0 : i32 // expected-remark {{contiguity = [1], divisibility = [1073741824], constancy = [1]}}
  %c512 = arith.constant 512 : i32 // expected-remark {{contiguity = [1], divisibility = [512], constancy = [1]}}
  scf.for %i = %c0 to %n step %c512 : i32 {
    %is = tir.splat %i : i32 -> tensor<512xi32> // expected-remark {{contiguity = [1], divisibility = [512], constancy = [512]}}
  }
  return
}

// -----

// Axis hints (tl.multiple_of, tl.max_contiguous, tl.max_constancy: arrays
// on the op that defines a value, or on a function argument) raise what the
// analysis derives, and the raised values flow to the users. Hints are
// clamped like derived values (powers of two, runs within the dimension);
// a derived value above the hint stays.
func.func @hints(%p: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                 %q: !tir.ptr<i32>, %n: i32,
                 %t: tensor<64xi32> {tir.contiguity = array<i32: 64>}) {
  %pid = tir.get_program_id 0 : i32 // expected-remark {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %r = tir.make_range 0 to 128 : tensor<128xi32> // expected-remark {{contiguity = [128], divisibility = [1073741824], constancy = [1]}}
  %ps = tir.splat %p : !tir.ptr<f32> -> tensor<128x!tir.ptr<f32>> // expected-remark {{contiguity = [1], divisibility = [16], constancy = [128]}}
  // pid * n: nothing known; with tl.multiple_of(pid * n, 128), a multiple
  // of 128, so the pointers of its contiguous offsets are 16-byte aligned.
  %base = arith.muli %pid, %n : i32 // expected-remark {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %bs = tir.splat %base : i32 -> tensor<128xi32> // expected-remark {{contiguity = [1], divisibility = [1], constancy = [128]}}
  %offs = arith.addi %bs, %r : tensor<128xi32> // expected-remark {{contiguity = [128], divisibility = [1], constancy = [1]}}
  %ptrs = tir.addptr %ps, %offs : tensor<128x!tir.ptr<f32>>, tensor<128xi32> // expected-remark {{contiguity = [128], divisibility = [4], constancy = [1]}}
  %baseh = arith.muli %pid, %n {tir.divisibility = array<i32: 128>} : i32 // expected-remark {{contiguity = [1], divisibility = [128], constancy = [1]}}
  %bsh = tir.splat %baseh : i32 -> tensor<128xi32> // expected-remark {{contiguity = [1], divisibility = [128], constancy = [128]}}
  %offsh = arith.addi %bsh, %r : tensor<128xi32> // expected-remark {{contiguity = [128], divisibility = [128], constancy = [1]}}
  %ptrsh = tir.addptr %ps, %offsh : tensor<128x!tir.ptr<f32>>, tensor<128xi32> // expected-remark {{contiguity = [128], divisibility = [16], constancy = [1]}}
  // Loaded offsets: nothing known; tl.max_contiguous(tl.multiple_of(x, 4), 4)
  // makes runs of 4 aligned elements.
  %qs = tir.splat %q : !tir.ptr<i32> -> tensor<128x!tir.ptr<i32>> // expected-remark {{contiguity = [1], divisibility = [1], constancy = [128]}}
  %qp = tir.addptr %qs, %r : tensor<128x!tir.ptr<i32>>, tensor<128xi32> // expected-remark {{contiguity = [128], divisibility = [1], constancy = [1]}}
  %g = tir.load %qp : tensor<128x!tir.ptr<i32>> // expected-remark {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %gh = tir.load %qp {tir.contiguity = array<i32: 4>, tir.divisibility = array<i32: 4>} : tensor<128x!tir.ptr<i32>> // expected-remark {{contiguity = [4], divisibility = [4], constancy = [1]}}
  %gp = tir.addptr %ps, %gh : tensor<128x!tir.ptr<f32>>, tensor<128xi32> // expected-remark {{contiguity = [4], divisibility = [16], constancy = [1]}}
  // Constancy 3 is clamped to a power of two; contiguity 16 is below the
  // derived 128, which stays.
  %k = tir.load %qp {tir.constancy = array<i32: 3>} : tensor<128x!tir.ptr<i32>> // expected-remark {{contiguity = [1], divisibility = [1], constancy = [2]}}
  %r16 = tir.make_range 0 to 128 {tir.contiguity = array<i32: 16>} : tensor<128xi32> // expected-remark {{contiguity = [128], divisibility = [1073741824], constancy = [1]}}
  // A hint on a (non-kernel) function argument.
  %z = arith.constant dense<0> : tensor<64xi32> // expected-remark {{contiguity = [1], divisibility = [1073741824], constancy = [64]}}
  %tz = arith.addi %t, %z : tensor<64xi32> // expected-remark {{contiguity = [64], divisibility = [1], constancy = [1]}}
  return
}

// -----

// min and max (Python's min()/max() on scalars, tl.minimum/tl.maximum):
// where both operands are contiguous their difference is constant over a
// run, so the result keeps the shared runs; constants fold.
func.func @min_max(%n: i32 {tir.divisibility = 16 : i32}) {
  %r = tir.make_range 0 to 128 : tensor<128xi32> // expected-remark {{contiguity = [128], divisibility = [1073741824], constancy = [1]}}
  %ns = tir.splat %n : i32 -> tensor<128xi32> // expected-remark {{contiguity = [1], divisibility = [16], constancy = [128]}}
  %off = arith.addi %ns, %r : tensor<128xi32> // expected-remark {{contiguity = [128], divisibility = [16], constancy = [1]}}
  %min = arith.minsi %r, %off : tensor<128xi32> // expected-remark {{contiguity = [128], divisibility = [16], constancy = [1]}}
  %max = arith.maxui %off, %r : tensor<128xi32> // expected-remark {{contiguity = [128], divisibility = [16], constancy = [1]}}
  // Against a splat: equal runs only.
  %clip = arith.minsi %r, %ns : tensor<128xi32> // expected-remark {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %c4 = arith.constant 4 : i32 // expected-remark {{contiguity = [1], divisibility = [4], constancy = [1]}}
  %c8 = arith.constant 8 : i32 // expected-remark {{contiguity = [1], divisibility = [8], constancy = [1]}}
  %cmax = arith.maxsi %c4, %c8 : i32 // expected-remark {{contiguity = [1], divisibility = [8], constancy = [1]}}
  return
}

// -----

// Non-negativity, which floor division by a constant needs to keep runs
// constant (x / 4 over [-4, -1] is 0 except at -4): program ids are >= 0,
// and so is max(x, 0) and min of two non-negative values; an argument is
// not, unless tl.assume(x >= 0) says so in its block (as Triton's matmul
// tutorial does for pid_m and pid_n).
func.func @non_negative(%a: i32, %b: i32, %g: i32) {
  %r = tir.make_range 0 to 128 : tensor<128xi32> // expected-remark {{contiguity = [128], divisibility = [1073741824], constancy = [1]}}
  %c0 = arith.constant 0 : i32 // expected-remark {{contiguity = [1], divisibility = [1073741824], constancy = [1]}}
  %c4 = arith.constant dense<4> : tensor<128xi32> // expected-remark {{contiguity = [1], divisibility = [4], constancy = [128]}}
  %c128 = arith.constant 128 : i32 // expected-remark {{contiguity = [1], divisibility = [128], constancy = [1]}}
  // Nothing known of %a's sign: (a*128 + r) / 4 has no constant runs.
  %a128 = arith.muli %a, %c128 : i32 // expected-remark {{contiguity = [1], divisibility = [128], constancy = [1]}}
  %as = tir.splat %a128 : i32 -> tensor<128xi32> // expected-remark {{contiguity = [1], divisibility = [128], constancy = [128]}}
  %aoff = arith.addi %as, %r : tensor<128xi32> // expected-remark {{contiguity = [128], divisibility = [128], constancy = [1]}}
  %adiv = arith.divsi %aoff, %c4 : tensor<128xi32> // expected-remark {{contiguity = [1], divisibility = [1], constancy = [1]}}
  // tl.assume(b >= 0): runs of 4.
  %bok = arith.cmpi sge, %b, %c0 : i32 // expected-remark {{contiguity = [1], divisibility = [1], constancy = [1]}}
  tir.assume %bok
  %b128 = arith.muli %b, %c128 : i32 // expected-remark {{contiguity = [1], divisibility = [128], constancy = [1]}}
  %bs = tir.splat %b128 : i32 -> tensor<128xi32> // expected-remark {{contiguity = [1], divisibility = [128], constancy = [128]}}
  %boff = arith.addi %bs, %r : tensor<128xi32> // expected-remark {{contiguity = [128], divisibility = [128], constancy = [1]}}
  %bdiv = arith.divsi %boff, %c4 : tensor<128xi32> // expected-remark {{contiguity = [1], divisibility = [1], constancy = [4]}}
  // The mirrored form, -1 < g, says the same; min(pid, g) is then >= 0.
  %cm1 = arith.constant -1 : i32 // expected-remark {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %gok = arith.cmpi slt, %cm1, %g : i32 // expected-remark {{contiguity = [1], divisibility = [1], constancy = [1]}}
  tir.assume %gok
  %pid = tir.get_program_id 0 : i32 // expected-remark {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %pg = arith.minsi %pid, %g : i32 // expected-remark {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %p128 = arith.muli %pg, %c128 : i32 // expected-remark {{contiguity = [1], divisibility = [128], constancy = [1]}}
  %ps = tir.splat %p128 : i32 -> tensor<128xi32> // expected-remark {{contiguity = [1], divisibility = [128], constancy = [128]}}
  %poff = arith.addi %ps, %r : tensor<128xi32> // expected-remark {{contiguity = [128], divisibility = [128], constancy = [1]}}
  %pdiv = arith.divsi %poff, %c4 : tensor<128xi32> // expected-remark {{contiguity = [1], divisibility = [1], constancy = [4]}}
  // An assumption about another value (a - 1 >= 0) says nothing of a
  // itself; max(a, 0) is >= 0 whatever a is.
  %c1 = arith.constant 1 : i32 // expected-remark {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %am1 = arith.subi %a, %c1 : i32 // expected-remark {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %aok = arith.cmpi sge, %am1, %c0 : i32 // expected-remark {{contiguity = [1], divisibility = [1], constancy = [1]}}
  tir.assume %aok
  %a0 = arith.maxsi %a, %c0 : i32 // expected-remark {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %a0m = arith.muli %a0, %c128 : i32 // expected-remark {{contiguity = [1], divisibility = [128], constancy = [1]}}
  %a0s = tir.splat %a0m : i32 -> tensor<128xi32> // expected-remark {{contiguity = [1], divisibility = [128], constancy = [128]}}
  %a0off = arith.addi %a0s, %r : tensor<128xi32> // expected-remark {{contiguity = [128], divisibility = [128], constancy = [1]}}
  %a0div = arith.divsi %a0off, %c4 : tensor<128xi32> // expected-remark {{contiguity = [1], divisibility = [1], constancy = [4]}}
  return
}

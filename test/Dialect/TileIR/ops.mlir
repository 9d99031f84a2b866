// Round trip of every Tile IR operation and type, in custom and generic form.
// RUN: trident-opt %s -split-input-file | trident-opt -split-input-file | FileCheck %s
// RUN: trident-opt %s -split-input-file --mlir-print-op-generic | trident-opt -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @types
// CHECK-SAME: !tir.ptr<f32>
// CHECK-SAME: !tir.ptr<f16, 3>
// CHECK-SAME: !tir.ptr<!tir.ptr<i8>>
// CHECK-SAME: tensor<128x!tir.ptr<bf16>>
// CHECK-SAME: !tir.tensordesc<tensor<64x64xbf16>>
// CHECK-SAME: tensor<16xf8E4M3FN>
// CHECK-SAME: tensor<16xf8E5M2>
func.func @types(%a: !tir.ptr<f32>, %b: !tir.ptr<f16, 3>, %c: !tir.ptr<!tir.ptr<i8>>,
                 %d: tensor<128x!tir.ptr<bf16>>, %e: !tir.tensordesc<tensor<64x64xbf16>>,
                 %f: tensor<16xf8E4M3FN>, %g: tensor<16xf8E5M2>, %h: tensor<4xi1>) {
  return
}

// -----

// CHECK-LABEL: func.func @kernel_attrs
// CHECK-SAME: %{{.*}}: !tir.ptr<f32> {tir.divisibility = 16 : i32}
// CHECK-SAME: %{{.*}}: i32 {tir.divisibility = 8 : i32}
// CHECK-SAME: attributes {tir.kernel}
func.func @kernel_attrs(%p: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                        %n: i32 {tir.divisibility = 8 : i32}) attributes {tir.kernel} {
  return
}

// -----

// CHECK-LABEL: func.func @grid
func.func @grid() -> (i32, i32, i32) {
  // CHECK: tir.get_program_id 0 : i32
  // CHECK: tir.get_program_id 2 : i32
  // CHECK: tir.get_num_programs 1 : i32
  %0 = tir.get_program_id 0 : i32
  %1 = tir.get_program_id 2 : i32
  %2 = tir.get_num_programs 1 : i32
  return %0, %1, %2 : i32, i32, i32
}

// -----

// CHECK-LABEL: func.func @make_range
func.func @make_range() -> (tensor<128xi32>, tensor<3xi32>) {
  // CHECK: tir.make_range 0 to 128 : tensor<128xi32>
  // CHECK: tir.make_range 5 to 8 : tensor<3xi32>
  %0 = tir.make_range 0 to 128 : tensor<128xi32>
  %1 = tir.make_range 5 to 8 : tensor<3xi32>
  return %0, %1 : tensor<128xi32>, tensor<3xi32>
}

// -----

// The bounds are signed i32.
// CHECK-LABEL: func.func @make_range_negative
func.func @make_range_negative() -> tensor<128xi32> {
  // CHECK: tir.make_range -64 to 64 : tensor<128xi32>
  %0 = tir.make_range -64 to 64 : tensor<128xi32>
  return %0 : tensor<128xi32>
}

// -----

// CHECK-LABEL: func.func @splat
func.func @splat(%x: f32, %p: !tir.ptr<f16>, %b: i1) {
  // CHECK: tir.splat %{{.*}} : f32 -> tensor<128x64xf32>
  // CHECK: tir.splat %{{.*}} : !tir.ptr<f16> -> tensor<32x!tir.ptr<f16>>
  // CHECK: tir.splat %{{.*}} : i1 -> tensor<8xi1>
  %0 = tir.splat %x : f32 -> tensor<128x64xf32>
  %1 = tir.splat %p : !tir.ptr<f16> -> tensor<32x!tir.ptr<f16>>
  %2 = tir.splat %b : i1 -> tensor<8xi1>
  return
}

// -----

// CHECK-LABEL: func.func @shape_ops
func.func @shape_ops(%a: tensor<128xi32>, %b: tensor<128xi32>, %m: tensor<4x32xf16>) {
  // CHECK: tir.expand_dims %{{.*}}, axis = 1 : tensor<128xi32> -> tensor<128x1xi32>
  // CHECK: tir.expand_dims %{{.*}}, axis = 0 : tensor<128xi32> -> tensor<1x128xi32>
  // CHECK: tir.broadcast %{{.*}} : tensor<128x1xi32> -> tensor<128x64xi32>
  // CHECK: tir.reshape %{{.*}} : tensor<4x32xf16> -> tensor<128xf16>
  // CHECK: tir.reshape %{{.*}} allow_reorder : tensor<4x32xf16> -> tensor<2x64xf16>
  // CHECK: tir.trans %{{.*}}, [1, 0] : tensor<4x32xf16> -> tensor<32x4xf16>
  // CHECK: tir.join %{{.*}}, %{{.*}} : tensor<128xi32> -> tensor<128x2xi32>
  // CHECK: %{{.*}}, %{{.*}} = tir.split %{{.*}} : tensor<128x2xi32> -> tensor<128xi32>
  %0 = tir.expand_dims %a, axis = 1 : tensor<128xi32> -> tensor<128x1xi32>
  %1 = tir.expand_dims %a, axis = 0 : tensor<128xi32> -> tensor<1x128xi32>
  %2 = tir.broadcast %0 : tensor<128x1xi32> -> tensor<128x64xi32>
  %3 = tir.reshape %m : tensor<4x32xf16> -> tensor<128xf16>
  %4 = tir.reshape %m allow_reorder : tensor<4x32xf16> -> tensor<2x64xf16>
  %5 = tir.trans %m, [1, 0] : tensor<4x32xf16> -> tensor<32x4xf16>
  %6 = tir.join %a, %b : tensor<128xi32> -> tensor<128x2xi32>
  %7:2 = tir.split %6 : tensor<128x2xi32> -> tensor<128xi32>
  return
}

// -----

// CHECK-LABEL: func.func @trans_3d
func.func @trans_3d(%x: tensor<2x4x8xf32>) -> tensor<8x2x4xf32> {
  // CHECK: tir.trans %{{.*}}, [2, 0, 1] : tensor<2x4x8xf32> -> tensor<8x2x4xf32>
  %0 = tir.trans %x, [2, 0, 1] : tensor<2x4x8xf32> -> tensor<8x2x4xf32>
  return %0 : tensor<8x2x4xf32>
}

// -----

// CHECK-LABEL: func.func @pointers
func.func @pointers(%p: !tir.ptr<f32>, %ps: tensor<64x!tir.ptr<f32>>, %o: tensor<64xi32>,
                    %o64: tensor<64xi64>, %i: i64, %s: i32) {
  // CHECK: tir.addptr %{{.*}}, %{{.*}} : !tir.ptr<f32>, i32
  // CHECK: tir.addptr %{{.*}}, %{{.*}} : tensor<64x!tir.ptr<f32>>, tensor<64xi32>
  // CHECK: tir.addptr %{{.*}}, %{{.*}} : tensor<64x!tir.ptr<f32>>, tensor<64xi64>
  // CHECK: tir.int_to_ptr %{{.*}} : i64 -> !tir.ptr<f32>
  // CHECK: tir.ptr_to_int %{{.*}} : tensor<64x!tir.ptr<f32>> -> tensor<64xi64>
  // CHECK: tir.bitcast %{{.*}} : !tir.ptr<f32> -> !tir.ptr<i32>
  // CHECK: tir.bitcast %{{.*}} : tensor<64xi32> -> tensor<64xf32>
  %0 = tir.addptr %p, %s : !tir.ptr<f32>, i32
  %1 = tir.addptr %ps, %o : tensor<64x!tir.ptr<f32>>, tensor<64xi32>
  %2 = tir.addptr %ps, %o64 : tensor<64x!tir.ptr<f32>>, tensor<64xi64>
  %3 = tir.int_to_ptr %i : i64 -> !tir.ptr<f32>
  %4 = tir.ptr_to_int %ps : tensor<64x!tir.ptr<f32>> -> tensor<64xi64>
  %5 = tir.bitcast %p : !tir.ptr<f32> -> !tir.ptr<i32>
  %6 = tir.bitcast %o : tensor<64xi32> -> tensor<64xf32>
  return
}

// -----

// CHECK-LABEL: func.func @load_store
func.func @load_store(%p: !tir.ptr<f32>, %ps: tensor<64x!tir.ptr<f32>>, %m: tensor<64xi1>,
                      %other: tensor<64xf32>) {
  // CHECK: tir.load %{{.*}} : !tir.ptr<f32>
  // CHECK: tir.load %{{.*}} : tensor<64x!tir.ptr<f32>>
  // CHECK: tir.load %{{.*}}, %{{.*}} : tensor<64x!tir.ptr<f32>>
  // CHECK: tir.load %{{.*}}, %{{.*}}, %{{.*}} cache = cg evict = evict_first : tensor<64x!tir.ptr<f32>>
  // CHECK: tir.load %{{.*}}, %{{.*}}, %{{.*}} cache = ca volatile : tensor<64x!tir.ptr<f32>>
  %0 = tir.load %p : !tir.ptr<f32>
  %1 = tir.load %ps : tensor<64x!tir.ptr<f32>>
  %2 = tir.load %ps, %m : tensor<64x!tir.ptr<f32>>
  %3 = tir.load %ps, %m, %other cache = cg evict = evict_first : tensor<64x!tir.ptr<f32>>
  %4 = tir.load %ps, %m, %other cache = ca volatile : tensor<64x!tir.ptr<f32>>
  // CHECK: tir.store %{{.*}}, %{{.*}} : !tir.ptr<f32>
  // CHECK: tir.store %{{.*}}, %{{.*}}, %{{.*}} : tensor<64x!tir.ptr<f32>>
  // CHECK: tir.store %{{.*}}, %{{.*}}, %{{.*}} cache = wt evict = evict_last : tensor<64x!tir.ptr<f32>>
  tir.store %p, %0 : !tir.ptr<f32>
  tir.store %ps, %3, %m : tensor<64x!tir.ptr<f32>>
  tir.store %ps, %3, %m cache = wt evict = evict_last : tensor<64x!tir.ptr<f32>>
  return
}

// -----

// CHECK-LABEL: func.func @descriptors
func.func @descriptors(%base: !tir.ptr<bf16>, %m: i32, %k: i32, %m64: i64, %k64: i64,
                       %i: i32, %j: i32) {
  %c1 = arith.constant 1 : i64
  // CHECK: tir.make_tensor_descriptor %{{.*}}, [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}] : !tir.ptr<bf16>, i32 -> !tir.tensordesc<tensor<64x64xbf16>>
  // CHECK: tir.make_tensor_descriptor %{{.*}}, [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}] : !tir.ptr<bf16>, i64 -> !tir.tensordesc<tensor<128x32xbf16>>
  %d = tir.make_tensor_descriptor %base, [%m, %k], [%k64, %c1] : !tir.ptr<bf16>, i32 -> !tir.tensordesc<tensor<64x64xbf16>>
  %d2 = tir.make_tensor_descriptor %base, [%m64, %k64], [%k64, %c1] : !tir.ptr<bf16>, i64 -> !tir.tensordesc<tensor<128x32xbf16>>
  // CHECK: tir.descriptor_load %{{.*}}[%{{.*}}, %{{.*}}] : !tir.tensordesc<tensor<64x64xbf16>>
  // CHECK: tir.descriptor_load %{{.*}}[%{{.*}}, %{{.*}}] cache = cg evict = evict_last : !tir.tensordesc<tensor<128x32xbf16>>
  // CHECK: tir.descriptor_store %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}} : !tir.tensordesc<tensor<64x64xbf16>>
  %t = tir.descriptor_load %d[%i, %j] : !tir.tensordesc<tensor<64x64xbf16>>
  %t2 = tir.descriptor_load %d2[%i, %j] cache = cg evict = evict_last : !tir.tensordesc<tensor<128x32xbf16>>
  tir.descriptor_store %d[%i, %j], %t : !tir.tensordesc<tensor<64x64xbf16>>
  // CHECK: %[[S:.*]] = tir.global_scratch_alloc {alignment = 128 : i64, nbytes = 256 : i64} : !tir.ptr<i8>
  // CHECK: tir.make_tensor_descriptor %{{.*}}, [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}] into %[[S]] : !tir.ptr<bf16>, i32, !tir.ptr<i8> -> !tir.tensordesc<tensor<64x64xbf16>>
  // CHECK: tir.reinterpret_tensor_descriptor %[[S]] : !tir.ptr<i8> -> !tir.tensordesc<tensor<64x32xbf16>>
  %s = tir.global_scratch_alloc {nbytes = 256 : i64, alignment = 128 : i64} : !tir.ptr<i8>
  %d3 = tir.make_tensor_descriptor %base, [%m, %k], [%k64, %c1] into %s : !tir.ptr<bf16>, i32, !tir.ptr<i8> -> !tir.tensordesc<tensor<64x64xbf16>>
  %d4 = tir.reinterpret_tensor_descriptor %s : !tir.ptr<i8> -> !tir.tensordesc<tensor<64x32xbf16>>
  return
}

// -----

// CHECK-LABEL: func.func @dot
func.func @dot(%a: tensor<128x64xbf16>, %b: tensor<64x32xbf16>, %c: tensor<128x32xf32>,
               %af: tensor<16x16xf32>, %i8a: tensor<32x64xi8>, %i8b: tensor<64x16xi8>,
               %ci: tensor<32x16xi32>, %e4: tensor<64x64xf8E4M3FN>, %e5: tensor<64x64xf8E5M2>,
               %c64: tensor<64x64xf32>, %ba: tensor<2x16x8xf16>, %bb: tensor<2x8x16xf16>,
               %bc: tensor<2x16x16xf32>) {
  // CHECK: tir.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<128x64xbf16> * tensor<64x32xbf16> -> tensor<128x32xf32>
  // CHECK: tir.dot %{{.*}}, %{{.*}}, %{{.*}} precision = tf32 : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
  // CHECK: tir.dot %{{.*}}, %{{.*}}, %{{.*}} precision = tf32x3 : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
  // CHECK: tir.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<32x64xi8> * tensor<64x16xi8> -> tensor<32x16xi32>
  // CHECK: tir.dot %{{.*}}, %{{.*}}, %{{.*}} max_num_imprecise_acc = 32 : tensor<64x64xf8E4M3FN> * tensor<64x64xf8E5M2> -> tensor<64x64xf32>
  // CHECK: tir.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<2x16x8xf16> * tensor<2x8x16xf16> -> tensor<2x16x16xf32>
  %0 = tir.dot %a, %b, %c : tensor<128x64xbf16> * tensor<64x32xbf16> -> tensor<128x32xf32>
  %1 = tir.dot %af, %af, %af precision = tf32 : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
  %2 = tir.dot %af, %af, %af precision = tf32x3 : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
  %3 = tir.dot %i8a, %i8b, %ci : tensor<32x64xi8> * tensor<64x16xi8> -> tensor<32x16xi32>
  %4 = tir.dot %e4, %e5, %c64 max_num_imprecise_acc = 32 : tensor<64x64xf8E4M3FN> * tensor<64x64xf8E5M2> -> tensor<64x64xf32>
  %5 = tir.dot %ba, %bb, %bc : tensor<2x16x8xf16> * tensor<2x8x16xf16> -> tensor<2x16x16xf32>
  return
}

// -----

// CHECK-LABEL: func.func @reduce
func.func @reduce(%x: tensor<128x64xf32>, %i: tensor<128x64xi32>, %v: tensor<64xf32>) {
  // CHECK: tir.reduce %{{.*}} axis = 1 : tensor<128x64xf32> -> tensor<128xf32> {
  // CHECK-NEXT: ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32):
  // CHECK-NEXT: %[[M:.*]] = arith.maxnumf %[[A]], %[[B]] : f32
  // CHECK-NEXT: tir.reduce.return %[[M]] : f32
  // CHECK-NEXT: }
  %0 = tir.reduce %x axis = 1 : tensor<128x64xf32> -> tensor<128xf32> {
  ^bb0(%a: f32, %b: f32):
    %m = arith.maxnumf %a, %b : f32
    tir.reduce.return %m : f32
  }
  // Two operands (an argmax): the region takes (acc0, acc1, new0, new1).
  // CHECK: tir.reduce %{{.*}}, %{{.*}} axis = 0 : tensor<128x64xf32>, tensor<128x64xi32> -> tensor<64xf32>, tensor<64xi32> {
  // CHECK: tir.reduce.return %{{.*}}, %{{.*}} : f32, i32
  %1:2 = tir.reduce %x, %i axis = 0 : tensor<128x64xf32>, tensor<128x64xi32> -> tensor<64xf32>, tensor<64xi32> {
  ^bb0(%av: f32, %ai: i32, %bv: f32, %bi: i32):
    %gt = arith.cmpf ogt, %av, %bv : f32
    %mv = arith.select %gt, %av, %bv : f32
    %mi = arith.select %gt, %ai, %bi : i32
    tir.reduce.return %mv, %mi : f32, i32
  }
  // A 1-D tile reduces to a scalar.
  // CHECK: tir.reduce %{{.*}} axis = 0 : tensor<64xf32> -> f32 {
  %2 = tir.reduce %v axis = 0 : tensor<64xf32> -> f32 {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tir.reduce.return %s : f32
  }
  return
}

// -----

// CHECK-LABEL: func.func @scan
func.func @scan(%x: tensor<128xi32>, %y: tensor<4x8xf32>) {
  // CHECK: tir.scan %{{.*}} axis = 0 : tensor<128xi32> -> tensor<128xi32> {
  // CHECK: tir.scan.return %{{.*}} : i32
  %0 = tir.scan %x axis = 0 : tensor<128xi32> -> tensor<128xi32> {
  ^bb0(%a: i32, %b: i32):
    %s = arith.addi %a, %b : i32
    tir.scan.return %s : i32
  }
  // CHECK: tir.scan %{{.*}} axis = 1 reverse : tensor<4x8xf32> -> tensor<4x8xf32> {
  %1 = tir.scan %y axis = 1 reverse : tensor<4x8xf32> -> tensor<4x8xf32> {
  ^bb0(%a: f32, %b: f32):
    %s = arith.mulf %a, %b : f32
    tir.scan.return %s : f32
  }
  return
}

// -----

// CHECK-LABEL: func.func @atomics
func.func @atomics(%p: !tir.ptr<i32>, %ps: tensor<64x!tir.ptr<f32>>, %v: tensor<64xf32>,
                   %m: tensor<64xi1>, %i: i32, %j: i32) {
  // CHECK: tir.atomic_rmw fadd, acq_rel, gpu, %{{.*}}, %{{.*}}, %{{.*}} : tensor<64x!tir.ptr<f32>>
  // CHECK: tir.atomic_rmw max, relaxed, cta, %{{.*}}, %{{.*}} : tensor<64x!tir.ptr<f32>>
  // CHECK: tir.atomic_rmw add, acquire, sys, %{{.*}}, %{{.*}} : !tir.ptr<i32>
  // CHECK: tir.atomic_rmw umax, release, gpu
  // CHECK: tir.atomic_rmw umin, relaxed, gpu
  // CHECK: tir.atomic_rmw and, relaxed, gpu
  // CHECK: tir.atomic_rmw or, relaxed, gpu
  // CHECK: tir.atomic_rmw xor, relaxed, gpu
  // CHECK: tir.atomic_rmw xchg, relaxed, gpu
  // CHECK: tir.atomic_rmw min, relaxed, gpu
  %0 = tir.atomic_rmw fadd, acq_rel, gpu, %ps, %v, %m : tensor<64x!tir.ptr<f32>>
  %1 = tir.atomic_rmw max, relaxed, cta, %ps, %v : tensor<64x!tir.ptr<f32>>
  %2 = tir.atomic_rmw add, acquire, sys, %p, %i : !tir.ptr<i32>
  %3 = tir.atomic_rmw umax, release, gpu, %p, %i : !tir.ptr<i32>
  %4 = tir.atomic_rmw umin, relaxed, gpu, %p, %i : !tir.ptr<i32>
  %5 = tir.atomic_rmw and, relaxed, gpu, %p, %i : !tir.ptr<i32>
  %6 = tir.atomic_rmw or, relaxed, gpu, %p, %i : !tir.ptr<i32>
  %7 = tir.atomic_rmw xor, relaxed, gpu, %p, %i : !tir.ptr<i32>
  %8 = tir.atomic_rmw xchg, relaxed, gpu, %p, %i : !tir.ptr<i32>
  %9 = tir.atomic_rmw min, relaxed, gpu, %p, %i : !tir.ptr<i32>
  // CHECK: tir.atomic_cas acq_rel, gpu, %{{.*}}, %{{.*}}, %{{.*}} : !tir.ptr<i32>
  %10 = tir.atomic_cas acq_rel, gpu, %p, %i, %j : !tir.ptr<i32>
  return
}

// -----

// CHECK-LABEL: func.func @debug
func.func @debug(%c: i1, %t: tensor<64xi1>, %x: tensor<64xi32>, %s: i32) {
  // CHECK: tir.assume %{{.*}}
  tir.assume %c
  // CHECK: tir.print "x = " hex (%{{.*}}, %{{.*}} : tensor<64xi32>, i32)
  tir.print "x = " hex (%x, %s : tensor<64xi32>, i32)
  // CHECK: tir.print "plain"
  tir.print "plain"
  // CHECK: tir.print "u = " (%{{.*}} : i32) {is_signed = array<i32: 0>}
  tir.print "u = " (%s : i32) {is_signed = array<i32: 0>}
  // CHECK: tir.assert %{{.*}}, "bad mask" : tensor<64xi1>
  // CHECK: tir.assert %{{.*}}, "bad scalar" : i1
  tir.assert %t, "bad mask" : tensor<64xi1>
  tir.assert %c, "bad scalar" : i1
  return
}

// -----

// CHECK-LABEL: func.func @barrier_and_asm
func.func @barrier_and_asm(%x: tensor<64xi32>, %y: tensor<64xi8>, %s: f32) {
  // CHECK: tir.barrier
  tir.barrier
  // CHECK: tir.inline_asm_elementwise "shl.b32 $0, $1, 3;", "=r,r" pure (%{{.*}} : tensor<64xi32>) -> tensor<64xi32>
  %0 = tir.inline_asm_elementwise "shl.b32 $0, $1, 3;", "=r,r" pure (%x : tensor<64xi32>) -> tensor<64xi32>
  // CHECK: tir.inline_asm_elementwise "{{.*}}", "=r,=r,r,r" pack = 4 (%{{.*}}, %{{.*}} : tensor<64xi8>, tensor<64xi32>) -> tensor<64xi32>, tensor<64xf32>
  %1:2 = tir.inline_asm_elementwise "prmt.b32 $0, $2, 0, 0x4140; mov.b32 $1, $3;", "=r,=r,r,r" pack = 4 (%y, %x : tensor<64xi8>, tensor<64xi32>) -> tensor<64xi32>, tensor<64xf32>
  // CHECK: tir.inline_asm_elementwise "mov.u32 $0, %clock;", "=r" -> i32
  %2 = tir.inline_asm_elementwise "mov.u32 $0, %clock;", "=r" -> i32
  // CHECK: tir.inline_asm_elementwise "mov.b32 $0, $1;", "=f,f" pure (%{{.*}} : f32) -> f32
  %3 = tir.inline_asm_elementwise "mov.b32 $0, $1;", "=f,f" pure (%s : f32) -> f32
  return
}

// -----

// Axis hints on the op defining a value, and on function arguments.
// CHECK-LABEL: func.func @axis_hints
// CHECK-SAME: tensor<4x8xi32> {tir.contiguity = array<i32: 1, 8>}
func.func @axis_hints(%n: i32, %t: tensor<4x8xi32> {tir.contiguity = array<i32: 1, 8>}) {
  // CHECK: tir.make_range 0 to 64 {tir.constancy = array<i32: 3>} : tensor<64xi32>
  %r = tir.make_range 0 to 64 {tir.constancy = array<i32: 3>} : tensor<64xi32>
  // CHECK: arith.muli %{{.*}}, %{{.*}} {tir.contiguity = array<i32: 1>, tir.divisibility = array<i32: 16>} : i32
  %m = arith.muli %n, %n {tir.divisibility = array<i32: 16>, tir.contiguity = array<i32: 1>} : i32
  return
}

// -----

// CHECK-LABEL: func.func @block_pointers
// CHECK-SAME: !tir.blockptr<tensor<64x32xf16>>
// CHECK-SAME: !tir.blockptr<tensor<16xi32>, 3>
func.func @block_pointers(%base: !tir.ptr<f16>, %m: i64, %n: i64, %s: i64, %i: i32, %j: i32,
                          %q: !tir.blockptr<tensor<64x32xf16>>, %r: !tir.blockptr<tensor<16xi32>, 3>)
    -> (tensor<64x32xf16>, tensor<16xi32>) {
  %c1 = arith.constant 1 : i64
  // CHECK: %[[P:.*]] = tir.make_block_ptr %{{.*}}, [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}] {order = array<i32: 1, 0>} : !tir.ptr<f16> -> !tir.blockptr<tensor<64x32xf16>>
  %p = tir.make_block_ptr %base, [%m, %n], [%s, %c1], [%i, %j] {order = array<i32: 1, 0>} : !tir.ptr<f16> -> !tir.blockptr<tensor<64x32xf16>>
  // CHECK: %[[A:.*]] = tir.advance %[[P]], [%{{.*}}, %{{.*}}] : !tir.blockptr<tensor<64x32xf16>>
  %a = tir.advance %p, [%i, %j] : !tir.blockptr<tensor<64x32xf16>>
  // CHECK: tir.block_load %[[A]] : !tir.blockptr<tensor<64x32xf16>>
  %x = tir.block_load %a : !tir.blockptr<tensor<64x32xf16>>
  // CHECK: tir.block_load %[[A]] boundary_check = [0, 1] padding = nan cache = cg evict = evict_first volatile : !tir.blockptr<tensor<64x32xf16>>
  %y = tir.block_load %a boundary_check = [0, 1] padding = nan cache = cg evict = evict_first volatile : !tir.blockptr<tensor<64x32xf16>>
  // CHECK: tir.block_load %{{.*}} boundary_check = [0] : !tir.blockptr<tensor<16xi32>, 3>
  %z = tir.block_load %r boundary_check = [0] padding = zero : !tir.blockptr<tensor<16xi32>, 3>
  // CHECK: tir.block_store %[[A]], %{{.*}} : !tir.blockptr<tensor<64x32xf16>>
  tir.block_store %a, %x : !tir.blockptr<tensor<64x32xf16>>
  // CHECK: tir.block_store %{{.*}}, %{{.*}} boundary_check = [1] cache = wb evict = evict_last : !tir.blockptr<tensor<64x32xf16>>
  tir.block_store %q, %y boundary_check = [1] cache = wb evict = evict_last : !tir.blockptr<tensor<64x32xf16>>
  return %y, %z : tensor<64x32xf16>, tensor<16xi32>
}

// -----

// CHECK-LABEL: func.func @extern_elementwise
func.func @extern_elementwise(%x: tensor<64xf32>, %n: tensor<64xi32>, %s: f64) {
  // CHECK: tir.extern_elementwise "__nv_erfinvf" pure (%{{.*}} : tensor<64xf32>) -> tensor<64xf32>
  %0 = tir.extern_elementwise "__nv_erfinvf" pure (%x : tensor<64xf32>) -> tensor<64xf32>
  // CHECK: tir.extern_elementwise "__nv_ldexpf" pure (%{{.*}}, %{{.*}} : tensor<64xf32>, tensor<64xi32>) -> tensor<64xf32>
  %1 = tir.extern_elementwise "__nv_ldexpf" pure (%x, %n : tensor<64xf32>, tensor<64xi32>) -> tensor<64xf32>
  // CHECK: tir.extern_elementwise "my_fn" lib "/opt/lib.bc" (%{{.*}} : f64) -> f64
  %2 = tir.extern_elementwise "my_fn" lib "/opt/lib.bc" (%s : f64) -> f64
  return
}

// RUN: trident-opt %s -split-input-file --convert-tir-to-gir --gir-coalesce --gir-dot-layouts --gir-remove-layout-conversions --convert-gir-to-llvm | FileCheck %s
// RUN: trident-opt %s -split-input-file --convert-tir-to-gir --gir-coalesce --gir-dot-layouts --gir-remove-layout-conversions --convert-gir-to-llvm | FileCheck %s --check-prefix=NOHINT

// Elementwise code, ranges, program ids, loads and stores: each thread's
// registers become one vector; loads and stores are masked gathers and
// scatters through vectors of pointers; the kernel is an nvvm.kernel with
// its thread count.
// CHECK: module attributes {{{.*}}trident.shared_bytes = 0 : i32
// CHECK-NOT: __trident_dynamic_smem
// CHECK-LABEL: llvm.func @add(
// CHECK-SAME: %{{.*}}: !llvm.ptr<1> {llvm.align = 16 : i64}
// CHECK-SAME: nvvm.kernel
// CHECK-SAME: nvvm.maxntid = array<i32: 128, 1, 1>
// CHECK: nvvm.read.ptx.sreg.ctaid.x
// CHECK: nvvm.read.ptx.sreg.tid.x
// CHECK: llvm.intr.masked.gather %{{.*}} : (vector<2x!llvm.ptr<1>>, vector<2xi1>, vector<2xf32>) -> vector<2xf32>
// CHECK: llvm.fadd %{{.*}}, %{{.*}} : vector<2xf32>
// CHECK: llvm.intr.masked.scatter %{{.*}}, %{{.*}}, %{{.*}} {alignment = 4 : i32} : vector<2xf32>, vector<2xi1> into vector<2x!llvm.ptr<1>>
// CHECK-NOT: tir.
// CHECK-NOT: builtin.unrealized_conversion_cast
func.func @add(%x: !tir.ptr<f32> {tir.divisibility = 16 : i32}, %n: i32) attributes {tir.kernel} {
  %pid = tir.get_program_id 0 : i32
  %c256 = arith.constant 256 : i32
  %base = arith.muli %pid, %c256 : i32
  %r = tir.make_range 0 to 256 : tensor<256xi32>
  %bs = tir.splat %base : i32 -> tensor<256xi32>
  %offs = arith.addi %bs, %r : tensor<256xi32>
  %ns = tir.splat %n : i32 -> tensor<256xi32>
  %m = arith.cmpi slt, %offs, %ns : tensor<256xi32>
  %xs = tir.splat %x : !tir.ptr<f32> -> tensor<256x!tir.ptr<f32>>
  %p = tir.addptr %xs, %offs : tensor<256x!tir.ptr<f32>>, tensor<256xi32>
  %a = tir.load %p, %m : tensor<256x!tir.ptr<f32>>
  %s = arith.addf %a, %a : tensor<256xf32>
  tir.store %p, %s, %m : tensor<256x!tir.ptr<f32>>
  return
}

// -----

// tir.maxnreg (Triton's maxnreg launch option) sets nvvm.maxnreg on the
// kernel only, never on the functions it calls.
// CHECK: module attributes {{{.*}}tir.maxnreg = 42 : i32
// CHECK-LABEL: llvm.func @helper(
// CHECK-NOT: nvvm.maxnreg
// CHECK-LABEL: llvm.func @capped(
// CHECK-SAME: nvvm.kernel
// CHECK-SAME: nvvm.maxnreg = 42 : i32
module attributes {tir.maxnreg = 42 : i32} {
  func.func @helper(%x: !tir.ptr<f32>) attributes {noinline} {
    %c = arith.constant 1.0 : f32
    tir.store %x, %c : !tir.ptr<f32>
    return
  }
  func.func @capped(%x: !tir.ptr<f32>) attributes {tir.kernel} {
    call @helper(%x) : (!tir.ptr<f32>) -> ()
    return
  }
}

// -----

// A row reduction over lanes and warps: butterfly shuffles within a warp,
// then partials through shared-memory scratch between barriers; the result
// is broadcast back by register moves. Shared memory is the one dynamic
// buffer; the module records how much a launch must give.
// CHECK: module attributes {{{.*}}trident.shared_bytes = 64 : i32
// CHECK: llvm.mlir.global external @__trident_dynamic_smem() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<0 x i8>
// CHECK-LABEL: llvm.func @row_sum
// CHECK-COUNT-5: nvvm.shfl.sync bfly
// CHECK: nvvm.barrier0
// CHECK: llvm.store
// CHECK: nvvm.barrier0
// CHECK: llvm.load
// CHECK: llvm.shufflevector
func.func @row_sum(%x: !tir.ptr<f32>) attributes {tir.kernel} {
  %r = tir.make_range 0 to 256 : tensor<256xi32>
  %r2 = tir.expand_dims %r, axis = 0 : tensor<256xi32> -> tensor<1x256xi32>
  %rb = tir.broadcast %r2 : tensor<1x256xi32> -> tensor<4x256xi32>
  %xs = tir.splat %x : !tir.ptr<f32> -> tensor<4x256x!tir.ptr<f32>>
  %p = tir.addptr %xs, %rb : tensor<4x256x!tir.ptr<f32>>, tensor<4x256xi32>
  %v = tir.load %p : tensor<4x256x!tir.ptr<f32>>
  %sum = tir.reduce %v axis = 1 : tensor<4x256xf32> -> tensor<4xf32> {
  ^bb0(%a: f32, %b: f32):
    %t = arith.addf %a, %b : f32
    tir.reduce.return %t : f32
  }
  %e = tir.expand_dims %sum, axis = 1 : tensor<4xf32> -> tensor<4x1xf32>
  %eb = tir.broadcast %e : tensor<4x1xf32> -> tensor<4x256xf32>
  %d = arith.subf %v, %eb : tensor<4x256xf32>
  tir.store %p, %d : tensor<4x256x!tir.ptr<f32>>
  return
}

// -----

// tir.dot on CUDA cores: both operands are staged in shared memory, then a
// K loop of fused multiply-adds updates the thread's accumulator registers.
// CHECK-LABEL: llvm.func @dot
// CHECK: nvvm.barrier0
// CHECK: llvm.store {{.*}} : f32, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.br ^[[HEAD:.*]](
// CHECK: ^[[HEAD]](
// CHECK: llvm.icmp "slt"
// CHECK: llvm.intr.fma
func.func @dot(%a: tensor<32x16xf32>, %b: tensor<16x32xf32>, %c: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %d = tir.dot %a, %b, %c : tensor<32x16xf32> * tensor<16x32xf32> -> tensor<32x32xf32>
  return %d : tensor<32x32xf32>
}

// -----

// Atomics: one guarded atomic per element the thread holds, with the
// memory order and scope of the op; replicas do not repeat it. PTX's own
// atoms are inline (AtomicToLLVM.cpp); a float max is an LLVM atomic
// between fences.
// CHECK-LABEL: llvm.func @atomics
// CHECK: llvm.cond_br
// CHECK: llvm.inline_asm has_side_effects "atom.global.gpu.relaxed.add.u32 $0, [$1], $2;", "=r,l,r"
// CHECK: llvm.atomicrmw fmax %{{.*}}, %{{.*}} syncscope("block") monotonic
// CHECK-NEXT: llvm.fence syncscope("block") acquire
// CHECK: llvm.inline_asm has_side_effects "atom.global.acq_rel.gpu.cas.b32 $0, [$1], $2, $3;", "=r,l,r,r"
func.func @atomics(%p: !tir.ptr<i32>, %q: !tir.ptr<f32>) attributes {tir.kernel} {
  %r = tir.make_range 0 to 128 : tensor<128xi32>
  %ps = tir.splat %p : !tir.ptr<i32> -> tensor<128x!tir.ptr<i32>>
  %pp = tir.addptr %ps, %r : tensor<128x!tir.ptr<i32>>, tensor<128xi32>
  %a = tir.atomic_rmw add, relaxed, gpu, %pp, %r : tensor<128x!tir.ptr<i32>>
  %qs = tir.splat %q : !tir.ptr<f32> -> tensor<128x!tir.ptr<f32>>
  %qp = tir.addptr %qs, %r : tensor<128x!tir.ptr<f32>>, tensor<128xi32>
  %f = arith.sitofp %a : tensor<128xi32> to tensor<128xf32>
  %b = tir.atomic_rmw max, acquire, cta, %qp, %f : tensor<128x!tir.ptr<f32>>
  %c = tir.atomic_cas acq_rel, gpu, %pp, %r, %a : tensor<128x!tir.ptr<i32>>
  return
}

// -----

// A scan: a sequential scan over each thread's run, Hillis-Steele across the
// lanes with shfl.sync up (down for a reverse scan), then earlier warps'
// totals through shared memory.
// CHECK-LABEL: llvm.func @scans
// CHECK: nvvm.shfl.sync up
// CHECK: nvvm.barrier0
// CHECK: nvvm.shfl.sync down
func.func @scans(%x: !tir.ptr<f32>) attributes {tir.kernel} {
  %r = tir.make_range 0 to 1024 : tensor<1024xi32>
  %xs = tir.splat %x : !tir.ptr<f32> -> tensor<1024x!tir.ptr<f32>>
  %xp = tir.addptr %xs, %r : tensor<1024x!tir.ptr<f32>>, tensor<1024xi32>
  %v = tir.load %xp : tensor<1024x!tir.ptr<f32>>
  %s = tir.scan %v axis = 0 : tensor<1024xf32> -> tensor<1024xf32> {
  ^bb0(%a: f32, %b: f32):
    %t = arith.addf %a, %b : f32
    tir.scan.return %t : f32
  }
  %q = tir.scan %s axis = 0 reverse : tensor<1024xf32> -> tensor<1024xf32> {
  ^bb0(%a: f32, %b: f32):
    %t = arith.maxnumf %a, %b : f32
    tir.scan.return %t : f32
  }
  tir.store %xp, %q : tensor<1024x!tir.ptr<f32>>
  return
}

// -----

// tir.inline_asm_elementwise: per thread (4 registers here), one
// llvm.inline_asm per pack of registers; within a pack, i8 elements share a
// 32-bit register (vector<4xi8>, vector<2xi8>), wider ones take one each, and
// several outputs come back as a struct. Asm that is not pure has side
// effects; scalar asm runs once per thread. tir.barrier is the CTA barrier.
// The axis hints are gone once the analysis has read them.
// NOHINT-NOT: tir.contiguity
// CHECK-LABEL: llvm.func @inline_asm
// CHECK-COUNT-4: llvm.inline_asm asm_dialect = att "shl.b32 $0, $1, 3;", "=r,r" %{{.*}} : (i32) -> i32
// CHECK:         llvm.inline_asm asm_dialect = att "prmt.b32 $0, $1, 0, 0x0123;", "=r,r" %{{.*}} : (vector<4xi8>) -> vector<4xi8>
// CHECK-NOT:     prmt
// CHECK-COUNT-2: llvm.inline_asm asm_dialect = att "{{.*}}", "=r,=r,=r,r,r,r" %{{.*}}, %{{.*}}, %{{.*}} : (vector<2xi8>, i32, i32) -> !llvm.struct<(vector<2xi8>, i32, i32)>
// CHECK:         nvvm.barrier0
// CHECK:         llvm.inline_asm has_side_effects asm_dialect = att "mov.u32 $0, %clock;", "=r" : () -> i32
func.func @inline_asm(%x: !tir.ptr<i32> {tir.divisibility = 16 : i32},
                      %b: !tir.ptr<i8> {tir.divisibility = 16 : i32}) attributes {tir.kernel} {
  %r = tir.make_range 0 to 512 {tir.contiguity = array<i32: 512>} : tensor<512xi32>
  %xs = tir.splat %x : !tir.ptr<i32> -> tensor<512x!tir.ptr<i32>>
  %xp = tir.addptr %xs, %r : tensor<512x!tir.ptr<i32>>, tensor<512xi32>
  %v = tir.load %xp : tensor<512x!tir.ptr<i32>>
  %s = tir.inline_asm_elementwise "shl.b32 $0, $1, 3;", "=r,r" pure (%v : tensor<512xi32>) -> tensor<512xi32>
  %v8 = arith.trunci %s : tensor<512xi32> to tensor<512xi8>
  %p = tir.inline_asm_elementwise "prmt.b32 $0, $1, 0, 0x0123;", "=r,r" pure pack = 4 (%v8 : tensor<512xi8>) -> tensor<512xi8>
  %q, %w = tir.inline_asm_elementwise "prmt.b32 $0, $3, 0, 0x0123; add.s32 $1, $4, 1; add.s32 $2, $5, 1;", "=r,=r,=r,r,r,r" pure pack = 2 (%p, %v : tensor<512xi8>, tensor<512xi32>) -> tensor<512xi8>, tensor<512xi32>
  tir.barrier
  %t = tir.inline_asm_elementwise "mov.u32 $0, %clock;", "=r" -> i32
  %bs = tir.splat %b : !tir.ptr<i8> -> tensor<512x!tir.ptr<i8>>
  %bp = tir.addptr %bs, %r : tensor<512x!tir.ptr<i8>>, tensor<512xi32>
  tir.store %bp, %q : tensor<512x!tir.ptr<i8>>
  %ts = tir.splat %t : i32 -> tensor<512xi32>
  %wt = arith.addi %w, %ts : tensor<512xi32>
  tir.store %xp, %wt : tensor<512x!tir.ptr<i32>>
  return
}

// -----

// A scalar select of pointers (an scf.if choosing a pointer, folded) is a
// select of LLVM pointers.
// CHECK-LABEL: llvm.func @select_pointer
// CHECK: %[[P:.*]] = llvm.select %{{.*}}, %{{.*}}, %{{.*}} : i1, !llvm.ptr<1>
// CHECK: %[[PS:.*]] = llvm.insertelement %[[P]], %{{.*}} : vector<1x!llvm.ptr<1>>
// CHECK: llvm.getelementptr %[[PS]]
func.func @select_pointer(%a: !tir.ptr<f32>, %b: !tir.ptr<f32>, %c: i1) attributes {tir.kernel} {
  %p = arith.select %c, %a, %b : !tir.ptr<f32>
  %r = tir.make_range 0 to 128 : tensor<128xi32>
  %ps = tir.splat %p : !tir.ptr<f32> -> tensor<128x!tir.ptr<f32>>
  %pp = tir.addptr %ps, %r : tensor<128x!tir.ptr<f32>>, tensor<128xi32>
  %v = tir.load %pp : tensor<128x!tir.ptr<f32>>
  tir.store %pp, %v : tensor<128x!tir.ptr<f32>>
  return
}

// -----

// Scalar accesses (MemoryToLLVM.cpp): a masked scalar load is a load under
// a branch on the mask, `other` where it is off; i1 goes through a byte. A
// scalar store is done by thread 0 alone (and, masked, where the mask
// holds).
// CHECK-LABEL: llvm.func @scalar_mem(
// CHECK-SAME: %[[P:[^:]*]]: !llvm.ptr<1>, %[[Q:[^:]*]]: !llvm.ptr<1>, %[[C:[^:]*]]: i1)
// CHECK: %[[OTHER:.*]] = llvm.mlir.constant(2.500000e+00 : f32) : f32
// CHECK: llvm.cond_br %[[C]], ^[[ON:.*]], ^[[OFF:[^ ]*]]
// CHECK: ^[[ON]]:
// CHECK-NEXT: %[[V:.*]] = llvm.load %[[P]] {alignment = 4 : i64} : !llvm.ptr<1> -> f32
// CHECK-NEXT: llvm.br ^[[JOIN:.*]](%[[V]] : f32)
// CHECK: ^[[OFF]]:
// CHECK-NEXT: llvm.br ^[[JOIN]](%[[OTHER]] : f32)
// CHECK: %[[B8:.*]] = llvm.load %[[Q]] {alignment = 1 : i64} : !llvm.ptr<1> -> i8
// CHECK: %[[B:.*]] = llvm.trunc %[[B8]] : i8 to i1
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK: %[[T0:.*]] = llvm.icmp "eq" %[[TID]], %{{.*}} : i32
// CHECK: %[[GO:.*]] = llvm.and %[[T0]], %[[C]] : i1
// CHECK: llvm.cond_br %[[GO]]
// CHECK: llvm.store %{{.*}}, %[[P]] {alignment = 4 : i64} : f32, !llvm.ptr<1>
// CHECK: %[[BX:.*]] = llvm.zext %[[B]] : i1 to i8
// CHECK: %[[TID2:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK: %[[FIRST:.*]] = llvm.icmp "eq" %[[TID2]], %{{.*}} : i32
// CHECK: llvm.cond_br %[[FIRST]]
// CHECK: llvm.store %[[BX]], %[[Q]] {alignment = 1 : i64} : i8, !llvm.ptr<1>
func.func @scalar_mem(%p: !tir.ptr<f32>, %q: !tir.ptr<i1>, %c: i1) attributes {tir.kernel} {
  %o = arith.constant 2.5 : f32
  %v = tir.load %p, %c, %o : !tir.ptr<f32>
  %b = tir.load %q : !tir.ptr<i1>
  %w = arith.addf %v, %v : f32
  tir.store %p, %w, %c : !tir.ptr<f32>
  tir.store %q, %b : !tir.ptr<i1>
  return
}

// -----

// A scalar atomic (AtomicToLLVM.cpp) is done by thread 0; where its result
// is used, thread 0 stores it to shared memory and every thread loads it
// after a barrier (4 bytes of scratch). An unused result is not passed.
// CHECK: module attributes {{{.*}}trident.shared_bytes = 4 : i32
// CHECK-LABEL: llvm.func @scalar_atomic(
// CHECK: nvvm.barrier0
// CHECK: %[[SMEM:.*]] = llvm.mlir.addressof @__trident_dynamic_smem : !llvm.ptr<3>
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK: %[[T0:.*]] = llvm.icmp "eq" %[[TID]], %{{.*}} : i32
// CHECK: llvm.cond_br %[[T0]]
// CHECK: %[[OLD:.*]] = llvm.inline_asm has_side_effects "atom.global.acquire.gpu.cas.b32 {{.*}} -> i32
// CHECK: llvm.store %[[OLD]], %{{.*}} : i32, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: %[[ALL:.*]] = llvm.load %{{.*}} : !llvm.ptr<3> -> i32
// CHECK: llvm.insertelement %[[ALL]]
// CHECK: llvm.intr.masked.scatter
// CHECK: llvm.inline_asm has_side_effects "atom.global.gpu.relaxed.add.u32 $0, [$1], $2;", "=r,l,r" %{{.*}}, %{{.*}} : (!llvm.ptr<1>, i32) -> i32
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
func.func @scalar_atomic(%p: !tir.ptr<i32>, %q: !tir.ptr<i32>) attributes {tir.kernel} {
  %c1 = arith.constant 1 : i32
  %c0 = arith.constant 0 : i32
  %old = tir.atomic_cas acquire, gpu, %p, %c0, %c1 : !tir.ptr<i32>
  %r = tir.make_range 0 to 128 : tensor<128xi32>
  %s = tir.splat %old : i32 -> tensor<128xi32>
  %t = arith.addi %s, %r : tensor<128xi32>
  %qs = tir.splat %q : !tir.ptr<i32> -> tensor<128x!tir.ptr<i32>>
  %qp = tir.addptr %qs, %r : tensor<128x!tir.ptr<i32>>, tensor<128xi32>
  tir.store %qp, %t : tensor<128x!tir.ptr<i32>>
  %unused = tir.atomic_rmw add, relaxed, gpu, %q, %c1 : !tir.ptr<i32>
  return
}

// -----

// 64-bit values cross the warp as two 32-bit shuffles, one per half
// (LayoutMap.cpp): 5 butterfly steps for 32 lanes, 10 shuffles.
// CHECK-LABEL: llvm.func @sum_f64(
// CHECK: %[[BITS:.*]] = llvm.bitcast %{{.*}} : f64 to i64
// CHECK: %[[LO:.*]] = llvm.trunc %[[BITS]] : i64 to i32
// CHECK: %[[SH:.*]] = llvm.lshr %[[BITS]], %{{.*}} : i64
// CHECK: %[[HI:.*]] = llvm.trunc %[[SH]] : i64 to i32
// CHECK: %[[LO2:.*]] = nvvm.shfl.sync  bfly %{{.*}}, %[[LO]], %{{.*}}, %{{.*}} : i32 -> i32
// CHECK: %[[HI2:.*]] = nvvm.shfl.sync  bfly %{{.*}}, %[[HI]], %{{.*}}, %{{.*}} : i32 -> i32
// CHECK: %[[LO3:.*]] = llvm.zext %[[LO2]] : i32 to i64
// CHECK: %[[HI3:.*]] = llvm.zext %[[HI2]] : i32 to i64
// CHECK: %[[HI4:.*]] = llvm.shl %[[HI3]], %{{.*}} : i64
// CHECK: %[[R:.*]] = llvm.or %[[LO3]], %[[HI4]] : i64
// CHECK: llvm.bitcast %[[R]] : i64 to f64
// CHECK-COUNT-8: nvvm.shfl.sync  bfly %{{.*}} : i32 -> i32
// CHECK-NOT: nvvm.shfl.sync
// CHECK: llvm.store %{{.*}}, %{{.*}} : f64, !llvm.ptr<3>
func.func @sum_f64(%x: tensor<128xf64>) -> f64 {
  %s = tir.reduce %x axis = 0 : tensor<128xf64> -> f64 {
  ^bb0(%a: f64, %b: f64):
    %t = arith.addf %a, %b : f64
    tir.reduce.return %t : f64
  }
  return %s : f64
}

// -----

// The same for i64 (no bitcasts).
// CHECK-LABEL: llvm.func @max_i64(
// CHECK-NOT: llvm.bitcast
// CHECK: llvm.trunc %{{.*}} : i64 to i32
// CHECK-COUNT-10: nvvm.shfl.sync  bfly %{{.*}} : i32 -> i32
func.func @max_i64(%x: tensor<128xi64>) -> i64 {
  %s = tir.reduce %x axis = 0 : tensor<128xi64> -> i64 {
  ^bb0(%a: i64, %b: i64):
    %t = arith.maxsi %a, %b : i64
    tir.reduce.return %t : i64
  }
  return %s : i64
}

// -----

// The CUDA-core dot (DotToLLVM.cpp) on int8 operands into an int32
// accumulator: bytes in shared memory, sign-extended, multiply and add.
// CHECK-LABEL: llvm.func @dot_i8(
// CHECK: llvm.store %{{.*}}, %{{.*}} : i8, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.br ^[[HEAD:[^(]*]](
// CHECK: ^[[HEAD]](
// CHECK: llvm.icmp "slt"
// CHECK: %[[A:.*]] = llvm.load %{{.*}} : !llvm.ptr<3> -> i8
// CHECK: %[[B:.*]] = llvm.load %{{.*}} : !llvm.ptr<3> -> i8
// CHECK: %[[A32:.*]] = llvm.sext %[[A]] : i8 to i32
// CHECK: %[[B32:.*]] = llvm.sext %[[B]] : i8 to i32
// CHECK: %[[ACC:.*]] = llvm.extractelement
// CHECK: %[[AB:.*]] = llvm.mul %[[A32]], %[[B32]] : i32
// CHECK: llvm.add %[[ACC]], %[[AB]] : i32
// CHECK-NOT: llvm.intr.fma
func.func @dot_i8(%a: tensor<16x32xi8>, %b: tensor<32x16xi8>, %c: tensor<16x16xi32>) -> tensor<16x16xi32> {
  %d = tir.dot %a, %b, %c : tensor<16x32xi8> * tensor<32x16xi8> -> tensor<16x16xi32>
  return %d : tensor<16x16xi32>
}

// -----

// An f16 accumulator: fused multiply-adds in f16.
// CHECK-LABEL: llvm.func @dot_f16(
// CHECK: llvm.store %{{.*}}, %{{.*}} : f16, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: %[[A:.*]] = llvm.load %{{.*}} : !llvm.ptr<3> -> f16
// CHECK: %[[B:.*]] = llvm.load %{{.*}} : !llvm.ptr<3> -> f16
// CHECK: %[[ACC:.*]] = llvm.extractelement
// CHECK: llvm.intr.fma(%[[A]], %[[B]], %[[ACC]]) : (f16, f16, f16) -> f16
// CHECK-NOT: llvm.fpext
func.func @dot_f16(%a: tensor<16x32xf16>, %b: tensor<32x16xf16>, %c: tensor<16x16xf16>) -> tensor<16x16xf16> {
  %d = tir.dot %a, %b, %c : tensor<16x32xf16> * tensor<32x16xf16> -> tensor<16x16xf16>
  return %d : tensor<16x16xf16>
}

// -----

// fp8 operands go through shared memory as bytes and are widened to the
// accumulator's f32 in the K loop (by bit manipulation: LLVM has no fp8).
// CHECK-LABEL: llvm.func @dot_fp8(
// CHECK-SAME: vector<4xi8>, %{{.*}}: vector<4xi8>
// CHECK: llvm.store %{{.*}}, %{{.*}} : i8, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.icmp "slt"
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> i8
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> i8
// CHECK: llvm.bitcast %{{.*}} : i32 to f32
// CHECK: llvm.intr.fma(%{{.*}}, %{{.*}}, %{{.*}}) : (f32, f32, f32) -> f32
func.func @dot_fp8(%a: tensor<16x32xf8E4M3FN>, %b: tensor<32x16xf8E5M2>, %c: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %d = tir.dot %a, %b, %c : tensor<16x32xf8E4M3FN> * tensor<32x16xf8E5M2> -> tensor<16x16xf32>
  return %d : tensor<16x16xf32>
}

// -----

// Cache modifiers and eviction policies make each access inline PTX with
// the qualifiers (test/Target/NVIDIA/cache-hints.test has every one): a
// vector group predicated on its mask with `other` moved in first, the L2
// policy from createpolicy as the last operand; scalars in 16-bit
// registers for bytes.
// CHECK-LABEL: llvm.func @cache_hints(
// CHECK: %[[POL:.*]] = llvm.inline_asm "createpolicy.fractional.L2::evict_last.b64 $0, 1.0;", "=l"  : () -> i64
// CHECK: llvm.inline_asm has_side_effects "mov.b32 $0, $6;\0A\09mov.b32 $1, $7;\0A\09mov.b32 $2, $8;\0A\09mov.b32 $3, $9;\0A\09@$10 ld.global.cg.L2::cache_hint.v4.b32 {$0, $1, $2, $3}, [$4], $5;", "=r,=r,=r,=r,l,l,r,r,r,r,b" %{{.*}}, %[[POL]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : (!llvm.ptr<1>, i64, i32, i32, i32, i32, i1) -> !llvm.struct<(i32, i32, i32, i32)>
// CHECK: llvm.inline_asm has_side_effects "@$5 st.global.cs.v4.b32 [$0], {$1, $2, $3, $4};", "l,r,r,r,r,b" {{.*}} : (!llvm.ptr<1>, i32, i32, i32, i32, i1) -> ()
// CHECK: %[[POL2:.*]] = llvm.inline_asm "createpolicy.fractional.L2::evict_first.b64 $0, 1.0;", "=l"  : () -> i64
// CHECK: llvm.inline_asm has_side_effects "ld.global.L1::evict_first.L2::cache_hint.b8 $0, [$1], $2;", "=h,l,l" %{{.*}}, %[[POL2]] : (!llvm.ptr<1>, i64) -> i16
// CHECK: %[[POL3:.*]] = llvm.inline_asm "createpolicy.fractional.L2::evict_last.b64 $0, 1.0;"
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x
// CHECK: %[[T0:.*]] = llvm.icmp "eq" %[[TID]]
// CHECK: llvm.inline_asm has_side_effects "@$3 st.global.wt.L2::cache_hint.b8 [$0], $1, $2;", "l,h,l,b" %{{.*}}, %{{.*}}, %[[POL3]], %[[T0]] : (!llvm.ptr<1>, i16, i64, i1) -> ()
func.func @cache_hints(%x: !tir.ptr<f32> {tir.divisibility = 16 : i32}, %n: i32 {tir.divisibility = 16 : i32}, %s: !tir.ptr<i8>) attributes {tir.kernel} {
  %r = tir.make_range 0 to 512 : tensor<512xi32>
  %ns = tir.splat %n : i32 -> tensor<512xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<512xi32>
  %xs = tir.splat %x : !tir.ptr<f32> -> tensor<512x!tir.ptr<f32>>
  %p = tir.addptr %xs, %r : tensor<512x!tir.ptr<f32>>, tensor<512xi32>
  %o = arith.constant dense<1.5> : tensor<512xf32>
  %v = tir.load %p, %m, %o cache = cg evict = evict_last : tensor<512x!tir.ptr<f32>>
  %q = tir.addptr %p, %ns : tensor<512x!tir.ptr<f32>>, tensor<512xi32>
  tir.store %q, %v, %m cache = cs : tensor<512x!tir.ptr<f32>>
  %b = tir.load %s evict = evict_first : !tir.ptr<i8>
  %s1 = tir.addptr %s, %n : !tir.ptr<i8>, i32
  tir.store %s1, %b cache = wt evict = evict_last : !tir.ptr<i8>
  return
}

// -----

// tir.extern_elementwise: one llvm.call per register of the thread (4 here),
// the function declared once in the module; a bitcode library is listed in
// trident.extern_libs for the NVPTX step.
// CHECK-LABEL: module attributes
// CHECK-SAME:    trident.extern_libs = ["/opt/mylib.bc"]
// CHECK:         llvm.func @__nv_erfinvf(f32) -> f32
// CHECK-LABEL:   llvm.func @extern_call
// CHECK-COUNT-4: llvm.call @__nv_erfinvf(%{{.*}}) : (f32) -> f32
// CHECK:         llvm.call @my_scale(%{{.*}}) : (f32) -> f32
func.func @extern_call(%x: !tir.ptr<f32> {tir.divisibility = 16 : i32}) attributes {tir.kernel} {
  %r = tir.make_range 0 to 512 : tensor<512xi32>
  %xs = tir.splat %x : !tir.ptr<f32> -> tensor<512x!tir.ptr<f32>>
  %xp = tir.addptr %xs, %r : tensor<512x!tir.ptr<f32>>, tensor<512xi32>
  %v = tir.load %xp : tensor<512x!tir.ptr<f32>>
  %e = tir.extern_elementwise "__nv_erfinvf" pure (%v : tensor<512xf32>) -> tensor<512xf32>
  %s = tir.load %x : !tir.ptr<f32>
  %m = tir.extern_elementwise "my_scale" pure lib "/opt/mylib.bc" (%s : f32) -> f32
  %ms = tir.splat %m : f32 -> tensor<512xf32>
  %o = arith.mulf %e, %ms : tensor<512xf32>
  tir.store %xp, %o : tensor<512x!tir.ptr<f32>>
  return
}

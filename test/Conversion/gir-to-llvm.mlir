// RUN: trident-opt %s -split-input-file --convert-tir-to-gir --convert-gir-to-llvm | FileCheck %s
// RUN: trident-opt %s -split-input-file --convert-tir-to-gir --convert-gir-to-llvm | FileCheck %s --check-prefix=NOHINT

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

// A layout conversion goes through shared memory.
// CHECK-LABEL: llvm.func @convert
// CHECK: nvvm.barrier0
// CHECK: llvm.mlir.addressof @__trident_dynamic_smem : !llvm.ptr<3>
// CHECK: llvm.store {{.*}} !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.load {{.*}} !llvm.ptr<3>
#a = #gir.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#b = #gir.blocked<sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]>
module attributes {gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @convert(%x: tensor<32x32xf32, #a>) -> tensor<32x32xf32, #b> {
    %0 = gir.convert_layout %x : tensor<32x32xf32, #a> -> tensor<32x32xf32, #b>
    return %0 : tensor<32x32xf32, #b>
  }
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

// Atomics: one guarded LLVM atomic per element the thread holds, with the
// memory order and NVPTX scope of the op; replicas do not repeat it.
// CHECK-LABEL: llvm.func @atomics
// CHECK: llvm.cond_br
// CHECK: llvm.atomicrmw add %{{.*}}, %{{.*}} syncscope("device") monotonic
// CHECK: llvm.atomicrmw fmax %{{.*}}, %{{.*}} syncscope("block") acquire
// CHECK: llvm.cmpxchg %{{.*}}, %{{.*}}, %{{.*}} acq_rel acquire
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

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

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

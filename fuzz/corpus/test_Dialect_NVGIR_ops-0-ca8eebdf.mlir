// Round trip of the NVIDIA GPU IR operations, in custom and generic form.

// A TMA copy of a 128x64 bf16 block into one stage of a ring laid out as
// TMA writes it (128-byte swizzle), tracked by a barrier, under a predicate.
#sw = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
// CHECK-LABEL: func.func @tma_load
// CHECK: nvgir.tma_load %arg0[%arg1, %arg2], %{{.*}}, %{{.*}}[%arg3] if %arg4 : !tir.tensordesc<tensor<128x64xbf16>> -> !gir.memdesc<128x64xbf16, #{{.*}}>, !nvgir.mbarriers<2>
// CHECK: nvgir.tma_load %arg0[%arg1, %arg2], %{{.*}}, %{{.*}}[%arg3] : !tir.tensordesc
func.func @tma_load(%d: !tir.tensordesc<tensor<128x64xbf16>>, %i: i32, %j: i32,
                    %s: i32, %p: i1) {
  %ring = gir.local_alloc : !gir.memdesc<2x128x64xbf16, #sw>
  %bars = nvgir.mbarrier_alloc {arrivals = 1 : i32} : !nvgir.mbarriers<2>
  %slot = gir.memdesc_index %ring[%s] : !gir.memdesc<2x128x64xbf16, #sw> -> !gir.memdesc<128x64xbf16, #sw>
  nvgir.tma_load %d[%i, %j], %slot, %bars[%s] if %p : !tir.tensordesc<tensor<128x64xbf16>> -> !gir.memdesc<128x64xbf16, #sw>, !nvgir.mbarriers<2>
  nvgir.tma_load %d[%i, %j], %slot, %bars[%s] : !tir.tensordesc<tensor<128x64xbf16>> -> !gir.memdesc<128x64xbf16, #sw>, !nvgir.mbarriers<2>
  return
}

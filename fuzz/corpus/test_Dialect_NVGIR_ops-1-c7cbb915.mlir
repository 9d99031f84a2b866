// A cp.async ring: copies, their groups, an arrival on a barrier, and a
// warpgroup MMA in flight until its wait.
#sw = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
#b = #gir.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#acc = #gir.wgmma<warpsPerCTA = [4, 1], instrN = 64>
// CHECK-LABEL: func.func @async_ring
// CHECK: nvgir.async_copy %arg0, %{{.*}}, %arg1 : tensor<128x64x!tir.ptr<bf16>, #{{.*}}>, tensor<128x64xi1, #{{.*}}> -> !gir.memdesc<128x64xbf16, #{{.*}}>
// CHECK-NEXT: nvgir.async_commit_group
// CHECK-NEXT: nvgir.async_copy_arrive %{{.*}}[%arg2] : !nvgir.mbarriers<1>
// CHECK-NEXT: nvgir.async_wait {pending = 0 : i32}
// CHECK-NEXT: nvgir.mbarrier_wait %{{.*}}[%arg2], %arg2 : !nvgir.mbarriers<1>
// CHECK-NEXT: %[[D:.*]] = nvgir.warpgroup_dot %{{.*}}, %{{.*}}, %arg3 async : !gir.memdesc<128x64xbf16, #{{.*}}> * !gir.memdesc<64x64xbf16, #{{.*}}> -> tensor<128x64xf32, #{{.*}}>
// CHECK-NEXT: nvgir.warpgroup_wait %[[D]] {pending = 0 : i32} : tensor<128x64xf32, #{{.*}}>
func.func @async_ring(%p: tensor<128x64x!tir.ptr<bf16>, #b>, %m: tensor<128x64xi1, #b>,
                      %i: i32, %c: tensor<128x64xf32, #acc>) {
  %a = gir.local_alloc : !gir.memdesc<128x64xbf16, #sw>
  %bt = gir.local_alloc : !gir.memdesc<64x64xbf16, #sw>
  %bars = nvgir.mbarrier_alloc {arrivals = 128 : i32} : !nvgir.mbarriers<1>
  nvgir.async_copy %p, %a, %m : tensor<128x64x!tir.ptr<bf16>, #b>, tensor<128x64xi1, #b> -> !gir.memdesc<128x64xbf16, #sw>
  nvgir.async_commit_group
  nvgir.async_copy_arrive %bars[%i] : !nvgir.mbarriers<1>
  nvgir.async_wait {pending = 0 : i32}
  nvgir.mbarrier_wait %bars[%i], %i : !nvgir.mbarriers<1>
  %d = nvgir.warpgroup_dot %a, %bt, %c async : !gir.memdesc<128x64xbf16, #sw> * !gir.memdesc<64x64xbf16, #sw> -> tensor<128x64xf32, #acc>
  %w = nvgir.warpgroup_wait %d {pending = 0 : i32} : tensor<128x64xf32, #acc>
  return
}

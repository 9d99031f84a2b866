// Round trip of the NVIDIA GPU IR operations, in custom and generic form.
// RUN: trident-opt %s -split-input-file | trident-opt -split-input-file | FileCheck %s
// RUN: trident-opt %s -split-input-file --mlir-print-op-generic | trident-opt -split-input-file | FileCheck %s

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

// -----

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

// -----

// CHECK-LABEL: func.func @fences_and_arrivals
// CHECK: nvgir.fence "gpu"
// CHECK: nvgir.fence "async_shared"
// CHECK: nvgir.mbarrier_arrive %{{.*}}[%{{.*}}] {count = 2 : i32}
// CHECK: nvgir.mbarrier_expect_tx %{{.*}}[%{{.*}}] {bytes = 64 : i32}
func.func @fences_and_arrivals(%i: i32) {
  nvgir.fence "gpu"
  nvgir.fence "async_shared"
  %bars = nvgir.mbarrier_alloc {arrivals = 1 : i32} : !nvgir.mbarriers<1>
  nvgir.mbarrier_arrive %bars[%i] {count = 2 : i32} : !nvgir.mbarriers<1>
  nvgir.mbarrier_expect_tx %bars[%i] {bytes = 64 : i32} : !nvgir.mbarriers<1>
  return
}

// -----

// CHECK-LABEL: func.func @named_barriers
// CHECK: nvgir.named_barrier {id = 9 : i32, threads = 256 : i32}
// CHECK: nvgir.named_barrier {arrive, id = 10 : i32, threads = 256 : i32}
func.func @named_barriers() {
  nvgir.named_barrier {id = 9 : i32, threads = 256 : i32}
  nvgir.named_barrier {arrive, id = 10 : i32, threads = 256 : i32}
  return
}

// RUN: trident-opt %s -split-input-file --convert-gir-to-llvm | FileCheck %s

// Flash attention's second dot, P V: P comes out of the first dot's
// accumulator layout, and pairs of its registers are wgmma's register A
// fragment as they are. The dot packs them (two f16 per 32-bit register)
// and issues wgmma with A in registers: no shared-memory staging, no fence,
// no barrier. 64 x 64 P, 4 warps: 4 K steps of 4 registers.
// CHECK: module attributes {{{.*}}trident.shared_bytes = 0 : i32
// CHECK-LABEL: llvm.func @p_times_v
// CHECK-NOT: llvm.store
// CHECK-NOT: nvvm.barrier0
// CHECK: nvvm.wgmma.fence.aligned
// CHECK-COUNT-4: llvm.inline_asm has_side_effects {{.*}}wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}}, {$64, $65, $66, $67}, $68, p, 1, 1, 1;{{.*}}"=f,{{.*}},r,r,r,r,l,r"
// CHECK-NOT: llvm.store
// CHECK: nvvm.wgmma.commit.group.sync.aligned
#wgmma = #gir.wgmma<warpsPerCTA = [4, 1], instrN = 64>
#shared = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
module attributes {gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32, gir.compute_capability = 90 : i32} {
  func.func @p_times_v(%p: tensor<64x64xf16, #wgmma>, %v: !gir.memdesc<64x64xf16, #shared>,
                       %acc: tensor<64x64xf32, #wgmma>) -> tensor<64x64xf32, #wgmma> {
    %0 = nvgir.warpgroup_dot %p, %v, %acc : tensor<64x64xf16, #wgmma> * !gir.memdesc<64x64xf16, #shared> -> tensor<64x64xf32, #wgmma>
    return %0 : tensor<64x64xf32, #wgmma>
  }
}

// -----

// A register A in another layout (here blocked) is staged in shared memory
// as before: fenced for the async proxy, then a barrier, then wgmma reads
// it through a descriptor.
// CHECK-LABEL: llvm.func @staged_a
// CHECK: llvm.store {{.*}} !llvm.ptr<3>
// CHECK: nvvm.fence.proxy
// CHECK: nvvm.barrier0
// CHECK: nvvm.wgmma.mma_async
#blocked = #gir.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#wgmma = #gir.wgmma<warpsPerCTA = [4, 1], instrN = 64>
#shared = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
module attributes {gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32, gir.compute_capability = 90 : i32} {
  func.func @staged_a(%a: tensor<64x64xf16, #blocked>, %v: !gir.memdesc<64x64xf16, #shared>,
                      %acc: tensor<64x64xf32, #wgmma>) -> tensor<64x64xf32, #wgmma> {
    %0 = nvgir.warpgroup_dot %a, %v, %acc : tensor<64x64xf16, #blocked> * !gir.memdesc<64x64xf16, #shared> -> tensor<64x64xf32, #wgmma>
    return %0 : tensor<64x64xf32, #wgmma>
  }
}

// -----

// Row statistics: the slice of a 64 x 64 wgmma accumulator (4 warps) holds
// the thread's 2 distinct rows in 2 registers (its parent holds each row in
// 32), so the row maximum's exp2 is two values, not 32 (each one
// ex2.approx.ftz, as Triton's tl.exp2).
// expand_dims back to the parent layout picks the register of each
// element's row (a shuffle).
// CHECK-LABEL: llvm.func @row_stats
// CHECK-COUNT-2: llvm.call_intrinsic "llvm.nvvm.ex2.approx.ftz.f32"({{.*}}) : (f32) -> f32
// CHECK-NOT: ex2
// CHECK: llvm.shufflevector {{.*}} [0, 0, 1, 1, 0, 0, 1, 1, {{.*}}] : vector<2xf32>
// CHECK: llvm.return {{.*}} : vector<32xf32>
#wgmma = #gir.wgmma<warpsPerCTA = [4, 1], instrN = 64>
#slice = #gir.slice<dim = 1, parent = #wgmma>
module attributes {gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32, gir.compute_capability = 90 : i32} {
  func.func @row_stats(%x: tensor<64x64xf32, #wgmma>) -> tensor<64x64xf32, #wgmma> {
    %m = tir.reduce %x axis = 1 : tensor<64x64xf32, #wgmma> -> tensor<64xf32, #slice> {
    ^bb0(%a: f32, %b: f32):
      %r = arith.maxnumf %a, %b : f32
      tir.reduce.return %r : f32
    }
    %e = math.exp2 %m : tensor<64xf32, #slice>
    %c = tir.expand_dims %e, axis = 1 : tensor<64xf32, #slice> -> tensor<64x1xf32, #wgmma>
    %b = tir.broadcast %c : tensor<64x1xf32, #wgmma> -> tensor<64x64xf32, #wgmma>
    return %b : tensor<64x64xf32, #wgmma>
  }
}

// -----

// Accumulator layouts of different instruction widths (Q K^T at n64 beside
// P V at n128, head dim 128) place a 128 x 64 tile's elements in the same
// threads: converting is a register permutation, through no shared memory.
// CHECK: module attributes {{{.*}}trident.shared_bytes = 0 : i32
// CHECK-LABEL: llvm.func @instr_widths
// CHECK-NOT: nvvm.barrier0
// CHECK-NOT: !llvm.ptr<3>
// CHECK: llvm.return
#n128 = #gir.wgmma<warpsPerCTA = [4, 1], instrN = 128>
#n64 = #gir.wgmma<warpsPerCTA = [4, 1], instrN = 64>
module attributes {gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32, gir.compute_capability = 90 : i32} {
  func.func @instr_widths(%x: tensor<128x64xf32, #n128>) -> tensor<128x64xf32, #n64> {
    %0 = gir.convert_layout %x : tensor<128x64xf32, #n128> -> tensor<128x64xf32, #n64>
    return %0 : tensor<128x64xf32, #n64>
  }
}

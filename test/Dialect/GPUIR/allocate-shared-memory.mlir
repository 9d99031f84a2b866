// RUN: trident-opt %s -split-input-file --gir-allocate-shared-memory | FileCheck %s
// RUN: trident-opt %s -split-input-file --gir-allocate-shared-memory --convert-gir-to-llvm | FileCheck %s --check-prefix=LLVM

// Buffers in program order, each at the next offset its alignment allows:
// 32 KiB of ring from 0, two mbarriers (8-byte aligned) after it, the next
// tile at the next 1024-byte boundary.
// CHECK-LABEL: func.func @buffers
// CHECK: gir.local_alloc {gir.shared_offset = 0 : i64} : !gir.memdesc<2x128x64xbf16
// CHECK: nvgir.mbarrier_alloc {arrivals = 1 : i32, gir.shared_offset = 32768 : i64}
// CHECK: gir.local_alloc {gir.shared_offset = 33792 : i64} : !gir.memdesc<64x128xbf16
// The lowering takes the recorded offsets, and the kernel's dynamic shared
// memory ends after the last buffer.
// LLVM: trident.shared_bytes = 50176 : i32
// LLVM-LABEL: llvm.func @buffers
// LLVM: llvm.mlir.constant(0 : i32) : i32
// LLVM: llvm.mlir.constant(32768 : i32) : i32
// LLVM: llvm.mlir.constant(33792 : i32) : i32
#shared = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
module attributes {gir.compute_capability = 90 : i32, gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @buffers() {
    %a = gir.local_alloc : !gir.memdesc<2x128x64xbf16, #shared>
    %bars = nvgir.mbarrier_alloc {arrivals = 1 : i32} : !nvgir.mbarriers<2>
    %b = gir.local_alloc : !gir.memdesc<64x128xbf16, #shared>
    return
  }
}

// -----

// Offsets already recorded are kept (a plugin's pass may place buffers
// itself); the others follow them.
// CHECK-LABEL: func.func @kept
// CHECK: gir.local_alloc {gir.shared_offset = 65536 : i64}
// CHECK: gir.local_alloc {gir.shared_offset = 81920 : i64}
#shared = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
module attributes {gir.compute_capability = 90 : i32, gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @kept() {
    %a = gir.local_alloc {gir.shared_offset = 65536 : i64} : !gir.memdesc<128x64xbf16, #shared>
    %b = gir.local_alloc : !gir.memdesc<128x64xbf16, #shared>
    return
  }
}


// -----

// Scratch is planned with the buffers: a reduction across the 4 warps
// declares 4 slots for each of its 128 columns (2 KiB), placed at 0 over
// the ring, which is dead by then, and a layout conversion of the same
// 32x128 tile (16 KiB of staging) after it, again at 0; the buffer made
// after both follows the ring (buffers never share bytes). The lowering
// takes its scratch at the planned offsets.
// CHECK-LABEL: func.func @scratch
// CHECK: gir.local_alloc {gir.shared_offset = 0 : i64}
// CHECK: tir.reduce {{.*}} {gir.scratch_offset = 0 : i64}
// CHECK: gir.convert_layout %{{.*}} {gir.scratch_offset = 0 : i64}
// CHECK: gir.local_alloc {gir.shared_offset = 16384 : i64}
// LLVM: trident.shared_bytes = 32768 : i32
// LLVM-LABEL: llvm.func @scratch
#shared = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
#b = #gir.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>
#c = #gir.blocked<sizePerThread = [4, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]>
module attributes {gir.compute_capability = 90 : i32, gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @scratch(%x: tensor<32x128xf32, #b>) -> (tensor<128xf32, #gir.slice<dim = 0, parent = #b>>, tensor<32x128xf32, #c>) {
    %ring = gir.local_alloc : !gir.memdesc<128x64xbf16, #shared>
    %s = tir.reduce %x axis = 0 : tensor<32x128xf32, #b> -> tensor<128xf32, #gir.slice<dim = 0, parent = #b>> {
    ^bb0(%p: f32, %q: f32):
      %t = arith.addf %p, %q : f32
      tir.reduce.return %t : f32
    }
    %y = gir.convert_layout %x : tensor<32x128xf32, #b> -> tensor<32x128xf32, #c>
    %late = gir.local_alloc : !gir.memdesc<128x64xbf16, #shared>
    return %s, %y : tensor<128xf32, #gir.slice<dim = 0, parent = #b>>, tensor<32x128xf32, #c>
  }
}

// -----

// The regions of a tir.warp_specialize run at once: the scratch of the
// default region's reduction and of the partition's lies side by side
// (128 and 256), clear of each other and of the op's capture slots (a
// buffer at 0, for the whole kernel); a reduction after the op reuses 128.
// CHECK-LABEL: func.func @concurrent
// CHECK: tir.warp_specialize(%{{.*}} : !tir.ptr<f32>) attributes {gir.shared_offset = 0 : i64}
// CHECK: tir.reduce {{.*}} {gir.scratch_offset = 128 : i64}
// CHECK: tir.reduce {{.*}} {gir.scratch_offset = 256 : i64}
// CHECK: tir.reduce {{.*}} {gir.scratch_offset = 128 : i64}
#b = #gir.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
module attributes {gir.compute_capability = 90 : i32, gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @concurrent(%p: !tir.ptr<f32>) attributes {tir.kernel} {
    tir.warp_specialize(%p : !tir.ptr<f32>) {
      %r = tir.make_range 0 to 512 : tensor<512xi32, #b>
      %f = arith.sitofp %r : tensor<512xi32, #b> to tensor<512xf32, #b>
      %s = tir.reduce %f axis = 0 : tensor<512xf32, #b> -> f32 {
      ^bb0(%x: f32, %y: f32):
        %t = arith.addf %x, %y : f32
        tir.reduce.return %t : f32
      }
      tir.store %p, %s : !tir.ptr<f32>
    } partition num_warps(4) (%p0: !tir.ptr<f32>) {
      %r = tir.make_range 0 to 512 : tensor<512xi32, #b>
      %f = arith.sitofp %r : tensor<512xi32, #b> to tensor<512xf32, #b>
      %s = tir.reduce %f axis = 0 : tensor<512xf32, #b> -> f32 {
      ^bb0(%x: f32, %y: f32):
        %t = arith.maxnumf %x, %y : f32
        tir.reduce.return %t : f32
      }
      tir.store %p0, %s : !tir.ptr<f32>
    }
    %r = tir.make_range 0 to 512 : tensor<512xi32, #b>
    %f = arith.sitofp %r : tensor<512xi32, #b> to tensor<512xf32, #b>
    %s = tir.reduce %f axis = 0 : tensor<512xf32, #b> -> f32 {
    ^bb0(%x: f32, %y: f32):
      %t = arith.minnumf %x, %y : f32
      tir.reduce.return %t : f32
    }
    tir.store %p, %s : !tir.ptr<f32>
    return
  }
}

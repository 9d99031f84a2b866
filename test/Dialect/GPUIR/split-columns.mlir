// gir-split-columns: the halves of an accumulator taken by reshape /
// permute / split become two register slices of it; the layout passes then
// carry them in the accumulator's layout restricted to 128 columns, and no
// shape op (whose lowering goes through shared memory) is left.
// RUN: trident-opt %s --gir-split-columns | FileCheck %s
// RUN: trident-opt %s --gir-split-columns --gir-remove-layout-conversions | FileCheck %s --check-prefix=LAYOUT
// RUN: trident-opt %s --gir-split-columns --gir-remove-layout-conversions --convert-gir-to-llvm | FileCheck %s --check-prefix=LLVM

// CHECK-LABEL: func.func @halves
// CHECK: %[[ACC:.*]] = tir.dot
// CHECK-NEXT: gir.extract_slice %[[ACC]] [0, 0] : tensor<64x256xf32, #[[W:.*]]> -> tensor<64x128xf32, #[[H:.*]]>
// CHECK: gir.extract_slice %[[ACC]] [0, 128] : tensor<64x256xf32, #[[W]]> -> tensor<64x128xf32, #[[H]]>
// CHECK-NOT: tir.reshape
// CHECK-NOT: tir.trans
// CHECK-NOT: tir.split

// LAYOUT-DAG: #[[H:.*]] = #gir.wgmma<warpsPerCTA = [4, 1], instrN = 128>
// LAYOUT-LABEL: func.func @halves
// LAYOUT: tir.dot
// LAYOUT-NOT: gir.convert_layout
// LAYOUT: gir.extract_slice {{.*}} -> tensor<64x128xf32, #[[H]]>
// LAYOUT: gir.extract_slice {{.*}} -> tensor<64x128xf32, #[[H]]>
// LAYOUT-NEXT: arith.addf {{.*}} : tensor<64x128xf32, #[[H]]>

// After the dot (whose operands are staged through shared memory), the
// halves are picked from its registers: no store, load or barrier.
// LLVM-LABEL: llvm.func @halves
// LLVM: nvvm.wgmma.wait.group.sync.aligned 0
// LLVM-NOT: llvm.store
// LLVM-NOT: llvm.load
// LLVM-NOT: nvvm.barrier
// LLVM: llvm.fadd {{.*}} : vector<64xf32>
// LLVM-NEXT: llvm.return
#w = #gir.wgmma<warpsPerCTA = [4, 1], instrN = 256>
#b3 = #gir.blocked<sizePerThread = [1, 1, 1], threadsPerWarp = [1, 1, 32], warpsPerCTA = [1, 1, 4], order = [2, 1, 0]>
#b2 = #gir.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>
module attributes {gir.compute_capability = 90 : i32, gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @halves(%a: tensor<64x16xf16, #b2>, %b: tensor<16x256xf16, #b2>, %c: tensor<64x256xf32, #w>) -> tensor<64x128xf32, #b2> {
    %acc = tir.dot %a, %b, %c : tensor<64x16xf16, #b2> * tensor<16x256xf16, #b2> -> tensor<64x256xf32, #w>
    %r = tir.reshape %acc : tensor<64x256xf32, #w> -> tensor<64x2x128xf32, #b3>
    %t = tir.trans %r, [0, 2, 1] : tensor<64x2x128xf32, #b3> -> tensor<64x128x2xf32, #b3>
    %lo, %hi = tir.split %t : tensor<64x128x2xf32, #b3> -> tensor<64x128xf32, #b2>
    %s = arith.addf %lo, %hi : tensor<64x128xf32, #b2>
    return %s : tensor<64x128xf32, #b2>
  }
}

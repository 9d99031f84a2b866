// Shared memory is one dynamic buffer. Operations that need scratch (layout
// conversions, reductions and scans across warps, the CUDA-core dot) all
// start theirs at the same offset, each behind a barrier, so the module
// needs the largest scratch (4352 bytes: a 32x32 f32 tile with 4 floats of
// padding after every 64, which spreads the transposing reads over the
// banks) rather than the sum. A user with several buffers (the two-value
// reduction) lays them out one after another.
// CHECK: module attributes {{{.*}}trident.shared_bytes = 4352 : i32
// CHECK: llvm.mlir.global external @__trident_dynamic_smem() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<0 x i8>
// CHECK-LABEL: llvm.func @scratch_users
// The first conversion: a barrier, then its buffer at offset 0.
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: %[[S1:.*]] = llvm.mlir.addressof @__trident_dynamic_smem : !llvm.ptr<3>
// CHECK-NEXT: %[[O1:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: llvm.getelementptr %[[S1]][%[[O1]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// The reduction: shuffles, then a barrier and its two buffers from offset 0.
// CHECK: nvvm.shfl.sync bfly
// CHECK: nvvm.barrier0
// CHECK-NEXT: %[[S2:.*]] = llvm.mlir.addressof @__trident_dynamic_smem : !llvm.ptr<3>
// CHECK-NEXT: %[[O2:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: llvm.getelementptr %[[S2]][%[[O2]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK-NEXT: %[[S3:.*]] = llvm.mlir.addressof @__trident_dynamic_smem : !llvm.ptr<3>
// CHECK-NEXT: %[[O3:.*]] = llvm.mlir.constant(16 : i32) : i32
// CHECK-NEXT: llvm.getelementptr %[[S3]][%[[O3]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
// CHECK: llvm.store %{{.*}}, %{{.*}} : i32, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> i32
// The second conversion reuses offset 0, behind its own barrier.
// CHECK: nvvm.barrier0
// CHECK-NEXT: %[[S4:.*]] = llvm.mlir.addressof @__trident_dynamic_smem : !llvm.ptr<3>
// CHECK-NEXT: %[[O4:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: llvm.getelementptr %[[S4]][%[[O4]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr<3> -> vector<2xf32>
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
#a = #gir.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#b = #gir.blocked<sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]>
#c = #gir.blocked<sizePerThread = [2, 2], threadsPerWarp = [4, 8], warpsPerCTA = [2, 2], order = [1, 0]>
#r = #gir.blocked<sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
module attributes {gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @scratch_users(%x: tensor<32x32xf32, #a>, %v: tensor<1024xf32, #r>, %i: tensor<1024xi32, #r>) -> (tensor<32x32xf32, #c>, f32, i32) {
    %0 = gir.convert_layout %x : tensor<32x32xf32, #a> -> tensor<32x32xf32, #b>
    %m:2 = tir.reduce %v, %i axis = 0 : tensor<1024xf32, #r>, tensor<1024xi32, #r> -> f32, i32 {
    ^bb0(%av: f32, %ai: i32, %bv: f32, %bi: i32):
      %gt = arith.cmpf ogt, %av, %bv : f32
      %mv = arith.select %gt, %av, %bv : f32
      %mi = arith.select %gt, %ai, %bi : i32
      tir.reduce.return %mv, %mi : f32, i32
    }
    %1 = gir.convert_layout %0 : tensor<32x32xf32, #b> -> tensor<32x32xf32, #c>
    return %1, %m#0, %m#1 : tensor<32x32xf32, #c>, f32, i32
  }
}

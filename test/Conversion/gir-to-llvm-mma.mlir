// RUN: trident-opt %s -split-input-file --convert-gir-to-llvm | FileCheck %s

// tir.dot with a #gir.mma_v2 accumulator on Ampere's mma.sync: both
// operands are stored into padded row-major scratch tiles (A: 64 rows of
// 32 + 8 bf16, 5120 bytes; B: 32 rows of 64 + 8, 4608 bytes), in 16-byte
// vectors where a thread holds 8 consecutive elements of a row (A here),
// element by element otherwise (B); then, per K step of 16, each warp
// (2x2 warps: 32x32 per warp) loads its two m16 A fragments with
// ldmatrix.x4 and its four n8 B fragments with two ldmatrix.x4.trans, and
// issues 2 x 4 mma.sync m16n8k16: 16 in all over K = 32.
#a = #gir.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#b = #gir.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>
#mma = #gir.mma_v2<warpsPerCTA = [2, 2]>
module attributes {gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  // CHECK: module attributes {{{.*}}trident.shared_bytes = 9728 : i32
  // CHECK-LABEL: llvm.func @bf16
  // CHECK: nvvm.barrier0
  // CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<8xbf16>, !llvm.ptr<3>
  // CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 2 : i64} : bf16, !llvm.ptr<3>
  // CHECK: nvvm.barrier0
  // CHECK-NOT: llvm.store
  // CHECK: nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>
  // CHECK: nvvm.ldmatrix %{{.*}} {{{.*}}layout = #nvvm.mma_layout<row>, num = 4 : i32
  // CHECK: nvvm.ldmatrix %{{.*}} {{{.*}}layout = #nvvm.mma_layout<col>, num = 4 : i32
  // CHECK: nvvm.ldmatrix %{{.*}} {{{.*}}layout = #nvvm.mma_layout<col>, num = 4 : i32
  // CHECK-COUNT-8: nvvm.mma.sync A[{{.*}}] B[{{.*}}] C[{{.*}}] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
  // CHECK: nvvm.ldmatrix
  // CHECK-COUNT-8: nvvm.mma.sync
  // CHECK-NOT: nvvm.mma.sync
  // CHECK-NOT: llvm.intr.fma
  // CHECK: llvm.return %{{.*}} : vector<32xf32>
  func.func @bf16(%a: tensor<64x32xbf16, #a>, %b: tensor<32x64xbf16, #b>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %d = tir.dot %a, %b, %c : tensor<64x32xbf16, #a> * tensor<32x64xbf16, #b> -> tensor<64x64xf32, #mma>
    return %d : tensor<64x64xf32, #mma>
  }
}

// -----

// f16 pairs go to mma.sync as vector<2xf16>. One warp column and N = 8:
// each warp's single n8 tile takes ldmatrix.x2.trans.
#blk = #gir.blocked<sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#mma = #gir.mma_v2<warpsPerCTA = [4, 1]>
module attributes {gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @f16
  // CHECK: nvvm.ldmatrix %{{.*}} {{{.*}}layout = #nvvm.mma_layout<row>, num = 4 : i32
  // CHECK: nvvm.ldmatrix %{{.*}} {{{.*}}layout = #nvvm.mma_layout<col>, num = 2 : i32{{.*}} -> !llvm.struct<(i32, i32)>
  // CHECK: llvm.bitcast %{{.*}} : i32 to vector<2xf16>
  // CHECK: nvvm.mma.sync {{.*}}shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (vector<2xf16>, vector<2xf16>, f32) -> !llvm.struct<(f32, f32, f32, f32)>
  // CHECK-NOT: nvvm.mma.sync
  // CHECK: llvm.return
  func.func @f16(%a: tensor<64x16xf16, #blk>, %b: tensor<16x8xf16, #blk>, %c: tensor<64x8xf32, #mma>) -> tensor<64x8xf32, #mma> {
    %d = tir.dot %a, %b, %c : tensor<64x16xf16, #blk> * tensor<16x8xf16, #blk> -> tensor<64x8xf32, #mma>
    return %d : tensor<64x8xf32, #mma>
  }
}

// -----

// fp8 operands go through mma.sync as f16, widened in registers before
// they are staged: e5m2 (A) is an f16's high byte, one shift left by 8 of
// each byte; e4m3 (B) is converted exactly through f32 (the fp8 casts'
// integer arithmetic: no fptrunc from an fp8 type is left).
#blk = #gir.blocked<sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#mma = #gir.mma_v2<warpsPerCTA = [4, 1]>
module attributes {gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @fp8
  // CHECK: llvm.zext %{{.*}} : vector<8xi8> to vector<8xi16>
  // CHECK: llvm.shl %{{.*}} : vector<8xi16>
  // CHECK: llvm.bitcast %{{.*}} : vector<8xi16> to vector<8xf16>
  // CHECK: llvm.fptrunc %{{.*}} : vector<{{[0-9]+}}xf32> to vector<{{[0-9]+}}xf16>
  // CHECK: nvvm.ldmatrix
  // CHECK: nvvm.mma.sync {{.*}}shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (vector<2xf16>, vector<2xf16>, f32)
  // CHECK-NOT: llvm.intr.fma
  // CHECK: llvm.return
  func.func @fp8(%a: tensor<64x16xf8E5M2, #blk>, %b: tensor<16x8xf8E4M3FN, #blk>, %c: tensor<64x8xf32, #mma>) -> tensor<64x8xf32, #mma> {
    %d = tir.dot %a, %b, %c : tensor<64x16xf8E5M2, #blk> * tensor<16x8xf8E4M3FN, #blk> -> tensor<64x8xf32, #mma>
    return %d : tensor<64x8xf32, #mma>
  }
}

// -----

// K not a multiple of 16: the CUDA-core dot, which reads any accumulator
// layout, takes it.
#blk = #gir.blocked<sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#mma = #gir.mma_v2<warpsPerCTA = [2, 2]>
module attributes {gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @k8
  // CHECK-NOT: nvvm.mma.sync
  // CHECK: llvm.intr.fma
  // CHECK-NOT: nvvm.mma.sync
  // CHECK: llvm.return
  func.func @k8(%a: tensor<64x8xbf16, #blk>, %b: tensor<8x64xbf16, #blk>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %d = tir.dot %a, %b, %c : tensor<64x8xbf16, #blk> * tensor<8x64xbf16, #blk> -> tensor<64x64xf32, #mma>
    return %d : tensor<64x64xf32, #mma>
  }
}

// -----

// A #gir.wgmma accumulator of f16 (made by hand: gir-dot-layouts gives
// wgmma only to f32 accumulators): wgmma keeps its fragments in f32
// registers here, so the dot takes the CUDA-core lowering, which works in
// any layout, instead of inserting f16 values into f32 fragments.
#b = #gir.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>
#w = #gir.wgmma<warpsPerCTA = [4, 1], instrN = 64>
module attributes {gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32, gir.compute_capability = 90 : i32} {
  // CHECK-LABEL: llvm.func @wgmma_f16_accumulator
  // CHECK-NOT: nvvm.wgmma
  // CHECK: llvm.intr.fma
  // CHECK-NOT: nvvm.wgmma
  // CHECK: llvm.return
  func.func @wgmma_f16_accumulator(%a: tensor<64x32xbf16, #b>, %bb: tensor<32x64xbf16, #b>, %c: tensor<64x64xf16, #w>) -> tensor<64x64xf16, #w> {
    %d = tir.dot %a, %bb, %c : tensor<64x32xbf16, #b> * tensor<32x64xbf16, #b> -> tensor<64x64xf16, #w>
    return %d : tensor<64x64xf16, #w>
  }
}

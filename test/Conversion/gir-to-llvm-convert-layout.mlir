// RUN: trident-opt %s -split-input-file --convert-gir-to-llvm | FileCheck %s

// gir.convert_layout stages the tile in shared memory with vector accesses
// where the layouts allow and a placement that spares the banks.

// The matmul epilogue: Hopper's wgmma accumulator (two consecutive bf16 per
// register pair) to the blocked layout of a 16-byte global store. The
// accumulator holds the register fragment of 8x8 blocks that stmatrix
// stores, four per instruction (16 instead of 64 4-byte stores), each lane
// the address of a 16-byte block row, every instruction a constant offset
// from one address; each thread reads 16-byte rows of 8. Rows of 256
// elements would put the 8 rows a warp writes at once on the same banks;
// 8 elements of padding after every row (128 x 8 x 2 bytes more) shift
// each row by 4 banks, and both sides are conflict free.
// CHECK: module attributes {{{.*}}trident.shared_bytes = 67584 : i32
// CHECK-LABEL: llvm.func @epilogue
// CHECK: nvvm.barrier0
// CHECK-NOT: llvm.store
// CHECK: "stmatrix.sync.aligned.m8n8.x4.shared.b16 [$0], {$1, $2, $3, $4};", "l,r,r,r,r" %{{.*}} : (i64, i32, i32, i32, i32) -> ()
// CHECK: "stmatrix.sync.aligned.m8n8.x4.shared.b16 [$0+32], {$1, $2, $3, $4};"
// CHECK-COUNT-14: "stmatrix.sync.aligned.m8n8.x4.shared.b16 [$0+{{[0-9]+}}], {$1, $2, $3, $4};"
// CHECK-NOT: stmatrix
// CHECK-NOT: llvm.store
// CHECK: nvvm.barrier0
// CHECK-COUNT-16: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<8xbf16>
// CHECK-NOT: llvm.load
// CHECK: llvm.return
#wgmma = #gir.wgmma<warpsPerCTA = [8, 1], instrN = 256>
#blocked = #gir.blocked<sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [8, 1], order = [1, 0]>
module attributes {gir.num_warps = 8 : i32, gir.threads_per_warp = 32 : i32, gir.compute_capability = 90 : i32} {
  func.func @epilogue(%x: tensor<128x256xbf16, #wgmma>) -> tensor<128x256xbf16, #blocked> {
    %0 = gir.convert_layout %x : tensor<128x256xbf16, #wgmma> -> tensor<128x256xbf16, #blocked>
    return %0 : tensor<128x256xbf16, #blocked>
  }
}

// -----

// The grouped GEMM's epilogue (tutorial 08): a store whose addresses have
// no known alignment takes a column per thread. The buffer is
// column-major (padded by 8 every 128), so a thread reads its column's
// rows 8 at a time (16 loads of 16 bytes, from one address plus
// constants), and the accumulator's blocks go in with stmatrix .trans (a
// lane's address is a block column). Rows as the fast dimension would
// read 128 scalars.
// CHECK: module attributes {{{.*}}trident.shared_bytes = 34816 : i32
// CHECK-LABEL: llvm.func @columns
// CHECK: "stmatrix.sync.aligned.m8n8.x4.trans.shared.b16 [$0], {$1, $2, $3, $4};"
// CHECK: "stmatrix.sync.aligned.m8n8.x4.trans.shared.b16 [$0+4352], {$1, $2, $3, $4};"
// CHECK-COUNT-14: "stmatrix.sync.aligned.m8n8.x4.trans.shared.b16 [$0+{{[0-9]+}}], {$1, $2, $3, $4};"
// CHECK-NOT: stmatrix
// CHECK: %[[BASE:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK-NEXT: nvvm.barrier0
// CHECK-COUNT-16: llvm.getelementptr %[[BASE]][%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
// CHECK-NOT: llvm.load %{{.*}} : !llvm.ptr<3> -> f16
// CHECK: llvm.return
#wgmma = #gir.wgmma<warpsPerCTA = [4, 1], instrN = 128>
#col = #gir.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>
module attributes {gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32, gir.compute_capability = 90 : i32} {
  func.func @columns(%x: tensor<128x128xf16, #wgmma>) -> tensor<128x128xf16, #col> {
    %0 = gir.convert_layout %x : tensor<128x128xf16, #wgmma> -> tensor<128x128xf16, #col>
    return %0 : tensor<128x128xf16, #col>
  }
}

// -----

// The same before sm_90 (no stmatrix): still column-major, 2-byte writes
// and 16-byte reads (144 instructions), not 4-byte writes and 2-byte reads
// (192): the plan counts instructions beside wavefronts.
// CHECK-LABEL: llvm.func @columns_sm80
// CHECK-NOT: stmatrix
// CHECK-COUNT-128: llvm.store %{{.*}}, %{{.*}} : f16, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-COUNT-16: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<8xf16>
// CHECK-NOT: llvm.load
#wgmma = #gir.wgmma<warpsPerCTA = [4, 1], instrN = 128>
#col = #gir.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>
module attributes {gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32, gir.compute_capability = 80 : i32} {
  func.func @columns_sm80(%x: tensor<128x128xf16, #wgmma>) -> tensor<128x128xf16, #col> {
    %0 = gir.convert_layout %x : tensor<128x128xf16, #wgmma> -> tensor<128x128xf16, #col>
    return %0 : tensor<128x128xf16, #col>
  }
}

// -----

// Rows to rows of another width: 16-byte writes, 8-byte reads, and every
// phase of both already covers 128 contiguous bytes, so no padding: the
// buffer is the tile, 32 x 64 x 4 bytes.
// CHECK: module attributes {{{.*}}trident.shared_bytes = 8192 : i32
// CHECK-LABEL: llvm.func @rows
// CHECK-COUNT-4: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-COUNT-8: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr<3> -> vector<2xf32>
// CHECK-NOT: llvm.load
// CHECK: llvm.return
#a = #gir.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>
#b = #gir.blocked<sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>
module attributes {gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @rows(%x: tensor<32x64xf32, #a>) -> tensor<32x64xf32, #b> {
    %0 = gir.convert_layout %x : tensor<32x64xf32, #a> -> tensor<32x64xf32, #b>
    return %0 : tensor<32x64xf32, #b>
  }
}

// -----

// i1 tiles are staged as bytes, in vectors of i8 (4 written, 8 read).
// CHECK: module attributes {{{.*}}trident.shared_bytes = 2048 : i32
// CHECK-LABEL: llvm.func @masks
// CHECK-COUNT-4: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : vector<4xi8>, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-COUNT-2: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr<3> -> vector<8xi8>
// CHECK: llvm.trunc %{{.*}} : i8 to i1
#a = #gir.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>
#b = #gir.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
module attributes {gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @masks(%x: tensor<32x64xi1, #a>) -> tensor<32x64xi1, #b> {
    %0 = gir.convert_layout %x : tensor<32x64xi1, #a> -> tensor<32x64xi1, #b>
    return %0 : tensor<32x64xi1, #b>
  }
}

// -----

// A layout conversion goes through shared memory.
// CHECK-LABEL: llvm.func @convert
// CHECK: nvvm.barrier0
// CHECK: llvm.mlir.addressof @__trident_dynamic_smem : !llvm.ptr<3>
// CHECK: llvm.store {{.*}} !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.load {{.*}} !llvm.ptr<3>
#a = #gir.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#b = #gir.blocked<sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]>
module attributes {gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @convert(%x: tensor<32x32xf32, #a>) -> tensor<32x32xf32, #b> {
    %0 = gir.convert_layout %x : tensor<32x32xf32, #a> -> tensor<32x32xf32, #b>
    return %0 : tensor<32x32xf32, #b>
  }
}


// Without a pad, gpux.reverse declares its scratch
// (SharedMemoryScratchOpInterface: 1024 f32, 4096 bytes), which the same
// pass places over the tile once the tile is dead, at 0; a staged reverse
// declares none.
// CHECK-LABEL: func.func @declared_scratch
// CHECK: gir.local_alloc {gir.shared_offset = 0 : i64}
// CHECK: gpux.reverse %{{.*}} {gir.scratch_offset = 0 : i64}
// CHECK: gpux.reverse %{{.*}} staged in %{{.*}} : !llvm.ptr<3> :
// CHECK-NOT: gir.scratch_offset
#shared = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
#b = #gir.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
module attributes {gir.compute_capability = 90 : i32, gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @declared_scratch(%x: tensor<1024xf32, #b>) -> (tensor<1024xf32, #b>, tensor<1024xf32, #b>) {
    %a = gir.local_alloc : !gir.memdesc<128x64xbf16, #shared>
    %r = gpux.reverse %x : tensor<1024xf32, #b>
    %pad = gpux.scratchpad {bytes = 4096 : i64, alignment = 16 : i64} : !llvm.ptr<3>
    %s = gpux.reverse %x staged in %pad : !llvm.ptr<3> : tensor<1024xf32, #b>
    return %r, %s : tensor<1024xf32, #b>, tensor<1024xf32, #b>
  }
}

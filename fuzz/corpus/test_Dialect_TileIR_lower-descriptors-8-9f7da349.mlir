// Blocks that already carry a layout (GPU IR) are not Tile IR's to lower.
// CHECK: #[[BLOCKED:.*]] = #gir.blocked
// CHECK-LABEL: func.func @laid_out
// CHECK: tir.make_tensor_descriptor
// CHECK-NEXT: %[[V:.*]] = tir.descriptor_load %{{.*}}[%{{.*}}] : !tir.tensordesc<tensor<128xf32>> -> tensor<128xf32, #[[BLOCKED]]>
// CHECK-NEXT: tir.descriptor_store %{{.*}}[%{{.*}}], %[[V]] : !tir.tensordesc<tensor<128xf32>> -> tensor<128xf32, #[[BLOCKED]]>
#blocked = #gir.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
module attributes {gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @laid_out(%base: !tir.ptr<f32>, %n: i32, %i: i32) {
    %c1 = arith.constant 1 : i64
    %d = tir.make_tensor_descriptor %base, [%n], [%c1] : !tir.ptr<f32>, i32 -> !tir.tensordesc<tensor<128xf32>>
    %v = tir.descriptor_load %d[%i] : !tir.tensordesc<tensor<128xf32>> -> tensor<128xf32, #blocked>
    tir.descriptor_store %d[%i], %v : !tir.tensordesc<tensor<128xf32>> -> tensor<128xf32, #blocked>
    return
  }
}

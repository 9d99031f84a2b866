// What cannot be vectorized keeps the gather: addresses two elements apart,
// a bound of unknown divisibility in the mask, a pointer without alignment.
#v4 = #gir.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
module attributes {gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @gathers
  // CHECK-NOT: vector<4xf32>, !llvm.ptr
  // CHECK-NOT: -> vector<4xf32>
  // CHECK: llvm.intr.masked.gather
  // CHECK: llvm.intr.masked.gather
  // CHECK: llvm.intr.masked.gather
  // CHECK: llvm.return
  func.func @gathers(%x: !tir.ptr<f32> {tir.divisibility = 16 : i32}, %u: !tir.ptr<f32>,
                     %n: i32) -> (tensor<1024xf32, #v4>, tensor<1024xf32, #v4>, tensor<1024xf32, #v4>) {
    %r = tir.make_range 0 to 1024 : tensor<1024xi32, #v4>
    %two = arith.constant dense<2> : tensor<1024xi32, #v4>
    %r2 = arith.muli %r, %two : tensor<1024xi32, #v4>
    %xs = tir.splat %x : !tir.ptr<f32> -> tensor<1024x!tir.ptr<f32>, #v4>
    %strided = tir.addptr %xs, %r2 : tensor<1024x!tir.ptr<f32>, #v4>, tensor<1024xi32, #v4>
    %a = tir.load %strided : tensor<1024x!tir.ptr<f32>, #v4>
    %ns = tir.splat %n : i32 -> tensor<1024xi32, #v4>
    %m = arith.cmpi slt, %r, %ns : tensor<1024xi32, #v4>
    %xp = tir.addptr %xs, %r : tensor<1024x!tir.ptr<f32>, #v4>, tensor<1024xi32, #v4>
    %b = tir.load %xp, %m : tensor<1024x!tir.ptr<f32>, #v4>
    %us = tir.splat %u : !tir.ptr<f32> -> tensor<1024x!tir.ptr<f32>, #v4>
    %up = tir.addptr %us, %r : tensor<1024x!tir.ptr<f32>, #v4>, tensor<1024xi32, #v4>
    %c = tir.load %up : tensor<1024x!tir.ptr<f32>, #v4>
    return %a, %b, %c : tensor<1024xf32, #v4>, tensor<1024xf32, #v4>, tensor<1024xf32, #v4>
  }
}

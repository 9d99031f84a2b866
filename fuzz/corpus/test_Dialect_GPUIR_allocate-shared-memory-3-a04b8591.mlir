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

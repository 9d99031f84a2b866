// A scan: a sequential scan over each thread's run, Hillis-Steele across the
// lanes with shfl.sync up (down for a reverse scan), then earlier warps'
// totals through shared memory.
// CHECK-LABEL: llvm.func @scans
// CHECK: nvvm.shfl.sync up
// CHECK: nvvm.barrier0
// CHECK: nvvm.shfl.sync down
func.func @scans(%x: !tir.ptr<f32>) attributes {tir.kernel} {
  %r = tir.make_range 0 to 1024 : tensor<1024xi32>
  %xs = tir.splat %x : !tir.ptr<f32> -> tensor<1024x!tir.ptr<f32>>
  %xp = tir.addptr %xs, %r : tensor<1024x!tir.ptr<f32>>, tensor<1024xi32>
  %v = tir.load %xp : tensor<1024x!tir.ptr<f32>>
  %s = tir.scan %v axis = 0 : tensor<1024xf32> -> tensor<1024xf32> {
  ^bb0(%a: f32, %b: f32):
    %t = arith.addf %a, %b : f32
    tir.scan.return %t : f32
  }
  %q = tir.scan %s axis = 0 reverse : tensor<1024xf32> -> tensor<1024xf32> {
  ^bb0(%a: f32, %b: f32):
    %t = arith.maxnumf %a, %b : f32
    tir.scan.return %t : f32
  }
  tir.store %xp, %q : tensor<1024x!tir.ptr<f32>>
  return
}

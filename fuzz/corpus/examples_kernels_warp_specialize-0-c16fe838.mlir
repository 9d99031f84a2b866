// Three groups of warps at once: the program's 4 warps add two vectors of
// 1024 elements (out = x + y), a 4-warp partition that gives up registers
// (40 each) sums the first 256 elements of x into sums[0], and a 1-warp
// partition sums all of y into sums[1]; the default group takes 256
// registers per thread. Each partition reads x, y and sums through
// its captures; the partitions' reductions barrier among their own warps.
module attributes {tir.num_warps = 4 : i32} {
  func.func @warp_specialize(%x: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                             %y: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                             %out: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                             %sums: !tir.ptr<f32> {tir.divisibility = 16 : i32})
      attributes {tir.kernel} {
    tir.warp_specialize(%x, %y, %sums : !tir.ptr<f32>, !tir.ptr<f32>, !tir.ptr<f32>) registers(256) {
      %r = tir.make_range 0 to 1024 : tensor<1024xi32>
      %xs = tir.splat %x : !tir.ptr<f32> -> tensor<1024x!tir.ptr<f32>>
      %xp = tir.addptr %xs, %r : tensor<1024x!tir.ptr<f32>>, tensor<1024xi32>
      %ys = tir.splat %y : !tir.ptr<f32> -> tensor<1024x!tir.ptr<f32>>
      %yp = tir.addptr %ys, %r : tensor<1024x!tir.ptr<f32>>, tensor<1024xi32>
      %os = tir.splat %out : !tir.ptr<f32> -> tensor<1024x!tir.ptr<f32>>
      %op = tir.addptr %os, %r : tensor<1024x!tir.ptr<f32>>, tensor<1024xi32>
      %a = tir.load %xp : tensor<1024x!tir.ptr<f32>>
      %b = tir.load %yp : tensor<1024x!tir.ptr<f32>>
      %c = arith.addf %a, %b : tensor<1024xf32>
      tir.store %op, %c : tensor<1024x!tir.ptr<f32>>
    } partition num_warps(4) registers(40) (%x0: !tir.ptr<f32>, %y0: !tir.ptr<f32>, %s0: !tir.ptr<f32>) {
      %r0 = tir.make_range 0 to 256 : tensor<256xi32>
      %xs0 = tir.splat %x0 : !tir.ptr<f32> -> tensor<256x!tir.ptr<f32>>
      %xp0 = tir.addptr %xs0, %r0 : tensor<256x!tir.ptr<f32>>, tensor<256xi32>
      %v0 = tir.load %xp0 : tensor<256x!tir.ptr<f32>>
      %sum0 = tir.reduce %v0 axis = 0 : tensor<256xf32> -> f32 {
      ^bb0(%p: f32, %q: f32):
        %t = arith.addf %p, %q : f32
        tir.reduce.return %t : f32
      }
      tir.store %s0, %sum0 : !tir.ptr<f32>
    } partition num_warps(1) (%x1: !tir.ptr<f32>, %y1: !tir.ptr<f32>, %s1: !tir.ptr<f32>) {
      %r1 = tir.make_range 0 to 1024 : tensor<1024xi32>
      %ys1 = tir.splat %y1 : !tir.ptr<f32> -> tensor<1024x!tir.ptr<f32>>
      %yp1 = tir.addptr %ys1, %r1 : tensor<1024x!tir.ptr<f32>>, tensor<1024xi32>
      %v1 = tir.load %yp1 : tensor<1024x!tir.ptr<f32>>
      %sum1 = tir.reduce %v1 axis = 0 : tensor<1024xf32> -> f32 {
      ^bb0(%p: f32, %q: f32):
        %t = arith.addf %p, %q : f32
        tir.reduce.return %t : f32
      }
      %one = arith.constant 1 : i32
      %s1p = tir.addptr %s1, %one : !tir.ptr<f32>, i32
      tir.store %s1p, %sum1 : !tir.ptr<f32>
    }
    return
  }
}

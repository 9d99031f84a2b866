// A 1-D kernel: one default layout, no conversions; the module records the
// launch shape.
// CHECK: #[[B:.*]] = #gir.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK: module attributes {gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32}
// CHECK-LABEL: func.func @add
// CHECK: tir.make_range 0 to 1024 : tensor<1024xi32, #[[B]]>
// CHECK: tir.splat %{{.*}} : !tir.ptr<f32> -> tensor<1024x!tir.ptr<f32>, #[[B]]>
// CHECK: tir.load %{{.*}}, %{{.*}} : tensor<1024x!tir.ptr<f32>, #[[B]]>
// CHECK: arith.addf %{{.*}}, %{{.*}} : tensor<1024xf32, #[[B]]>
// CHECK-NOT: gir.convert_layout
// WARPS8: warpsPerCTA = [8]
// WARPS8: gir.num_warps = 8 : i32
func.func @add(%x: !tir.ptr<f32>, %y: !tir.ptr<f32>, %n: i32) attributes {tir.kernel} {
  %r = tir.make_range 0 to 1024 : tensor<1024xi32>
  %ns = tir.splat %n : i32 -> tensor<1024xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<1024xi32>
  %xs = tir.splat %x : !tir.ptr<f32> -> tensor<1024x!tir.ptr<f32>>
  %xp = tir.addptr %xs, %r : tensor<1024x!tir.ptr<f32>>, tensor<1024xi32>
  %a = tir.load %xp, %m : tensor<1024x!tir.ptr<f32>>
  %ys = tir.splat %y : !tir.ptr<f32> -> tensor<1024x!tir.ptr<f32>>
  %yp = tir.addptr %ys, %r : tensor<1024x!tir.ptr<f32>>, tensor<1024xi32>
  %b = tir.load %yp, %m : tensor<1024x!tir.ptr<f32>>
  %s = arith.addf %a, %b : tensor<1024xf32>
  tir.store %yp, %s, %m : tensor<1024x!tir.ptr<f32>>
  return
}

// The same copy with a bound of unknown divisibility: the mask may change
// between any two elements, so a thread keeps one element (the default
// layout, neighbouring lanes on neighbouring elements).
// CHECK: #[[V1:.*]] = #gir.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-LABEL: func.func @copy_unaligned_bound
// CHECK: tir.load %{{.*}}, %{{.*}} : tensor<1024x!tir.ptr<f32>, #[[V1]]>
func.func @copy_unaligned_bound(%x: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                                %y: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                                %n: i32) attributes {tir.kernel} {
  %r = tir.make_range 0 to 1024 : tensor<1024xi32>
  %ns = tir.splat %n : i32 -> tensor<1024xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<1024xi32>
  %xs = tir.splat %x : !tir.ptr<f32> -> tensor<1024x!tir.ptr<f32>>
  %xp = tir.addptr %xs, %r : tensor<1024x!tir.ptr<f32>>, tensor<1024xi32>
  %v = tir.load %xp, %m : tensor<1024x!tir.ptr<f32>>
  %ys = tir.splat %y : !tir.ptr<f32> -> tensor<1024x!tir.ptr<f32>>
  %yp = tir.addptr %ys, %r : tensor<1024x!tir.ptr<f32>>, tensor<1024xi32>
  tir.store %yp, %v, %m : tensor<1024x!tir.ptr<f32>>
  return
}

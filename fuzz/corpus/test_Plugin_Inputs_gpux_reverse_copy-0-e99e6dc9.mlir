func.func @reverse_copy(%x: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                        %y: !tir.ptr<f32> {tir.divisibility = 16 : i32}) attributes {tir.kernel} {
  %r = gpux.range {start = 0 : i32, step = 1 : i32} : tensor<1024xi32>
  %xs = tir.splat %x : !tir.ptr<f32> -> tensor<1024x!tir.ptr<f32>>
  %xp = tir.addptr %xs, %r : tensor<1024x!tir.ptr<f32>>, tensor<1024xi32>
  %v = tir.load %xp : tensor<1024x!tir.ptr<f32>>
  %w = gpux.reverse %v : tensor<1024xf32>
  %ys = tir.splat %y : !tir.ptr<f32> -> tensor<1024x!tir.ptr<f32>>
  %yp = tir.addptr %ys, %r : tensor<1024x!tir.ptr<f32>>, tensor<1024xi32>
  tir.store %yp, %w : tensor<1024x!tir.ptr<f32>>
  return
}

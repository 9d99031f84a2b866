func.func @staged_reverse(%x: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                          %y: !tir.ptr<f32> {tir.divisibility = 16 : i32}) attributes {tir.kernel} {
  %pad = gpux.scratchpad {bytes = 4096 : i64, alignment = 16 : i64} : !llvm.ptr<3>
  %r = gpux.range {start = 0 : i32, step = 1 : i32} : tensor<1024xi32>
  %xs = tir.splat %x : !tir.ptr<f32> -> tensor<1024x!tir.ptr<f32>>
  %xp = tir.addptr %xs, %r : tensor<1024x!tir.ptr<f32>>, tensor<1024xi32>
  %v = tir.load %xp : tensor<1024x!tir.ptr<f32>>
  %w = gpux.reverse %v staged in %pad : !llvm.ptr<3> : tensor<1024xf32>
  %ys = tir.splat %y : !tir.ptr<f32> -> tensor<1024x!tir.ptr<f32>>
  %yp = tir.addptr %ys, %r : tensor<1024x!tir.ptr<f32>>, tensor<1024xi32>
  tir.store %yp, %w : tensor<1024x!tir.ptr<f32>>
  return
}

// Rank-0 tiles: a rank-0 kernel argument, a rank-0 tile of pointers
// loaded and stored through, elementwise arithmetic, a one-element tile
// reshaped to rank 0 and back, and rank-0 tiles carried by a loop.
func.func @rank0(%p: !tir.ptr<f32>, %t: tensor<f32>) attributes {tir.kernel} {
  %c = arith.constant dense<2.0> : tensor<f32>
  %s = tir.splat %p : !tir.ptr<f32> -> tensor<!tir.ptr<f32>>
  %x = tir.load %s : tensor<!tir.ptr<f32>>
  %r = tir.make_range 0 to 1 : tensor<1xi32>
  %ps = tir.splat %p : !tir.ptr<f32> -> tensor<1x!tir.ptr<f32>>
  %p1 = tir.addptr %ps, %r : tensor<1x!tir.ptr<f32>>, tensor<1xi32>
  %v1 = tir.load %p1 : tensor<1x!tir.ptr<f32>>
  %v = tir.reshape %v1 : tensor<1xf32> -> tensor<f32>
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c1 = arith.constant 1 : index
  %acc = scf.for %i = %c0 to %c3 step %c1 iter_args(%a = %x) -> (tensor<f32>) {
    %m = arith.mulf %a, %c : tensor<f32>
    %n = arith.addf %m, %v : tensor<f32>
    scf.yield %n : tensor<f32>
  }
  %z = arith.addf %acc, %t : tensor<f32>
  tir.store %s, %z : tensor<!tir.ptr<f32>>
  %w = tir.expand_dims %z, axis = 0 : tensor<f32> -> tensor<1xf32>
  %one = arith.constant dense<1> : tensor<1xi32>
  %p2 = tir.addptr %p1, %one : tensor<1x!tir.ptr<f32>>, tensor<1xi32>
  tir.store %p2, %w : tensor<1x!tir.ptr<f32>>
  return
}

// Shapes must be powers of two to be distributed over threads.
func.func @npot(%x: !tir.ptr<f32>) attributes {tir.kernel} {
  // expected-error @+1 {{'tir.make_range' op produces a tile of shape 'tensor<100xi32>' whose dimensions are not all powers of two; GPU code generation needs power-of-two tiles}}
  %r = tir.make_range 0 to 100 : tensor<100xi32>
  %s = tir.splat %x : !tir.ptr<f32> -> tensor<100x!tir.ptr<f32>>
  %p = tir.addptr %s, %r : tensor<100x!tir.ptr<f32>>, tensor<100xi32>
  %v = tir.load %p : tensor<100x!tir.ptr<f32>>
  tir.store %p, %v : tensor<100x!tir.ptr<f32>>
  return
}

// expected-error @+1 {{kernel 'kernel_tile_argument' argument #1 is a tile ('tensor<4xf32>'); kernels take pointers, scalars and tensor descriptors, and load tiles through pointers}}
func.func @kernel_tile_argument(%p: !tir.ptr<f32>, %t: tensor<4xf32>) attributes {tir.kernel} {
  return
}

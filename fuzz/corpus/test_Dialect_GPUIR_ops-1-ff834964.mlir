#blk = #gir.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>
#slice = #gir.slice<dim = 1, parent = #blk>

// CHECK: #gir.slice<dim = 1, parent = #{{.*}}>
// CHECK-LABEL: func.func @slice_layouts
// CHECK: tir.reduce %{{.*}} axis = 1 : tensor<4x256xf32, #{{.*}}> -> tensor<4xf32, #{{.*}}>
func.func @slice_layouts(%x: tensor<4x256xf32, #blk>) -> tensor<4x1xf32, #blk> {
  %r = tir.reduce %x axis = 1 : tensor<4x256xf32, #blk> -> tensor<4xf32, #slice> {
  ^bb0(%a: f32, %b: f32):
    %m = arith.maxnumf %a, %b : f32
    tir.reduce.return %m : f32
  }
  %e = tir.expand_dims %r, axis = 1 : tensor<4xf32, #slice> -> tensor<4x1xf32, #blk>
  return %e : tensor<4x1xf32, #blk>
}

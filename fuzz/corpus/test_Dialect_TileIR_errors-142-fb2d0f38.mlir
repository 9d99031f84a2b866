func.func @ws_tile_capture(%t: tensor<128xf32>) {
  // expected-error @+1 {{captures a tile (#0, 'tensor<128xf32>'); partitions lay out their own tiles}}
  tir.warp_specialize(%t : tensor<128xf32>) {
  } partition num_warps(1) (%t0: tensor<128xf32>) {
  }
  return
}

// CHECK: error: 'tir.warp_specialize' op needs 36 warps (4 of the program and its partitions'), over the 32 warps (1024 threads) of a CTA
func.func @too_many() attributes {tir.kernel} {
  tir.warp_specialize() {
  } partition num_warps(32) {
  }
  return
}

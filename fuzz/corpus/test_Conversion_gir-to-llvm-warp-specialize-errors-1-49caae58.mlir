// CHECK: error: 'tir.warp_specialize' op is one of several in kernel 'twice'; a kernel may have one
func.func @twice() attributes {tir.kernel} {
  tir.warp_specialize() {
  } partition num_warps(1) {
  }
  tir.warp_specialize() {
  } partition num_warps(1) {
  }
  return
}

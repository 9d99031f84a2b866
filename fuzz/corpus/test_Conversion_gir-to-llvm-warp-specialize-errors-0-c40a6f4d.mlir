// Warp-specialized kernels the NVIDIA lowering refuses, with the reason.

// CHECK: error: 'tir.warp_specialize' op must be at the top level of its kernel (not in a loop, branch or region)
func.func @nested(%c: i1) attributes {tir.kernel} {
  scf.if %c {
    tir.warp_specialize() {
    } partition num_warps(1) {
    }
  }
  return
}

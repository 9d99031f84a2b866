// CHECK: error: 'tir.warp_specialize' op register budgets need 67584 registers, over the 65536 of an SM (each thread starts with 168)
func.func @budget() attributes {tir.kernel} {
  tir.warp_specialize() registers(256) {
  } partition num_warps(8) registers(136) {
  }
  return
}

// Found by the mutation driver: a dense array of `index` elements crashes
// MLIR 22's own parser (mlir-opt-22 too). Trident must answer with an
// error at the attribute, not a crash.
func.func @k() attributes {tir.kernel, bad = array<index: 1, 0, 0>} {
  return
}

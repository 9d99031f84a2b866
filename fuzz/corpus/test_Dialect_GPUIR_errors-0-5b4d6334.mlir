// Every verifier rule of GPU IR, with its diagnostic: the layout attributes,
// the tiles that carry them, !gir.memdesc, the ops, and the module's
// `gir.*` attributes together with the layouts they constrain.

//===----------------------------------------------------------------------===//
// #gir.blocked
//===----------------------------------------------------------------------===//

// expected-error @+1 {{blocked layout sizes must be powers of two, got 3}}
func.func @npot(%x: tensor<64xf32, #gir.blocked<sizePerThread = [3], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>) {
  return
}

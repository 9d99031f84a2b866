// expected-error @+1 {{#gir.nvmma_shared lays out shared-memory buffers (!gir.memdesc), not tiles: give the tile a distributed layout}}
func.func private @shared_tile(tensor<64x64xbf16, #gir.nvmma_shared<swizzle = 128, order = [1, 0]>>)

//===----------------------------------------------------------------------===//
// !gir.memdesc
//===----------------------------------------------------------------------===//

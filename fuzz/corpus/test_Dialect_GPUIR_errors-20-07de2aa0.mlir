// expected-error @+1 {{nvmma_shared order must be [1, 0] or [0, 1]}}
func.func private @shared_order_rank(!gir.memdesc<64x64xf16, #gir.nvmma_shared<swizzle = 128, order = [2, 1, 0]>>)

//===----------------------------------------------------------------------===//
// Tiles with layouts: a distributed layout has the tile's rank; a shared
// layout is for buffers only.
//===----------------------------------------------------------------------===//

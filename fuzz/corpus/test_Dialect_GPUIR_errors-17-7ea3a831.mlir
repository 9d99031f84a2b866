// expected-error @+1 {{mma_v2 warpsPerCTA must be powers of two, got 3}}
func.func private @mma_warps(tensor<64x64xf32, #gir.mma_v2<warpsPerCTA = [3, 1]>>)

//===----------------------------------------------------------------------===//
// #gir.nvmma_shared
//===----------------------------------------------------------------------===//

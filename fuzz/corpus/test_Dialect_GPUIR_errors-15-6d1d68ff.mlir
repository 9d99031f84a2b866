// expected-error @+1 {{wgmma layout ctaSplit must be a power of two in [1, 16], got 0}}
func.func private @wgmma_cta_split(tensor<64x64xf32, #gir.wgmma<warpsPerCTA = [4, 1], instrN = 64, ctaSplit = 0>>)

//===----------------------------------------------------------------------===//
// #gir.mma_v2 (Ampere mma.sync accumulator)
//===----------------------------------------------------------------------===//

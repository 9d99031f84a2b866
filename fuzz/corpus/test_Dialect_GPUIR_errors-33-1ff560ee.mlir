// order = [0, 1]: dimension 0 is the contiguous one.
// expected-error @+1 {{the contiguous dimension (16 x 4 bytes) is not a multiple of the 128-byte swizzle}}
func.func private @memdesc_swizzle_mn(!gir.memdesc<16x64xf32, #gir.nvmma_shared<swizzle = 128, order = [0, 1]>>)

//===----------------------------------------------------------------------===//
// gir.convert_layout
//===----------------------------------------------------------------------===//

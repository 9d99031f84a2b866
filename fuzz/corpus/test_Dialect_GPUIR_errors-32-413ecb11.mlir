// expected-error @+1 {{the contiguous dimension (16 x 2 bytes) is not a multiple of the 128-byte swizzle}}
func.func private @memdesc_swizzle(!gir.memdesc<64x16xf16, #gir.nvmma_shared<swizzle = 128, order = [1, 0]>>)

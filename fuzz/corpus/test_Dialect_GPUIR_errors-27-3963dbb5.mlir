// expected-error @+1 {{memdesc needs at least two dimensions}}
func.func private @memdesc_rank(!gir.memdesc<64xf16, #gir.nvmma_shared<swizzle = 128, order = [1, 0]>>)

// expected-error @+1 {{memdesc dimensions must be positive, got 0}}
func.func private @memdesc_empty(!gir.memdesc<0x64xf16, #gir.nvmma_shared<swizzle = 128, order = [1, 0]>>)

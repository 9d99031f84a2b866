// expected-error @+1 {{nvmma_shared swizzle must be 32, 64 or 128 bytes, got 16}}
func.func private @swizzle(!gir.memdesc<64x64xf16, #gir.nvmma_shared<swizzle = 16, order = [1, 0]>>)

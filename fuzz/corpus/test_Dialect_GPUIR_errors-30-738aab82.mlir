// Shared memory is addressed in bytes.
// expected-error @+1 {{memdesc elements must be 1, 2, 4 or 8 bytes wide, got 'i1'}}
func.func private @memdesc_i1(!gir.memdesc<128x1024xi1, #gir.nvmma_shared<swizzle = 128, order = [1, 0]>>)

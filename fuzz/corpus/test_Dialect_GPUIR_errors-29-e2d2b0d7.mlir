// expected-error @+1 {{memdesc elements must be integers or floats, got '!tir.ptr<f32>'}}
func.func private @memdesc_pointers(!gir.memdesc<64x64x!tir.ptr<f32>, #gir.nvmma_shared<swizzle = 128, order = [1, 0]>>)

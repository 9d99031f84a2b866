// expected-error @+2 {{invalid kind of attribute specified}}
// expected-error @+1 {{failed to parse GPUIR_SliceEncodingAttr parameter 'parent' which is to be a `DistributedEncodingAttr`}}
func.func private @slice_parent(tensor<64xf32, #gir.slice<dim = 0, parent = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>>>)

//===----------------------------------------------------------------------===//
// #gir.wgmma (Hopper warpgroup MMA accumulator)
//===----------------------------------------------------------------------===//

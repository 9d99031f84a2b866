// (A rank-0 list does not parse: `[]` holds no integer.)
// expected-error @+2 {{expected integer value}}
// expected-error @+1 {{failed to parse GPUIR_BlockedEncodingAttr parameter 'sizePerThread'}}
func.func private @rank0(tensor<f32, #gir.blocked<sizePerThread = [], threadsPerWarp = [], warpsPerCTA = [], order = []>>)

//===----------------------------------------------------------------------===//
// #gir.slice
//===----------------------------------------------------------------------===//

// BITS: error: convert-tir-to-cpu: vector-bits must be 0 (the host's width) or a power of two up to 2048, not {{96|4096}}

// expected-error @+1 {{convert-tir-to-cpu: kernel argument #0 has type 'tensor<4xf32>'; kernels take pointers and scalars}}
func.func @tile_argument(%t: tensor<4xf32>) attributes {tir.kernel} {
  return
}

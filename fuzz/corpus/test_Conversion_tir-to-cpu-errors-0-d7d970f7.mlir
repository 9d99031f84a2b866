// BITS: error: convert-tir-to-cpu: vector-bits must be 0 (the host's width) or a power of two up to 2048, not {{96|4096}}

// expected-error @+1 {{convert-tir-to-cpu: kernel argument #0 has type 'vector<4xf32>'; kernels take pointers and scalars}}
func.func @vector_argument(%t: vector<4xf32>) attributes {tir.kernel} {
  return
}

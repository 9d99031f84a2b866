// Every verifier rule of the TLX plugin's types and ops, with its
// diagnostic.
// RUN: trident-opt --load-plugin=%plugins/libTlxPlugin.so %s -split-input-file -verify-diagnostics

// expected-error @below {{a ring holds at least one buffer, got 0}}
func.func @empty_ring(%r: !tlx.buffers<0x64xf16>) {
  return
}

// -----

// expected-error @below {{!tlx.buffers needs a count and a tile shape}}
func.func @no_tile(%r: !tlx.buffers<4xf16>) {
  return
}

// -----

// expected-error @below {{a buffer holds ints or floats, got 'index'}}
func.func @index_buffer(%b: !tlx.buffer<64xindex>) {
  return
}

// -----

// expected-error @below {{a buffer holds a tile of rank 1 or more}}
func.func @scalar_buffer(%b: !tlx.buffer<f16>) {
  return
}

// -----

func.func @view_of_another_tile(%r: !tlx.buffers<2x64x32xf16>, %i: i32) {
  // expected-error @below {{'tlx.local_view' op gives a buffer of the ring's tile ('!tlx.buffer<64x32xf16>'), not '!tlx.buffer<32x64xf16>'}}
  %b = tlx.local_view %r[%i] : !tlx.buffers<2x64x32xf16> -> !tlx.buffer<32x64xf16>
  return
}

// -----

func.func @load_other_type(%b: !tlx.buffer<64xf16>) {
  // expected-error @below {{'tlx.local_load' op result 'tensor<64xf32>' does not match the buffer '!tlx.buffer<64xf16>'}}
  %t = tlx.local_load %b : !tlx.buffer<64xf16> -> tensor<64xf32>
  return
}

// -----

func.func @store_other_shape(%b: !tlx.buffer<64xf16>, %x: tensor<32xf16>) {
  // expected-error @below {{'tlx.local_store' op stored tile 'tensor<32xf16>' does not match the buffer '!tlx.buffer<64xf16>'}}
  tlx.local_store %x, %b : tensor<32xf16>, !tlx.buffer<64xf16>
  return
}

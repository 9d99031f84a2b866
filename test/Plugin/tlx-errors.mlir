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

// -----

func.func @copy_wrong_type(%p: tensor<64x!tir.ptr<f32>>, %b: !tlx.buffer<64xf16>) {
  // expected-error @below {{copies a tile of pointers to the buffer's elements and shape}}
  %t = tlx.async_load %p, %b : tensor<64x!tir.ptr<f32>> -> !tlx.buffer<64xf16>
  return
}

// -----

func.func @copy_mask_shape(%p: tensor<64x!tir.ptr<f16>>, %b: !tlx.buffer<64xf16>, %m: tensor<32xi1>) {
  // expected-error @below {{mask must be an i1 tile of the pointers' shape}}
  %t = tlx.async_load %p, %b, %m : tensor<64x!tir.ptr<f16>>, tensor<32xi1> -> !tlx.buffer<64xf16>
  return
}

// -----

func.func @dot_shapes(%a: !tlx.buffer<64x32xf16>, %b: !tlx.buffer<16x64xf16>, %c: tensor<64x64xf32>) {
  // expected-error @below {{shapes do not form a matrix product}}
  %d = tlx.async_dot %a, %b, %c : !tlx.buffer<64x32xf16> * !tlx.buffer<16x64xf16> -> tensor<64x64xf32>
  return
}

// -----

func.func @dot_small_m(%a: !tlx.buffer<32x32xf16>, %b: !tlx.buffer<32x64xf16>, %c: tensor<32x64xf32>) {
  // expected-error @below {{needs M a multiple of 64, N a multiple of 8 from 8 to 256 and K at least 16 (Hopper's warpgroup MMA), got M=32 N=64 K=32}}
  %d = tlx.async_dot %a, %b, %c : !tlx.buffer<32x32xf16> * !tlx.buffer<32x64xf16> -> tensor<32x64xf32>
  return
}

// -----

func.func @dot_mixed(%a: !tlx.buffer<64x32xf16>, %b: !tlx.buffer<32x64xbf16>, %c: tensor<64x64xf32>) {
  // expected-error @below {{multiplies f16, bf16, f32 (as tf32) or fp8 operands of one kind, got 'f16' and 'bf16'}}
  %d = tlx.async_dot %a, %b, %c : !tlx.buffer<64x32xf16> * !tlx.buffer<32x64xbf16> -> tensor<64x64xf32>
  return
}

// -----

func.func @dot_f16_acc(%a: !tlx.buffer<64x32xf16>, %b: !tlx.buffer<32x64xf16>, %c: tensor<64x64xf16>) {
  // expected-error @below {{accumulates in f32, got 'f16'}}
  %d = tlx.async_dot %a, %b, %c : !tlx.buffer<64x32xf16> * !tlx.buffer<32x64xf16> -> tensor<64x64xf16>
  return
}

// -----

// expected-error @below {{at least one barrier, got 0}}
func.func @no_barriers(%b: !tlx.barriers<0>) {
  return
}

// -----

func.func @trans_not_permutation(%b: !tlx.buffer<64x32xf16>) {
  // expected-error @below {{order must permute the buffer's 2 dimensions}}
  %t = tlx.local_trans %b, [0, 0] : !tlx.buffer<64x32xf16> -> !tlx.buffer<64x32xf16>
  return
}

// -----

func.func @trans_wrong_result(%b: !tlx.buffer<64x32xf16>) {
  // expected-error @below {{gives '!tlx.buffer<32x64xf16>', not '!tlx.buffer<64x32xf16>'}}
  %t = tlx.local_trans %b, [1, 0] : !tlx.buffer<64x32xf16> -> !tlx.buffer<64x32xf16>
  return
}

// -----

func.func @tma_block_mismatch(%d: !tir.tensordesc<tensor<64x64xf16>>, %b: !tlx.buffer<64x32xf16>, %bar: !tlx.barrier, %i: i32) {
  // expected-error @below {{copies the descriptor's block ('!tir.tensordesc<tensor<64x64xf16>>') and a buffer of that shape and type, got '!tlx.buffer<64x32xf16>'}}
  tlx.async_descriptor_load %d[%i, %i], %b, %bar : !tir.tensordesc<tensor<64x64xf16>> -> !tlx.buffer<64x32xf16>
  return
}

// -----

func.func @tma_offsets(%d: !tir.tensordesc<tensor<64x64xf16>>, %b: !tlx.buffer<64x64xf16>, %bar: !tlx.barrier, %i: i32) {
  // expected-error @below {{needs one offset per dimension (2), got 1}}
  tlx.async_descriptor_load %d[%i], %b, %bar : !tir.tensordesc<tensor<64x64xf16>> -> !tlx.buffer<64x64xf16>
  return
}

// What tlx-lower-to-gir refuses, with its diagnostic.
// RUN: trident-opt --load-plugin=%plugins/libTlxPlugin.so --tlx-lower-to-gir %s -split-input-file -verify-diagnostics

func.func @bits() {
  // expected-error @below {{'tlx.local_alloc' op buffers of elements narrower than a byte are not supported, got '!tlx.buffers<2x64xi1>'}}
  %r = tlx.local_alloc : !tlx.buffers<2x64xi1>
  return
}

// -----

func.func @escapes() -> !tlx.buffers<2x64xf16> {
  // expected-error @below {{'tlx.local_alloc' op a value of a TLX type is used by an op that is not TLX's}}
  %r = tlx.local_alloc : !tlx.buffers<2x64xf16>
  return %r : !tlx.buffers<2x64xf16>
}

// -----

module attributes {gir.compute_capability = 90 : i32, gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @narrow_rows(%i: i32, %c: tensor<64x8xf32>) -> tensor<64x8xf32> {
    %ra = tlx.local_alloc : !tlx.buffers<1x64x16xf16>
    // expected-error @below {{'tlx.local_alloc' op feeds tlx.async_dot, whose operands in shared memory need rows of at least 32 bytes, got '!tlx.buffers<1x16x8xf16>'}}
    %rb = tlx.local_alloc : !tlx.buffers<1x16x8xf16>
    %a = tlx.local_view %ra[%i] : !tlx.buffers<1x64x16xf16> -> !tlx.buffer<64x16xf16>
    %b = tlx.local_view %rb[%i] : !tlx.buffers<1x16x8xf16> -> !tlx.buffer<16x8xf16>
    %d = tlx.async_dot %a, %b, %c : !tlx.buffer<64x16xf16> * !tlx.buffer<16x8xf16> -> tensor<64x8xf32>
    return %d : tensor<64x8xf32>
  }
}

// -----

module attributes {gir.compute_capability = 90 : i32, gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @store_into_transposed_dot_ring(%i: i32, %x: tensor<64x32xf16>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
    %ra = tlx.local_alloc : !tlx.buffers<1x64x32xf16>
    %rb = tlx.local_alloc : !tlx.buffers<1x32x64xf16>
    %a = tlx.local_view %ra[%i] : !tlx.buffers<1x64x32xf16> -> !tlx.buffer<64x32xf16>
    %b = tlx.local_view %rb[%i] : !tlx.buffers<1x32x64xf16> -> !tlx.buffer<32x64xf16>
    %t = tlx.local_trans %b, [1, 0] : !tlx.buffer<32x64xf16> -> !tlx.buffer<64x32xf16>
    // expected-error @below {{'tlx.local_store' op on a transposed view, or a buffer of other than two dimensions, that tlx.async_dot or TMA uses (laid out for them) is not supported yet}}
    tlx.local_store %x, %t : tensor<64x32xf16>, !tlx.buffer<64x32xf16>
    %d = tlx.async_dot %a, %b, %c : !tlx.buffer<64x32xf16> * !tlx.buffer<32x64xf16> -> tensor<64x64xf32>
    return %d : tensor<64x64xf32>
  }
}

// -----

module attributes {gir.compute_capability = 90 : i32, gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @barrier_from_outside(%bar: !tlx.barrier) {
    // expected-error @below {{'tlx.barrier_arrive' op uses a barrier that is not a tlx.local_view of tlx.alloc_barriers in the same region}}
    tlx.barrier_arrive %bar
    return
  }
}

// -----

module attributes {gir.compute_capability = 90 : i32, gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @tma_unswizzled(%d: !tir.tensordesc<tensor<4x64xf16>>, %i: i32) {
    %ring = tlx.local_alloc : !tlx.buffers<1x4x64xf16>
    %bars = tlx.alloc_barriers {arrive_count = 1 : i32} : !tlx.barriers<1>
    %bar = tlx.barrier_view %bars[%i] : !tlx.barriers<1>
    %v = tlx.local_view %ring[%i] : !tlx.buffers<1x4x64xf16> -> !tlx.buffer<4x64xf16>
    // expected-error @below {{copies into TLX buffers only 2-D blocks TMA swizzles (8 or more rows of 32, 64 or 128 bytes)}}
    tlx.async_descriptor_load %d[%i, %i], %v, %bar : !tir.tensordesc<tensor<4x64xf16>> -> !tlx.buffer<4x64xf16>
    return
  }
}

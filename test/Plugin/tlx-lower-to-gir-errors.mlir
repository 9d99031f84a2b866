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

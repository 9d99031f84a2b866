// Every verifier rule of the gpu-ext example's gpux dialect, with its
// diagnostic. (What the shared-memory allocator refuses of a scratchpad is
// in gpu-ext-scratchpad-errors.mlir.)
// RUN: trident-opt --load-plugin=%plugins/libGpuExtPlugin.so %s -split-input-file -verify-diagnostics

func.func @range_dynamic() {
  // expected-error @below {{'gpux.range' op needs a static, non-empty length, got 'tensor<?xi32>'}}
  %r = gpux.range {start = 0 : i32, step = 1 : i32} : tensor<?xi32>
  return
}

// -----

func.func @range_empty() {
  // expected-error @below {{'gpux.range' op needs a static, non-empty length, got 'tensor<0xi32>'}}
  %r = gpux.range {start = 0 : i32, step = 1 : i32} : tensor<0xi32>
  return
}

// -----

func.func @range_rank() {
  // expected-error @below {{'gpux.range' op result #0 must be 1D tensor of 32-bit signless integer values, but got 'tensor<4x4xi32>'}}
  %r = gpux.range {start = 0 : i32, step = 1 : i32} : tensor<4x4xi32>
  return
}

// -----

func.func @range_step() {
  // expected-error @below {{'gpux.range' op requires attribute 'step'}}
  %r = "gpux.range"() <{start = 0 : i32}> : () -> tensor<4xi32>
  return
}

// -----

func.func @reverse_rank(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error @below {{'gpux.reverse' op reverses 1-D tiles of static length, got 'tensor<4x4xf32>'}}
  %r = gpux.reverse %x : tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}

// -----

func.func @reverse_types(%x: tensor<4xf32>) -> tensor<4xf16> {
  // expected-error @below {{'gpux.reverse' op failed to verify that all of {src, result} have same type}}
  %r = "gpux.reverse"(%x) : (tensor<4xf32>) -> tensor<4xf16>
  return %r : tensor<4xf16>
}

// -----

func.func @reverse_staging(%x: tensor<1024xf32>, %pad: !llvm.ptr<3>) -> tensor<1024xf32> {
  // expected-error @below {{'gpux.reverse' op stages in a gpux.scratchpad only}}
  %r = gpux.reverse %x staged in %pad : !llvm.ptr<3> : tensor<1024xf32>
  return %r : tensor<1024xf32>
}

// -----

func.func @reverse_small_pad(%x: tensor<1024xf32>) -> tensor<1024xf32> {
  %pad = gpux.scratchpad {bytes = 1024 : i64, alignment = 16 : i64} : !llvm.ptr<3>
  // expected-error @below {{'gpux.reverse' op needs 4096 bytes of staging, the scratchpad has 1024}}
  %r = gpux.reverse %x staged in %pad : !llvm.ptr<3> : tensor<1024xf32>
  return %r : tensor<1024xf32>
}

// -----

func.func @scratchpad_global() {
  // expected-error @below {{'gpux.scratchpad' op is a pointer to shared memory (!llvm.ptr<3>), got '!llvm.ptr<1>'}}
  %pad = gpux.scratchpad {bytes = 64 : i64, alignment = 16 : i64} : !llvm.ptr<1>
  return
}

// -----

func.func @scratchpad_not_pointer() {
  // expected-error @below {{'gpux.scratchpad' op is a pointer to shared memory (!llvm.ptr<3>), got 'i64'}}
  %pad = gpux.scratchpad {bytes = 64 : i64, alignment = 16 : i64} : i64
  return
}

// -----

func.func @scratchpad_size() {
  // expected-error @below {{'gpux.scratchpad' op needs a positive size, got 0}}
  %pad = gpux.scratchpad {bytes = 0 : i64, alignment = 16 : i64} : !llvm.ptr<3>
  return
}

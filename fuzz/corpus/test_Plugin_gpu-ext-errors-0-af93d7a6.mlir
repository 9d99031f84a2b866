// Every verifier rule of the gpu-ext example's gpux dialect, with its
// diagnostic. (What the shared-memory allocator refuses of a scratchpad is
// in gpu-ext-scratchpad-errors.mlir.)

func.func @range_dynamic() {
  // expected-error @below {{'gpux.range' op needs a static, non-empty length, got 'tensor<?xi32>'}}
  %r = gpux.range {start = 0 : i32, step = 1 : i32} : tensor<?xi32>
  return
}

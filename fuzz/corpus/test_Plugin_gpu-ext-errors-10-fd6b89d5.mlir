func.func @scratchpad_size() {
  // expected-error @below {{'gpux.scratchpad' op needs a positive size, got 0}}
  %pad = gpux.scratchpad {bytes = 0 : i64, alignment = 16 : i64} : !llvm.ptr<3>
  return
}

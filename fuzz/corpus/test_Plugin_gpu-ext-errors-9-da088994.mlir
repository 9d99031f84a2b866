func.func @scratchpad_not_pointer() {
  // expected-error @below {{'gpux.scratchpad' op is a pointer to shared memory (!llvm.ptr<3>), got 'i64'}}
  %pad = gpux.scratchpad {bytes = 64 : i64, alignment = 16 : i64} : i64
  return
}

func.func @scratchpad_global() {
  // expected-error @below {{'gpux.scratchpad' op is a pointer to shared memory (!llvm.ptr<3>), got '!llvm.ptr<1>'}}
  %pad = gpux.scratchpad {bytes = 64 : i64, alignment = 16 : i64} : !llvm.ptr<1>
  return
}

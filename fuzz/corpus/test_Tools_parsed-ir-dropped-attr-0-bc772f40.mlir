// An inherent attribute given a value of the wrong kind is dropped by MLIR's
// parser (stored as null); where the attribute has a default, the ops'
// accessors then read the null, so the verifier of llvm.mlir.addressof
// crashed. trident-opt and trident-compile refuse such an op, naming the
// attribute, before verifying (lib/Compiler/ParsedIR.cpp).
// COMPILE: llvm-global-addr-space-string.mlir:8:3: error: 'llvm.mlir.global' op attribute 'addr_space' has a value of the wrong kind (it must be of the kind of its default, 0 : i32)
// COMPILE-NOT: crash

// expected-error @+1 {{'llvm.mlir.global' op attribute 'addr_space' has a value of the wrong kind (it must be of the kind of its default, 0 : i32)}}
llvm.mlir.global internal @a_tile() {addr_space = "x"} : !llvm.array<256 x f32>
llvm.func @k() {
  %a = llvm.mlir.addressof @a_tile : !llvm.ptr<3>
  llvm.return
}

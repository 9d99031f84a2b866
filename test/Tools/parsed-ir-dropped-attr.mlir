// An inherent attribute given a value of the wrong kind is dropped by MLIR's
// parser (stored as null); where the attribute has a default, the ops'
// accessors then read the null, so the verifier of llvm.mlir.addressof
// crashed. trident-opt and trident-compile refuse such an op, naming the
// attribute, before verifying (lib/Compiler/ParsedIR.cpp).
// RUN: trident-opt %s -split-input-file -verify-diagnostics
// RUN: not trident-compile %S/../../fuzz/regressions/llvm-global-addr-space-string.mlir --target cuda:90a --emit ptx -o %t.ptx 2>&1 | FileCheck %s --check-prefix=COMPILE
// COMPILE: llvm-global-addr-space-string.mlir:8:3: error: 'llvm.mlir.global' op attribute 'addr_space' has a value of the wrong kind (it must be of the kind of its default, 0 : i32)
// COMPILE-NOT: crash

// expected-error @+1 {{'llvm.mlir.global' op attribute 'addr_space' has a value of the wrong kind (it must be of the kind of its default, 0 : i32)}}
llvm.mlir.global internal @a_tile() {addr_space = "x"} : !llvm.array<256 x f32>
llvm.func @k() {
  %a = llvm.mlir.addressof @a_tile : !llvm.ptr<3>
  llvm.return
}

// -----

// Every op is checked, and no verifier runs once one is refused.
// expected-error @+1 {{'llvm.mlir.global' op attribute 'addr_space' has a value of the wrong kind}}
llvm.mlir.global internal @b() {addr_space = 1.5 : f32} : i32
// expected-error @+1 {{'llvm.mlir.global' op attribute 'addr_space' has a value of the wrong kind}}
llvm.mlir.global internal @c() {addr_space = [1]} : i32

// -----

// Attributes of the right kind are kept, and MLIR's verifier runs once
// none was dropped.
llvm.mlir.global internal @d() {addr_space = 3 : i32} : !llvm.array<4 x f32>
// expected-error @+1 {{alignment attribute is not a power of 2}}
llvm.mlir.global internal @e() {alignment = 3 : i64} : i32

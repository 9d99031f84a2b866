// Attributes of the right kind are kept, and MLIR's verifier runs once
// none was dropped.
llvm.mlir.global internal @d() {addr_space = 3 : i32} : !llvm.array<4 x f32>
// expected-error @+1 {{alignment attribute is not a power of 2}}
llvm.mlir.global internal @e() {alignment = 3 : i64} : i32

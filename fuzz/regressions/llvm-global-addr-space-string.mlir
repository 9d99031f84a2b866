// Found by the mutation driver (campaign seed 2028: an integer attribute
// value changed to a string): MLIR's parser stores llvm.mlir.global's
// addr_space as null when it is not an integer, and the symbol verifier of
// llvm.mlir.addressof then read it and crashed (mlir-opt-22 crashes too).
// Trident parses without verifying and refuses the dropped attribute first
// (lib/Compiler/ParsedIR.cpp).
module {
  llvm.mlir.global internal @a_tile() {addr_space = "x"} : !llvm.array<256 x f32>
  llvm.func @k() attributes {nvvm.kernel} {
    %a = llvm.mlir.addressof @a_tile : !llvm.ptr<3>
    llvm.return
  }
}

// Found by the mutation driver (an element type in an LLVM-dialect input
// changed to index): the LLVM dialect's verifier accepts a getelementptr
// over `index`, and MLIR's translation to LLVM IR crashed on it. The
// translation steps now name the op and the type.
module {
  llvm.func @k(%p: !llvm.ptr<1>, %i: i32) attributes {nvvm.kernel} {
    %q = llvm.getelementptr %p[%i] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, index
    %v = llvm.mlir.constant(1.0 : f32) : f32
    llvm.store %v, %q : f32, !llvm.ptr<1>
    llvm.return
  }
}

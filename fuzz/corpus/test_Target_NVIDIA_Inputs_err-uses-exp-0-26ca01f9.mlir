// llvm.exp.f32 has no NVPTX lowering: code generation fails (LLVM reports a
// fatal error, which must come back as an error, not abort the process).
module {
  llvm.func @uses_exp(%p: !llvm.ptr<1>) attributes {nvvm.kernel} {
    %v = llvm.load %p : !llvm.ptr<1> -> f32
    %e = llvm.intr.exp(%v) : (f32) -> f32
    llvm.store %e, %p : f32, !llvm.ptr<1>
    llvm.return
  }
}

// Found by the mutation driver (campaign seed 2030: an op moved out of its
// function): nvgir.mbarrier_alloc at the top of the module was lowered to
// LLVM and NVVM ops there, and MLIR's translation to LLVM IR crashed on
// them (it translates a top-level op with a builder that has no block).
// The translation steps now refuse any op at the top of the module that is
// not a function, a global or a module-level LLVM op.
module {
  %bars = nvgir.mbarrier_alloc {arrivals = 1 : i32} : !nvgir.mbarriers<2>
  llvm.func @k(%p: !llvm.ptr<1>) attributes {nvvm.kernel} {
    %v = llvm.load %p : !llvm.ptr<1> -> f32
    llvm.store %v, %p : f32, !llvm.ptr<1>
    llvm.return
  }
}

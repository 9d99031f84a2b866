// Two kernels in one module.
module {
  llvm.func @k1() attributes {nvvm.kernel} {
    llvm.return
  }
  llvm.func @k2() attributes {nvvm.kernel} {
    llvm.return
  }
}

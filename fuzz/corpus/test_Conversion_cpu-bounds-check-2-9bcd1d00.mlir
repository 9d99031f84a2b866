// expected-error @+1 {{cpu-bounds-check runs on a kernel lowered by convert-tir-to-cpu (the module's trident.cpu.kernel names it); this module has none}}
module {
  func.func @f(%p: !llvm.ptr) {
    %x = llvm.load %p : !llvm.ptr -> f32
    return
  }
}

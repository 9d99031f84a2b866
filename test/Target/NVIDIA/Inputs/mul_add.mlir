// out[i] = x[i] * 1.5 + 1.0, one element per thread, 4 warps per program.
// fp-options.test adds trident.fp_fusion / trident.reflect_ftz to the
// module's attributes with sed.
module attributes {trident.num_warps = 4 : i32} {
  llvm.func @mul_add(%x: !llvm.ptr<1>, %out: !llvm.ptr<1>)
      attributes {nvvm.kernel, nvvm.maxntid = array<i32: 128, 1, 1>} {
    %tid = nvvm.read.ptx.sreg.tid.x : i32
    %px = llvm.getelementptr %x[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %po = llvm.getelementptr %out[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %a = llvm.load %px : !llvm.ptr<1> -> f32
    %c15 = llvm.mlir.constant(1.5 : f32) : f32
    %c1 = llvm.mlir.constant(1.0 : f32) : f32
    %m = llvm.fmul %a, %c15 : f32
    %s = llvm.fadd %m, %c1 : f32
    llvm.store %s, %po : f32, !llvm.ptr<1>
    llvm.return
  }
}

// 256 KB of static shared memory: LLVM compiles it, ptxas refuses it.
module {
  llvm.mlir.global internal @big() {addr_space = 3 : i32} : !llvm.array<65536 x f32>
  llvm.func @too_much_shared(%p: !llvm.ptr<1>, %i: i32) attributes {nvvm.kernel} {
    %s = llvm.mlir.addressof @big : !llvm.ptr<3>
    %q = llvm.getelementptr %s[0, %i] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<65536 x f32>
    %v = llvm.load %p : !llvm.ptr<1> -> f32
    llvm.store %v, %q : f32, !llvm.ptr<3>
    nvvm.barrier0
    %w = llvm.load %q : !llvm.ptr<3> -> f32
    llvm.store %w, %p : f32, !llvm.ptr<1>
    llvm.return
  }
}

// (Tile IR: the second RUN lays it out.) A Hopper warpgroup MMA on
// register operands stages them (8 KiB each, 1024-byte aligned) in its
// scratch, which gir-allocate-shared-memory (here the plan the lowering
// makes itself) places at 0 and 8192; the reduction across warps after it
// takes its 1024 bytes at 0 again, where the dot's are dead: 16384 bytes
// in all, one barrier before each user's first write.
// TIR: module attributes {{{.*}}trident.shared_bytes = 16384 : i32
// TIR-LABEL: llvm.func @persistent_then_scratch
// TIR: nvvm.barrier0
// TIR-NEXT: llvm.mlir.addressof @__trident_dynamic_smem : !llvm.ptr<3>
// TIR-NEXT: llvm.mlir.constant(0 : i32) : i32
// TIR-NEXT: llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// TIR-NEXT: llvm.mlir.addressof @__trident_dynamic_smem : !llvm.ptr<3>
// TIR-NEXT: llvm.mlir.constant(8192 : i32) : i32
// TIR-NEXT: llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// TIR: nvvm.wgmma.mma_async
// TIR: nvvm.wgmma.wait.group.sync.aligned 0
// TIR: nvvm.barrier0
// TIR-NEXT: llvm.mlir.addressof @__trident_dynamic_smem : !llvm.ptr<3>
// TIR-NEXT: llvm.mlir.constant(0 : i32) : i32
func.func @persistent_then_scratch(%a: tensor<64x64xbf16>, %b: tensor<64x64xbf16>, %c: tensor<64x64xf32>) -> tensor<64xf32> {
  %d = tir.dot %a, %b, %c : tensor<64x64xbf16> * tensor<64x64xbf16> -> tensor<64x64xf32>
  %s = tir.reduce %d axis = 0 : tensor<64x64xf32> -> tensor<64xf32> {
  ^bb0(%x: f32, %y: f32):
    %t = arith.addf %x, %y : f32
    tir.reduce.return %t : f32
  }
  return %s : tensor<64xf32>
}

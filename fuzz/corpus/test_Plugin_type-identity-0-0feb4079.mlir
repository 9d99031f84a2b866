// One copy of MLIR in the process: plugin passes see the core's op, type and
// dialect classes as the same C++ types. hello-annotate uses
// dyn_cast<tir::GetProgramIdOp> (reading the axis through its accessor),
// isa<tir::PointerType> and isa<tir::TileIRDialect>; fma-fuse matches
// arith::AddFOp through an OpRewritePattern and arith::MulFOp through
// getDefiningOp<>. Had the plugins their own copy of those classes, every
// count below would be 0 and nothing would fuse.

// CHECK-LABEL: func.func @kernel
// CHECK-SAME:    hello.program_id_axes = array<i32: 2, 0>
// CHECK-SAME:    hello.ptr_args = 1 : i64
// CHECK-SAME:    hello.tir_ops = 2 : i64
// CHECK:         tir.get_program_id 2
// CHECK-NEXT:    tir.get_program_id 0
// CHECK-NEXT:    %[[F:.*]] = fma.mul_add %arg1, %arg1, %arg2 : tensor<32x32xf32>
// CHECK-NEXT:    return {{.*}}, %[[F]]
func.func @kernel(%p: !tir.ptr<bf16>, %a: tensor<32x32xf32>, %c: tensor<32x32xf32>) -> (i32, i32, tensor<32x32xf32>) {
  %z = tir.get_program_id 2 : i32
  %x = tir.get_program_id 0 : i32
  %m = arith.mulf %a, %a : tensor<32x32xf32>
  %r = arith.addf %m, %c : tensor<32x32xf32>
  return %z, %x, %r : i32, i32, tensor<32x32xf32>
}

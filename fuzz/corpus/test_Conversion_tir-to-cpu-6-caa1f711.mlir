// tir.inline_asm_elementwise: one llvm.inline_asm per pack of consecutive
// elements, each element its own operand (outputs of each result first,
// then the inputs), the results in a buffer; on scalars, one. A program
// instance is one thread: tir.barrier is nothing. Axis hints are dropped.
// NOHINT-NOT: tir.contiguity
// CHECK-LABEL: func.func @inline_asm(
// CHECK:         %[[BUF:.*]] = memref.alloca() {{.*}} : memref<8xi32>
// CHECK:         scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %c2 {
// CHECK:           %[[I1:.*]] = arith.addi %[[I]], %c1
// CHECK:           %[[A:.*]] = llvm.load
// CHECK:           %[[B:.*]] = llvm.load
// CHECK:           %[[S:.*]] = llvm.inline_asm has_side_effects asm_dialect = att "leal 1($2), $0\0A\09leal 2($3), $1", "=r,=r,r,r" %[[A]], %[[B]] : (i32, i32) -> !llvm.struct<(i32, i32)>
// CHECK:           %[[S0:.*]] = llvm.extractvalue %[[S]][0]
// CHECK:           %[[S1:.*]] = llvm.extractvalue %[[S]][1]
// CHECK:           memref.store %[[S0]], %[[BUF]][%[[I]]]
// CHECK:           memref.store %[[S1]], %[[BUF]][%[[I1]]]
// CHECK:         }
// CHECK-NOT:     barrier
// CHECK:         %[[C:.*]] = llvm.inline_asm asm_dialect = att "leal 100($1), $0", "=r,r" %{{.*}} : (i32) -> i32
// CHECK:         scf.for
// CHECK:           memref.load %[[BUF]]
// CHECK:         llvm.store %[[C]]
func.func @inline_asm(%x: !tir.ptr<i32>, %y: !tir.ptr<i32>, %n: i32) attributes {tir.kernel} {
  %r = tir.make_range 0 to 8 {tir.contiguity = array<i32: 8>} : tensor<8xi32>
  %xs = tir.splat %x : !tir.ptr<i32> -> tensor<8x!tir.ptr<i32>>
  %xp = tir.addptr %xs, %r : tensor<8x!tir.ptr<i32>>, tensor<8xi32>
  %v = tir.load %xp : tensor<8x!tir.ptr<i32>>
  %s = tir.inline_asm_elementwise "leal 1($2), $0\n\tleal 2($3), $1", "=r,=r,r,r" pack = 2 (%v : tensor<8xi32>) -> tensor<8xi32>
  tir.barrier
  %c = tir.inline_asm_elementwise "leal 100($1), $0", "=r,r" pure (%n : i32) -> i32
  %ys = tir.splat %y : !tir.ptr<i32> -> tensor<8x!tir.ptr<i32>>
  %yp = tir.addptr %ys, %r : tensor<8x!tir.ptr<i32>>, tensor<8xi32>
  tir.store %yp, %s : tensor<8x!tir.ptr<i32>>
  tir.store %y, %c : !tir.ptr<i32>
  return
}

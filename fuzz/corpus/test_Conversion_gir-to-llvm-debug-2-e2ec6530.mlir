// tir.assert: a thread whose elements are not all true calls
// __assertfail(message, file, line, function, 1).
// CHECK-DAG: llvm.func @__assertfail(!llvm.ptr, !llvm.ptr, i32, !llvm.ptr, i64)
// CHECK-DAG: llvm.mlir.global private constant @[[MSG:__trident_printf_[0-9]+]]("c must hold\00")
// CHECK-DAG: llvm.mlir.global private constant @[[FILE:__trident_printf_[0-9]+]]("{{.*}}gir-to-llvm-debug.mlir\00")
// CHECK-DAG: llvm.mlir.global private constant @[[FN:__trident_printf_[0-9]+]]("assert\00")
// CHECK-LABEL: llvm.func @assert(
// CHECK-SAME: %[[C:.*]]: vector<2xi1>
// CHECK: %[[E0:.*]] = llvm.extractelement %[[C]]
// CHECK: %[[E1:.*]] = llvm.extractelement %[[C]]
// CHECK: %[[ALL:.*]] = llvm.and %[[E0]], %[[E1]] : i1
// CHECK: %[[TRUE:.*]] = llvm.mlir.constant(true) : i1
// CHECK: %[[FAIL:.*]] = llvm.xor %[[ALL]], %[[TRUE]] : i1
// CHECK: llvm.cond_br %[[FAIL]], ^[[BAD:.*]], ^
// CHECK: ^[[BAD]]:
// CHECK: %[[M:.*]] = llvm.mlir.addressof @[[MSG]]
// CHECK: %[[F:.*]] = llvm.mlir.addressof @[[FILE]]
// CHECK: %[[LINE:.*]] = llvm.mlir.constant([[# @LINE + 4]] : i32)
// CHECK: %[[N:.*]] = llvm.mlir.addressof @[[FN]]
// CHECK: llvm.call @__assertfail(%[[M]], %[[F]], %[[LINE]], %[[N]], %{{.*}}) : (!llvm.ptr, !llvm.ptr, i32, !llvm.ptr, i64) -> ()
func.func @assert(%c: tensor<256xi1>) {
  tir.assert %c, "c must hold" : tensor<256xi1>
  return
}

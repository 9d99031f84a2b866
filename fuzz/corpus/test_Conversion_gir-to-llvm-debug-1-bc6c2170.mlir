// Without arguments: one line per program (from thread 0), no buffer; a
// '%' of the prefix is escaped.
// CHECK: llvm.mlir.global private constant @[[PFMT:__trident_printf_[0-9]+]]("pid (%d, %d, %d) plain 100%%\0A\00")
// CHECK-LABEL: llvm.func @print_plain(
// CHECK: %[[BUF:.*]] = llvm.alloca %{{.*}} x !llvm.struct<(i32, i32, i32)>
// CHECK: %[[THREAD0:.*]] = llvm.and %{{.*}}, %{{.*}} : i1
// CHECK: llvm.cond_br %[[THREAD0]]
// CHECK: llvm.mlir.addressof @[[PFMT]]
// CHECK: llvm.call @vprintf(%{{.*}}, %[[BUF]]) : (!llvm.ptr, !llvm.ptr) -> i32
func.func @print_plain() attributes {tir.kernel} {
  tir.print "plain 100%"
  return
}

// tir.print calls printf per element of a tile; tir.assert calls the
// runtime's hook where the condition is false.
// CHECK-LABEL: module attributes {{.*}}trident.cpu.kernel = "debug"
// CHECK-DAG:   llvm.mlir.global private constant @[[FILE:.*]]("{{.*}}tir-to-cpu.mlir\00")
// CHECK-DAG:   llvm.mlir.global private constant @[[MSG:.*]]("r < n\00")
// CHECK-DAG:   llvm.mlir.global private constant @[[FMT:.*]]("pid (%d, %d, %d) idx (%lld) r = %lld\0A\00")
// CHECK-DAG:   llvm.func @printf(!llvm.ptr, ...) -> i32
// CHECK-DAG:   llvm.func @__trident_cpu_assert_fail(!llvm.ptr, !llvm.ptr, i32, i32, i32, i32)
// CHECK:       func.func @debug(%{{[^:]*}}: !llvm.ptr, %{{[^:]*}}: i32, %[[PX:[^:]*]]: i32, %[[PY:[^:]*]]: i32, %[[PZ:[^:]*]]: i32,
// CHECK:         scf.for
// CHECK:           %[[F:.*]] = llvm.mlir.addressof @[[FMT]]
// CHECK:           llvm.call @printf(%[[F]], %[[PX]], %[[PY]], %[[PZ]], %{{.*}}, %{{.*}}) vararg(!llvm.func<i32 (ptr, ...)>)
// CHECK:         scf.for
// CHECK:           %[[BAD:.*]] = arith.xori %{{.*}}, %true
// CHECK:           scf.if %[[BAD]] {
// CHECK:             llvm.call @__trident_cpu_assert_fail(%{{.*}}, %{{.*}}, %{{.*}}, %[[PX]], %[[PY]], %[[PZ]])

func.func @debug(%p: !tir.ptr<i32>, %n: i32) attributes {tir.kernel} {
  %r = tir.make_range 0 to 4 : tensor<4xi32>
  tir.print "r = " (%r : tensor<4xi32>)
  %ns = tir.splat %n : i32 -> tensor<4xi32>
  %ok = arith.cmpi slt, %r, %ns : tensor<4xi32>
  tir.assert %ok, "r < n" : tensor<4xi1>
  return
}

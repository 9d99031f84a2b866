// The same for i64 (no bitcasts).
// CHECK-LABEL: llvm.func @max_i64(
// CHECK-NOT: llvm.bitcast
// CHECK: llvm.trunc %{{.*}} : i64 to i32
// CHECK-COUNT-10: nvvm.shfl.sync  bfly %{{.*}} : i32 -> i32
func.func @max_i64(%x: tensor<128xi64>) -> i64 {
  %s = tir.reduce %x axis = 0 : tensor<128xi64> -> i64 {
  ^bb0(%a: i64, %b: i64):
    %t = arith.maxsi %a, %b : i64
    tir.reduce.return %t : i64
  }
  return %s : i64
}

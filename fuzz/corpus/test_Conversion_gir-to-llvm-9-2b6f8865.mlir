// 64-bit values cross the warp as two 32-bit shuffles, one per half
// (LayoutMap.cpp): 5 butterfly steps for 32 lanes, 10 shuffles.
// CHECK-LABEL: llvm.func @sum_f64(
// CHECK: %[[BITS:.*]] = llvm.bitcast %{{.*}} : f64 to i64
// CHECK: %[[LO:.*]] = llvm.trunc %[[BITS]] : i64 to i32
// CHECK: %[[SH:.*]] = llvm.lshr %[[BITS]], %{{.*}} : i64
// CHECK: %[[HI:.*]] = llvm.trunc %[[SH]] : i64 to i32
// CHECK: %[[LO2:.*]] = nvvm.shfl.sync  bfly %{{.*}}, %[[LO]], %{{.*}}, %{{.*}} : i32 -> i32
// CHECK: %[[HI2:.*]] = nvvm.shfl.sync  bfly %{{.*}}, %[[HI]], %{{.*}}, %{{.*}} : i32 -> i32
// CHECK: %[[LO3:.*]] = llvm.zext %[[LO2]] : i32 to i64
// CHECK: %[[HI3:.*]] = llvm.zext %[[HI2]] : i32 to i64
// CHECK: %[[HI4:.*]] = llvm.shl %[[HI3]], %{{.*}} : i64
// CHECK: %[[R:.*]] = llvm.or %[[LO3]], %[[HI4]] : i64
// CHECK: llvm.bitcast %[[R]] : i64 to f64
// CHECK-COUNT-8: nvvm.shfl.sync  bfly %{{.*}} : i32 -> i32
// CHECK-NOT: nvvm.shfl.sync
// CHECK: llvm.store %{{.*}}, %{{.*}} : f64, !llvm.ptr<3>
func.func @sum_f64(%x: tensor<128xf64>) -> f64 {
  %s = tir.reduce %x axis = 0 : tensor<128xf64> -> f64 {
  ^bb0(%a: f64, %b: f64):
    %t = arith.addf %a, %b : f64
    tir.reduce.return %t : f64
  }
  return %s : f64
}

// A pointer tile carried by a loop and advanced by a splat keeps stride 1:
// its loads in the loop are vector loads from the first lane's pointer.
// CHECK-LABEL: func.func @carried(
// CHECK:         memref.alloca() {{.*}} : memref<16xi64>
// CHECK:         %[[PTRS:.*]] = memref.alloca() {{.*}} : memref<16xi64>
// CHECK:         scf.for %{{.*}} = %c0 to
// CHECK:           scf.for {{.*}} step %c4
// CHECK:             %[[ADDR:.*]] = memref.load %[[PTRS]]
// CHECK:             %[[P:.*]] = llvm.inttoptr %[[ADDR]] : i64 to !llvm.ptr
// CHECK:             llvm.load %[[P]] {alignment = 4 : i64} : !llvm.ptr -> vector<4xf32>

func.func @carried(%x: !tir.ptr<f32>, %out: !tir.ptr<f32>, %k: i32) attributes {tir.kernel} {
  %n = arith.index_cast %k : i32 to index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %range = tir.make_range 0 to 16 : tensor<16xi32>
  %xs = tir.splat %x : !tir.ptr<f32> -> tensor<16x!tir.ptr<f32>>
  %xp = tir.addptr %xs, %range : tensor<16x!tir.ptr<f32>>, tensor<16xi32>
  %step = arith.constant dense<16> : tensor<16xi32>
  %zero = arith.constant dense<0.0> : tensor<16xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%p = %xp, %acc = %zero) -> (tensor<16x!tir.ptr<f32>>, tensor<16xf32>) {
    %v = tir.load %p : tensor<16x!tir.ptr<f32>>
    %s = arith.addf %acc, %v : tensor<16xf32>
    %next = tir.addptr %p, %step : tensor<16x!tir.ptr<f32>>, tensor<16xi32>
    scf.yield %next, %s : tensor<16x!tir.ptr<f32>>, tensor<16xf32>
  }
  %os = tir.splat %out : !tir.ptr<f32> -> tensor<16x!tir.ptr<f32>>
  %op = tir.addptr %os, %range : tensor<16x!tir.ptr<f32>>, tensor<16xi32>
  tir.store %op, %r#1 : tensor<16x!tir.ptr<f32>>
  return
}

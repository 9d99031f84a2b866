// A dot in a loop: the accumulator lives in one buffer for the whole loop;
// the product runs m, k, n over buffers with bf16 operands extended to f32
// and `contract` products and sums; the yielded value is copied back.
// CHECK-LABEL: func.func @dot(
// CHECK:         %[[B:.*]] = memref.alloca() {{.*}} : memref<2x8xbf16>
// CHECK:         %[[A:.*]] = memref.alloca() {{.*}} : memref<4x2xbf16>
// CHECK:         %[[ACC:.*]] = memref.alloca() {{.*}} : memref<4x8xf32>
// CHECK:         memref.store %{{.*}}, %[[ACC]]
// CHECK:         scf.for
// CHECK:           memref.store %{{.*}}, %[[A]]
// CHECK:           memref.store %{{.*}}, %[[B]]
// CHECK:           scf.for %[[M:.*]] = {{.*}} {
// CHECK:             scf.for %[[K:.*]] = {{.*}} {
// CHECK:               %[[AV:.*]] = memref.load %[[A]][%[[M]], %[[K]]]
// CHECK:               %[[AF:.*]] = arith.extf %[[AV]] : bf16 to f32
// CHECK:               scf.for %[[N:.*]] = {{.*}} {
// CHECK:                 %[[BV:.*]] = memref.load %[[B]][%[[K]], %[[N]]]
// CHECK:                 %[[BF:.*]] = arith.extf %[[BV]] : bf16 to f32
// CHECK:                 %[[D:.*]] = memref.load %[[ACC]][%[[M]], %[[N]]]
// CHECK:                 %[[P:.*]] = arith.mulf %[[AF]], %[[BF]] fastmath<contract> : f32
// CHECK:                 %[[S:.*]] = arith.addf %[[D]], %[[P]] fastmath<contract> : f32
// CHECK:                 memref.store %[[S]], %[[ACC]][%[[M]], %[[N]]]
// The accumulator was updated in place: no copy at the end of the loop.
// CHECK-NOT:       memref.copy
// CHECK:         memref.load %[[ACC]]
// CHECK:         llvm.store

func.func @dot(%a: !tir.ptr<bf16>, %c: !tir.ptr<f32>, %k: i32) attributes {tir.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.index_cast %k : i32 to index
  %zero = arith.constant dense<0.0> : tensor<4x8xf32>
  %as = tir.splat %a : !tir.ptr<bf16> -> tensor<4x2x!tir.ptr<bf16>>
  %bs = tir.splat %a : !tir.ptr<bf16> -> tensor<2x8x!tir.ptr<bf16>>
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%acc_i = %zero) -> (tensor<4x8xf32>) {
    %x = tir.load %as : tensor<4x2x!tir.ptr<bf16>>
    %y = tir.load %bs : tensor<2x8x!tir.ptr<bf16>>
    %d = tir.dot %x, %y, %acc_i : tensor<4x2xbf16> * tensor<2x8xbf16> -> tensor<4x8xf32>
    scf.yield %d : tensor<4x8xf32>
  }
  %cs = tir.splat %c : !tir.ptr<f32> -> tensor<4x8x!tir.ptr<f32>>
  tir.store %cs, %acc : tensor<4x8x!tir.ptr<f32>>
  return
}

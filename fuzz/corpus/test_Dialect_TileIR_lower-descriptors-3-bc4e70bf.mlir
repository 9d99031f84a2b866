// Loads inside scf.for and scf.if below the make op are rewritten in place,
// with the loop's own indices.
// CHECK-LABEL: func.func @load_in_loop
// CHECK-NOT: tir.make_tensor_descriptor
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (tensor<16x16xf32>) : i32 {
// CHECK-NOT: tir.descriptor_load
// CHECK: arith.extsi %[[K]] : i32 to i64
// CHECK: %[[A:.*]] = tir.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<16x16x!tir.ptr<f16>>
// CHECK: %[[D:.*]] = tir.dot %[[A]], %[[A]], %[[ACC]]
// CHECK: scf.if
// CHECK-NOT: tir.descriptor_load
// CHECK: tir.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<16x16x!tir.ptr<f16>>
// CHECK: scf.yield
// CHECK-NOT: tir.descriptor
// CHECK: return
func.func @load_in_loop(%base: !tir.ptr<f16>, %m: i32, %k: i32, %s: i64, %i: i32, %flag: i1) -> tensor<16x16xf32> {
  %c0 = arith.constant 0 : i32
  %c16 = arith.constant 16 : i32
  %c1 = arith.constant 1 : i64
  %zero = arith.constant dense<0.0> : tensor<16x16xf32>
  %d = tir.make_tensor_descriptor %base, [%m, %k], [%s, %c1] : !tir.ptr<f16>, i32 -> !tir.tensordesc<tensor<16x16xf16>>
  %acc = scf.for %kk = %c0 to %k step %c16 iter_args(%acc_i = %zero) -> (tensor<16x16xf32>) : i32 {
    %a = tir.descriptor_load %d[%i, %kk] : !tir.tensordesc<tensor<16x16xf16>>
    %next = tir.dot %a, %a, %acc_i : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
    %r = scf.if %flag -> (tensor<16x16xf32>) {
      %b = tir.descriptor_load %d[%kk, %i] : !tir.tensordesc<tensor<16x16xf16>>
      %n2 = tir.dot %b, %b, %next : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
      scf.yield %n2 : tensor<16x16xf32>
    } else {
      scf.yield %next : tensor<16x16xf32>
    }
    scf.yield %r : tensor<16x16xf32>
  }
  return %acc : tensor<16x16xf32>
}

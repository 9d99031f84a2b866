// CHECK-LABEL: func.func @addptr_of_splats
// CHECK-SAME: (%[[P:.*]]: !tir.ptr<f16>, %[[O:.*]]: i32)
// CHECK-NEXT: %[[A:.*]] = tir.addptr %[[P]], %[[O]] : !tir.ptr<f16>, i32
// CHECK-NEXT: %[[S:.*]] = tir.splat %[[A]] : !tir.ptr<f16> -> tensor<32x!tir.ptr<f16>>
// CHECK-NEXT: return %[[S]]
func.func @addptr_of_splats(%p: !tir.ptr<f16>, %o: i32) -> tensor<32x!tir.ptr<f16>> {
  %ps = tir.splat %p : !tir.ptr<f16> -> tensor<32x!tir.ptr<f16>>
  %os = tir.splat %o : i32 -> tensor<32xi32>
  %0 = tir.addptr %ps, %os : tensor<32x!tir.ptr<f16>>, tensor<32xi32>
  return %0 : tensor<32x!tir.ptr<f16>>
}

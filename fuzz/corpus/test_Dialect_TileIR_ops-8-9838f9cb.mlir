// CHECK-LABEL: func.func @pointers
func.func @pointers(%p: !tir.ptr<f32>, %ps: tensor<64x!tir.ptr<f32>>, %o: tensor<64xi32>,
                    %o64: tensor<64xi64>, %i: i64, %s: i32) {
  // CHECK: tir.addptr %{{.*}}, %{{.*}} : !tir.ptr<f32>, i32
  // CHECK: tir.addptr %{{.*}}, %{{.*}} : tensor<64x!tir.ptr<f32>>, tensor<64xi32>
  // CHECK: tir.addptr %{{.*}}, %{{.*}} : tensor<64x!tir.ptr<f32>>, tensor<64xi64>
  // CHECK: tir.int_to_ptr %{{.*}} : i64 -> !tir.ptr<f32>
  // CHECK: tir.ptr_to_int %{{.*}} : tensor<64x!tir.ptr<f32>> -> tensor<64xi64>
  // CHECK: tir.bitcast %{{.*}} : !tir.ptr<f32> -> !tir.ptr<i32>
  // CHECK: tir.bitcast %{{.*}} : tensor<64xi32> -> tensor<64xf32>
  %0 = tir.addptr %p, %s : !tir.ptr<f32>, i32
  %1 = tir.addptr %ps, %o : tensor<64x!tir.ptr<f32>>, tensor<64xi32>
  %2 = tir.addptr %ps, %o64 : tensor<64x!tir.ptr<f32>>, tensor<64xi64>
  %3 = tir.int_to_ptr %i : i64 -> !tir.ptr<f32>
  %4 = tir.ptr_to_int %ps : tensor<64x!tir.ptr<f32>> -> tensor<64xi64>
  %5 = tir.bitcast %p : !tir.ptr<f32> -> !tir.ptr<i32>
  %6 = tir.bitcast %o : tensor<64xi32> -> tensor<64xf32>
  return
}

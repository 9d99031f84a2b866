// CHECK-LABEL: func.func @load_store
func.func @load_store(%p: !tir.ptr<f32>, %ps: tensor<64x!tir.ptr<f32>>, %m: tensor<64xi1>,
                      %other: tensor<64xf32>) {
  // CHECK: tir.load %{{.*}} : !tir.ptr<f32>
  // CHECK: tir.load %{{.*}} : tensor<64x!tir.ptr<f32>>
  // CHECK: tir.load %{{.*}}, %{{.*}} : tensor<64x!tir.ptr<f32>>
  // CHECK: tir.load %{{.*}}, %{{.*}}, %{{.*}} cache = cg evict = evict_first : tensor<64x!tir.ptr<f32>>
  // CHECK: tir.load %{{.*}}, %{{.*}}, %{{.*}} cache = ca volatile : tensor<64x!tir.ptr<f32>>
  %0 = tir.load %p : !tir.ptr<f32>
  %1 = tir.load %ps : tensor<64x!tir.ptr<f32>>
  %2 = tir.load %ps, %m : tensor<64x!tir.ptr<f32>>
  %3 = tir.load %ps, %m, %other cache = cg evict = evict_first : tensor<64x!tir.ptr<f32>>
  %4 = tir.load %ps, %m, %other cache = ca volatile : tensor<64x!tir.ptr<f32>>
  // CHECK: tir.store %{{.*}}, %{{.*}} : !tir.ptr<f32>
  // CHECK: tir.store %{{.*}}, %{{.*}}, %{{.*}} : tensor<64x!tir.ptr<f32>>
  // CHECK: tir.store %{{.*}}, %{{.*}}, %{{.*}} cache = wt evict = evict_last : tensor<64x!tir.ptr<f32>>
  tir.store %p, %0 : !tir.ptr<f32>
  tir.store %ps, %3, %m : tensor<64x!tir.ptr<f32>>
  tir.store %ps, %3, %m cache = wt evict = evict_last : tensor<64x!tir.ptr<f32>>
  return
}

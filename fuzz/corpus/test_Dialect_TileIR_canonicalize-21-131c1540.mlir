// Unused loads are dead, unless volatile; stores and atomics stay.
// CHECK-LABEL: func.func @dead_memory_ops
// CHECK-NOT: tir.load %{{.*}} :
// CHECK: tir.load %{{.*}} volatile
// CHECK: tir.atomic_rmw
// CHECK: tir.store
func.func @dead_memory_ops(%p: tensor<8x!tir.ptr<f32>>, %v: tensor<8xf32>) {
  %0 = tir.load %p : tensor<8x!tir.ptr<f32>>
  %1 = tir.load %p volatile : tensor<8x!tir.ptr<f32>>
  %2 = tir.atomic_rmw fadd, relaxed, gpu, %p, %v : tensor<8x!tir.ptr<f32>>
  tir.store %p, %v : tensor<8x!tir.ptr<f32>>
  return
}

// A function without block pointers is left as it is.
// CHECK-LABEL: func.func @untouched
// CHECK-NEXT: %[[V:.*]] = tir.load %{{.*}} : !tir.ptr<f32>
// CHECK-NEXT: return %[[V]]
func.func @untouched(%p: !tir.ptr<f32>) -> f32 {
  %v = tir.load %p : !tir.ptr<f32>
  return %v : f32
}

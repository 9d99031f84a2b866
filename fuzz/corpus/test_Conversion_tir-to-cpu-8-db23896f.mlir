// tir.extern_elementwise: a declared function and one llvm.call per element
// into a buffer; on a scalar, one call.
// CHECK-DAG:   llvm.func @__nv_powif(f32, i32) -> f32
// CHECK-DAG:   llvm.func @__nv_lgamma(f64) -> f64
// CHECK-LABEL: func.func @extern_call(
// CHECK:         %[[BUF:.*]] = memref.alloca() {{.*}} : memref<8xf32>
// CHECK:         scf.for
// CHECK:           %[[R:.*]] = llvm.call @__nv_powif(%{{.*}}, %{{.*}}) : (f32, i32) -> f32
// CHECK:           memref.store %[[R]], %[[BUF]]
// CHECK:         llvm.call @__nv_lgamma(%{{.*}}) : (f64) -> f64
func.func @extern_call(%x: !tir.ptr<f32>, %d: !tir.ptr<f64>, %s: f64) attributes {tir.kernel} {
  %r = tir.make_range 0 to 8 : tensor<8xi32>
  %xs = tir.splat %x : !tir.ptr<f32> -> tensor<8x!tir.ptr<f32>>
  %xp = tir.addptr %xs, %r : tensor<8x!tir.ptr<f32>>, tensor<8xi32>
  %v = tir.load %xp : tensor<8x!tir.ptr<f32>>
  %p = tir.extern_elementwise "__nv_powif" pure (%v, %r : tensor<8xf32>, tensor<8xi32>) -> tensor<8xf32>
  %g = tir.extern_elementwise "__nv_lgamma" pure (%s : f64) -> f64
  tir.store %xp, %p : tensor<8x!tir.ptr<f32>>
  tir.store %d, %g : !tir.ptr<f64>
  return
}

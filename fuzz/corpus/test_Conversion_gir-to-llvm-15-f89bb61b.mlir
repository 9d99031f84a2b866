// tir.extern_elementwise: one llvm.call per register of the thread (4 here),
// the function declared once in the module; a bitcode library is listed in
// trident.extern_libs for the NVPTX step.
// CHECK-LABEL: module attributes
// CHECK-SAME:    trident.extern_libs = ["/opt/mylib.bc"]
// CHECK:         llvm.func @__nv_erfinvf(f32) -> f32
// CHECK-LABEL:   llvm.func @extern_call
// CHECK-COUNT-4: llvm.call @__nv_erfinvf(%{{.*}}) : (f32) -> f32
// CHECK:         llvm.call @my_scale(%{{.*}}) : (f32) -> f32
func.func @extern_call(%x: !tir.ptr<f32> {tir.divisibility = 16 : i32}) attributes {tir.kernel} {
  %r = tir.make_range 0 to 512 : tensor<512xi32>
  %xs = tir.splat %x : !tir.ptr<f32> -> tensor<512x!tir.ptr<f32>>
  %xp = tir.addptr %xs, %r : tensor<512x!tir.ptr<f32>>, tensor<512xi32>
  %v = tir.load %xp : tensor<512x!tir.ptr<f32>>
  %e = tir.extern_elementwise "__nv_erfinvf" pure (%v : tensor<512xf32>) -> tensor<512xf32>
  %s = tir.load %x : !tir.ptr<f32>
  %m = tir.extern_elementwise "my_scale" pure lib "/opt/mylib.bc" (%s : f32) -> f32
  %ms = tir.splat %m : f32 -> tensor<512xf32>
  %o = arith.mulf %e, %ms : tensor<512xf32>
  tir.store %xp, %o : tensor<512x!tir.ptr<f32>>
  return
}

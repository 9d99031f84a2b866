// A scalar select of pointers (an scf.if choosing a pointer, folded) is a
// select of LLVM pointers.
// CHECK-LABEL: llvm.func @select_pointer
// CHECK: %[[P:.*]] = llvm.select %{{.*}}, %{{.*}}, %{{.*}} : i1, !llvm.ptr<1>
// CHECK: %[[PS:.*]] = llvm.insertelement %[[P]], %{{.*}} : vector<1x!llvm.ptr<1>>
// CHECK: llvm.getelementptr %[[PS]]
func.func @select_pointer(%a: !tir.ptr<f32>, %b: !tir.ptr<f32>, %c: i1) attributes {tir.kernel} {
  %p = arith.select %c, %a, %b : !tir.ptr<f32>
  %r = tir.make_range 0 to 128 : tensor<128xi32>
  %ps = tir.splat %p : !tir.ptr<f32> -> tensor<128x!tir.ptr<f32>>
  %pp = tir.addptr %ps, %r : tensor<128x!tir.ptr<f32>>, tensor<128xi32>
  %v = tir.load %pp : tensor<128x!tir.ptr<f32>>
  tir.store %pp, %v : tensor<128x!tir.ptr<f32>>
  return
}

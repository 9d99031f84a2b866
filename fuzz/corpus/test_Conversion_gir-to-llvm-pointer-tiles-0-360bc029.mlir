// Tiles of pointers read from and written to memory (a table of row
// pointers): the pointer to pointers steps over 8-byte pointers, the loaded
// pointers are 8-byte aligned and zero where masked off, and they address
// memory in turn. (Each of these crashed the lowering or left a Tile IR
// type in the LLVM IR.)
// CHECK-LABEL: llvm.func @pointers_to_pointers
// CHECK: %[[TABLE:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (vector<1x!llvm.ptr<1>>, vector<1xi32>) -> vector<1x!llvm.ptr<1>>, !llvm.ptr<1>
// CHECK: %[[ZERO:.*]] = llvm.mlir.zero : vector<1x!llvm.ptr<1>>
// CHECK: %[[ROWS:.*]] = llvm.intr.masked.gather %[[TABLE]], %{{.*}}, %[[ZERO]] {alignment = 8 : i32} : (vector<1x!llvm.ptr<1>>, vector<1xi1>, vector<1x!llvm.ptr<1>>) -> vector<1x!llvm.ptr<1>>
// CHECK: llvm.intr.masked.gather %[[ROWS]], {{.*}} -> vector<1xf32>
// CHECK: llvm.getelementptr %[[ROWS]][%{{.*}}] : (vector<1x!llvm.ptr<1>>, vector<1xi32>) -> vector<1x!llvm.ptr<1>>, f32
// CHECK: llvm.intr.masked.scatter %[[ROWS]], %[[TABLE]], %{{.*}} {alignment = 8 : i32} : vector<1x!llvm.ptr<1>>, vector<1xi1> into vector<1x!llvm.ptr<1>>
func.func @pointers_to_pointers(%p: !tir.ptr<!tir.ptr<f32>>) attributes {tir.kernel} {
  %r = tir.make_range 0 to 128 : tensor<128xi32>
  %s = tir.splat %p : !tir.ptr<!tir.ptr<f32>> -> tensor<128x!tir.ptr<!tir.ptr<f32>>>
  %q = tir.addptr %s, %r : tensor<128x!tir.ptr<!tir.ptr<f32>>>, tensor<128xi32>
  %v = tir.load %q : tensor<128x!tir.ptr<!tir.ptr<f32>>>
  %w = tir.load %v : tensor<128x!tir.ptr<f32>>
  %x = tir.addptr %v, %r : tensor<128x!tir.ptr<f32>>, tensor<128xi32>
  tir.store %x, %w : tensor<128x!tir.ptr<f32>>
  tir.store %q, %v : tensor<128x!tir.ptr<!tir.ptr<f32>>>
  return
}

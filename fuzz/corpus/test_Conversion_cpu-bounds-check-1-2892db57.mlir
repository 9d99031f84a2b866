// A wide access (128 lanes of i8) is checked 64 lanes at a time, the
// second chunk from the 65th byte.
// CHECK-LABEL: func.func @wide(
// CHECK:         vector.extract_strided_slice %{{.*}} {offsets = [0], sizes = [64], strides = [1]}
// CHECK:         llvm.call @__trident_cpu_check_access
// CHECK:         %[[Q:.*]] = llvm.getelementptr %{{.*}}[64] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK:         vector.extract_strided_slice %{{.*}} {offsets = [64], sizes = [64], strides = [1]}
// CHECK:         llvm.call @__trident_cpu_check_access(%[[Q]],
// CHECK-NEXT:    llvm.intr.masked.store
module attributes {trident.cpu.kernel = "wide"} {
  func.func @wide(%p: !llvm.ptr, %m: vector<128xi1>, %v: vector<128xi8>) {
    llvm.intr.masked.store %v, %p, %m {alignment = 1 : i32} : vector<128xi8>, vector<128xi1> into !llvm.ptr
    return
  }
}

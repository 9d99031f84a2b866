// CHECK-LABEL: func.func @descriptors
func.func @descriptors(%base: !tir.ptr<bf16>, %m: i32, %k: i32, %m64: i64, %k64: i64,
                       %i: i32, %j: i32) {
  %c1 = arith.constant 1 : i64
  // CHECK: tir.make_tensor_descriptor %{{.*}}, [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}] : !tir.ptr<bf16>, i32 -> !tir.tensordesc<tensor<64x64xbf16>>
  // CHECK: tir.make_tensor_descriptor %{{.*}}, [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}] : !tir.ptr<bf16>, i64 -> !tir.tensordesc<tensor<128x32xbf16>>
  %d = tir.make_tensor_descriptor %base, [%m, %k], [%k64, %c1] : !tir.ptr<bf16>, i32 -> !tir.tensordesc<tensor<64x64xbf16>>
  %d2 = tir.make_tensor_descriptor %base, [%m64, %k64], [%k64, %c1] : !tir.ptr<bf16>, i64 -> !tir.tensordesc<tensor<128x32xbf16>>
  // CHECK: tir.descriptor_load %{{.*}}[%{{.*}}, %{{.*}}] : !tir.tensordesc<tensor<64x64xbf16>>
  // CHECK: tir.descriptor_load %{{.*}}[%{{.*}}, %{{.*}}] cache = cg evict = evict_last : !tir.tensordesc<tensor<128x32xbf16>>
  // CHECK: tir.descriptor_store %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}} : !tir.tensordesc<tensor<64x64xbf16>>
  %t = tir.descriptor_load %d[%i, %j] : !tir.tensordesc<tensor<64x64xbf16>>
  %t2 = tir.descriptor_load %d2[%i, %j] cache = cg evict = evict_last : !tir.tensordesc<tensor<128x32xbf16>>
  tir.descriptor_store %d[%i, %j], %t : !tir.tensordesc<tensor<64x64xbf16>>
  return
}

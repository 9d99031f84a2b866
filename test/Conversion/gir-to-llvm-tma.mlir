// RUN: trident-opt %s --convert-tir-to-gir=compute-capability=90 --convert-gir-to-llvm | FileCheck %s
// RUN: not trident-opt %s --convert-tir-to-gir=compute-capability=80 --convert-gir-to-llvm 2>&1 | FileCheck %s --check-prefix=SM80

// Descriptor arguments of a kernel are 128-byte TMA descriptors passed by
// value; the function records how each one's blocks move (for the kernel
// metadata). A descriptor load outside a pipelined loop: thread 0
// initializes a barrier in scratch (fenced for the copy engine; then a CTA
// barrier: no thread may wait on the scratch bytes before they are a
// barrier, or a stale phase lets it read the block before the copy lands),
// arrives on it with the block's bytes
// (64x64 f32 = 16384) and issues one copy per 128-byte-wide box (two: the
// box is 64 rows of 32 floats), everyone waits on phase 0 and reads its
// elements; after a CTA barrier thread 0 invalidates the barrier. The
// store writes every element into scratch, fences the generic proxy
// against the copy engine, synchronizes, and thread 0 issues the two box
// stores, commits them and waits until they have read shared memory.
// CHECK-LABEL: llvm.func @copy_block
// CHECK-SAME: %arg0: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant}
// CHECK-SAME: %arg1: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant}
// CHECK-SAME: trident.tma_arguments = [{block = array<i64: 64, 64>, box = array<i64: 64, 32>, dtype = "f32", elem_bytes = 4 : i64, index = 0 : i64, swizzle = 128 : i64}, {block = array<i64: 64, 64>, box = array<i64: 64, 32>, dtype = "f32", elem_bytes = 4 : i64, index = 1 : i64, swizzle = 128 : i64}]
// CHECK: nvvm.mbarrier.init %[[BAR:.*]], %{{.*}}, predicate = %[[FIRST:.*]] :
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK-NEXT: nvvm.barrier0
// CHECK: %[[TX:.*]] = llvm.mlir.constant(16384 : i32)
// CHECK: nvvm.mbarrier.arrive.expect_tx %[[BAR]], %[[TX]], predicate = %[[FIRST]]
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %arg0, %[[BAR]], box[%arg3, %arg2] predicate = %[[FIRST]]
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %arg0, %[[BAR]], box[%{{.*}}, %arg2] predicate = %[[FIRST]]
// CHECK-NOT: nvvm.cp.async.bulk.tensor.shared.cluster.global
// CHECK: nvvm.mbarrier.try_wait.parity %[[BAR]]
// CHECK: llvm.load {{.*}} : !llvm.ptr<3> -> f32
// CHECK: nvvm.barrier0
// CHECK: nvvm.mbarrier.inval %[[BAR]]
// CHECK: llvm.store {{.*}} : f32, !llvm.ptr<3>
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK-NEXT: nvvm.barrier0
// CHECK: nvvm.cp.async.bulk.tensor.global.shared.cta %arg1, %{{.*}}, box[%arg3, %arg2]
// CHECK: nvvm.cp.async.bulk.tensor.global.shared.cta %arg1, %{{.*}}, box[%{{.*}}, %arg2]
// CHECK: nvvm.cp.async.bulk.commit.group
// CHECK: nvvm.cp.async.bulk.wait_group 0 {read}

// SM80: error: kernel 'copy_block' argument #0 is a tensor descriptor '!tir.tensordesc<tensor<64x64xf32>>', which needs TMA (sm_90 or newer; the target is sm_80): pass the tensor's pointer, sizes and strides and build the descriptor in the kernel with tir.make_tensor_descriptor
func.func @copy_block(%src: !tir.tensordesc<tensor<64x64xf32>>,
                      %dst: !tir.tensordesc<tensor<64x64xf32>>,
                      %i: i32, %j: i32) attributes {tir.kernel} {
  %x = tir.descriptor_load %src[%i, %j] : !tir.tensordesc<tensor<64x64xf32>>
  %y = arith.addf %x, %x : tensor<64x64xf32>
  tir.descriptor_store %dst[%i, %j], %y : !tir.tensordesc<tensor<64x64xf32>>
  return
}


// RUN: trident-opt %s --gir-cluster-barriers --convert-gir-to-llvm | FileCheck %s

// A warp-specialized kernel of 2-CTA clusters: a producer partition loads
// a block multicast to both CTAs and arrives on the other CTA's barrier.
// The kernel says its cluster shape (nvvm.cluster_dim); the barriers'
// initialization is fenced to the cluster and met by every thread of the
// cluster (the partition's warps too, before they join the default
// group), and so is the kernel's end (after the final join).
// CHECK-LABEL: llvm.func @clustered
// CHECK-SAME: nvvm.cluster_dim = array<i32: 2, 1, 1>
// The default group.
// CHECK: nvvm.mbarrier.init
// CHECK: nvvm.fence.mbarrier.init
// CHECK-NEXT: nvvm.cluster.arrive.relaxed
// CHECK-NEXT: nvvm.cluster.wait
// CHECK: nvvm.barrier id =
// CHECK: nvvm.barrier id =
// CHECK: nvvm.cluster.arrive
// CHECK-NOT: relaxed
// CHECK-NEXT: nvvm.cluster.wait
// The partition's warps: the same two meetings around their work.
// CHECK: nvvm.cluster.arrive.relaxed
// CHECK-NEXT: nvvm.cluster.wait
// CHECK: nvvm.barrier id =
// The remote arrival releases at CTA scope, with no scope attribute (at
// cluster scope ptxas would fence the whole GPU before each arrival).
// CHECK: nvvm.mapa %{{.*}}, %{{.*}} : !llvm.ptr<3> -> !llvm.ptr<7>
// CHECK-NOT: mem_scope
// CHECK: nvvm.mbarrier.arrive %{{[0-9]+}} : !llvm.ptr<7>
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %{{.*}}, %{{.*}}, box[%{{.*}}, %{{.*}}] multicast_mask = %{{.*}}
// CHECK: nvvm.barrier id =
// CHECK-NEXT: nvvm.cluster.arrive
// CHECK-NEXT: nvvm.cluster.wait
#sw = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
module attributes {gir.cluster_dims = array<i32: 2, 1, 1>, gir.compute_capability = 90 : i32, gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @clustered(%desc: !tir.tensordesc<tensor<64x64xbf16>>, %i: i32, %peer: i32, %mask: i16) attributes {tir.kernel} {
    %buf = gir.local_alloc {gir.shared_offset = 1024 : i64} : !gir.memdesc<64x64xbf16, #sw>
    %bars = nvgir.mbarrier_alloc {arrivals = 2 : i32, gir.shared_offset = 0 : i64} : !nvgir.mbarriers<2>
    tir.warp_specialize(%desc, %buf, %bars, %i, %peer, %mask : !tir.tensordesc<tensor<64x64xbf16>>, !gir.memdesc<64x64xbf16, #sw>, !nvgir.mbarriers<2>, i32, i32, i16) attributes {gir.shared_offset = 9216 : i64} {
      nvgir.mbarrier_wait %bars[%i], %i : !nvgir.mbarriers<2>
    } partition num_warps(4) (%d: !tir.tensordesc<tensor<64x64xbf16>>, %b: !gir.memdesc<64x64xbf16, #sw>, %br: !nvgir.mbarriers<2>, %j: i32, %p: i32, %m: i16) {
      nvgir.mbarrier_arrive %br[%j] on %p : !nvgir.mbarriers<2>
      nvgir.tma_load %d[%j, %j], %b, %br[%j] multicast %m expected : !tir.tensordesc<tensor<64x64xbf16>> -> !gir.memdesc<64x64xbf16, #sw>, !nvgir.mbarriers<2>
    }
    return
  }
}

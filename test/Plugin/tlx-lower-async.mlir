// tlx-lower-to-gir on the asynchronous ops: rings that tlx.async_dot reads
// are swizzled for the tensor cores, copies become cp.async copies (after a
// CTA barrier unless a wait already is one), groups and waits the core's,
// the dot an asynchronous warpgroup MMA whose accumulator is converted into
// the #gir.wgmma layout of the program's 8 warps and back.
// RUN: trident-opt --load-plugin=%plugins/libTlxPlugin.so --tlx-lower-to-gir %s | FileCheck %s
// The layout passes then carry the accumulator through the loop in
// #gir.wgmma (no conversion inside it) and give the copies' pointers a
// coalesced layout (8 elements, 16 bytes, per thread).
// RUN: trident-opt --load-plugin=%plugins/libTlxPlugin.so --tlx-lower-to-gir --gir-coalesce --gir-remove-layout-conversions %s | FileCheck %s --check-prefix=LAYOUT

// CHECK-DAG: #[[SW:.*]] = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
// CHECK-DAG: #[[WG:.*]] = #gir.wgmma<warpsPerCTA = [8, 1], instrN = 128>
// CHECK-LABEL: func.func @pipelined
// CHECK: %[[A:.*]] = gir.local_alloc : !gir.memdesc<2x128x64xf16, #[[SW]]>
// CHECK: %[[B:.*]] = gir.local_alloc : !gir.memdesc<2x64x128xf16, #[[SW]]>
// CHECK: scf.for
// CHECK: nvgir.async_wait {pending = 0 : i32}
// CHECK-NEXT: %[[C:.*]] = gir.convert_layout %{{.*}} : tensor<128x128xf32, #{{.*}}> -> tensor<128x128xf32, #[[WG]]>
// CHECK-NEXT: %[[D:.*]] = nvgir.warpgroup_dot %{{.*}}, %{{.*}}, %[[C]] async : !gir.memdesc<128x64xf16, #[[SW]]> * !gir.memdesc<64x128xf16, #[[SW]]> -> tensor<128x128xf32, #[[WG]]>
// CHECK-NEXT: %[[BACK:.*]] = gir.convert_layout %[[D]]
// CHECK-NEXT: %[[W:.*]] = nvgir.warpgroup_wait %[[BACK]] {pending = 0 : i32}
// CHECK: gir.barrier
// CHECK-NEXT: nvgir.async_copy %{{.*}}, %{{.*}}, %{{.*}} : tensor<128x64x!tir.ptr<f16>
// CHECK-NEXT: nvgir.async_copy %{{.*}}, %{{.*}} : tensor<64x128x!tir.ptr<f16>
// CHECK-NEXT: nvgir.async_commit_group
// CHECK-NOT: tlx.

// LAYOUT-DAG: #[[WG:.*]] = #gir.wgmma<warpsPerCTA = [8, 1], instrN = 128>
// LAYOUT-DAG: #[[CO:.*]] = #gir.blocked<sizePerThread = [1, 8]
// LAYOUT-LABEL: func.func @pipelined
// LAYOUT: scf.for {{.*}} -> (tensor<128x128xf32, #[[WG]]>)
// LAYOUT-NOT: gir.convert_layout
// LAYOUT: nvgir.warpgroup_dot {{.*}} -> tensor<128x128xf32, #[[WG]]>
// LAYOUT-NOT: gir.convert_layout
// LAYOUT: nvgir.async_copy {{.*}} : tensor<128x64x!tir.ptr<f16>, #[[CO]]>
// LAYOUT: scf.yield

#b = #gir.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 8], order = [1, 0]>
module attributes {gir.compute_capability = 90 : i32, gir.num_warps = 8 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @pipelined(%pa: !tir.ptr<f16> {tir.divisibility = 16 : i32},
                       %pb: !tir.ptr<f16> {tir.divisibility = 16 : i32},
                       %n: i32, %ok: i1) -> tensor<128x128xf32, #b> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<128x128xf32, #b>
    %ra = tlx.local_alloc : !tlx.buffers<2x128x64xf16>
    %rb = tlx.local_alloc : !tlx.buffers<2x64x128xf16>
    %m = tir.make_range 0 to 128 : tensor<128xi32, #gir.slice<dim = 1, parent = #b>>
    %k = tir.make_range 0 to 64 : tensor<64xi32, #gir.slice<dim = 0, parent = #b>>
    %m2 = tir.expand_dims %m, axis = 1 : tensor<128xi32, #gir.slice<dim = 1, parent = #b>> -> tensor<128x1xi32, #b>
    %k2 = tir.expand_dims %k, axis = 0 : tensor<64xi32, #gir.slice<dim = 0, parent = #b>> -> tensor<1x64xi32, #b>
    %c64 = arith.constant dense<64> : tensor<128x1xi32, #b>
    %rowa = arith.muli %m2, %c64 : tensor<128x1xi32, #b>
    %rowab = tir.broadcast %rowa : tensor<128x1xi32, #b> -> tensor<128x64xi32, #b>
    %kab = tir.broadcast %k2 : tensor<1x64xi32, #b> -> tensor<128x64xi32, #b>
    %offa = arith.addi %rowab, %kab : tensor<128x64xi32, #b>
    %sa = tir.splat %pa : !tir.ptr<f16> -> tensor<128x64x!tir.ptr<f16>, #b>
    %ptra = tir.addptr %sa, %offa : tensor<128x64x!tir.ptr<f16>, #b>, tensor<128x64xi32, #b>
    %maska = tir.splat %ok : i1 -> tensor<128x64xi1, #b>
    %kb = tir.make_range 0 to 64 : tensor<64xi32, #gir.slice<dim = 1, parent = #b>>
    %nb = tir.make_range 0 to 128 : tensor<128xi32, #gir.slice<dim = 0, parent = #b>>
    %kb2 = tir.expand_dims %kb, axis = 1 : tensor<64xi32, #gir.slice<dim = 1, parent = #b>> -> tensor<64x1xi32, #b>
    %nb2 = tir.expand_dims %nb, axis = 0 : tensor<128xi32, #gir.slice<dim = 0, parent = #b>> -> tensor<1x128xi32, #b>
    %c128 = arith.constant dense<128> : tensor<64x1xi32, #b>
    %rowb = arith.muli %kb2, %c128 : tensor<64x1xi32, #b>
    %rowbb = tir.broadcast %rowb : tensor<64x1xi32, #b> -> tensor<64x128xi32, #b>
    %nbb = tir.broadcast %nb2 : tensor<1x128xi32, #b> -> tensor<64x128xi32, #b>
    %offb = arith.addi %rowbb, %nbb : tensor<64x128xi32, #b>
    %sb = tir.splat %pb : !tir.ptr<f16> -> tensor<64x128x!tir.ptr<f16>, #b>
    %ptrb = tir.addptr %sb, %offb : tensor<64x128x!tir.ptr<f16>, #b>, tensor<64x128xi32, #b>
    %acc = scf.for %i = %c0 to %n step %c1 iter_args(%c = %zero) -> (tensor<128x128xf32, #b>) : i32 {
      %slot = arith.remsi %i, %c1 : i32
      %va = tlx.local_view %ra[%slot] : !tlx.buffers<2x128x64xf16> -> !tlx.buffer<128x64xf16>
      %vb = tlx.local_view %rb[%slot] : !tlx.buffers<2x64x128xf16> -> !tlx.buffer<64x128xf16>
      %w = tlx.async_wait {pendings = 0 : i32}
      %d = tlx.async_dot %va, %vb, %c : !tlx.buffer<128x64xf16> * !tlx.buffer<64x128xf16> -> tensor<128x128xf32, #b>
      %dw = tlx.async_dot_wait %d {pendings = 0 : i32} : tensor<128x128xf32, #b>
      %ta = tlx.async_load %ptra, %va, %maska : tensor<128x64x!tir.ptr<f16>, #b>, tensor<128x64xi1, #b> -> !tlx.buffer<128x64xf16>
      %tb = tlx.async_load %ptrb, %vb : tensor<64x128x!tir.ptr<f16>, #b> -> !tlx.buffer<64x128xf16>
      %g = tlx.async_commit_group %ta, %tb
      scf.yield %dw : tensor<128x128xf32, #b>
    }
    return %acc : tensor<128x128xf32, #b>
  }
}

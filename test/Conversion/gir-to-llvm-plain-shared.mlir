// RUN: trident-opt %s -split-input-file --gir-allocate-shared-memory --convert-gir-to-llvm | FileCheck %s

// A row copied by cp.async into an unswizzled (#gir.plain_shared) slot and
// read back into the same layout: each thread copies its 4 contiguous f32
// (16 bytes, zero-filled where the mask is false) and reads them back with
// one 16-byte load, both at one per-thread address plus a constant (the
// second group 512 elements = 2048 bytes further). `other` applied after
// the read takes one condition per 4 registers (the mask is constant over
// them): the 8-register condition is its registers 0 and 4 spread.
// CHECK-LABEL: llvm.func @row
// CHECK: %[[T1:.*]] = llvm.getelementptr %[[T:[0-9]+]][2048] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: nvvm.cp.async.shared.global %[[T]], %{{.*}}, 16, cache =  cg, %{{.*}} : !llvm.ptr<3>, !llvm.ptr<1>, i32
// CHECK: nvvm.cp.async.shared.global %[[T1]], %{{.*}}, 16, cache =  cg, %{{.*}} : !llvm.ptr<3>, !llvm.ptr<1>, i32
// CHECK: nvvm.cp.async.wait.group 0
// CHECK: %[[R1:.*]] = llvm.getelementptr %[[R:[0-9]+]][2048] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: llvm.load %[[R]] {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xf32>
// CHECK: llvm.load %[[R1]] {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xf32>
// CHECK: llvm.insertelement %[[A:[0-9]+]], %{{.*}} : vector<8xi1>
// CHECK-COUNT-3: llvm.insertelement %[[A]], %{{.*}} : vector<8xi1>
// CHECK: llvm.insertelement %[[B:[0-9]+]], %{{.*}} : vector<8xi1>
// CHECK-COUNT-3: llvm.insertelement %[[B]], %{{.*}} : vector<8xi1>
// CHECK: llvm.select %{{.*}}, %{{.*}}, %arg2 : vector<8xi1>, vector<8xf32>
#b = #gir.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#pl = #gir.plain_shared<order = [0]>
module attributes {gir.compute_capability = 90 : i32, gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @row(%base: !tir.ptr<f32> {tir.divisibility = 16 : i32}, %n: i32 {tir.divisibility = 16 : i32}, %other: tensor<1024xf32, #b>) -> tensor<1024xf32, #b> {
    %c0 = arith.constant 0 : i32
    %r = tir.make_range 0 to 1024 : tensor<1024xi32, #b>
    %s = tir.splat %base : !tir.ptr<f32> -> tensor<1024x!tir.ptr<f32>, #b>
    %p = tir.addptr %s, %r : tensor<1024x!tir.ptr<f32>, #b>, tensor<1024xi32, #b>
    %ns = tir.splat %n : i32 -> tensor<1024xi32, #b>
    %m = arith.cmpi slt, %r, %ns : tensor<1024xi32, #b>
    %ring = gir.local_alloc : !gir.memdesc<2x1024xf32, #pl>
    %slot = gir.memdesc_index %ring[%c0] : !gir.memdesc<2x1024xf32, #pl> -> !gir.memdesc<1024xf32, #pl>
    nvgir.async_copy %p, %slot, %m : tensor<1024x!tir.ptr<f32>, #b>, tensor<1024xi1, #b> -> !gir.memdesc<1024xf32, #pl>
    nvgir.async_commit_group
    nvgir.async_wait {pending = 0 : i32}
    %t = gir.local_load %slot : !gir.memdesc<1024xf32, #pl> -> tensor<1024xf32, #b>
    %x = arith.select %m, %t, %other : tensor<1024xi1, #b>, tensor<1024xf32, #b>
    return %x : tensor<1024xf32, #b>
  }
}

// -----

// A row of statistics in a slice layout that gives each element to the
// four lanes of a row of the parent (attention's m in the wgmma
// accumulator's column slice): one of them copies it (the copies under
// `lane & 3 == 0`, lanes bits 0 and 1 move no coordinate), every thread
// reads it back.
// CHECK-LABEL: llvm.func @stats
// CHECK: %[[LANE:.*]] = llvm.and %{{.*}}, %{{.*}} : i32
// CHECK: %[[FIRST:.*]] = llvm.icmp "eq"
// CHECK: llvm.cond_br %{{.*}}, ^[[COPY:.*]], ^[[DONE:.*]]
// CHECK: ^[[COPY]]:
// CHECK: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 4, cache =  ca
// CHECK: ^[[DONE]]:
// CHECK: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> vector<1xf32>
#p = #gir.blocked<sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#s = #gir.slice<dim = 1, parent = #p>
#pl = #gir.plain_shared<order = [0]>
module attributes {gir.compute_capability = 90 : i32, gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @stats(%base: !tir.ptr<f32> {tir.divisibility = 16 : i32}) -> tensor<32xf32, #s> {
    %c0 = arith.constant 0 : i32
    %r = tir.make_range 0 to 32 : tensor<32xi32, #s>
    %sp = tir.splat %base : !tir.ptr<f32> -> tensor<32x!tir.ptr<f32>, #s>
    %p = tir.addptr %sp, %r : tensor<32x!tir.ptr<f32>, #s>, tensor<32xi32, #s>
    %buf = gir.local_alloc : !gir.memdesc<1x32xf32, #pl>
    %slot = gir.memdesc_index %buf[%c0] : !gir.memdesc<1x32xf32, #pl> -> !gir.memdesc<32xf32, #pl>
    nvgir.async_copy %p, %slot : tensor<32x!tir.ptr<f32>, #s> -> !gir.memdesc<32xf32, #pl>
    nvgir.async_commit_group
    nvgir.async_wait {pending = 0 : i32}
    %t = gir.local_load %slot : !gir.memdesc<32xf32, #pl> -> tensor<32xf32, #s>
    return %t : tensor<32xf32, #s>
  }
}

// -----

// A 2-D tile whose rows are contiguous in the buffer (order = [1, 0]):
// 8-byte runs along dimension 1, rows 64 elements (256 bytes) apart. The
// scalar predicate zero-fills every run where it is false (source size 0).
// CHECK-LABEL: llvm.func @tile
// CHECK: %[[SIZE:.*]] = llvm.select %arg1, %{{.*}}, %{{.*}} : i1, i32
// CHECK: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 8, cache =  ca, %[[SIZE]]
// CHECK: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr<3> -> vector<2xf32>
#b2 = #gir.blocked<sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>
#pl2 = #gir.plain_shared<order = [1, 0]>
module attributes {gir.compute_capability = 90 : i32, gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @tile(%base: !tir.ptr<f32> {tir.divisibility = 16 : i32}, %ok: i1) -> tensor<16x64xf32, #b2> {
    %c0 = arith.constant 0 : i32
    %rr = tir.make_range 0 to 16 : tensor<16xi32, #gir.slice<dim = 1, parent = #b2>>
    %cc = tir.make_range 0 to 64 : tensor<64xi32, #gir.slice<dim = 0, parent = #b2>>
    %re = tir.expand_dims %rr, axis = 1 : tensor<16xi32, #gir.slice<dim = 1, parent = #b2>> -> tensor<16x1xi32, #b2>
    %c64 = arith.constant dense<64> : tensor<16x1xi32, #b2>
    %rs = arith.muli %re, %c64 : tensor<16x1xi32, #b2>
    %rb = tir.broadcast %rs : tensor<16x1xi32, #b2> -> tensor<16x64xi32, #b2>
    %ce = tir.expand_dims %cc, axis = 0 : tensor<64xi32, #gir.slice<dim = 0, parent = #b2>> -> tensor<1x64xi32, #b2>
    %cb = tir.broadcast %ce : tensor<1x64xi32, #b2> -> tensor<16x64xi32, #b2>
    %off = arith.addi %rb, %cb : tensor<16x64xi32, #b2>
    %sp = tir.splat %base : !tir.ptr<f32> -> tensor<16x64x!tir.ptr<f32>, #b2>
    %p = tir.addptr %sp, %off : tensor<16x64x!tir.ptr<f32>, #b2>, tensor<16x64xi32, #b2>
    %buf = gir.local_alloc : !gir.memdesc<16x64xf32, #pl2>
    nvgir.async_copy %p, %buf if %ok : tensor<16x64x!tir.ptr<f32>, #b2> -> !gir.memdesc<16x64xf32, #pl2>
    nvgir.async_commit_group
    nvgir.async_wait {pending = 0 : i32}
    %t = gir.local_load %buf : !gir.memdesc<16x64xf32, #pl2> -> tensor<16x64xf32, #b2>
    return %t : tensor<16x64xf32, #b2>
  }
}

// -----

// A tile stored from registers and read back: each thread writes its 4
// contiguous f32 with one 16-byte store per group (the second group 2048
// bytes further), a barrier, and the same addresses read back.
// CHECK-LABEL: llvm.func @store_then_load
// CHECK: %[[W1:.*]] = llvm.getelementptr %[[W:[0-9]+]][2048] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: llvm.store %{{.*}}, %[[W]] {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<3>
// CHECK: llvm.store %{{.*}}, %[[W1]] {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<3>
// CHECK: nvvm.barrier
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xf32>
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xf32>
#b = #gir.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#pl = #gir.plain_shared<order = [0]>
module attributes {gir.compute_capability = 90 : i32, gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @store_then_load(%x: tensor<1024xf32, #b>, %i: i32) -> tensor<1024xf32, #b> {
    %ring = gir.local_alloc : !gir.memdesc<2x1024xf32, #pl>
    %slot = gir.memdesc_index %ring[%i] : !gir.memdesc<2x1024xf32, #pl> -> !gir.memdesc<1024xf32, #pl>
    gir.local_store %x, %slot : tensor<1024xf32, #b>, !gir.memdesc<1024xf32, #pl>
    gir.barrier
    %t = gir.local_load %slot : !gir.memdesc<1024xf32, #pl> -> tensor<1024xf32, #b>
    return %t : tensor<1024xf32, #b>
  }
}

// -----

// An element that several threads hold (a 32-element row over 128 threads
// of a 1-D blocked layout: 4 replicas) is written by the first replica
// only, under a branch.
// CHECK-LABEL: llvm.func @replicated
// CHECK: llvm.cond_br %{{.*}}, ^[[W:.*]], ^[[DONE:.*]]
// CHECK: ^[[W]]:
// CHECK: llvm.store %{{.*}} {alignment = 4 : i64} : vector<1xf32>, !llvm.ptr<3>
// CHECK: ^[[DONE]]:
#r = #gir.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#pl = #gir.plain_shared<order = [0]>
module attributes {gir.compute_capability = 90 : i32, gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @replicated(%x: tensor<32xf32, #r>) {
    %buf = gir.local_alloc : !gir.memdesc<32xf32, #pl>
    gir.local_store %x, %buf : tensor<32xf32, #r>, !gir.memdesc<32xf32, #pl>
    return
  }
}

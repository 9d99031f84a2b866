// RUN: trident-opt %s --convert-tir-to-gir=compute-capability=90 --convert-gir-to-llvm --reconcile-unrealized-casts | FileCheck %s

// Descriptors kept in memory on sm_90: `tir.global_scratch_alloc` takes its
// bytes from the program's global scratch (256 here, no 128-byte slot for
// a descriptor with storage of its own); `make ... into %slot` writes the
// tensor map to %slot (second slot: 128 bytes in) and acquires it;
// `reinterpret %slot` is %slot's generic address, acquired, and the TMA
// load takes it.
// CHECK-LABEL: llvm.func @stored(
// CHECK-SAME: %[[SCR:arg[0-9]+]]: !llvm.ptr<1>) attributes {{{.*}}trident.global_scratch = 256 : i64
// CHECK: nvvm.read.ptx.sreg.ctaid.x
// CHECK: %[[BYTES:.*]] = llvm.mul %{{.*}}, %{{.*}} : i64
// CHECK: %[[SLOTS:.*]] = llvm.getelementptr %[[SCR]][%[[BYTES]]] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i8
// CHECK: %[[SLOT:.*]] = llvm.getelementptr %[[SLOTS]][%{{.*}}] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i8
// CHECK: tensormap.replace.tile.global_address
// CHECK: tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu.sync.aligned [$0], [$1], 128;", "l,l,~{memory}" %[[SLOT]],
// CHECK: nvvm.barrier0
// CHECK: %[[G1:.*]] = llvm.addrspacecast %[[SLOT]] : !llvm.ptr<1> to !llvm.ptr
// CHECK: fence.proxy.tensormap::generic.acquire.gpu [$0], 128;", "l,~{memory}" %[[G1]]
// CHECK: %[[G2:.*]] = llvm.addrspacecast %[[SLOT]] : !llvm.ptr<1> to !llvm.ptr
// CHECK: fence.proxy.tensormap::generic.acquire.gpu [$0], 128;", "l,~{memory}" %[[G2]]
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[G2]]
func.func @stored(%base: !tir.ptr<bf16>, %m: i32, %k: i32, %s: i64, %i: i32, %out: !tir.ptr<bf16>) attributes {tir.kernel} {
  %c1 = arith.constant 1 : i64
  %c128 = arith.constant 128 : i32
  %slots = tir.global_scratch_alloc {nbytes = 256 : i64, alignment = 128 : i64} : !tir.ptr<i8>
  %slot = tir.addptr %slots, %c128 : !tir.ptr<i8>, i32
  %d = tir.make_tensor_descriptor %base, [%m, %k], [%s, %c1] into %slot : !tir.ptr<bf16>, i32, !tir.ptr<i8> -> !tir.tensordesc<tensor<64x64xbf16>>
  %e = tir.reinterpret_tensor_descriptor %slot : !tir.ptr<i8> -> !tir.tensordesc<tensor<64x64xbf16>>
  %v = tir.descriptor_load %e[%i, %i] : !tir.tensordesc<tensor<64x64xbf16>>
  %r = tir.make_range 0 to 64 : tensor<64xi32>
  %p = tir.splat %out : !tir.ptr<bf16> -> tensor<64x!tir.ptr<bf16>>
  %q = tir.addptr %p, %r : tensor<64x!tir.ptr<bf16>>, tensor<64xi32>
  %row = tir.expand_dims %q, axis = 1 : tensor<64x!tir.ptr<bf16>> -> tensor<64x1x!tir.ptr<bf16>>
  %ptrs = tir.broadcast %row : tensor<64x1x!tir.ptr<bf16>> -> tensor<64x64x!tir.ptr<bf16>>
  tir.store %ptrs, %v : tensor<64x64x!tir.ptr<bf16>>
  return
}

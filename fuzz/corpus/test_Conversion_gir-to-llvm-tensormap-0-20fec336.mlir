// A descriptor the kernel makes (kept by tir-lower-descriptors=tma=true):
// the kernel takes a global scratch pointer, last, and records 128 bytes
// per program for the launcher; warp 0 zeroes a 128-byte image in shared
// memory, lane 0 writes its fields (address, rank - 1, box and sizes
// innermost first, the row stride in bytes, unit element strides, bf16 =
// PTX element type 10, 128-byte swizzle = 3, zero fill), the warp copies
// it to the program's slot with a release, and after a CTA barrier every
// thread acquires it; the loads then go through TMA with the slot's
// generic address.
// CHECK-LABEL: llvm.func @made(
// CHECK-SAME: %{{.*}}: !llvm.ptr<1>) attributes {{{.*}}trident.global_scratch = 128 : i64
// CHECK: nvvm.read.ptx.sreg.ctaid.x
// CHECK: llvm.getelementptr %arg{{[0-9]+}}[%{{.*}}] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i8
// CHECK: nvvm.barrier0
// CHECK: llvm.store %{{.*}}, %{{.*}} : i32, !llvm.ptr<3>
// CHECK: nvvm.bar.warp.sync
// CHECK: tensormap.replace.tile.global_address.shared::cta.b1024.b64 [$0], $1;
// CHECK: tensormap.replace.tile.rank.shared::cta.b1024.b32 [$0], 1;
// CHECK: tensormap.replace.tile.box_dim.shared::cta.b1024.b32 [$0], 0, $1;
// CHECK: tensormap.replace.tile.global_dim.shared::cta.b1024.b32 [$0], 0, $1;
// CHECK: tensormap.replace.tile.global_stride.shared::cta.b1024.b64 [$0], 0, $1;
// CHECK: tensormap.replace.tile.element_stride.shared::cta.b1024.b32 [$0], 0, $1;
// CHECK: tensormap.replace.tile.box_dim.shared::cta.b1024.b32 [$0], 1, $1;
// CHECK: tensormap.replace.tile.global_dim.shared::cta.b1024.b32 [$0], 1, $1;
// CHECK-NOT: global_stride
// CHECK: tensormap.replace.tile.elemtype.shared::cta.b1024.b32 [$0], 10;
// CHECK: tensormap.replace.tile.interleave_layout.shared::cta.b1024.b32 [$0], 0;
// CHECK: tensormap.replace.tile.swizzle_mode.shared::cta.b1024.b32 [$0], 3;
// CHECK: tensormap.replace.tile.fill_mode.shared::cta.b1024.b32 [$0], 0;
// CHECK: nvvm.bar.warp.sync
// CHECK: tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu.sync.aligned [$0], [$1], 128;
// CHECK: nvvm.barrier0
// CHECK: %[[G:.*]] = llvm.addrspacecast %{{.*}} : !llvm.ptr<1> to !llvm.ptr
// CHECK: fence.proxy.tensormap::generic.acquire.gpu [$0], 128;
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[G]]
// SM80: error: 'tir.make_tensor_descriptor' op is left for the GPU lowering, which builds tensor maps only in kernels for sm_90 and newer
func.func @made(%base: !tir.ptr<bf16>, %m: i32, %k: i32, %s: i64, %i: i32, %out: !tir.ptr<bf16>) attributes {tir.kernel} {
  %c1 = arith.constant 1 : i64
  %d = tir.make_tensor_descriptor %base, [%m, %k], [%s, %c1] : !tir.ptr<bf16>, i32 -> !tir.tensordesc<tensor<64x64xbf16>>
  %v = tir.descriptor_load %d[%i, %i] : !tir.tensordesc<tensor<64x64xbf16>>
  %r = tir.make_range 0 to 64 : tensor<64xi32>
  %p = tir.splat %out : !tir.ptr<bf16> -> tensor<64x!tir.ptr<bf16>>
  %q = tir.addptr %p, %r : tensor<64x!tir.ptr<bf16>>, tensor<64xi32>
  %row = tir.expand_dims %q, axis = 1 : tensor<64x!tir.ptr<bf16>> -> tensor<64x1x!tir.ptr<bf16>>
  %ptrs = tir.broadcast %row : tensor<64x1x!tir.ptr<bf16>> -> tensor<64x64x!tir.ptr<bf16>>
  tir.store %ptrs, %v : tensor<64x64x!tir.ptr<bf16>>
  return
}

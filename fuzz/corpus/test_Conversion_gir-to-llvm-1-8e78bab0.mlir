// A row reduction over lanes and warps: butterfly shuffles within a warp,
// then partials through shared-memory scratch between barriers; the result
// is broadcast back by register moves. Shared memory is the one dynamic
// buffer; the module records how much a launch must give.
// CHECK: module attributes {{{.*}}trident.shared_bytes = 64 : i32
// CHECK: llvm.mlir.global external @__trident_dynamic_smem() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<0 x i8>
// CHECK-LABEL: llvm.func @row_sum
// CHECK-COUNT-5: nvvm.shfl.sync bfly
// CHECK: nvvm.barrier0
// CHECK: llvm.store
// CHECK: nvvm.barrier0
// CHECK: llvm.load
// CHECK: llvm.shufflevector
func.func @row_sum(%x: !tir.ptr<f32>) attributes {tir.kernel} {
  %r = tir.make_range 0 to 256 : tensor<256xi32>
  %r2 = tir.expand_dims %r, axis = 0 : tensor<256xi32> -> tensor<1x256xi32>
  %rb = tir.broadcast %r2 : tensor<1x256xi32> -> tensor<4x256xi32>
  %xs = tir.splat %x : !tir.ptr<f32> -> tensor<4x256x!tir.ptr<f32>>
  %p = tir.addptr %xs, %rb : tensor<4x256x!tir.ptr<f32>>, tensor<4x256xi32>
  %v = tir.load %p : tensor<4x256x!tir.ptr<f32>>
  %sum = tir.reduce %v axis = 1 : tensor<4x256xf32> -> tensor<4xf32> {
  ^bb0(%a: f32, %b: f32):
    %t = arith.addf %a, %b : f32
    tir.reduce.return %t : f32
  }
  %e = tir.expand_dims %sum, axis = 1 : tensor<4xf32> -> tensor<4x1xf32>
  %eb = tir.broadcast %e : tensor<4x1xf32> -> tensor<4x256xf32>
  %d = arith.subf %v, %eb : tensor<4x256xf32>
  tir.store %p, %d : tensor<4x256x!tir.ptr<f32>>
  return
}

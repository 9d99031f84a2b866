// A descriptor made in the kernel that reaches the GPU lowering becomes a
// tensor map only if TMA can move its block (tir-lower-descriptors=tma=true
// leaves only those); otherwise an error naming the op and why.
// CHECK: gir-to-llvm-tma-errors.mlir:[[@LINE+3]]:{{[0-9]+}}: error: 'tir.make_tensor_descriptor' op cannot be served by TMA: TMA moves rows of a multiple of 16 bytes
func.func @in_kernel(%p: !tir.ptr<f32>, %n: i32, %s: i64, %i: i32) attributes {tir.kernel} {
  %c1 = arith.constant 1 : i64
  %d = tir.make_tensor_descriptor %p, [%n, %n], [%s, %c1] : !tir.ptr<f32>, i32 -> !tir.tensordesc<tensor<16x2xf32>>
  %x = tir.descriptor_load %d[%i, %i] : !tir.tensordesc<tensor<16x2xf32>>
  return
}

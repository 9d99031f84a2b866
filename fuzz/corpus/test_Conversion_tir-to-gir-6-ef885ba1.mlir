// Inline assembly takes its first operand's layout like any elementwise
// operation (its other operands are converted to it, its results made in
// it); tir.barrier becomes the CTA barrier of GPU IR.
// CHECK-LABEL: func.func @asm_barrier
// CHECK: %[[A:.*]] = tir.load %{{.*}} : tensor<1024x!tir.ptr<f32>, #[[L:blocked[0-9]*]]>
// CHECK: tir.inline_asm_elementwise "{{.*}}", "=f,=r,f,r" pure (%[[A]], %{{.*}} : tensor<1024xf32, #[[L]]>, tensor<1024xi32, #[[L]]>) -> tensor<1024xf32, #[[L]]>, tensor<1024xi32, #[[L]]>
// CHECK: gir.barrier
// CHECK-NOT: tir.barrier
func.func @asm_barrier(%x: !tir.ptr<f32>, %i: tensor<1024xi32>) -> (tensor<1024xf32>, tensor<1024xi32>) {
  %r = tir.make_range 0 to 1024 : tensor<1024xi32>
  %xs = tir.splat %x : !tir.ptr<f32> -> tensor<1024x!tir.ptr<f32>>
  %xp = tir.addptr %xs, %r : tensor<1024x!tir.ptr<f32>>, tensor<1024xi32>
  %v = tir.load %xp : tensor<1024x!tir.ptr<f32>>
  %a, %b = tir.inline_asm_elementwise "mov.b32 $0, $2; mov.b32 $1, $3;", "=f,=r,f,r" pure (%v, %i : tensor<1024xf32>, tensor<1024xi32>) -> tensor<1024xf32>, tensor<1024xi32>
  tir.barrier
  return %a, %b : tensor<1024xf32>, tensor<1024xi32>
}

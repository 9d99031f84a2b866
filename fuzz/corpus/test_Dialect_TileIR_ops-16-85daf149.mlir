// CHECK-LABEL: func.func @barrier_and_asm
func.func @barrier_and_asm(%x: tensor<64xi32>, %y: tensor<64xi8>, %s: f32) {
  // CHECK: tir.barrier
  tir.barrier
  // CHECK: tir.inline_asm_elementwise "shl.b32 $0, $1, 3;", "=r,r" pure (%{{.*}} : tensor<64xi32>) -> tensor<64xi32>
  %0 = tir.inline_asm_elementwise "shl.b32 $0, $1, 3;", "=r,r" pure (%x : tensor<64xi32>) -> tensor<64xi32>
  // CHECK: tir.inline_asm_elementwise "{{.*}}", "=r,=r,r,r" pack = 4 (%{{.*}}, %{{.*}} : tensor<64xi8>, tensor<64xi32>) -> tensor<64xi32>, tensor<64xf32>
  %1:2 = tir.inline_asm_elementwise "prmt.b32 $0, $2, 0, 0x4140; mov.b32 $1, $3;", "=r,=r,r,r" pack = 4 (%y, %x : tensor<64xi8>, tensor<64xi32>) -> tensor<64xi32>, tensor<64xf32>
  // CHECK: tir.inline_asm_elementwise "mov.u32 $0, %clock;", "=r" -> i32
  %2 = tir.inline_asm_elementwise "mov.u32 $0, %clock;", "=r" -> i32
  // CHECK: tir.inline_asm_elementwise "mov.b32 $0, $1;", "=f,f" pure (%{{.*}} : f32) -> f32
  %3 = tir.inline_asm_elementwise "mov.b32 $0, $1;", "=f,f" pure (%s : f32) -> f32
  return
}

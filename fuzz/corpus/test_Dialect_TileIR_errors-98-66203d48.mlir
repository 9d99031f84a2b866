// 8-bit floats have no atomics (neither LLVM nor the GPU has them).
func.func @atomic_fadd_f8(%p: tensor<4x!tir.ptr<f8E4M3FN>>, %v: tensor<4xf8E4M3FN>) {
  // expected-error @+1 {{'tir.atomic_rmw' op has no atomic form for 'f8E4M3FN' elements (float atomics take f16, bf16, f32 or f64)}}
  %0 = tir.atomic_rmw fadd, relaxed, gpu, %p, %v : tensor<4x!tir.ptr<f8E4M3FN>>
  return
}

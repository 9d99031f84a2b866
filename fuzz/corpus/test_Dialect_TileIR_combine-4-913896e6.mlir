// Offsets of different widths are not merged.
// CHECK-LABEL: func.func @addptr_chain_mixed
// CHECK-COUNT-2: tir.addptr
func.func @addptr_chain_mixed(%p: !tir.ptr<f32>, %a: i32, %b: i64) -> !tir.ptr<f32> {
  %0 = tir.addptr %p, %a : !tir.ptr<f32>, i32
  %1 = tir.addptr %0, %b : !tir.ptr<f32>, i64
  return %1 : !tir.ptr<f32>
}

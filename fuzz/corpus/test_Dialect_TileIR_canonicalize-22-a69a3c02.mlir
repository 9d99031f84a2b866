// Unused pure operations disappear.
// CHECK-LABEL: func.func @dead_pure_ops
// CHECK-NEXT: return
func.func @dead_pure_ops(%p: tensor<8x!tir.ptr<f32>>, %a: tensor<16x16xf16>, %c: tensor<16x16xf32>) {
  %0 = tir.make_range 0 to 8 : tensor<8xi32>
  %1 = tir.addptr %p, %0 : tensor<8x!tir.ptr<f32>>, tensor<8xi32>
  %2 = tir.dot %a, %a, %c : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  %3 = tir.get_program_id 0 : i32
  %4 = tir.reduce %c axis = 0 : tensor<16x16xf32> -> tensor<16xf32> {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    tir.reduce.return %s : f32
  }
  return
}

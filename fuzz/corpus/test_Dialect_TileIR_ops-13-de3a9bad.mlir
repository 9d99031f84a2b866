// CHECK-LABEL: func.func @scan
func.func @scan(%x: tensor<128xi32>, %y: tensor<4x8xf32>) {
  // CHECK: tir.scan %{{.*}} axis = 0 : tensor<128xi32> -> tensor<128xi32> {
  // CHECK: tir.scan.return %{{.*}} : i32
  %0 = tir.scan %x axis = 0 : tensor<128xi32> -> tensor<128xi32> {
  ^bb0(%a: i32, %b: i32):
    %s = arith.addi %a, %b : i32
    tir.scan.return %s : i32
  }
  // CHECK: tir.scan %{{.*}} axis = 1 reverse : tensor<4x8xf32> -> tensor<4x8xf32> {
  %1 = tir.scan %y axis = 1 reverse : tensor<4x8xf32> -> tensor<4x8xf32> {
  ^bb0(%a: f32, %b: f32):
    %s = arith.mulf %a, %b : f32
    tir.scan.return %s : f32
  }
  return
}

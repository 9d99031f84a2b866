// CHECK-LABEL: func.func @reduce
func.func @reduce(%x: tensor<128x64xf32>, %i: tensor<128x64xi32>, %v: tensor<64xf32>) {
  // CHECK: tir.reduce %{{.*}} axis = 1 : tensor<128x64xf32> -> tensor<128xf32> {
  // CHECK-NEXT: ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32):
  // CHECK-NEXT: %[[M:.*]] = arith.maxnumf %[[A]], %[[B]] : f32
  // CHECK-NEXT: tir.reduce.return %[[M]] : f32
  // CHECK-NEXT: }
  %0 = tir.reduce %x axis = 1 : tensor<128x64xf32> -> tensor<128xf32> {
  ^bb0(%a: f32, %b: f32):
    %m = arith.maxnumf %a, %b : f32
    tir.reduce.return %m : f32
  }
  // Two operands (an argmax): the region takes (acc0, acc1, new0, new1).
  // CHECK: tir.reduce %{{.*}}, %{{.*}} axis = 0 : tensor<128x64xf32>, tensor<128x64xi32> -> tensor<64xf32>, tensor<64xi32> {
  // CHECK: tir.reduce.return %{{.*}}, %{{.*}} : f32, i32
  %1:2 = tir.reduce %x, %i axis = 0 : tensor<128x64xf32>, tensor<128x64xi32> -> tensor<64xf32>, tensor<64xi32> {
  ^bb0(%av: f32, %ai: i32, %bv: f32, %bi: i32):
    %gt = arith.cmpf ogt, %av, %bv : f32
    %mv = arith.select %gt, %av, %bv : f32
    %mi = arith.select %gt, %ai, %bi : i32
    tir.reduce.return %mv, %mi : f32, i32
  }
  // A 1-D tile reduces to a scalar.
  // CHECK: tir.reduce %{{.*}} axis = 0 : tensor<64xf32> -> f32 {
  %2 = tir.reduce %v axis = 0 : tensor<64xf32> -> f32 {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tir.reduce.return %s : f32
  }
  return
}

// CHECK-LABEL: func.func @shape_ops
func.func @shape_ops(%a: tensor<128xi32>, %b: tensor<128xi32>, %m: tensor<4x32xf16>) {
  // CHECK: tir.expand_dims %{{.*}}, axis = 1 : tensor<128xi32> -> tensor<128x1xi32>
  // CHECK: tir.expand_dims %{{.*}}, axis = 0 : tensor<128xi32> -> tensor<1x128xi32>
  // CHECK: tir.broadcast %{{.*}} : tensor<128x1xi32> -> tensor<128x64xi32>
  // CHECK: tir.reshape %{{.*}} : tensor<4x32xf16> -> tensor<128xf16>
  // CHECK: tir.reshape %{{.*}} allow_reorder : tensor<4x32xf16> -> tensor<2x64xf16>
  // CHECK: tir.trans %{{.*}}, [1, 0] : tensor<4x32xf16> -> tensor<32x4xf16>
  // CHECK: tir.join %{{.*}}, %{{.*}} : tensor<128xi32> -> tensor<128x2xi32>
  // CHECK: %{{.*}}, %{{.*}} = tir.split %{{.*}} : tensor<128x2xi32> -> tensor<128xi32>
  %0 = tir.expand_dims %a, axis = 1 : tensor<128xi32> -> tensor<128x1xi32>
  %1 = tir.expand_dims %a, axis = 0 : tensor<128xi32> -> tensor<1x128xi32>
  %2 = tir.broadcast %0 : tensor<128x1xi32> -> tensor<128x64xi32>
  %3 = tir.reshape %m : tensor<4x32xf16> -> tensor<128xf16>
  %4 = tir.reshape %m allow_reorder : tensor<4x32xf16> -> tensor<2x64xf16>
  %5 = tir.trans %m, [1, 0] : tensor<4x32xf16> -> tensor<32x4xf16>
  %6 = tir.join %a, %b : tensor<128xi32> -> tensor<128x2xi32>
  %7:2 = tir.split %6 : tensor<128x2xi32> -> tensor<128xi32>
  return
}

// A plugin op that requires layouts (LayoutConstrainedOpInterface): its
// accumulator and result are in the wgmma layout, the loop carries the
// accumulator in it (no conversion inside the loop), and its free operand
// keeps the layout it was made in.
// RUN: trident-opt --load-plugin=%testplugins/libTestLayoutPlugin.so --convert-tir-to-gir="compute-capability=90 num-warps=4" --gir-remove-layout-conversions %s | FileCheck %s

// CHECK: #[[W:.*]] = #gir.wgmma<{{.*}}>
// CHECK-LABEL: func.func @carried
// CHECK: %[[Z:.*]] = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #[[W]]>
// CHECK: scf.for {{.*}} iter_args(%[[A:.*]] = %[[Z]]) -> (tensor<64x64xf32, #[[W]]>)
// CHECK-NOT: gir.convert_layout
// CHECK: testlayout.accumulate %[[A]], %{{.*}} : tensor<64x64xf32, #[[W]]>, tensor<64x64xf32, #{{.*}}>
// CHECK-NOT: gir.convert_layout
// CHECK: scf.yield
func.func @carried(%p: !tir.ptr<f32>, %n: i32) attributes {tir.kernel} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %r = tir.make_range 0 to 64 : tensor<64xi32>
  %row = tir.expand_dims %r, axis = 1 : tensor<64xi32> -> tensor<64x1xi32>
  %col = tir.expand_dims %r, axis = 0 : tensor<64xi32> -> tensor<1x64xi32>
  %rows = tir.broadcast %row : tensor<64x1xi32> -> tensor<64x64xi32>
  %cols = tir.broadcast %col : tensor<1x64xi32> -> tensor<64x64xi32>
  %c64 = arith.constant dense<64> : tensor<64x64xi32>
  %off0 = arith.muli %rows, %c64 : tensor<64x64xi32>
  %off = arith.addi %off0, %cols : tensor<64x64xi32>
  %base = tir.splat %p : !tir.ptr<f32> -> tensor<64x64x!tir.ptr<f32>>
  %ptrs = tir.addptr %base, %off : tensor<64x64x!tir.ptr<f32>>, tensor<64x64xi32>
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%a = %zero) -> (tensor<64x64xf32>) : i32 {
    %x = tir.load %ptrs : tensor<64x64x!tir.ptr<f32>>
    %s = testlayout.accumulate %a, %x : tensor<64x64xf32>, tensor<64x64xf32>
    scf.yield %s : tensor<64x64xf32>
  }
  tir.store %ptrs, %acc : tensor<64x64x!tir.ptr<f32>>
  return
}

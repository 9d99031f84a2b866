// On sm_90 a bf16 dot's accumulator takes the wgmma fragment layout, and so
// does the loop-carried tile that holds it (no conversion in the loop);
// without a compute capability it stays blocked (8x4 per thread).
// CHECK-DAG: #[[WG:.*]] = #gir.wgmma<warpsPerCTA = [4, 1], instrN = 128>
// CHECK: module attributes {gir.compute_capability = 90 : i32
// CHECK: scf.for {{.*}} -> (tensor<128x128xf32, #[[WG]]>)
// CHECK-NOT: gir.convert_layout
// CHECK: tir.dot {{.*}} -> tensor<128x128xf32, #[[WG]]>
// CHECK-NEXT: scf.yield {{.*}} : tensor<128x128xf32, #[[WG]]>
// NOTC-NOT: gir.wgmma
// NOTC: tir.dot {{.*}} -> tensor<128x128xf32, #blocked
// WARPS8: #gir.wgmma<warpsPerCTA = [8, 1], instrN = 128>
module {
  func.func @loop(%a: tensor<128x64xbf16>, %b: tensor<64x128xbf16>, %n: index) -> tensor<128x128xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %z = arith.constant dense<0.0> : tensor<128x128xf32>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (tensor<128x128xf32>) {
      %d = tir.dot %a, %b, %acc : tensor<128x64xbf16> * tensor<64x128xbf16> -> tensor<128x128xf32>
      scf.yield %d : tensor<128x128xf32>
    }
    return %r : tensor<128x128xf32>
  }
}

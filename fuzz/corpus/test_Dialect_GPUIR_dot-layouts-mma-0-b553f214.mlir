// On sm_80..sm_89 a bf16 dot's accumulator takes the mma.sync (m16n8)
// fragment layout, the warps splitting the 128x128 tile 2x2, and so does the
// loop-carried tile that holds it (no conversion in the loop); sm_90 keeps
// warpgroup MMA, sm_75 the blocked CUDA-core layout.
// CHECK-DAG: #[[MMA:.*]] = #gir.mma_v2<warpsPerCTA = [2, 2]>
// CHECK: module attributes {gir.compute_capability = 80 : i32
// CHECK: scf.for {{.*}} -> (tensor<128x128xf32, #[[MMA]]>)
// CHECK-NOT: gir.convert_layout
// CHECK: tir.dot {{.*}} -> tensor<128x128xf32, #[[MMA]]>
// CHECK-NEXT: scf.yield {{.*}} : tensor<128x128xf32, #[[MMA]]>
// WARPS8: #gir.mma_v2<warpsPerCTA = [4, 2]>
// SM90-NOT: gir.mma_v2
// SM90: tir.dot {{.*}} -> tensor<128x128xf32, #wgmma
// SM75-NOT: gir.mma_v2
// SM75: tir.dot {{.*}} -> tensor<128x128xf32, #blocked
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

// An op whose lowering does not work on blocks (tir.trans) keeps its
// operand whole, and so the loop that makes it, back to its initial value;
// the store after it takes the CTA's block of the transposed tile.
// LOCAL-LABEL: func.func @loop_into_trans
// LOCAL-NOT: ctaSplit
// LOCAL: tir.trans
// LOCAL-NEXT: tir.splat {{.*}}ctaSplit = 2
// LOCAL-NEXT: gir.convert_layout {{.*}} -> tensor<32x64xf32, #gir.blocked<{{.*}}ctaSplit = 2>>
// LOCAL-NEXT: tir.store
module attributes {tir.num_ctas = 2 : i32, tir.num_warps = 4 : i32} {
func.func @loop_into_trans(%y: !tir.ptr<f32>, %k: i32) attributes {tir.kernel} {
  %one = arith.constant dense<1.0> : tensor<64x32xf32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %k step %c1 iter_args(%s = %one) -> (tensor<64x32xf32>) : i32 {
    %t = arith.addf %s, %one : tensor<64x32xf32>
    scf.yield %t : tensor<64x32xf32>
  }
  %t = tir.trans %r, [1, 0] : tensor<64x32xf32> -> tensor<32x64xf32>
  %py = tir.splat %y : !tir.ptr<f32> -> tensor<32x64x!tir.ptr<f32>>
  tir.store %py, %t : tensor<32x64x!tir.ptr<f32>>
  return
}
}

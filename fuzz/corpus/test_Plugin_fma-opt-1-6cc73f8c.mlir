// A chain: the sum feeds the next product's addend, so both fuse.
// FUSE-LABEL:  func.func @chain
// FUSE-NEXT:     %[[X:.*]] = fma.mul_add %arg0, %arg1, %arg2 : bf16
// FUSE-NEXT:     %[[Y:.*]] = fma.mul_add %arg0, %arg1, %[[X]] : bf16
// FUSE-NEXT:     return %[[Y]]
// LOWER-LABEL: func.func @chain
// LOWER-NEXT:    %[[X:.*]] = math.fma %arg0, %arg1, %arg2 : bf16
// LOWER-NEXT:    math.fma %arg0, %arg1, %[[X]] : bf16
func.func @chain(%a: bf16, %b: bf16, %c: bf16) -> bf16 {
  %m0 = arith.mulf %a, %b : bf16
  %s0 = arith.addf %m0, %c : bf16
  %m1 = arith.mulf %a, %b : bf16
  %s1 = arith.addf %m1, %s0 : bf16
  return %s1 : bf16
}

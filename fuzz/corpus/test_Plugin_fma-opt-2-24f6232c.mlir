// Written directly in the input, the op parses, prints and lowers.
// FUSE-LABEL:  func.func @written
// FUSE-NEXT:     fma.mul_add %arg0, %arg1, %arg2 : tensor<16x16xf32>
// LOWER-LABEL: func.func @written
// LOWER-NEXT:    math.fma %arg0, %arg1, %arg2 : tensor<16x16xf32>
func.func @written(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %c: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %r = fma.mul_add %a, %b, %c : tensor<16x16xf32>
  return %r : tensor<16x16xf32>
}

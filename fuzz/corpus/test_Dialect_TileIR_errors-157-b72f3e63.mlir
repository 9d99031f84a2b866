func.func @scan_results(%x: tensor<8xi32>) {
  // expected-error @+1 {{'tir.scan' op has 1 operands but 2 results; they must match}}
  %a, %b = "tir.scan"(%x) <{axis = 0 : i32}> ({
  ^bb0(%p: i32, %q: i32):
    "tir.scan.return"(%p) : (i32) -> ()
  }) : (tensor<8xi32>) -> (tensor<8xi32>, tensor<8xi32>)
  return
}

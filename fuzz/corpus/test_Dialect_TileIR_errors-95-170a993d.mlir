func.func @scan_terminator(%x: tensor<8xi32>) {
  // expected-error @+1 {{'tir.scan' op combine region must end with 'tir.scan.return'}}
  %0 = "tir.scan"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: i32, %b: i32):
    ub.unreachable
  }) : (tensor<8xi32>) -> tensor<8xi32>
  return
}

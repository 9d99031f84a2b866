func.func @scan_axis(%x: tensor<8xi32>) {
  // expected-error @+1 {{'tir.scan' op axis 1 is out of range [0, 1) for operands of rank 1}}
  %0 = tir.scan %x axis = 1 : tensor<8xi32> -> tensor<8xi32> {
  ^bb0(%a: i32, %b: i32):
    %s = arith.addi %a, %b : i32
    tir.scan.return %s : i32
  }
  return
}

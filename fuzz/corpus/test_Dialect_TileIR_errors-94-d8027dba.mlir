func.func @scan_region(%x: tensor<8xi32>) {
  // expected-error @+1 {{'tir.scan' op combine region must take 2 arguments (two per operand), got 3}}
  %0 = tir.scan %x axis = 0 : tensor<8xi32> -> tensor<8xi32> {
  ^bb0(%a: i32, %b: i32, %c: i32):
    tir.scan.return %a : i32
  }
  return
}

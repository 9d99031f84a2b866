func.func @scan_result(%x: tensor<8xi32>) {
  // expected-error @+1 {{'tir.scan' op result #0 has type 'tensor<8xi64>' but operand #0 has type 'tensor<8xi32>'}}
  %0 = tir.scan %x axis = 0 : tensor<8xi32> -> tensor<8xi64> {
  ^bb0(%a: i32, %b: i32):
    %s = arith.addi %a, %b : i32
    tir.scan.return %s : i32
  }
  return
}

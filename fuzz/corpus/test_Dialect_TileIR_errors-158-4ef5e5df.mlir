func.func @scan_argument(%x: tensor<8xi32>) {
  // expected-error @+1 {{'tir.scan' op combine region argument #0 has type 'i64' but operand #0 has element type 'i32'}}
  %0 = tir.scan %x axis = 0 : tensor<8xi32> -> tensor<8xi32> {
  ^bb0(%a: i64, %b: i32):
    tir.scan.return %b : i32
  }
  return
}

func.func @scan_return_count(%x: tensor<8xi32>) {
  %0 = tir.scan %x axis = 0 : tensor<8xi32> -> tensor<8xi32> {
  ^bb0(%a: i32, %b: i32):
    // expected-error @+1 {{'tir.scan.return' op returns 0 values but the combine region needs 1 (one per operand)}}
    tir.scan.return
  }
  return
}

func.func @scan_return_type(%x: tensor<8xi32>) {
  %0 = tir.scan %x axis = 0 : tensor<8xi32> -> tensor<8xi32> {
  ^bb0(%a: i32, %b: i32):
    %c = arith.extsi %a : i32 to i64
    // expected-error @+1 {{'tir.scan.return' op value #0 has type 'i64' but operand #0 has element type 'i32'}}
    tir.scan.return %c : i64
  }
  return
}

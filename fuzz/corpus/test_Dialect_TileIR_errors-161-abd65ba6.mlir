func.func @scan_return_parent(%x: i32) {
  // expected-error @+1 {{'tir.scan.return' op expects parent op 'tir.scan'}}
  tir.scan.return %x : i32
}

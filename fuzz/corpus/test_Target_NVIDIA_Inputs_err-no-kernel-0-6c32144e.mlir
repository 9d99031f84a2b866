// No kernel at all.
module {
  llvm.func @helper(%x: i32) -> i32 {
    llvm.return %x : i32
  }
}

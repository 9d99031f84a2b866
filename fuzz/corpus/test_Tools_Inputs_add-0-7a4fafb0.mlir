func.func @add(%x: i32) -> i32 {
  %a = arith.constant 1 : i32
  %b = arith.constant 2 : i32
  %c = arith.addi %a, %b : i32
  %d = arith.addi %x, %c : i32
  return %d : i32
}

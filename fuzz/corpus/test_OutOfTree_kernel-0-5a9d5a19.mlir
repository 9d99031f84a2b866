// Input for test/OutOfTree/run.sh (not a lit test: see lit.cfg.py excludes).
// CHECK-LABEL: func.func @two_ids
// CHECK-SAME: oot.program_ids = 2 : i64
func.func @two_ids() -> i32 {
  %0 = tir.get_program_id 0 : i32
  %1 = tir.get_program_id 1 : i32
  %2 = arith.addi %0, %1 : i32
  return %2 : i32
}

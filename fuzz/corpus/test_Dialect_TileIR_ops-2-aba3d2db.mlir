// CHECK-LABEL: func.func @grid
func.func @grid() -> (i32, i32, i32) {
  // CHECK: tir.get_program_id 0 : i32
  // CHECK: tir.get_program_id 2 : i32
  // CHECK: tir.get_num_programs 1 : i32
  %0 = tir.get_program_id 0 : i32
  %1 = tir.get_program_id 2 : i32
  %2 = tir.get_num_programs 1 : i32
  return %0, %1, %2 : i32, i32, i32
}

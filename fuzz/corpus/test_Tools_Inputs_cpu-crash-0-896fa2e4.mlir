// A kernel with vector_add's arguments that stores through a pointer made
// from an integer in the first page of memory, which is never mapped: the
// store faults (SIGSEGV) in every program instance.
module {
  func.func @add_kernel(%x_ptr: !tir.ptr<f32>, %y_ptr: !tir.ptr<f32>,
                        %out_ptr: !tir.ptr<f32>, %n_elements: i32)
      attributes {tir.kernel} {
    %c64 = arith.constant 64 : i64
    %pid = tir.get_program_id 0 : i32
    %pid64 = arith.extsi %pid : i32 to i64
    %addr = arith.muli %pid64, %c64 : i64
    %bad = tir.int_to_ptr %addr : i64 -> !tir.ptr<f32>
    %range = tir.make_range 0 to 16 : tensor<16xi32>
    %ptrs0 = tir.splat %bad : !tir.ptr<f32> -> tensor<16x!tir.ptr<f32>>
    %ptrs = tir.addptr %ptrs0, %range : tensor<16x!tir.ptr<f32>>, tensor<16xi32>
    %v = arith.constant dense<1.0> : tensor<16xf32>
    tir.store %ptrs, %v : tensor<16x!tir.ptr<f32>>
    return
  }
}

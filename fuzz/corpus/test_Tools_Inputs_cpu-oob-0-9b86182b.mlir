// vector_add without the store's mask: the last program instance writes
// past the end of `out` (a heap overflow that need not fault; the bounds
// checks find it).
module {
  func.func @add_kernel(%x_ptr: !tir.ptr<f32>, %y_ptr: !tir.ptr<f32>,
                        %out_ptr: !tir.ptr<f32>, %n_elements: i32)
      attributes {tir.kernel} {
    %c1024 = arith.constant 1024 : i32
    %pid = tir.get_program_id 0 : i32
    %block_start = arith.muli %pid, %c1024 : i32
    %range = tir.make_range 0 to 1024 : tensor<1024xi32>
    %start = tir.splat %block_start : i32 -> tensor<1024xi32>
    %offsets = arith.addi %start, %range : tensor<1024xi32>
    %n = tir.splat %n_elements : i32 -> tensor<1024xi32>
    %mask = arith.cmpi slt, %offsets, %n : tensor<1024xi32>
    %xs = tir.splat %x_ptr : !tir.ptr<f32> -> tensor<1024x!tir.ptr<f32>>
    %x_ptrs = tir.addptr %xs, %offsets : tensor<1024x!tir.ptr<f32>>, tensor<1024xi32>
    %x = tir.load %x_ptrs, %mask : tensor<1024x!tir.ptr<f32>>
    %ys = tir.splat %y_ptr : !tir.ptr<f32> -> tensor<1024x!tir.ptr<f32>>
    %y_ptrs = tir.addptr %ys, %offsets : tensor<1024x!tir.ptr<f32>>, tensor<1024xi32>
    %y = tir.load %y_ptrs, %mask : tensor<1024x!tir.ptr<f32>>
    %sum = arith.addf %x, %y : tensor<1024xf32>
    %os = tir.splat %out_ptr : !tir.ptr<f32> -> tensor<1024x!tir.ptr<f32>>
    %out_ptrs = tir.addptr %os, %offsets : tensor<1024x!tir.ptr<f32>>, tensor<1024xi32>
    tir.store %out_ptrs, %sum : tensor<1024x!tir.ptr<f32>>
    return
  }
}

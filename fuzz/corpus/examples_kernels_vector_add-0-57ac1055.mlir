// Vector addition, as `triton.language` writes it:
//
//   @trident.jit
//   def add_kernel(x_ptr, y_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
//       pid = tl.program_id(axis=0)
//       offsets = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
//       mask = offsets < n_elements
//       x = tl.load(x_ptr + offsets, mask=mask)
//       y = tl.load(y_ptr + offsets, mask=mask)
//       tl.store(out_ptr + offsets, x + y, mask=mask)
//
// with BLOCK_SIZE = 1024.
module {
  func.func @add_kernel(%x_ptr: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                        %y_ptr: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                        %out_ptr: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                        %n_elements: i32) attributes {tir.kernel} {
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
    tir.store %out_ptrs, %sum, %mask : tensor<1024x!tir.ptr<f32>>
    return
  }
}

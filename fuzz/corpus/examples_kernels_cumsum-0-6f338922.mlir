// Inclusive prefix sums of 1024-element blocks (one block per program), as
// `triton.language` writes it:
//
//   @trident.jit
//   def cumsum(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
//       offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
//       mask = offs < n
//       x = tl.load(x_ptr + offs, mask=mask, other=0.0)
//       tl.store(out_ptr + offs, tl.cumsum(x, axis=0), mask=mask)
//
// (the argument list of `trident-launch --kernel cumsum`).
module {
  func.func @cumsum(%x_ptr: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                    %out_ptr: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                    %n: i32) attributes {tir.kernel} {
    %c1024 = arith.constant 1024 : i32
    %pid = tir.get_program_id 0 : i32
    %start = arith.muli %pid, %c1024 : i32
    %r = tir.make_range 0 to 1024 : tensor<1024xi32>
    %starts = tir.splat %start : i32 -> tensor<1024xi32>
    %offs = arith.addi %starts, %r : tensor<1024xi32>
    %ns = tir.splat %n : i32 -> tensor<1024xi32>
    %mask = arith.cmpi slt, %offs, %ns : tensor<1024xi32>
    %xs = tir.splat %x_ptr : !tir.ptr<f32> -> tensor<1024x!tir.ptr<f32>>
    %x_ptrs = tir.addptr %xs, %offs : tensor<1024x!tir.ptr<f32>>, tensor<1024xi32>
    %zero = arith.constant dense<0.0> : tensor<1024xf32>
    %x = tir.load %x_ptrs, %mask, %zero : tensor<1024x!tir.ptr<f32>>
    %s = tir.scan %x axis = 0 : tensor<1024xf32> -> tensor<1024xf32> {
    ^bb0(%a: f32, %b: f32):
      %t = arith.addf %a, %b : f32
      tir.scan.return %t : f32
    }
    %os = tir.splat %out_ptr : !tir.ptr<f32> -> tensor<1024x!tir.ptr<f32>>
    %o_ptrs = tir.addptr %os, %offs : tensor<1024x!tir.ptr<f32>>, tensor<1024xi32>
    tir.store %o_ptrs, %s, %mask : tensor<1024x!tir.ptr<f32>>
    return
  }
}

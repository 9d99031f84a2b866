// An atomic histogram: each program reads 1024 values and adds one to the
// bin of each valid value, as `triton.language` writes it:
//
//   @trident.jit
//   def histogram(x_ptr, bins_ptr, n, num_bins, BLOCK: tl.constexpr):
//       offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
//       mask = offs < n
//       v = tl.load(x_ptr + offs, mask=mask, other=0)
//       ok = mask & (v >= 0) & (v < num_bins)
//       tl.atomic_add(bins_ptr + v, 1, mask=ok, sem="relaxed")
module {
  func.func @histogram(%x_ptr: !tir.ptr<i32> {tir.divisibility = 16 : i32},
                       %bins_ptr: !tir.ptr<i32> {tir.divisibility = 16 : i32},
                       %n: i32, %num_bins: i32) attributes {tir.kernel} {
    %c1024 = arith.constant 1024 : i32
    %pid = tir.get_program_id 0 : i32
    %start = arith.muli %pid, %c1024 : i32
    %r = tir.make_range 0 to 1024 : tensor<1024xi32>
    %starts = tir.splat %start : i32 -> tensor<1024xi32>
    %offs = arith.addi %starts, %r : tensor<1024xi32>
    %ns = tir.splat %n : i32 -> tensor<1024xi32>
    %mask = arith.cmpi slt, %offs, %ns : tensor<1024xi32>
    %xs = tir.splat %x_ptr : !tir.ptr<i32> -> tensor<1024x!tir.ptr<i32>>
    %x_ptrs = tir.addptr %xs, %offs : tensor<1024x!tir.ptr<i32>>, tensor<1024xi32>
    %zero = arith.constant dense<0> : tensor<1024xi32>
    %v = tir.load %x_ptrs, %mask, %zero : tensor<1024x!tir.ptr<i32>>
    %ge = arith.cmpi sge, %v, %zero : tensor<1024xi32>
    %nbs = tir.splat %num_bins : i32 -> tensor<1024xi32>
    %lt = arith.cmpi slt, %v, %nbs : tensor<1024xi32>
    %in = arith.andi %ge, %lt : tensor<1024xi1>
    %ok = arith.andi %mask, %in : tensor<1024xi1>
    %bs = tir.splat %bins_ptr : !tir.ptr<i32> -> tensor<1024x!tir.ptr<i32>>
    %bin_ptrs = tir.addptr %bs, %v : tensor<1024x!tir.ptr<i32>>, tensor<1024xi32>
    %ones = arith.constant dense<1> : tensor<1024xi32>
    %old = tir.atomic_rmw add, relaxed, gpu, %bin_ptrs, %ones, %ok : tensor<1024x!tir.ptr<i32>>
    return
  }
}

// A gather whose offsets the user promises come in aligned runs of four
// consecutive values, as the front end writes
//
//   r = tl.arange(0, 512)
//   idx = tl.load(idx_ptr + r)
//   idx = tl.max_contiguous(tl.multiple_of(idx, 4), 4)
//   tl.store(out_ptr + r, tl.load(x_ptr + idx))
//
// The analysis alone knows nothing of loaded values.
func.func @gather(%x: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                  %idx: !tir.ptr<i32> {tir.divisibility = 16 : i32},
                  %out: !tir.ptr<f32> {tir.divisibility = 16 : i32}) attributes {tir.kernel} {
  %r = tir.make_range 0 to 512 : tensor<512xi32>
  %is = tir.splat %idx : !tir.ptr<i32> -> tensor<512x!tir.ptr<i32>>
  %ip = tir.addptr %is, %r : tensor<512x!tir.ptr<i32>>, tensor<512xi32>
  %i = tir.load %ip {tir.contiguity = array<i32: 4>, tir.divisibility = array<i32: 4>} : tensor<512x!tir.ptr<i32>>
  %xs = tir.splat %x : !tir.ptr<f32> -> tensor<512x!tir.ptr<f32>>
  %xp = tir.addptr %xs, %i : tensor<512x!tir.ptr<f32>>, tensor<512xi32>
  %v = tir.load %xp : tensor<512x!tir.ptr<f32>>
  %os = tir.splat %out : !tir.ptr<f32> -> tensor<512x!tir.ptr<f32>>
  %op = tir.addptr %os, %r : tensor<512x!tir.ptr<f32>>, tensor<512xi32>
  tir.store %op, %v : tensor<512x!tir.ptr<f32>>
  return
}

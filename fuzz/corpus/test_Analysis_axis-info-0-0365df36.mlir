// The axis-info analysis: per value (per dimension of a tile) the length of
// aligned runs of consecutive values (contiguity), the power of two that
// divides the first value of each run (divisibility; bytes for pointers),
// and the length of aligned runs of equal values (constancy).

// Sources: ranges, constants, splats, function arguments with
// `tir.divisibility`, program ids (nothing known).
func.func @sources(%p: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                   %n: i32 {tir.divisibility = 8 : i32}, %m: i32) {
  %r = tir.make_range 0 to 128 : tensor<128xi32> // expected-remark {{contiguity = [128], divisibility = [1073741824], constancy = [1]}}
  %r64 = tir.make_range 64 to 128 : tensor<64xi32> // expected-remark {{contiguity = [64], divisibility = [64], constancy = [1]}}
  %c48 = arith.constant 48 : i32 // expected-remark {{contiguity = [1], divisibility = [16], constancy = [1]}}
  %cs = arith.constant dense<12> : tensor<64xi32> // expected-remark {{contiguity = [1], divisibility = [4], constancy = [64]}}
  %ns = tir.splat %n : i32 -> tensor<128xi32> // expected-remark {{contiguity = [1], divisibility = [8], constancy = [128]}}
  %ms = tir.splat %m : i32 -> tensor<128xi32> // expected-remark {{contiguity = [1], divisibility = [1], constancy = [128]}}
  %pid = tir.get_program_id 0 : i32 // expected-remark {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %ps = tir.splat %p : !tir.ptr<f32> -> tensor<128x!tir.ptr<f32>> // expected-remark {{contiguity = [1], divisibility = [16], constancy = [128]}}
  return
}

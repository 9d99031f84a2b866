// Pointers: tir.addptr scales the offsets' divisibility to bytes; a 2-D
// row-major tile is contiguous along its rows.
func.func @pointers(%p: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                    %h: !tir.ptr<bf16> {tir.divisibility = 16 : i32},
                    %stride: i32 {tir.divisibility = 16 : i32}, %m: i32) {
  %r = tir.make_range 0 to 128 : tensor<128xi32> // expected-remark {{contiguity = [128], divisibility = [1073741824], constancy = [1]}}
  %ps = tir.splat %p : !tir.ptr<f32> -> tensor<128x!tir.ptr<f32>> // expected-remark {{contiguity = [1], divisibility = [16], constancy = [128]}}
  %pp = tir.addptr %ps, %r : tensor<128x!tir.ptr<f32>>, tensor<128xi32> // expected-remark {{contiguity = [128], divisibility = [16], constancy = [1]}}
  %ms = tir.splat %m : i32 -> tensor<128xi32> // expected-remark {{contiguity = [1], divisibility = [1], constancy = [128]}}
  %mr = arith.addi %ms, %r : tensor<128xi32> // expected-remark {{contiguity = [128], divisibility = [1], constancy = [1]}}
  %hs = tir.splat %h : !tir.ptr<bf16> -> tensor<128x!tir.ptr<bf16>> // expected-remark {{contiguity = [1], divisibility = [16], constancy = [128]}}
  %hp = tir.addptr %hs, %mr : tensor<128x!tir.ptr<bf16>>, tensor<128xi32> // expected-remark {{contiguity = [128], divisibility = [2], constancy = [1]}}
  // rows[:, None] * stride + cols[None, :]
  %rows = tir.make_range 0 to 32 : tensor<32xi32> // expected-remark {{contiguity = [32], divisibility = [1073741824], constancy = [1]}}
  %rows2 = tir.expand_dims %rows, axis = 1 : tensor<32xi32> -> tensor<32x1xi32> // expected-remark {{contiguity = [32, 1], divisibility = [1073741824, 1], constancy = [1, 1]}}
  %sts = tir.splat %stride : i32 -> tensor<32x1xi32> // expected-remark {{contiguity = [1, 1], divisibility = [16, 16], constancy = [32, 1]}}
  %ro = arith.muli %rows2, %sts : tensor<32x1xi32> // expected-remark {{contiguity = [1, 1], divisibility = [16, 16], constancy = [1, 1]}}
  %rob = tir.broadcast %ro : tensor<32x1xi32> -> tensor<32x64xi32> // expected-remark {{contiguity = [1, 1], divisibility = [16, 16], constancy = [1, 64]}}
  %cols = tir.make_range 0 to 64 : tensor<64xi32> // expected-remark {{contiguity = [64], divisibility = [1073741824], constancy = [1]}}
  %cols2 = tir.expand_dims %cols, axis = 0 : tensor<64xi32> -> tensor<1x64xi32> // expected-remark {{contiguity = [1, 64], divisibility = [1, 1073741824], constancy = [1, 1]}}
  %colb = tir.broadcast %cols2 : tensor<1x64xi32> -> tensor<32x64xi32> // expected-remark {{contiguity = [1, 64], divisibility = [1, 1073741824], constancy = [32, 1]}}
  %off = arith.addi %rob, %colb : tensor<32x64xi32> // expected-remark {{contiguity = [1, 64], divisibility = [1, 16], constancy = [1, 1]}}
  %ps2 = tir.splat %p : !tir.ptr<f32> -> tensor<32x64x!tir.ptr<f32>> // expected-remark {{contiguity = [1, 1], divisibility = [16, 16], constancy = [32, 64]}}
  %ptrs = tir.addptr %ps2, %off : tensor<32x64x!tir.ptr<f32>>, tensor<32x64xi32> // expected-remark {{contiguity = [1, 64], divisibility = [4, 16], constancy = [1, 1]}}
  // The transpose swaps the dimensions.
  %t = tir.trans %ptrs, [1, 0] : tensor<32x64x!tir.ptr<f32>> -> tensor<64x32x!tir.ptr<f32>> // expected-remark {{contiguity = [64, 1], divisibility = [16, 4], constancy = [1, 1]}}
  return
}

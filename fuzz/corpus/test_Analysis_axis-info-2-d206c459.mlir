// Masks: `k0 + range < K` is constant over the runs that the divisibility
// of k0 and K keep on one side of K.
func.func @masks(%K: i32 {tir.divisibility = 16 : i32}, %u: i32,
                 %M: i32 {tir.divisibility = 32 : i32}) {
  %c64 = arith.constant 64 : i32 // expected-remark {{contiguity = [1], divisibility = [64], constancy = [1]}}
  %pid = tir.get_program_id 0 : i32 // expected-remark {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %k0 = arith.muli %pid, %c64 : i32 // expected-remark {{contiguity = [1], divisibility = [64], constancy = [1]}}
  %k0s = tir.splat %k0 : i32 -> tensor<64xi32> // expected-remark {{contiguity = [1], divisibility = [64], constancy = [64]}}
  %r = tir.make_range 0 to 64 : tensor<64xi32> // expected-remark {{contiguity = [64], divisibility = [1073741824], constancy = [1]}}
  %kk = arith.addi %k0s, %r : tensor<64xi32> // expected-remark {{contiguity = [64], divisibility = [64], constancy = [1]}}
  %Ks = tir.splat %K : i32 -> tensor<64xi32> // expected-remark {{contiguity = [1], divisibility = [16], constancy = [64]}}
  %lt = arith.cmpi slt, %kk, %Ks : tensor<64xi32> // expected-remark {{contiguity = [1], divisibility = [1], constancy = [16]}}
  %gt = arith.cmpi sgt, %Ks, %kk : tensor<64xi32> // expected-remark {{contiguity = [1], divisibility = [1], constancy = [16]}}
  %eq = arith.cmpi eq, %kk, %Ks : tensor<64xi32> // expected-remark {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %us = tir.splat %u : i32 -> tensor<64xi32> // expected-remark {{contiguity = [1], divisibility = [1], constancy = [64]}}
  %ltu = arith.cmpi slt, %kk, %us : tensor<64xi32> // expected-remark {{contiguity = [1], divisibility = [1], constancy = [1]}}
  // 2-D: a row mask broadcast along columns is constant along them; a
  // column mask keeps its runs.
  %kr = tir.expand_dims %lt, axis = 0 : tensor<64xi1> -> tensor<1x64xi1> // expected-remark {{contiguity = [1, 1], divisibility = [1, 1], constancy = [1, 16]}}
  %kb = tir.broadcast %kr : tensor<1x64xi1> -> tensor<32x64xi1> // expected-remark {{contiguity = [1, 1], divisibility = [1, 1], constancy = [32, 16]}}
  %rows = tir.make_range 0 to 32 : tensor<32xi32> // expected-remark {{contiguity = [32], divisibility = [1073741824], constancy = [1]}}
  %rows2 = tir.expand_dims %rows, axis = 1 : tensor<32xi32> -> tensor<32x1xi32> // expected-remark {{contiguity = [32, 1], divisibility = [1073741824, 1], constancy = [1, 1]}}
  %Ms = tir.splat %M : i32 -> tensor<32x1xi32> // expected-remark {{contiguity = [1, 1], divisibility = [32, 32], constancy = [32, 1]}}
  %rm = arith.cmpi slt, %rows2, %Ms : tensor<32x1xi32> // expected-remark {{contiguity = [1, 1], divisibility = [1, 1], constancy = [32, 1]}}
  %rb = tir.broadcast %rm : tensor<32x1xi1> -> tensor<32x64xi1> // expected-remark {{contiguity = [1, 1], divisibility = [1, 1], constancy = [32, 64]}}
  %mask = arith.andi %rb, %kb : tensor<32x64xi1> // expected-remark {{contiguity = [1, 1], divisibility = [1, 1], constancy = [32, 16]}}
  return
}

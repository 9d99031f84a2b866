// Loop-carried pointers: the iteration argument is the join of the initial
// value and of what the body yields. A step of 32 f16 elements (64 bytes)
// keeps the 16-byte alignment; a step of 3 elements leaves 2.
func.func @loop(%p: !tir.ptr<f16> {tir.divisibility = 16 : i32}, %n: index) {
  %c0 = arith.constant 0 : index // expected-remark {{contiguity = [1], divisibility = [1073741824], constancy = [1]}}
  %c64 = arith.constant 64 : index // expected-remark {{contiguity = [1], divisibility = [64], constancy = [1]}}
  %r = tir.make_range 0 to 64 : tensor<64xi32> // expected-remark {{contiguity = [64], divisibility = [1073741824], constancy = [1]}}
  %ps = tir.splat %p : !tir.ptr<f16> -> tensor<64x!tir.ptr<f16>> // expected-remark {{contiguity = [1], divisibility = [16], constancy = [64]}}
  %p0 = tir.addptr %ps, %r : tensor<64x!tir.ptr<f16>>, tensor<64xi32> // expected-remark {{contiguity = [64], divisibility = [16], constancy = [1]}}
  %s32 = arith.constant dense<32> : tensor<64xi32> // expected-remark {{contiguity = [1], divisibility = [32], constancy = [64]}}
  %s3 = arith.constant dense<3> : tensor<64xi32> // expected-remark {{contiguity = [1], divisibility = [1], constancy = [64]}}
  %a, %b = scf.for %i = %c0 to %n step %c64 iter_args(%x = %p0, %y = %p0) -> (tensor<64x!tir.ptr<f16>>, tensor<64x!tir.ptr<f16>>) {
    // The induction variable: lb + i * step.
    %ii = arith.index_cast %i : index to i32 // expected-remark {{contiguity = [1], divisibility = [64], constancy = [1]}}
    %xn = tir.addptr %x, %s32 : tensor<64x!tir.ptr<f16>>, tensor<64xi32> // expected-remark {{contiguity = [64], divisibility = [16], constancy = [1]}}
    %yn = tir.addptr %y, %s3 : tensor<64x!tir.ptr<f16>>, tensor<64xi32> // expected-remark {{contiguity = [64], divisibility = [2], constancy = [1]}}
    scf.yield %xn, %yn : tensor<64x!tir.ptr<f16>>, tensor<64x!tir.ptr<f16>>
  }
  // expected-remark @-7 {{result #0: contiguity = [64], divisibility = [16], constancy = [1]}}
  // expected-remark @-8 {{result #1: contiguity = [64], divisibility = [2], constancy = [1]}}
  return
}

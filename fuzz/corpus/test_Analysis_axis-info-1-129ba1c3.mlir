// Integer arithmetic.
func.func @arith(%n: i32 {tir.divisibility = 8 : i32}, %m: i32) {
  %r = tir.make_range 0 to 128 : tensor<128xi32> // expected-remark {{contiguity = [128], divisibility = [1073741824], constancy = [1]}}
  %ns = tir.splat %n : i32 -> tensor<128xi32> // expected-remark {{contiguity = [1], divisibility = [8], constancy = [128]}}
  %ms = tir.splat %m : i32 -> tensor<128xi32> // expected-remark {{contiguity = [1], divisibility = [1], constancy = [128]}}
  %c1 = arith.constant dense<1> : tensor<128xi32> // expected-remark {{contiguity = [1], divisibility = [1], constancy = [128]}}
  %c2 = arith.constant dense<2> : tensor<128xi32> // expected-remark {{contiguity = [1], divisibility = [2], constancy = [128]}}
  %c3 = arith.constant dense<3> : tensor<128xi32> // expected-remark {{contiguity = [1], divisibility = [1], constancy = [128]}}
  %c4 = arith.constant dense<4> : tensor<128xi32> // expected-remark {{contiguity = [1], divisibility = [4], constancy = [128]}}
  %c15 = arith.constant dense<15> : tensor<128xi32> // expected-remark {{contiguity = [1], divisibility = [1], constancy = [128]}}
  %c16 = arith.constant dense<16> : tensor<128xi32> // expected-remark {{contiguity = [1], divisibility = [16], constancy = [128]}}
  %c32 = arith.constant dense<32> : tensor<128xi32> // expected-remark {{contiguity = [1], divisibility = [32], constancy = [128]}}
  // Contiguous plus (or minus) constant stays contiguous; constant minus
  // contiguous does not.
  %add = arith.addi %ns, %r : tensor<128xi32> // expected-remark {{contiguity = [128], divisibility = [8], constancy = [1]}}
  %sub = arith.subi %r, %ns : tensor<128xi32> // expected-remark {{contiguity = [128], divisibility = [8], constancy = [1]}}
  %rsub = arith.subi %ns, %r : tensor<128xi32> // expected-remark {{contiguity = [1], divisibility = [1], constancy = [1]}}
  // A stride spreads the values: every one is a multiple of it.
  %mul = arith.muli %r, %c16 : tensor<128xi32> // expected-remark {{contiguity = [1], divisibility = [16], constancy = [1]}}
  %mul1 = arith.muli %r, %c1 : tensor<128xi32> // expected-remark {{contiguity = [128], divisibility = [1073741824], constancy = [1]}}
  // Division by 4 is constant over aligned runs of 4.
  %divu = arith.divui %r, %c4 : tensor<128xi32> // expected-remark {{contiguity = [1], divisibility = [1], constancy = [4]}}
  %divs = arith.divsi %r, %c4 : tensor<128xi32> // expected-remark {{contiguity = [1], divisibility = [1], constancy = [4]}}
  %divx = arith.divsi %mul, %c4 : tensor<128xi32> // expected-remark {{contiguity = [1], divisibility = [4], constancy = [1]}}
  // The remainder by 32 keeps runs of 32; by 3 or by an unknown value the
  // contiguity collapses.
  %rem = arith.remsi %r, %c32 : tensor<128xi32> // expected-remark {{contiguity = [32], divisibility = [32], constancy = [1]}}
  %rem3 = arith.remsi %r, %c3 : tensor<128xi32> // expected-remark {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %remm = arith.remsi %r, %ms : tensor<128xi32> // expected-remark {{contiguity = [1], divisibility = [1], constancy = [1]}}
  // %add may be negative (nothing is known of %n's sign): a signed
  // remainder could wrap at 0 inside a run; an unsigned one cannot.
  %remsn = arith.remsi %add, %ns : tensor<128xi32> // expected-remark {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %remun = arith.remui %add, %ns : tensor<128xi32> // expected-remark {{contiguity = [8], divisibility = [8], constancy = [1]}}
  %and = arith.andi %r, %c15 : tensor<128xi32> // expected-remark {{contiguity = [16], divisibility = [16], constancy = [1]}}
  %shr = arith.shrsi %r, %c2 : tensor<128xi32> // expected-remark {{contiguity = [1], divisibility = [1], constancy = [4]}}
  %shl = arith.shli %r, %c3 : tensor<128xi32> // expected-remark {{contiguity = [1], divisibility = [8], constancy = [1]}}
  %or = arith.ori %mul, %c3 : tensor<128xi32> // expected-remark {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %ext = arith.extsi %add : tensor<128xi32> to tensor<128xi64> // expected-remark {{contiguity = [128], divisibility = [8], constancy = [1]}}
  %cast = arith.index_cast %r : tensor<128xi32> to tensor<128xindex> // expected-remark {{contiguity = [128], divisibility = [1073741824], constancy = [1]}}
  return
}

// Axis hints (tl.multiple_of, tl.max_contiguous, tl.max_constancy: arrays
// on the op that defines a value, or on a function argument) raise what the
// analysis derives, and the raised values flow to the users. Hints are
// clamped like derived values (powers of two, runs within the dimension);
// a derived value above the hint stays.
func.func @hints(%p: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                 %q: !tir.ptr<i32>, %n: i32,
                 %t: tensor<64xi32> {tir.contiguity = array<i32: 64>}) {
  %pid = tir.get_program_id 0 : i32 // expected-remark {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %r = tir.make_range 0 to 128 : tensor<128xi32> // expected-remark {{contiguity = [128], divisibility = [1073741824], constancy = [1]}}
  %ps = tir.splat %p : !tir.ptr<f32> -> tensor<128x!tir.ptr<f32>> // expected-remark {{contiguity = [1], divisibility = [16], constancy = [128]}}
  // pid * n: nothing known; with tl.multiple_of(pid * n, 128), a multiple
  // of 128, so the pointers of its contiguous offsets are 16-byte aligned.
  %base = arith.muli %pid, %n : i32 // expected-remark {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %bs = tir.splat %base : i32 -> tensor<128xi32> // expected-remark {{contiguity = [1], divisibility = [1], constancy = [128]}}
  %offs = arith.addi %bs, %r : tensor<128xi32> // expected-remark {{contiguity = [128], divisibility = [1], constancy = [1]}}
  %ptrs = tir.addptr %ps, %offs : tensor<128x!tir.ptr<f32>>, tensor<128xi32> // expected-remark {{contiguity = [128], divisibility = [4], constancy = [1]}}
  %baseh = arith.muli %pid, %n {tir.divisibility = array<i32: 128>} : i32 // expected-remark {{contiguity = [1], divisibility = [128], constancy = [1]}}
  %bsh = tir.splat %baseh : i32 -> tensor<128xi32> // expected-remark {{contiguity = [1], divisibility = [128], constancy = [128]}}
  %offsh = arith.addi %bsh, %r : tensor<128xi32> // expected-remark {{contiguity = [128], divisibility = [128], constancy = [1]}}
  %ptrsh = tir.addptr %ps, %offsh : tensor<128x!tir.ptr<f32>>, tensor<128xi32> // expected-remark {{contiguity = [128], divisibility = [16], constancy = [1]}}
  // Loaded offsets: nothing known; tl.max_contiguous(tl.multiple_of(x, 4), 4)
  // makes runs of 4 aligned elements.
  %qs = tir.splat %q : !tir.ptr<i32> -> tensor<128x!tir.ptr<i32>> // expected-remark {{contiguity = [1], divisibility = [1], constancy = [128]}}
  %qp = tir.addptr %qs, %r : tensor<128x!tir.ptr<i32>>, tensor<128xi32> // expected-remark {{contiguity = [128], divisibility = [1], constancy = [1]}}
  %g = tir.load %qp : tensor<128x!tir.ptr<i32>> // expected-remark {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %gh = tir.load %qp {tir.contiguity = array<i32: 4>, tir.divisibility = array<i32: 4>} : tensor<128x!tir.ptr<i32>> // expected-remark {{contiguity = [4], divisibility = [4], constancy = [1]}}
  %gp = tir.addptr %ps, %gh : tensor<128x!tir.ptr<f32>>, tensor<128xi32> // expected-remark {{contiguity = [4], divisibility = [16], constancy = [1]}}
  // Constancy 3 is clamped to a power of two; contiguity 16 is below the
  // derived 128, which stays.
  %k = tir.load %qp {tir.constancy = array<i32: 3>} : tensor<128x!tir.ptr<i32>> // expected-remark {{contiguity = [1], divisibility = [1], constancy = [2]}}
  %r16 = tir.make_range 0 to 128 {tir.contiguity = array<i32: 16>} : tensor<128xi32> // expected-remark {{contiguity = [128], divisibility = [1073741824], constancy = [1]}}
  // A hint on a (non-kernel) function argument.
  %z = arith.constant dense<0> : tensor<64xi32> // expected-remark {{contiguity = [1], divisibility = [1073741824], constancy = [64]}}
  %tz = arith.addi %t, %z : tensor<64xi32> // expected-remark {{contiguity = [64], divisibility = [1], constancy = [1]}}
  return
}

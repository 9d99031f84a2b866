// Copies of f16 (masked, with `other`), bf16 (unmasked), i8, i1 and f64
// tiles through aligned, contiguous pointers with a bound that is a
// multiple of 16 (see vectorize.test).
module {
  func.func @types(%a: !tir.ptr<f16> {tir.divisibility = 16 : i32},
                   %b: !tir.ptr<bf16> {tir.divisibility = 16 : i32},
                   %c: !tir.ptr<i8> {tir.divisibility = 16 : i32},
                   %d: !tir.ptr<i1> {tir.divisibility = 16 : i32},
                   %e: !tir.ptr<f64> {tir.divisibility = 16 : i32},
                   %n: i32 {tir.divisibility = 16 : i32}) attributes {tir.kernel} {
    %r = tir.make_range 0 to 2048 : tensor<2048xi32>
    %ns = tir.splat %n : i32 -> tensor<2048xi32>
    %m = arith.cmpi slt, %r, %ns : tensor<2048xi32>
    %as = tir.splat %a : !tir.ptr<f16> -> tensor<2048x!tir.ptr<f16>>
    %ap = tir.addptr %as, %r : tensor<2048x!tir.ptr<f16>>, tensor<2048xi32>
    %ao = arith.constant dense<1.0> : tensor<2048xf16>
    %av = tir.load %ap, %m, %ao : tensor<2048x!tir.ptr<f16>>
    %bs = tir.splat %b : !tir.ptr<bf16> -> tensor<2048x!tir.ptr<bf16>>
    %bp = tir.addptr %bs, %r : tensor<2048x!tir.ptr<bf16>>, tensor<2048xi32>
    %bv = tir.load %bp : tensor<2048x!tir.ptr<bf16>>
    %cs = tir.splat %c : !tir.ptr<i8> -> tensor<2048x!tir.ptr<i8>>
    %cp = tir.addptr %cs, %r : tensor<2048x!tir.ptr<i8>>, tensor<2048xi32>
    %cv = tir.load %cp, %m : tensor<2048x!tir.ptr<i8>>
    %ds = tir.splat %d : !tir.ptr<i1> -> tensor<2048x!tir.ptr<i1>>
    %dp = tir.addptr %ds, %r : tensor<2048x!tir.ptr<i1>>, tensor<2048xi32>
    %dv = tir.load %dp, %m : tensor<2048x!tir.ptr<i1>>
    %es = tir.splat %e : !tir.ptr<f64> -> tensor<2048x!tir.ptr<f64>>
    %ep = tir.addptr %es, %r : tensor<2048x!tir.ptr<f64>>, tensor<2048xi32>
    %ev = tir.load %ep, %m : tensor<2048x!tir.ptr<f64>>
    tir.store %ap, %av, %m : tensor<2048x!tir.ptr<f16>>
    tir.store %bp, %bv : tensor<2048x!tir.ptr<bf16>>
    tir.store %cp, %cv, %m : tensor<2048x!tir.ptr<i8>>
    tir.store %dp, %dv, %m : tensor<2048x!tir.ptr<i1>>
    tir.store %ep, %ev, %m : tensor<2048x!tir.ptr<f64>>
    return
  }
}

// Loads and stores of every shape that MemoryToLLVM lowers, each with the
// cache hints that cache_hints.test puts in place of LOAD_HINTS and
// STORE_HINTS (`cache = cg evict = evict_last`, ...); each tile is stored
// %n elements after where it was loaded:
//   - f16, masked with `other`, 8 per thread as two 16-byte vectors
//     (ld.global.v4.b32, the `other` halves packed into the words);
//   - f64, masked, two per vector (v2.b64);
//   - bf16, unmasked, vectorized;
//   - f32 and i8 whose mask may change at every element (no divisibility
//     on %m_any): one access per element (b32, b8);
//   - a masked scalar load and a scalar store (by thread 0);
//   - a volatile load, which keeps no hints (PTX has none for it).
module {
  func.func @hints(%a: !tir.ptr<f16> {tir.divisibility = 16 : i32},
                   %b: !tir.ptr<bf16> {tir.divisibility = 16 : i32},
                   %e: !tir.ptr<f64> {tir.divisibility = 16 : i32},
                   %f: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                   %c: !tir.ptr<i8> {tir.divisibility = 16 : i32},
                   %s: !tir.ptr<i32>,
                   %n: i32 {tir.divisibility = 16 : i32},
                   %m_any: i32) attributes {tir.kernel} {
    %r = tir.make_range 0 to 1024 : tensor<1024xi32>
    %ns = tir.splat %n : i32 -> tensor<1024xi32>
    %m = arith.cmpi slt, %r, %ns : tensor<1024xi32>
    %nas = tir.splat %m_any : i32 -> tensor<1024xi32>
    %ma = arith.cmpi slt, %r, %nas : tensor<1024xi32>

    %as = tir.splat %a : !tir.ptr<f16> -> tensor<1024x!tir.ptr<f16>>
    %ap = tir.addptr %as, %r : tensor<1024x!tir.ptr<f16>>, tensor<1024xi32>
    %ao = arith.constant dense<1.0> : tensor<1024xf16>
    %av = tir.load %ap, %m, %ao LOAD_HINTS : tensor<1024x!tir.ptr<f16>>
    %aq = tir.addptr %ap, %ns : tensor<1024x!tir.ptr<f16>>, tensor<1024xi32>
    tir.store %aq, %av, %m STORE_HINTS : tensor<1024x!tir.ptr<f16>>

    %es = tir.splat %e : !tir.ptr<f64> -> tensor<1024x!tir.ptr<f64>>
    %ep = tir.addptr %es, %r : tensor<1024x!tir.ptr<f64>>, tensor<1024xi32>
    %ev = tir.load %ep, %m LOAD_HINTS : tensor<1024x!tir.ptr<f64>>
    %eq = tir.addptr %ep, %ns : tensor<1024x!tir.ptr<f64>>, tensor<1024xi32>
    tir.store %eq, %ev, %m STORE_HINTS : tensor<1024x!tir.ptr<f64>>

    %bs = tir.splat %b : !tir.ptr<bf16> -> tensor<1024x!tir.ptr<bf16>>
    %bp = tir.addptr %bs, %r : tensor<1024x!tir.ptr<bf16>>, tensor<1024xi32>
    %bv = tir.load %bp LOAD_HINTS : tensor<1024x!tir.ptr<bf16>>
    %bq = tir.addptr %bp, %ns : tensor<1024x!tir.ptr<bf16>>, tensor<1024xi32>
    tir.store %bq, %bv STORE_HINTS : tensor<1024x!tir.ptr<bf16>>

    %fs = tir.splat %f : !tir.ptr<f32> -> tensor<1024x!tir.ptr<f32>>
    %fp = tir.addptr %fs, %r : tensor<1024x!tir.ptr<f32>>, tensor<1024xi32>
    %fv = tir.load %fp, %ma LOAD_HINTS : tensor<1024x!tir.ptr<f32>>
    %fq = tir.addptr %fp, %ns : tensor<1024x!tir.ptr<f32>>, tensor<1024xi32>
    tir.store %fq, %fv, %ma STORE_HINTS : tensor<1024x!tir.ptr<f32>>

    %cs = tir.splat %c : !tir.ptr<i8> -> tensor<1024x!tir.ptr<i8>>
    %cp = tir.addptr %cs, %r : tensor<1024x!tir.ptr<i8>>, tensor<1024xi32>
    %cv = tir.load %cp, %ma LOAD_HINTS : tensor<1024x!tir.ptr<i8>>
    %cq = tir.addptr %cp, %ns : tensor<1024x!tir.ptr<i8>>, tensor<1024xi32>
    tir.store %cq, %cv, %ma STORE_HINTS : tensor<1024x!tir.ptr<i8>>

    %c0 = arith.constant 0 : i32
    %pos = arith.cmpi sgt, %m_any, %c0 : i32
    %sv = tir.load %s, %pos LOAD_HINTS : !tir.ptr<i32>
    %vv = tir.load %s LOAD_HINTS volatile : !tir.ptr<i32>
    %sum = arith.addi %sv, %vv : i32
    %s1 = tir.addptr %s, %n : !tir.ptr<i32>, i32
    tir.store %s1, %sum STORE_HINTS : !tir.ptr<i32>
    return
  }
}

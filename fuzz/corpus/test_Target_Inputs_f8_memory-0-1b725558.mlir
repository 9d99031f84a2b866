// Moves tiles and scalars of the 8-bit float type F8 (the test substitutes
// each f8 type of MLIR for it): a contiguous masked load with `other`, a
// gather, a select, a masked store, an unmasked contiguous copy (vector
// accesses), a scalar load, store and print, and an F8 kernel argument.
func.func @f8_memory(%x: !tir.ptr<F8> {tir.divisibility = 16 : i32},
                     %y: !tir.ptr<F8> {tir.divisibility = 16 : i32},
                     %s: F8, %n: i32) attributes {tir.kernel} {
  %r = tir.make_range 0 to 128 : tensor<128xi32>
  %ns = tir.splat %n : i32 -> tensor<128xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<128xi32>
  %xs = tir.splat %x : !tir.ptr<F8> -> tensor<128x!tir.ptr<F8>>
  %xp = tir.addptr %xs, %r : tensor<128x!tir.ptr<F8>>, tensor<128xi32>
  %other = tir.splat %s : F8 -> tensor<128xF8>
  %v = tir.load %xp, %m, %other : tensor<128x!tir.ptr<F8>>
  %c2 = arith.constant dense<2> : tensor<128xi32>
  %g = arith.muli %r, %c2 : tensor<128xi32>
  %gp = tir.addptr %xs, %g : tensor<128x!tir.ptr<F8>>, tensor<128xi32>
  %w = tir.load %gp, %m, %other : tensor<128x!tir.ptr<F8>>
  %c64 = arith.constant dense<64> : tensor<128xi32>
  %low = arith.cmpi slt, %r, %c64 : tensor<128xi32>
  %sel = arith.select %low, %v, %w : tensor<128xi1>, tensor<128xF8>
  %ys = tir.splat %y : !tir.ptr<F8> -> tensor<128x!tir.ptr<F8>>
  %yp = tir.addptr %ys, %r : tensor<128x!tir.ptr<F8>>, tensor<128xi32>
  tir.store %yp, %sel, %m : tensor<128x!tir.ptr<F8>>
  %r2 = tir.make_range 0 to 2048 : tensor<2048xi32>
  %xs2 = tir.splat %x : !tir.ptr<F8> -> tensor<2048x!tir.ptr<F8>>
  %xp2 = tir.addptr %xs2, %r2 : tensor<2048x!tir.ptr<F8>>, tensor<2048xi32>
  %u = tir.load %xp2 : tensor<2048x!tir.ptr<F8>>
  %ys2 = tir.splat %y : !tir.ptr<F8> -> tensor<2048x!tir.ptr<F8>>
  %yp2 = tir.addptr %ys2, %r2 : tensor<2048x!tir.ptr<F8>>, tensor<2048xi32>
  tir.store %yp2, %u : tensor<2048x!tir.ptr<F8>>
  %e = tir.load %x : !tir.ptr<F8>
  %q = tir.addptr %y, %n : !tir.ptr<F8>, i32
  tir.store %q, %e : !tir.ptr<F8>
  tir.print "e = " (%e : F8)
  return
}

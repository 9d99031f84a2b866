// The limit of 2^20 elements per tile (tir::verifyTileSizes): the verifier
// of a kernel refuses its first tile over it, any dialect's op (a plugin's
// too); trident-opt checks every other function before its passes. The
// count is exact, never wrapped.

// Exactly 2^20 elements is allowed.
func.func @at_the_limit() attributes {tir.kernel} {
  %r = tir.make_range 0 to 1048576 : tensor<1048576xi32>
  %c = arith.constant dense<0.0> : tensor<1024x1024xf16>
  return
}

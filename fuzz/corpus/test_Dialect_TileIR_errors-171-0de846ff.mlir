// Found by the mutation driver (fuzz/regressions/tile-op-outside-function.mlir):
// a Tile IR op at the top of a module crashed convert-gir-to-llvm.
// expected-error @+1 {{'tir.print' op must be inside a function (Tile IR ops run in a kernel or in a function it calls, not at the top of a module)}}
tir.print "plain 100%"
func.func @k() attributes {tir.kernel} {
  return
}

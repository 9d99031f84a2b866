// Found by the mutation driver (a line of gir-to-llvm-debug.mlir moved out
// of its function): a Tile IR op at the top of the module crashed
// convert-gir-to-llvm (Block::getParentOp). Now a verifier error.
  tir.print "plain 100%"
func.func @print_plain() attributes {tir.kernel} {
  return
}

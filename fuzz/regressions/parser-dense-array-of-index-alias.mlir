// Found by the mutation driver: a dense array whose element type is a type
// alias of `index` crashes MLIR 22's parser as `array<index: ...>` does.
// Trident's scan before the parser resolves the alias and refuses it.
!idx = index
module attributes {tir.bad = array<!idx: 1>} {
}

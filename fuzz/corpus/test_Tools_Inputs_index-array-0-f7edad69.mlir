// A dense array of `index`: MLIR 22's parser crashes on it (mlir-opt-22
// too); Trident refuses it, located.
module attributes {tir.note = "array<index: 2> in a string is fine",
                   tir.bad = array<
                     index: 1>} {
}

// expected-error @+1 {{argument #0: axis hint 'tir.contiguity' has 1 entries, but 'tensor<4x8xi32>' needs 2 (one per dimension, one for a scalar)}}
func.func @hint_on_argument(%t: tensor<4x8xi32> {tir.contiguity = array<i32: 8>}) {
  return
}

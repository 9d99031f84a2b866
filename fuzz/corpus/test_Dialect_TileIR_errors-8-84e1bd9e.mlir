// A function that is not a kernel takes tiles.
func.func @helper_tile_argument(%t: tensor<4xf32>) -> tensor<4xf32> {
  return %t : tensor<4xf32>
}

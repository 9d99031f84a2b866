// A function that is not a kernel, checked by trident-opt before passes.
// expected-error @+1 {{'func.func' op region #0 argument #0 is a tile of shape 2097152 ('tensor<2097152xf32>'): 2097152 elements, over the limit of 1048576 (2^20) elements per tile}}
func.func @helper(%x: tensor<2097152xf32>) -> tensor<2097152xf32> {
  return %x : tensor<2097152xf32>
}

// An op of a dialect Trident does not know (a plugin's).
func.func @plugin_op_over(%p: !tir.ptr<f32>) attributes {tir.kernel} {
  // expected-error @+1 {{'plug.make' op result #0 is a tile of shape 4096x512 ('tensor<4096x512xf32>'): 2097152 elements, over the limit}}
  %t = "plug.make"(%p) : (!tir.ptr<f32>) -> tensor<4096x512xf32>
  return
}

// A block argument (of a plugin's op with a region).
func.func @block_argument() attributes {tir.kernel} {
  // expected-error @+1 {{'plug.region' op region #0 argument #1 is a tile of shape 1024x2048 ('tensor<1024x2048xi32>')}}
  "plug.region"() ({
  ^bb0(%a: i32, %x: tensor<1024x2048xi32>):
    "plug.yield"() : () -> ()
  }) : () -> ()
  return
}

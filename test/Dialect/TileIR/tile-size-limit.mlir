// The limit of 2^20 elements per tile (tir::verifyTileSizes): the verifier
// of a kernel refuses its first tile over it, any dialect's op (a plugin's
// too); trident-opt checks every other function before its passes. The
// count is exact, never wrapped.
// RUN: trident-opt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect

// Exactly 2^20 elements is allowed.
func.func @at_the_limit() attributes {tir.kernel} {
  %r = tir.make_range 0 to 1048576 : tensor<1048576xi32>
  %c = arith.constant dense<0.0> : tensor<1024x1024xf16>
  return
}

// -----

func.func @make_range_over() attributes {tir.kernel} {
  // expected-error @+1 {{'tir.make_range' op result #0 is a tile of shape 2097152 ('tensor<2097152xi32>'): 2097152 elements, over the limit of 1048576 (2^20) elements per tile}}
  %r = tir.make_range 0 to 2097152 : tensor<2097152xi32>
  %s = arith.addi %r, %r : tensor<2097152xi32>
  return
}

// -----

func.func @zeros_over() attributes {tir.kernel} {
  // expected-error @+1 {{'arith.constant' op result #0 is a tile of shape 2048x1024 ('tensor<2048x1024xf32>'): 2097152 elements, over the limit of 1048576 (2^20) elements per tile}}
  %c = arith.constant dense<0.0> : tensor<2048x1024xf32>
  return
}

// -----

// An op of a dialect Trident does not know (a plugin's).
func.func @plugin_op_over(%p: !tir.ptr<f32>) attributes {tir.kernel} {
  // expected-error @+1 {{'plug.make' op result #0 is a tile of shape 4096x512 ('tensor<4096x512xf32>'): 2097152 elements, over the limit}}
  %t = "plug.make"(%p) : (!tir.ptr<f32>) -> tensor<4096x512xf32>
  return
}

// -----

// A block argument (of a plugin's op with a region).
func.func @block_argument() attributes {tir.kernel} {
  // expected-error @+1 {{'plug.region' op region #0 argument #1 is a tile of shape 1024x2048 ('tensor<1024x2048xi32>')}}
  "plug.region"() ({
  ^bb0(%a: i32, %x: tensor<1024x2048xi32>):
    "plug.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

// A function that is not a kernel, checked by trident-opt before passes.
// expected-error @+1 {{'func.func' op region #0 argument #0 is a tile of shape 2097152 ('tensor<2097152xf32>'): 2097152 elements, over the limit of 1048576 (2^20) elements per tile}}
func.func @helper(%x: tensor<2097152xf32>) -> tensor<2097152xf32> {
  return %x : tensor<2097152xf32>
}

// -----

// 2^40 x 2^40 elements: the count does not wrap around to something small.
// expected-error @+1 {{'func.func' op argument #0 is a tile of shape 1099511627776x1099511627776 ('tensor<1099511627776x1099511627776xf32>'): 1208925819614629174706176 elements, over the limit}}
func.func private @huge(tensor<1099511627776x1099511627776xf32>)

// -----

// expected-error @+1 {{'func.func' op result #0 of its signature is a tile of shape 2147483648x2147483648 ('tensor<2147483648x2147483648xi8>'): 4611686018427387904 elements}}
func.func private @huge_result() -> tensor<2147483648x2147483648xi8>

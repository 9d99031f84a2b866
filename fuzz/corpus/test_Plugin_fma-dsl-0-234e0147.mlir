// The fma plugin's DSL op `fma.mul_add`, emitted through the core's DSL-op
// registry the way the Python front end does it. The test pass
// test-emit-dsl-ops (plugin test-dsl) replaces each call to a stub that
// carries `trident.dsl_op = NAME` with what DSL op NAME emits. The DSL op
// belongs to one plugin and is called from another.

func.func private @mul_add(f32, f32, f32) -> f32 attributes {trident.dsl_op = "fma.mul_add"}
func.func private @mul_add_tile(tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>) -> tensor<64xbf16> attributes {trident.dsl_op = "fma.mul_add"}

// CHECK-LABEL: func.func @kernel
// CHECK-NEXT:    %[[X:.*]] = fma.mul_add %arg0, %arg1, %arg2 : f32
// CHECK-NEXT:    %[[T:.*]] = fma.mul_add %arg3, %arg3, %arg3 : tensor<64xbf16>
// CHECK-NEXT:    return %[[X]], %[[T]]
func.func @kernel(%a: f32, %b: f32, %c: f32, %t: tensor<64xbf16>) -> (f32, tensor<64xbf16>) {
  %x = func.call @mul_add(%a, %b, %c) : (f32, f32, f32) -> f32
  %y = func.call @mul_add_tile(%t, %t, %t) : (tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>) -> tensor<64xbf16>
  return %x, %y : f32, tensor<64xbf16>
}

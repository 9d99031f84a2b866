// The fma plugin's DSL op `fma.mul_add`, emitted through the core's DSL-op
// registry the way the Python front end does it. The test pass
// test-emit-dsl-ops (plugin test-dsl) replaces each call to a stub that
// carries `trident.dsl_op = NAME` with what DSL op NAME emits. The DSL op
// belongs to one plugin and is called from another.
// RUN: trident-opt --load-plugin=%plugins/libFmaPlugin.so \
// RUN:   --load-plugin=%testplugins/libTestDslPlugin.so %s -split-input-file \
// RUN:   -test-emit-dsl-ops -verify-diagnostics | FileCheck %s

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

// -----

// The plugin's emit callback checks its operands and says what is wrong.
func.func private @mul_add_int(i32, i32, i32) -> i32 attributes {trident.dsl_op = "fma.mul_add"}
func.func @int_operands(%a: i32) -> i32 {
  // expected-error @below {{DSL op 'fma.mul_add' of plugin 'fma' failed: fma.mul_add needs float operands, got 'i32'}}
  %x = func.call @mul_add_int(%a, %a, %a) : (i32, i32, i32) -> i32
  return %x : i32
}

// -----

func.func private @mul_add_mixed(f32, f16, f32) -> f32 attributes {trident.dsl_op = "fma.mul_add"}
func.func @mixed(%a: f32, %b: f16) -> f32 {
  // expected-error @below {{DSL op 'fma.mul_add' of plugin 'fma' failed: fma.mul_add operands must have one type, got 'f32', 'f16' and 'f32'}}
  %x = func.call @mul_add_mixed(%a, %b, %a) : (f32, f16, f32) -> f32
  return %x : f32
}

// -----

func.func private @mul_add_two(f32, f32) -> f32 attributes {trident.dsl_op = "fma.mul_add"}
func.func @two_operands(%a: f32) -> f32 {
  // expected-error @below {{DSL op 'fma.mul_add' of plugin 'fma' failed: fma.mul_add takes 3 operands (a, b, c) and returns 1 value}}
  %x = func.call @mul_add_two(%a, %a) : (f32, f32) -> f32
  return %x : f32
}

// -----

func.func private @nothing(f32) -> f32 attributes {trident.dsl_op = "no.such_op"}
func.func @unknown(%a: f32) -> f32 {
  // expected-error @below {{no DSL op named 'no.such_op'}}
  %x = func.call @nothing(%a) : (f32) -> f32
  return %x : f32
}

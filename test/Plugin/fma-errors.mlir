// The fma dialect's verifier, through trident-opt.
// RUN: trident-opt --load-plugin=%plugins/libFmaPlugin.so %s -split-input-file -verify-diagnostics

func.func @int_operands(%a: i32) -> i32 {
  // expected-error @below {{'fma.mul_add' op operand #0 must be floating-point-like, but got 'i32'}}
  %r = "fma.mul_add"(%a, %a, %a) : (i32, i32, i32) -> i32
  return %r : i32
}

// -----

func.func @mixed_types(%a: f32, %b: f16) -> f32 {
  // expected-error @below {{'fma.mul_add' op requires the same type for all operands and results}}
  %r = "fma.mul_add"(%a, %b, %a) : (f32, f16, f32) -> f32
  return %r : f32
}

// -----

func.func @missing_operand(%a: f32) -> f32 {
  // expected-error @below {{expected ','}}
  %r = fma.mul_add %a, %a : f32
  return %r : f32
}

// -----

func.func @int_result(%a: f32) -> i32 {
  // expected-error @below {{'fma.mul_add' op result #0 must be floating-point-like, but got 'i32'}}
  %r = "fma.mul_add"(%a, %a, %a) : (f32, f32, f32) -> i32
  return %r : i32
}

// -----

func.func @operand_count(%a: f32) -> f32 {
  // expected-error @below {{'fma.mul_add' op expected 3 operands, but found 2}}
  %r = "fma.mul_add"(%a, %a) : (f32, f32) -> f32
  return %r : f32
}

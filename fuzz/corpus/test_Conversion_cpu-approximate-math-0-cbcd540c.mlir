// exp, log and tanh on vectors become polynomials in arith (no call left);
// scalars keep libm's functions; f16 goes through f32.
// CHECK-LABEL: func.func @vectors(
// CHECK-NOT:     math.exp
// CHECK-NOT:     math.log
// CHECK-NOT:     math.tanh
// CHECK:         math.fma {{.*}} : vector<8xf32>
// CHECK:         return
func.func @vectors(%x: vector<8xf32>) -> (vector<8xf32>, vector<8xf32>, vector<8xf32>) {
  %e = math.exp %x : vector<8xf32>
  %l = math.log %x : vector<8xf32>
  %t = math.tanh %x : vector<8xf32>
  return %e, %l, %t : vector<8xf32>, vector<8xf32>, vector<8xf32>
}

// CHECK-LABEL: func.func @scalar(
// CHECK-NEXT:    math.exp %{{.*}} : f32
func.func @scalar(%x: f32) -> f32 {
  %e = math.exp %x : f32
  return %e : f32
}

// CHECK-LABEL: func.func @half(
// CHECK:         arith.extf %{{.*}} : vector<8xf16> to vector<8xf32>
// CHECK-NOT:     math.exp
// CHECK:         arith.truncf %{{.*}} : vector<8xf32> to vector<8xf16>
func.func @half(%x: vector<8xf16>) -> vector<8xf16> {
  %e = math.exp %x : vector<8xf16>
  return %e : vector<8xf16>
}

// sqrt and sin are not rewritten (LLVM has a vector sqrt; sin is left to
// libm).
// CHECK-LABEL: func.func @others(
// CHECK:         math.sqrt %{{.*}} : vector<8xf32>
// CHECK:         math.sin %{{.*}} : vector<8xf32>
func.func @others(%x: vector<8xf32>) -> (vector<8xf32>, vector<8xf32>) {
  %s = math.sqrt %x : vector<8xf32>
  %n = math.sin %x : vector<8xf32>
  return %s, %n : vector<8xf32>, vector<8xf32>
}

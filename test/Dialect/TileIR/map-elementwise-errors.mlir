// The verifier rules of tir.map_elementwise, with the diagnostic each gives.
// RUN: trident-opt %s -split-input-file -verify-diagnostics

func.func @no_result(%x: tensor<8xi32>) {
  // expected-error @+1 {{'tir.map_elementwise' op needs at least one result}}
  "tir.map_elementwise"(%x) ({
  ^bb0(%v: i32):
    tir.map_elementwise.return
  }) : (tensor<8xi32>) -> ()
  return
}

// -----

func.func @shapes(%x: tensor<8xi32>, %s: i32) {
  // expected-error @+1 {{'tir.map_elementwise' op operand #1 has type 'i32', but the operands and results must all be scalars or all tiles of one shape (operand #0 is 'tensor<8xi32>')}}
  %0 = tir.map_elementwise (%x, %s : tensor<8xi32>, i32) -> tensor<8xi32> {
  ^bb0(%v: i32, %w: i32):
    tir.map_elementwise.return %v : i32
  }
  return
}

// -----

func.func @result_shape(%x: tensor<8xi32>) {
  // expected-error @+1 {{'tir.map_elementwise' op result #0 has type 'tensor<4xi32>', but the operands and results must all be scalars or all tiles of one shape (operand #0 is 'tensor<8xi32>')}}
  %0 = tir.map_elementwise (%x : tensor<8xi32>) -> tensor<4xi32> {
  ^bb0(%v: i32):
    tir.map_elementwise.return %v : i32
  }
  return
}

// -----

func.func @pack_divides(%x: tensor<6xi32>) {
  // expected-error @+1 {{'tir.map_elementwise' op pack 4 does not divide the 6 elements of 'tensor<6xi32>'}}
  %0 = tir.map_elementwise (%x : tensor<6xi32>) pack = 4 -> tensor<6xi32> {
  ^bb0(%a: i32, %b: i32, %c: i32, %d: i32):
    tir.map_elementwise.return %a, %b, %c, %d : i32, i32, i32, i32
  }
  return
}

// -----

func.func @pack_positive(%x: i32) {
  // expected-error @+1 {{'tir.map_elementwise' op attribute 'pack' failed to satisfy constraint}}
  %0 = tir.map_elementwise (%x : i32) pack = 0 -> i32 {
  ^bb0(%a: i32):
    tir.map_elementwise.return %a : i32
  }
  return
}

// -----

func.func @arg_count(%x: tensor<8xi32>) {
  // expected-error @+1 {{'tir.map_elementwise' op region must take 2 arguments (2 per operand), got 1}}
  %0 = tir.map_elementwise (%x : tensor<8xi32>) pack = 2 -> tensor<8xi32> {
  ^bb0(%a: i32):
    tir.map_elementwise.return %a, %a : i32, i32
  }
  return
}

// -----

func.func @arg_type(%x: tensor<8xi32>, %y: tensor<8xf32>) {
  // expected-error @+1 {{'tir.map_elementwise' op region argument #1 has type 'i32' but operand #1 has element type 'f32'}}
  %0 = tir.map_elementwise (%x, %y : tensor<8xi32>, tensor<8xf32>) -> tensor<8xi32> {
  ^bb0(%a: i32, %b: i32):
    tir.map_elementwise.return %a : i32
  }
  return
}

// -----

func.func @return_count(%x: tensor<8xi32>) {
  %0 = tir.map_elementwise (%x : tensor<8xi32>) pack = 2 -> tensor<8xi32> {
  ^bb0(%a: i32, %b: i32):
    // expected-error @+1 {{'tir.map_elementwise.return' op returns 1 values but 1 results with pack 2 need 2 (2 per result)}}
    tir.map_elementwise.return %a : i32
  }
  return
}

// -----

func.func @return_type(%x: tensor<8xi32>) {
  %0 = tir.map_elementwise (%x : tensor<8xi32>) -> tensor<8xf32> {
  ^bb0(%a: i32):
    // expected-error @+1 {{'tir.map_elementwise.return' op value #0 has type 'i32' but result #0 has element type 'f32'}}
    tir.map_elementwise.return %a : i32
  }
  return
}

// -----

func.func @return_parent(%x: i32) {
  // expected-error @+1 {{'tir.map_elementwise.return' op expects parent op 'tir.map_elementwise'}}
  tir.map_elementwise.return %x : i32
}

// RUN: trident-opt %s -split-input-file --convert-tir-to-gir --convert-gir-to-llvm -verify-diagnostics

// Shapes must be powers of two to be distributed over threads.
func.func @npot(%x: !tir.ptr<f32>) attributes {tir.kernel} {
  // expected-error @+1 {{'tir.make_range' op produces a tile of shape 'tensor<100xi32>' whose dimensions are not all powers of two; GPU code generation needs power-of-two tiles}}
  %r = tir.make_range 0 to 100 : tensor<100xi32>
  %s = tir.splat %x : !tir.ptr<f32> -> tensor<100x!tir.ptr<f32>>
  %p = tir.addptr %s, %r : tensor<100x!tir.ptr<f32>>, tensor<100xi32>
  %v = tir.load %p : tensor<100x!tir.ptr<f32>>
  tir.store %p, %v : tensor<100x!tir.ptr<f32>>
  return
}

// -----

// A dot whose operands do not fit in the shared memory of a program (sm_90
// when the module names no compute capability: 227 KiB).
func.func @too_big(%a: tensor<256x128xf32>, %b: tensor<128x256xf32>, %c: tensor<256x256xf32>) -> tensor<256x256xf32> {
  // expected-error @+1 {{'tir.dot' needs 262144 bytes of shared memory; the kernel needs 262144 bytes in all, over the 232448-byte limit of shared memory per program on sm_90 (use smaller tiles)}}
  %d = tir.dot %a, %b, %c : tensor<256x128xf32> * tensor<128x256xf32> -> tensor<256x256xf32>
  return %d : tensor<256x256xf32>
}

// -----

// 192 KiB fits on sm_90 but not on sm_80 (163 KiB).
module attributes {gir.compute_capability = 80 : i32} {
  func.func @too_big_sm80(%a: tensor<256x128xf32>, %b: tensor<128x128xf32>, %c: tensor<256x128xf32>) -> tensor<256x128xf32> {
    // expected-error @+1 {{'tir.dot' needs 196608 bytes of shared memory; the kernel needs 196608 bytes in all, over the 166912-byte limit of shared memory per program on sm_80 (use smaller tiles)}}
    %d = tir.dot %a, %b, %c : tensor<256x128xf32> * tensor<128x128xf32> -> tensor<256x128xf32>
    return %d : tensor<256x128xf32>
  }
}

// -----

// Reductions of values wider than 64 bits are not supported by the shuffle
// path yet.
func.func @wide(%x: tensor<128xi128>) -> i128 {
  // expected-error @+2 {{'tir.reduce' op reductions of 'i128' are not supported yet}}
  // expected-error @+1 {{failed to legalize operation 'tir.reduce'}}
  %r = tir.reduce %x axis = 0 : tensor<128xi128> -> i128 {
  ^bb0(%a: i128, %b: i128):
    %s = arith.addi %a, %b : i128
    tir.reduce.return %s : i128
  }
  return %r : i128
}

// -----

// 64 elements on 128 threads: one register each, fewer than a pack.
func.func @asm_pack(%x: tensor<64xi8>) -> tensor<64xi8> {
  // expected-error-re @+2 {{'tir.inline_asm_elementwise' op pack 4 does not divide the 1 elements of 'tensor<64xi8, #gir.blocked<{{.*}}>>' that each thread holds (use a larger tile or a smaller pack)}}
  // expected-error @+1 {{failed to legalize operation 'tir.inline_asm_elementwise'}}
  %y = tir.inline_asm_elementwise "", "=r,r" pure pack = 4 (%x : tensor<64xi8>) -> tensor<64xi8>
  return %y : tensor<64xi8>
}

// -----

// Four i8 of a pack share one register: one output and one input.
func.func @asm_constraints(%x: tensor<512xi8>) -> tensor<512xi8> {
  // expected-error @+2 {{'tir.inline_asm_elementwise' op constraints "=r,=r,=r,=r,r,r,r,r" give 4 outputs and 4 inputs, but each invocation of the assembly (pack 4) here has 1 outputs and 1 inputs}}
  // expected-error @+1 {{failed to legalize operation 'tir.inline_asm_elementwise'}}
  %y = tir.inline_asm_elementwise "", "=r,=r,=r,=r,r,r,r,r" pure pack = 4 (%x : tensor<512xi8>) -> tensor<512xi8>
  return %y : tensor<512xi8>
}

// -----

// Cache modifiers of the other kind of access (tl.load / tl.store reject
// them first).
func.func @load_with_store_cache(%x: !tir.ptr<f32>) attributes {tir.kernel} {
  %r = tir.make_range 0 to 128 : tensor<128xi32>
  %s = tir.splat %x : !tir.ptr<f32> -> tensor<128x!tir.ptr<f32>>
  %p = tir.addptr %s, %r : tensor<128x!tir.ptr<f32>>, tensor<128xi32>
  // expected-error @+2 {{'tir.load' op cache modifier 'wt' is for stores; a load takes ca, cg, cs or cv}}
  // expected-error @+1 {{failed to legalize operation 'tir.load'}}
  %v = tir.load %p cache = wt : tensor<128x!tir.ptr<f32>>
  tir.store %p, %v : tensor<128x!tir.ptr<f32>>
  return
}

// -----

func.func @store_with_load_cache(%x: !tir.ptr<f32>, %v: f32) attributes {tir.kernel} {
  // expected-error @+2 {{'tir.store' op cache modifier 'ca' is for loads; a store takes wb, cg, cs or wt}}
  // expected-error @+1 {{failed to legalize operation 'tir.store'}}
  tir.store %x, %v cache = ca evict = evict_last : !tir.ptr<f32>
  return
}

// -----

// LLVM has no 8-bit floats: f8 tiles are moved, converted and selected,
// never computed on.
func.func @f8_arithmetic(%p: !tir.ptr<f8E5M2>) attributes {tir.kernel} {
  %r = tir.make_range 0 to 128 : tensor<128xi32>
  %s = tir.splat %p : !tir.ptr<f8E5M2> -> tensor<128x!tir.ptr<f8E5M2>>
  %q = tir.addptr %s, %r : tensor<128x!tir.ptr<f8E5M2>>, tensor<128xi32>
  %x = tir.load %q : tensor<128x!tir.ptr<f8E5M2>>
  // expected-error @+1 {{'arith.mulf' op convert-gir-to-llvm: computes on 'f8E5M2', which the back ends cannot: convert it to f16 or f32 first (arith.extf)}}
  %y = arith.mulf %x, %x : tensor<128xf8E5M2>
  tir.store %q, %y : tensor<128x!tir.ptr<f8E5M2>>
  return
}

// -----

// A scan of pointer tiles: refused by the lowering (and the shared-memory
// scratch it would take is not sized from a pointer's bit width).
func.func @scan_pointers(%p: !tir.ptr<f32>) attributes {tir.kernel} {
  %r = tir.make_range 0 to 128 : tensor<128xi32>
  %s = tir.splat %p : !tir.ptr<f32> -> tensor<128x!tir.ptr<f32>>
  %q = tir.addptr %s, %r : tensor<128x!tir.ptr<f32>>, tensor<128xi32>
  // expected-error @+2 {{'tir.scan' op scans of '!tir.ptr<f32>' are not supported yet}}
  // expected-error @+1 {{failed to legalize operation 'tir.scan'}}
  %m = tir.scan %q axis = 0 : tensor<128x!tir.ptr<f32>> -> tensor<128x!tir.ptr<f32>> {
  ^bb0(%a: !tir.ptr<f32>, %b: !tir.ptr<f32>):
    tir.scan.return %b : !tir.ptr<f32>
  }
  %v = tir.load %m : tensor<128x!tir.ptr<f32>>
  tir.store %q, %v : tensor<128x!tir.ptr<f32>>
  return
}

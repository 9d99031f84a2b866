// RUN: trident-opt --convert-tir-to-cpu --split-input-file --verify-diagnostics %s
// RUN: not trident-opt --convert-tir-to-cpu=vector-bits=96 %s 2>&1 | FileCheck %s --check-prefix=BITS
// RUN: not trident-opt --convert-tir-to-cpu=vector-bits=4096 %s 2>&1 | FileCheck %s --check-prefix=BITS

// BITS: error: convert-tir-to-cpu: vector-bits must be 0 (the host's width) or a power of two up to 2048, not {{96|4096}}

// expected-error @+1 {{convert-tir-to-cpu: kernel argument #0 has type 'vector<4xf32>'; kernels take pointers and scalars}}
func.func @vector_argument(%t: vector<4xf32>) attributes {tir.kernel} {
  return
}

// -----

func.func @descriptor(%p: !tir.ptr<f32>, %m: i32) attributes {tir.kernel} {
  %c1 = arith.constant 1 : i64
  %c0 = arith.constant 0 : i32
  // expected-error @+1 {{convert-tir-to-cpu: tensor descriptors are not supported yet}}
  %d = tir.make_tensor_descriptor %p, [%m], [%c1] : !tir.ptr<f32>, i32 -> !tir.tensordesc<tensor<16xf32>>
  %x = tir.descriptor_load %d[%c0] : !tir.tensordesc<tensor<16xf32>>
  return
}

// -----

func.func @block_pointer(%p: !tir.ptr<f32>, %m: i64) attributes {tir.kernel} {
  %c0 = arith.constant 0 : i32
  // expected-error @+1 {{convert-tir-to-cpu: block pointers are lowered to pointer loads and stores by tir-lower-block-pointers, which has not run}}
  %b = tir.make_block_ptr %p, [%m], [%m], [%c0] {order = array<i32: 0>} : !tir.ptr<f32> -> !tir.blockptr<tensor<16xf32>>
  %x = tir.block_load %b : !tir.blockptr<tensor<16xf32>>
  return
}

// -----

// Each element of a pack is its own asm operand on the CPU: two outputs and
// two inputs per invocation here.
func.func @asm_constraints(%p: !tir.ptr<i32>) attributes {tir.kernel} {
  %r = tir.make_range 0 to 8 : tensor<8xi32>
  // expected-error @+1 {{'tir.inline_asm_elementwise' op constraints "=r,r" give 1 outputs and 1 inputs, but each invocation of the assembly (pack 2) here has 2 outputs and 2 inputs}}
  %s = tir.inline_asm_elementwise "", "=r,r" pure pack = 2 (%r : tensor<8xi32>) -> tensor<8xi32>
  %ps = tir.splat %p : !tir.ptr<i32> -> tensor<8x!tir.ptr<i32>>
  %pp = tir.addptr %ps, %r : tensor<8x!tir.ptr<i32>>, tensor<8xi32>
  tir.store %pp, %s : tensor<8x!tir.ptr<i32>>
  return
}

// -----

func.func @extern_unknown_libdevice(%p: !tir.ptr<f32>, %x: f32) attributes {tir.kernel} {
  // expected-error-re @+1 {{'tir.extern_elementwise' op calls libdevice's '__nv_sincosf', which the cpu target does not implement (it has {{[0-9]+}} of libdevice's scalar functions)}}
  %0 = tir.extern_elementwise "__nv_sincosf" pure (%x : f32) -> f32
  tir.store %p, %0 : !tir.ptr<f32>
  return
}

// -----

func.func @extern_bitcode(%p: !tir.ptr<f32>, %x: f32) attributes {tir.kernel} {
  // expected-error @+1 {{'tir.extern_elementwise' op calls 'f' from the bitcode library /x/lib.bc, which only GPU targets can link; the cpu target calls functions of the process}}
  %0 = tir.extern_elementwise "f" pure lib "/x/lib.bc" (%x : f32) -> f32
  tir.store %p, %0 : !tir.ptr<f32>
  return
}

// -----

func.func @extern_signatures(%p: !tir.ptr<f32>, %x: f32, %y: f64) attributes {tir.kernel} {
  %0 = tir.extern_elementwise "my_fn" pure (%x : f32) -> f32
  // expected-error @+1 {{'tir.extern_elementwise' op calls 'my_fn' as '!llvm.func<f64 (f64)>', but the kernel already uses that name for something else (another signature?)}}
  %1 = tir.extern_elementwise "my_fn" pure (%y : f64) -> f64
  tir.store %p, %0 : !tir.ptr<f32>
  return
}

// -----

// Rank-0 tiles are scalars by now (tir-rank0-to-scalars, stage tir).
// expected-error @+1 {{'func.func' op convert-tir-to-cpu: has a rank-0 tile ('tensor<f32>'), which the CPU lowering takes as a scalar: tir-rank0-to-scalars (stage 'tir') turns it into one}}
func.func @rank0_argument(%t: tensor<f32>) attributes {tir.kernel} {
  return
}

// -----

func.func @rank0_result(%p: !tir.ptr<f32>) attributes {tir.kernel} {
  // expected-error @+1 {{'tir.splat' op convert-tir-to-cpu: has a rank-0 tile ('tensor<!tir.ptr<f32>>'), which the CPU lowering takes as a scalar: tir-rank0-to-scalars (stage 'tir') turns it into one}}
  %s = tir.splat %p : !tir.ptr<f32> -> tensor<!tir.ptr<f32>>
  %x = tir.load %s : tensor<!tir.ptr<f32>>
  %w = tir.expand_dims %x, axis = 0 : tensor<f32> -> tensor<1xf32>
  tir.store %s, %x : tensor<!tir.ptr<f32>>
  return
}

// -----

// LLVM has no 8-bit floats: f8 values are moved, converted and selected,
// never computed on.
func.func @f8_arithmetic(%x: f8E4M3FN, %p: !tir.ptr<f8E4M3FN>) attributes {tir.kernel} {
  // expected-error @+1 {{'arith.addf' op convert-tir-to-cpu: computes on 'f8E4M3FN', which the back ends cannot: convert it to f16 or f32 first (arith.extf)}}
  %y = arith.addf %x, %x : f8E4M3FN
  tir.store %p, %y : !tir.ptr<f8E4M3FN>
  return
}

// -----

func.func @f8_conversion(%x: f8E4M3, %p: !tir.ptr<f32>) attributes {tir.kernel} {
  // expected-error @+1 {{'arith.extf' op convert-tir-to-cpu: converts 'f8E4M3', which the back ends cannot (they convert f8E4M3FN, f8E5M2 and their FNUZ forms to and from other floats)}}
  %y = arith.extf %x : f8E4M3 to f32
  tir.store %p, %y : !tir.ptr<f32>
  return
}

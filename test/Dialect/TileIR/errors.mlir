// Every verifier rule of the Tile IR dialect, with the diagnostic it gives.
// RUN: trident-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{pointee type must be a signless integer, a float or a pointer, got 'tensor<4xf32>'}}
func.func private @bad_pointee(!tir.ptr<tensor<4xf32>>)

// -----

// expected-error @+1 {{address space must be non-negative, got -1}}
func.func private @bad_addrspace(!tir.ptr<f32, -1>)

// -----

// expected-error @+1 {{descriptor block must have a static shape of rank >= 1, got 'tensor<?x64xf16>'}}
func.func private @bad_desc_shape(!tir.tensordesc<tensor<?x64xf16>>)

// -----

// expected-error @+1 {{descriptor block element type must be an integer or a float, got '!tir.ptr<f16>'}}
func.func private @bad_desc_elem(!tir.tensordesc<tensor<4x!tir.ptr<f16>>>)

// -----

// expected-error @+1 {{'tir.kernel' must be a unit attribute}}
func.func @kernel_not_unit() attributes {tir.kernel = 1 : i32} {
  return
}

// -----

// expected-error @+1 {{kernel 'kernel_returns' must not return values (it has 1 results)}}
func.func @kernel_returns() -> i32 attributes {tir.kernel} {
  %0 = arith.constant 0 : i32
  return %0 : i32
}

// -----

// expected-error @+1 {{kernel 'kernel_tile_argument' argument #1 is a tile ('tensor<4xf32>'); kernels take pointers, scalars and tensor descriptors, and load tiles through pointers}}
func.func @kernel_tile_argument(%p: !tir.ptr<f32>, %t: tensor<4xf32>) attributes {tir.kernel} {
  return
}

// -----

// A rank-0 tile is a scalar (tir-rank0-to-scalars makes it one).
func.func @kernel_rank0_argument(%p: !tir.ptr<f32>, %t: tensor<f32>) attributes {tir.kernel} {
  return
}

// -----

// A function that is not a kernel takes tiles.
func.func @helper_tile_argument(%t: tensor<4xf32>) -> tensor<4xf32> {
  return %t : tensor<4xf32>
}

// -----

func.func @kernel_on_op() {
  // expected-error @+1 {{'tir.kernel' may only mark a function}}
  %0 = arith.constant {tir.kernel} 0 : i32
  return
}

// -----

// expected-error @+1 {{'func.func' op has no result for the axis hint 'tir.divisibility' to describe}}
func.func @divisibility_on_op() attributes {tir.divisibility = 16 : i32} {
  return
}

// -----

func.func @hint_not_array(%n: i32) {
  // expected-error @+1 {{'arith.addi' op axis hint 'tir.divisibility' must be a dense i32 array (array<i32: ...>), got 16 : i32}}
  %0 = arith.addi %n, %n {tir.divisibility = 16 : i32} : i32
  return
}

// -----

func.func @hint_rank() {
  // expected-error @+1 {{'tir.make_range' op axis hint 'tir.contiguity' has 2 entries, but 'tensor<64xi32>' needs 1 (one per dimension, one for a scalar)}}
  %0 = tir.make_range 0 to 64 {tir.contiguity = array<i32: 64, 1>} : tensor<64xi32>
  return
}

// -----

func.func @hint_not_pow2() {
  // expected-error @+1 {{'tir.make_range' op axis hint 'tir.divisibility' entries must be positive powers of two, got 12}}
  %0 = tir.make_range 0 to 64 {tir.divisibility = array<i32: 12>} : tensor<64xi32>
  return
}

// -----

// Axis hints on loop arguments (tir.region_arg_hints): one array per
// region, one dictionary of hints per argument of the region's entry block.
func.func @region_hints_not_loop(%c: i1) {
  // expected-error @+1 {{'scf.if' op 'tir.region_arg_hints' (axis hints on region arguments) may only be put on scf.for and scf.while}}
  scf.if %c {
  } {tir.region_arg_hints = [[], []]}
  return
}

// -----

func.func @region_hints_regions(%n: index, %p: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'scf.for' op 'tir.region_arg_hints' has 2 entries, but the operation has 1 regions}}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %p) -> (i32) {
    scf.yield %x : i32
  } {tir.region_arg_hints = [[], []]}
  return
}

// -----

func.func @region_hints_not_hint(%n: index, %p: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'scf.for' op 'tir.region_arg_hints' of region #0 argument #1: 'tir.kernel' is not an axis hint (tir.divisibility, tir.contiguity or tir.constancy)}}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %p) -> (i32) {
    scf.yield %x : i32
  } {tir.region_arg_hints = [[{}, {tir.kernel}]]}
  return
}

// -----

func.func @region_hints_rank(%n: index, %p: tensor<64xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'scf.for' op region #0 argument #1: axis hint 'tir.divisibility' has 2 entries, but 'tensor<64xi32>' needs 1 (one per dimension, one for a scalar)}}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %p) -> (tensor<64xi32>) {
    scf.yield %x : tensor<64xi32>
  } {tir.region_arg_hints = [[{}, {tir.divisibility = array<i32: 16, 16>}]]}
  return
}

// -----

// A stale list (not one dictionary per argument: the loop was rebuilt with
// other arguments) is ignored by the analysis; only its form is checked.
func.func @region_hints_stale(%n: index, %p: tensor<64xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %p) -> (tensor<64xi32>) {
    scf.yield %x : tensor<64xi32>
  } {tir.region_arg_hints = [[{}, {}, {tir.divisibility = array<i32: 16, 16>}]]}
  return
}

// -----

func.func @hint_constancy_positive() {
  // expected-error @+1 {{'tir.make_range' op axis hint 'tir.constancy' entries must be positive, got 0}}
  %0 = tir.make_range 0 to 64 {tir.constancy = array<i32: 0>} : tensor<64xi32>
  return
}

// -----

// expected-error @+1 {{argument #0: axis hint 'tir.contiguity' has 1 entries, but 'tensor<4x8xi32>' needs 2 (one per dimension, one for a scalar)}}
func.func @hint_on_argument(%t: tensor<4x8xi32> {tir.contiguity = array<i32: 8>}) {
  return
}

// -----

// expected-error @+1 {{'tir.divisibility' of argument #0 must be a positive power of two, got 12}}
func.func @divisibility_not_pow2(%p: !tir.ptr<f32> {tir.divisibility = 12 : i32}) {
  return
}

// -----

// expected-error @+1 {{'tir.divisibility' of argument #0 must be an i32 integer attribute}}
func.func @divisibility_not_i32(%p: !tir.ptr<f32> {tir.divisibility = 16 : i64}) {
  return
}

// -----

// expected-error @+1 {{'tir.divisibility' of argument #0 requires an integer or pointer argument, got 'f32'}}
func.func @divisibility_on_float(%x: f32 {tir.divisibility = 16 : i32}) {
  return
}

// -----

func.func @program_id_axis() {
  // expected-error @+1 {{'tir.get_program_id' op attribute 'axis' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0 whose maximum value is 2}}
  %0 = tir.get_program_id 3 : i32
  return
}

// -----

func.func @num_programs_axis() {
  // expected-error @+1 {{'tir.get_num_programs' op attribute 'axis' failed to satisfy constraint}}
  %0 = tir.get_num_programs -1 : i32
  return
}

// -----

func.func @make_range_empty() {
  // expected-error @+1 {{'tir.make_range' op end (4) must be greater than start (4)}}
  %0 = tir.make_range 4 to 4 : tensor<1xi32>
  return
}

// -----

func.func @make_range_count() {
  // expected-error @+1 {{'tir.make_range' op result has 64 elements but the range [0, 128) has 128}}
  %0 = tir.make_range 0 to 128 : tensor<64xi32>
  return
}

// -----

func.func @make_range_rank() {
  // expected-error @+1 {{'tir.make_range' op result must be a 1-D tile, got 'tensor<8x16xi32>'}}
  %0 = tir.make_range 0 to 128 : tensor<8x16xi32>
  return
}

// -----

func.func @make_range_type() {
  // expected-error @+1 {{'tir.make_range' op result #0 must be statically shaped tensor of 32-bit signless integer values}}
  %0 = tir.make_range 0 to 128 : tensor<128xi64>
  return
}

// -----

func.func @splat_type(%x: f32) {
  // expected-error @+1 {{'tir.splat' op failed to verify that source type matches the result element type}}
  %0 = "tir.splat"(%x) : (f32) -> tensor<8xf16>
  return
}

// -----

func.func @splat_tile(%x: tensor<8xf32>) {
  // expected-error @+1 {{'tir.splat' op operand #0 must be tile element}}
  %0 = "tir.splat"(%x) : (tensor<8xf32>) -> tensor<8x8xf32>
  return
}

// -----

func.func @dynamic_tile(%x: f32) {
  // expected-error @+1 {{'tir.splat' op result #0 must be statically shaped tensor}}
  %0 = tir.splat %x : f32 -> tensor<?xf32>
  return
}

// -----

func.func @broadcast_rank(%x: tensor<64xf32>) {
  // expected-error @+1 {{'tir.broadcast' op source rank (1) must equal result rank (2); insert dimensions with tir.expand_dims first}}
  %0 = tir.broadcast %x : tensor<64xf32> -> tensor<4x64xf32>
  return
}

// -----

func.func @broadcast_dim(%x: tensor<2x64xf32>) {
  // expected-error @+1 {{'tir.broadcast' op dimension 0 of size 2 cannot be broadcast to 4 (only size-1 dimensions expand)}}
  %0 = tir.broadcast %x : tensor<2x64xf32> -> tensor<4x64xf32>
  return
}

// -----

func.func @broadcast_elem(%x: tensor<1x64xf32>) {
  // expected-error @+1 {{'tir.broadcast' op requires the same element type for all operands and results}}
  %0 = tir.broadcast %x : tensor<1x64xf32> -> tensor<4x64xf16>
  return
}

// -----

func.func @expand_dims_axis(%x: tensor<64xf32>) {
  // expected-error @+1 {{'tir.expand_dims' op axis 2 is out of range [0, 1] for a source of rank 1}}
  %0 = tir.expand_dims %x, axis = 2 : tensor<64xf32> -> tensor<64x1xf32>
  return
}

// -----

func.func @expand_dims_result(%x: tensor<64xf32>) {
  // expected-error @+1 {{'tir.expand_dims' op result type 'tensor<64x1xf32>' does not match the expected 'tensor<1x64xf32>'}}
  %0 = tir.expand_dims %x, axis = 0 : tensor<64xf32> -> tensor<64x1xf32>
  return
}

// -----

func.func @reshape_count(%x: tensor<4x32xf32>) {
  // expected-error @+1 {{'tir.reshape' op source has 128 elements but result has 64; a reshape must preserve the element count}}
  %0 = tir.reshape %x : tensor<4x32xf32> -> tensor<64xf32>
  return
}

// -----

func.func @trans_size(%x: tensor<4x32xf32>) {
  // expected-error @+1 {{'tir.trans' op order has 3 entries but the source has rank 2}}
  %0 = tir.trans %x, [0, 1, 2] : tensor<4x32xf32> -> tensor<4x32xf32>
  return
}

// -----

func.func @trans_perm(%x: tensor<4x32xf32>) {
  // expected-error @+1 {{'tir.trans' op order [1, 1] is not a permutation of [0, 2)}}
  %0 = tir.trans %x, [1, 1] : tensor<4x32xf32> -> tensor<32x32xf32>
  return
}

// -----

func.func @trans_result(%x: tensor<4x32xf32>) {
  // expected-error @+1 {{'tir.trans' op result type 'tensor<4x32xf32>' does not match the expected 'tensor<32x4xf32>'}}
  %0 = tir.trans %x, [1, 0] : tensor<4x32xf32> -> tensor<4x32xf32>
  return
}

// -----

func.func @join_operands(%a: tensor<8xf32>, %b: tensor<4xf32>) {
  // expected-error @+1 {{'tir.join' op requires all operands to have the same type}}
  %0 = "tir.join"(%a, %b) : (tensor<8xf32>, tensor<4xf32>) -> tensor<8x2xf32>
  return
}

// -----

func.func @join_result(%a: tensor<8xf32>, %b: tensor<8xf32>) {
  // expected-error @+1 {{'tir.join' op result type 'tensor<2x8xf32>' does not match the expected 'tensor<8x2xf32>' (the operands' shape with a new last dimension of size 2)}}
  %0 = tir.join %a, %b : tensor<8xf32> -> tensor<2x8xf32>
  return
}

// -----

func.func @split_last_dim(%x: tensor<8x4xf32>) {
  // expected-error @+1 {{'tir.split' op source's last dimension must have size 2, got 'tensor<8x4xf32>'}}
  %0:2 = tir.split %x : tensor<8x4xf32> -> tensor<8xf32>
  return
}

// -----

func.func @split_result(%x: tensor<8x2xf32>) {
  // expected-error @+1 {{'tir.split' op result type 'tensor<4xf32>' does not match the expected 'tensor<8xf32>'}}
  %0:2 = tir.split %x : tensor<8x2xf32> -> tensor<4xf32>
  return
}

// -----

func.func @addptr_scalar_ptr(%p: !tir.ptr<f32>, %o: tensor<8xi32>) {
  // expected-error @+1 {{'tir.addptr' op a scalar pointer takes a scalar offset, got 'tensor<8xi32>'; splat the pointer first}}
  %0 = tir.addptr %p, %o : !tir.ptr<f32>, tensor<8xi32>
  return
}

// -----

func.func @addptr_scalar_offset(%p: tensor<8x!tir.ptr<f32>>, %o: i32) {
  // expected-error @+1 {{'tir.addptr' op a pointer tile takes an offset tile of the same shape, got 'i32'; splat the offset first}}
  %0 = tir.addptr %p, %o : tensor<8x!tir.ptr<f32>>, i32
  return
}

// -----

func.func @addptr_shape(%p: tensor<8x!tir.ptr<f32>>, %o: tensor<4xi32>) {
  // expected-error @+1 {{'tir.addptr' op offset shape [4] does not match pointer shape [8]}}
  %0 = tir.addptr %p, %o : tensor<8x!tir.ptr<f32>>, tensor<4xi32>
  return
}

// -----

func.func @addptr_float_offset(%p: !tir.ptr<f32>, %o: f32) {
  // expected-error @+1 {{'tir.addptr' op operand #1 must be integer or integer tile}}
  %0 = tir.addptr %p, %o : !tir.ptr<f32>, f32
  return
}

// -----

func.func @int_to_ptr_width(%i: i32) {
  // expected-error @+1 {{'tir.int_to_ptr' op source must have i64 elements, got 'i32'}}
  %0 = tir.int_to_ptr %i : i32 -> !tir.ptr<f32>
  return
}

// -----

func.func @ptr_to_int_width(%p: tensor<4x!tir.ptr<f32>>) {
  // expected-error @+1 {{'tir.ptr_to_int' op result must have i64 elements, got 'tensor<4xi32>'}}
  %0 = tir.ptr_to_int %p : tensor<4x!tir.ptr<f32>> -> tensor<4xi32>
  return
}

// -----

func.func @bitcast_ptr_int(%p: !tir.ptr<f32>) {
  // expected-error @+1 {{'tir.bitcast' op cannot bitcast between a pointer and a non-pointer ('!tir.ptr<f32>' to 'i64'); use tir.ptr_to_int or tir.int_to_ptr}}
  %0 = tir.bitcast %p : !tir.ptr<f32> -> i64
  return
}

// -----

func.func @bitcast_addrspace(%p: !tir.ptr<f32>) {
  // expected-error @+1 {{'tir.bitcast' op cannot change the address space (1 to 3)}}
  %0 = tir.bitcast %p : !tir.ptr<f32> -> !tir.ptr<f32, 3>
  return
}

// -----

func.func @bitcast_width(%x: tensor<4xi32>) {
  // expected-error @+1 {{'tir.bitcast' op element bit widths differ ('i32' is 32 bits, 'f16' is 16 bits)}}
  %0 = tir.bitcast %x : tensor<4xi32> -> tensor<4xf16>
  return
}

// -----

func.func @bitcast_shape(%x: tensor<4xi32>) {
  // expected-error @+1 {{'tir.bitcast' op requires the same shape for all operands and results}}
  %0 = tir.bitcast %x : tensor<4xi32> -> tensor<8xf32>
  return
}

// -----

func.func @load_other_without_mask(%p: tensor<8x!tir.ptr<f32>>, %o: tensor<8xf32>) {
  // expected-error @+1 {{'tir.load' op 'other' requires a 'mask' (it is the value of the masked-off elements)}}
  %0 = "tir.load"(%p, %o) <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (tensor<8x!tir.ptr<f32>>, tensor<8xf32>) -> tensor<8xf32>
  return
}

// -----

func.func @load_result(%p: tensor<8x!tir.ptr<f32>>) {
  // expected-error @+1 {{'tir.load' op failed to verify that result type is the pointee type of ptr}}
  %0 = "tir.load"(%p) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (tensor<8x!tir.ptr<f32>>) -> tensor<8xf16>
  return
}

// -----

func.func @load_mask_shape(%p: tensor<8x!tir.ptr<f32>>, %m: tensor<4xi1>) {
  // expected-error @+1 {{'tir.load' op failed to verify that mask is i1 with the shape of ptr}}
  %0 = "tir.load"(%p, %m) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (tensor<8x!tir.ptr<f32>>, tensor<4xi1>) -> tensor<8xf32>
  return
}

// -----

func.func @load_other_type(%p: tensor<8x!tir.ptr<f32>>, %m: tensor<8xi1>, %o: tensor<8xf16>) {
  // expected-error @+1 {{'tir.load' op failed to verify that other type is the pointee type of ptr}}
  %0 = "tir.load"(%p, %m, %o) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (tensor<8x!tir.ptr<f32>>, tensor<8xi1>, tensor<8xf16>) -> tensor<8xf32>
  return
}

// -----

func.func @load_not_ptr(%p: tensor<8xi64>) {
  // expected-error @+1 {{custom op 'tir.load' 'ptr' must be pointer or pointer tile, but got 'tensor<8xi64>'}}
  %0 = tir.load %p : tensor<8xi64>
  return
}

// -----

func.func @store_value(%p: tensor<8x!tir.ptr<f32>>, %v: tensor<8xf16>) {
  // expected-error @+1 {{'tir.store' op failed to verify that value type is the pointee type of ptr}}
  "tir.store"(%p, %v) : (tensor<8x!tir.ptr<f32>>, tensor<8xf16>) -> ()
  return
}

// -----

func.func @store_mask(%p: tensor<8x!tir.ptr<f32>>, %v: tensor<8xf32>, %m: tensor<8xi8>) {
  // expected-error @+1 {{'tir.store' op operand #2 must be i1 or i1 tile}}
  "tir.store"(%p, %v, %m) : (tensor<8x!tir.ptr<f32>>, tensor<8xf32>, tensor<8xi8>) -> ()
  return
}

// -----

func.func @desc_shape_count(%b: !tir.ptr<f16>, %m: i32, %s: i64) {
  // expected-error @+1 {{'tir.make_tensor_descriptor' op expected 2 shape operands for a rank-2 descriptor block, got 1}}
  %0 = tir.make_tensor_descriptor %b, [%m], [%s, %s] : !tir.ptr<f16>, i32 -> !tir.tensordesc<tensor<16x16xf16>>
  return
}

// -----

func.func @desc_stride_count(%b: !tir.ptr<f16>, %m: i32, %s: i64) {
  // expected-error @+1 {{'tir.make_tensor_descriptor' op expected 2 stride operands for a rank-2 descriptor block, got 3}}
  %0 = tir.make_tensor_descriptor %b, [%m, %m], [%s, %s, %s] : !tir.ptr<f16>, i32 -> !tir.tensordesc<tensor<16x16xf16>>
  return
}

// -----

func.func @desc_mixed_shape(%b: !tir.ptr<f16>, %m: i32, %s: i64) {
  // expected-error @+1 {{'tir.make_tensor_descriptor' op shape operands must all have one type, got 'i32' and 'i64'}}
  %0 = "tir.make_tensor_descriptor"(%b, %m, %s, %s, %s) <{operandSegmentSizes = array<i32: 1, 2, 2, 0>}> : (!tir.ptr<f16>, i32, i64, i64, i64) -> !tir.tensordesc<tensor<16x16xf16>>
  return
}

// -----

func.func @desc_storage_space(%b: !tir.ptr<f16>, %m: i32, %s: i64, %p: !tir.ptr<i8, 3>) {
  // expected-error @+1 {{'tir.make_tensor_descriptor' op stores descriptors in global memory (address space 1), got storage '!tir.ptr<i8, 3>'}}
  %0 = tir.make_tensor_descriptor %b, [%m, %m], [%s, %s] into %p : !tir.ptr<f16>, i32, !tir.ptr<i8, 3> -> !tir.tensordesc<tensor<16x16xf16>>
  return
}

// -----

func.func @scratch_alignment() {
  // expected-error @+1 {{'tir.global_scratch_alloc' op alignment must be a power of two of at most 128 bytes, got 96}}
  %0 = tir.global_scratch_alloc {nbytes = 256 : i64, alignment = 96 : i64} : !tir.ptr<i8>
  return
}

// -----

func.func @desc_pointee(%b: !tir.ptr<f32>, %m: i32, %s: i64) {
  // expected-error @+1 {{'tir.make_tensor_descriptor' op base pointee type 'f32' does not match the descriptor element type 'f16'}}
  %0 = tir.make_tensor_descriptor %b, [%m, %m], [%s, %s] : !tir.ptr<f32>, i32 -> !tir.tensordesc<tensor<16x16xf16>>
  return
}

// -----

func.func @desc_stride_type(%b: !tir.ptr<f16>, %m: i32) {
  // expected-error @+1 {{'tir.make_tensor_descriptor' op operand #3 must be variadic of 64-bit signless integer}}
  %0 = "tir.make_tensor_descriptor"(%b, %m, %m, %m, %m) <{operandSegmentSizes = array<i32: 1, 2, 2, 0>}> : (!tir.ptr<f16>, i32, i32, i32, i32) -> !tir.tensordesc<tensor<16x16xf16>>
  return
}

// -----

func.func @desc_load_indices(%d: !tir.tensordesc<tensor<16x16xf16>>, %i: i32) {
  // expected-error @+1 {{'tir.descriptor_load' op expected 2 indices for a rank-2 descriptor, got 1}}
  %0 = tir.descriptor_load %d[%i] : !tir.tensordesc<tensor<16x16xf16>>
  return
}

// -----

func.func @desc_load_result(%d: !tir.tensordesc<tensor<16x16xf16>>, %i: i32) {
  // expected-error @+1 {{'tir.descriptor_load' op result type 'tensor<16x8xf16>' is not the descriptor's block type 'tensor<16x16xf16>'}}
  %0 = "tir.descriptor_load"(%d, %i, %i) : (!tir.tensordesc<tensor<16x16xf16>>, i32, i32) -> tensor<16x8xf16>
  return
}

// -----

func.func @desc_store_indices(%d: !tir.tensordesc<tensor<16x16xf16>>, %t: tensor<16x16xf16>, %i: i32) {
  // expected-error @+1 {{'tir.descriptor_store' op expected 2 indices for a rank-2 descriptor, got 3}}
  tir.descriptor_store %d[%i, %i, %i], %t : !tir.tensordesc<tensor<16x16xf16>>
  return
}

// -----

func.func @desc_store_src(%d: !tir.tensordesc<tensor<16x16xf16>>, %t: tensor<16x16xf32>, %i: i32) {
  // expected-error @+1 {{'tir.descriptor_store' op source type 'tensor<16x16xf32>' is not the descriptor's block type 'tensor<16x16xf16>'}}
  "tir.descriptor_store"(%d, %t, %i, %i) : (!tir.tensordesc<tensor<16x16xf16>>, tensor<16x16xf32>, i32, i32) -> ()
  return
}

// -----

func.func @desc_index_type(%d: !tir.tensordesc<tensor<16x16xf16>>, %i: i64) {
  // expected-error @+1 {{'tir.descriptor_load' op operand #1 must be variadic of 32-bit signless integer}}
  %0 = "tir.descriptor_load"(%d, %i, %i) : (!tir.tensordesc<tensor<16x16xf16>>, i64, i64) -> tensor<16x16xf16>
  return
}

// -----

func.func @dot_rank(%a: tensor<16xf16>, %c: tensor<16xf32>) {
  // expected-error @+1 {{'tir.dot' op operands must be 2-D (or 3-D with a leading batch dimension), got rank 1}}
  %0 = tir.dot %a, %a, %c : tensor<16xf16> * tensor<16xf16> -> tensor<16xf32>
  return
}

// -----

func.func @dot_rank_mismatch(%a: tensor<16x16xf16>, %b: tensor<2x16x16xf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{'tir.dot' op a, b and c must have the same rank, got 2, 3 and 2}}
  %0 = tir.dot %a, %b, %c : tensor<16x16xf16> * tensor<2x16x16xf16> -> tensor<16x16xf32>
  return
}

// -----

func.func @dot_batch(%a: tensor<2x16x16xf16>, %b: tensor<4x16x16xf16>, %c: tensor<2x16x16xf32>) {
  // expected-error @+1 {{'tir.dot' op batch dimensions differ: a has 2, b has 4, c has 2}}
  %0 = tir.dot %a, %b, %c : tensor<2x16x16xf16> * tensor<4x16x16xf16> -> tensor<2x16x16xf32>
  return
}

// -----

func.func @dot_k(%a: tensor<32x16xf16>, %b: tensor<32x64xf16>, %c: tensor<32x64xf32>) {
  // expected-error @+1 {{'tir.dot' op reduction dimensions differ: a is 32x16 but b is 32x64}}
  %0 = tir.dot %a, %b, %c : tensor<32x16xf16> * tensor<32x64xf16> -> tensor<32x64xf32>
  return
}

// -----

func.func @dot_acc_shape(%a: tensor<32x16xf16>, %b: tensor<16x64xf16>, %c: tensor<64x32xf32>) {
  // expected-error @+1 {{'tir.dot' op accumulator must be 32x64 (MxN), got 64x32}}
  %0 = tir.dot %a, %b, %c : tensor<32x16xf16> * tensor<16x64xf16> -> tensor<64x32xf32>
  return
}

// -----

func.func @dot_int_float(%a: tensor<16x16xf16>, %b: tensor<16x16xi16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{'tir.dot' op a and b must both be floats or both integers, got 'f16' and 'i16'}}
  %0 = tir.dot %a, %b, %c : tensor<16x16xf16> * tensor<16x16xi16> -> tensor<16x16xf32>
  return
}

// -----

func.func @dot_elem_mismatch(%a: tensor<16x16xf16>, %b: tensor<16x16xbf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{'tir.dot' op a and b element types differ ('f16' and 'bf16'); only 8-bit float types may be mixed}}
  %0 = tir.dot %a, %b, %c : tensor<16x16xf16> * tensor<16x16xbf16> -> tensor<16x16xf32>
  return
}

// -----

func.func @dot_float_int_acc(%a: tensor<16x16xf16>, %c: tensor<16x16xi32>) {
  // expected-error @+1 {{'tir.dot' op float inputs need a float accumulator, got 'i32'}}
  %0 = tir.dot %a, %a, %c : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xi32>
  return
}

// -----

func.func @dot_int_float_acc(%a: tensor<16x16xi8>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{'tir.dot' op integer inputs need an integer accumulator, got 'f32'}}
  %0 = tir.dot %a, %a, %c : tensor<16x16xi8> * tensor<16x16xi8> -> tensor<16x16xf32>
  return
}

// -----

func.func @dot_tf32(%a: tensor<16x16xbf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{'tir.dot' op input precision 'tf32' requires f32 inputs, got 'bf16'}}
  %0 = tir.dot %a, %a, %c precision = tf32 : tensor<16x16xbf16> * tensor<16x16xbf16> -> tensor<16x16xf32>
  return
}

// -----

func.func @dot_imprecise(%a: tensor<16x16xbf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{'tir.dot' op max_num_imprecise_acc applies only to 8-bit float inputs, got 'bf16'}}
  %0 = tir.dot %a, %a, %c max_num_imprecise_acc = 32 : tensor<16x16xbf16> * tensor<16x16xbf16> -> tensor<16x16xf32>
  return
}

// -----

func.func @dot_imprecise_negative(%a: tensor<16x16xf8E4M3FN>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{'tir.dot' op attribute 'max_num_imprecise_acc' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0}}
  %0 = tir.dot %a, %a, %c max_num_imprecise_acc = -1 : tensor<16x16xf8E4M3FN> * tensor<16x16xf8E4M3FN> -> tensor<16x16xf32>
  return
}

// -----

func.func @dot_result(%a: tensor<16x16xf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{'tir.dot' op failed to verify that all of {c, d} have same type}}
  %0 = "tir.dot"(%a, %a, %c) : (tensor<16x16xf16>, tensor<16x16xf16>, tensor<16x16xf32>) -> tensor<16x16xf16>
  return
}

// -----

func.func @reduce_no_operands() {
  // expected-error @+1 {{'tir.reduce' op expected 1 or more operands, but found 0}}
  "tir.reduce"() <{axis = 0 : i32}> ({
  ^bb0:
    "tir.reduce.return"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @reduce_axis(%x: tensor<8x4xf32>) {
  // expected-error @+1 {{'tir.reduce' op axis 2 is out of range [0, 2) for operands of rank 2}}
  %0 = tir.reduce %x axis = 2 : tensor<8x4xf32> -> tensor<8xf32> {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tir.reduce.return %s : f32
  }
  return
}

// -----

func.func @reduce_result(%x: tensor<8x4xf32>) {
  // expected-error @+1 {{'tir.reduce' op result #0 has type 'tensor<4xf32>' but reducing 'tensor<8x4xf32>' along axis 1 gives 'tensor<8xf32>'}}
  %0 = tir.reduce %x axis = 1 : tensor<8x4xf32> -> tensor<4xf32> {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tir.reduce.return %s : f32
  }
  return
}

// -----

func.func @reduce_result_count(%x: tensor<8xf32>) {
  // expected-error @+1 {{'tir.reduce' op has 1 operands but 2 results; they must match}}
  %0:2 = "tir.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    "tir.reduce.return"(%a) : (f32) -> ()
  }) : (tensor<8xf32>) -> (f32, f32)
  return
}

// -----

func.func @reduce_shapes(%x: tensor<8xf32>, %y: tensor<4xi32>) {
  // expected-error @+1 {{'tir.reduce' op requires the same shape for all operands}}
  %0:2 = tir.reduce %x, %y axis = 0 : tensor<8xf32>, tensor<4xi32> -> f32, i32 {
  ^bb0(%a: f32, %ai: i32, %b: f32, %bi: i32):
    tir.reduce.return %a, %ai : f32, i32
  }
  return
}

// -----

func.func @reduce_region_args(%x: tensor<8xf32>) {
  // expected-error @+1 {{'tir.reduce' op combine region must take 2 arguments (two per operand), got 1}}
  %0 = tir.reduce %x axis = 0 : tensor<8xf32> -> f32 {
  ^bb0(%a: f32):
    tir.reduce.return %a : f32
  }
  return
}

// -----

func.func @reduce_region_arg_type(%x: tensor<8xf32>) {
  // expected-error @+1 {{'tir.reduce' op combine region argument #1 has type 'f16' but operand #0 has element type 'f32'}}
  %0 = tir.reduce %x axis = 0 : tensor<8xf32> -> f32 {
  ^bb0(%a: f32, %b: f16):
    tir.reduce.return %a : f32
  }
  return
}

// -----

func.func @reduce_terminator(%x: tensor<8xf32>) {
  // expected-error @+1 {{'tir.reduce' op combine region must end with 'tir.reduce.return'}}
  %0 = "tir.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    ub.unreachable
  }) : (tensor<8xf32>) -> f32
  return
}

// -----

func.func @reduce_return_count(%x: tensor<8xf32>) {
  %0 = tir.reduce %x axis = 0 : tensor<8xf32> -> f32 {
  ^bb0(%a: f32, %b: f32):
    // expected-error @+1 {{'tir.reduce.return' op returns 2 values but the combine region needs 1 (one per operand)}}
    tir.reduce.return %a, %b : f32, f32
  }
  return
}

// -----

func.func @reduce_return_type(%x: tensor<8xf32>) {
  %0 = tir.reduce %x axis = 0 : tensor<8xf32> -> f32 {
  ^bb0(%a: f32, %b: f32):
    %t = arith.truncf %a : f32 to f16
    // expected-error @+1 {{'tir.reduce.return' op value #0 has type 'f16' but operand #0 has element type 'f32'}}
    tir.reduce.return %t : f16
  }
  return
}

// -----

func.func @reduce_return_parent(%x: f32) {
  // expected-error @+1 {{'tir.reduce.return' op expects parent op 'tir.reduce'}}
  tir.reduce.return %x : f32
}

// -----

func.func @scan_axis(%x: tensor<8xi32>) {
  // expected-error @+1 {{'tir.scan' op axis 1 is out of range [0, 1) for operands of rank 1}}
  %0 = tir.scan %x axis = 1 : tensor<8xi32> -> tensor<8xi32> {
  ^bb0(%a: i32, %b: i32):
    %s = arith.addi %a, %b : i32
    tir.scan.return %s : i32
  }
  return
}

// -----

func.func @scan_result(%x: tensor<8xi32>) {
  // expected-error @+1 {{'tir.scan' op result #0 has type 'tensor<8xi64>' but operand #0 has type 'tensor<8xi32>'}}
  %0 = tir.scan %x axis = 0 : tensor<8xi32> -> tensor<8xi64> {
  ^bb0(%a: i32, %b: i32):
    %s = arith.addi %a, %b : i32
    tir.scan.return %s : i32
  }
  return
}

// -----

func.func @scan_region(%x: tensor<8xi32>) {
  // expected-error @+1 {{'tir.scan' op combine region must take 2 arguments (two per operand), got 3}}
  %0 = tir.scan %x axis = 0 : tensor<8xi32> -> tensor<8xi32> {
  ^bb0(%a: i32, %b: i32, %c: i32):
    tir.scan.return %a : i32
  }
  return
}

// -----

func.func @scan_terminator(%x: tensor<8xi32>) {
  // expected-error @+1 {{'tir.scan' op combine region must end with 'tir.scan.return'}}
  %0 = "tir.scan"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: i32, %b: i32):
    ub.unreachable
  }) : (tensor<8xi32>) -> tensor<8xi32>
  return
}

// -----

func.func @atomic_fadd_int(%p: !tir.ptr<i32>, %v: i32) {
  // expected-error @+1 {{'tir.atomic_rmw' op 'fadd' requires float elements, got 'i32'}}
  %0 = tir.atomic_rmw fadd, relaxed, gpu, %p, %v : !tir.ptr<i32>
  return
}

// -----

func.func @atomic_add_float(%p: tensor<4x!tir.ptr<f32>>, %v: tensor<4xf32>) {
  // expected-error @+1 {{'tir.atomic_rmw' op 'add' requires integer elements, got 'f32'}}
  %0 = tir.atomic_rmw add, relaxed, gpu, %p, %v : tensor<4x!tir.ptr<f32>>
  return
}

// -----

// 8-bit floats have no atomics (neither LLVM nor the GPU has them).
func.func @atomic_fadd_f8(%p: tensor<4x!tir.ptr<f8E4M3FN>>, %v: tensor<4xf8E4M3FN>) {
  // expected-error @+1 {{'tir.atomic_rmw' op has no atomic form for 'f8E4M3FN' elements (float atomics take f16, bf16, f32 or f64)}}
  %0 = tir.atomic_rmw fadd, relaxed, gpu, %p, %v : tensor<4x!tir.ptr<f8E4M3FN>>
  return
}

// -----

func.func @atomic_cas_f8(%p: !tir.ptr<f8E5M2>, %v: f8E5M2) {
  // expected-error @+1 {{'tir.atomic_cas' op has no atomic form for 'f8E5M2' elements (float atomics take f16, bf16, f32 or f64)}}
  %0 = tir.atomic_cas acq_rel, gpu, %p, %v, %v : !tir.ptr<f8E5M2>
  return
}

// -----

func.func @atomic_xor_float(%p: !tir.ptr<f32>, %v: f32) {
  // expected-error @+1 {{'tir.atomic_rmw' op 'xor' requires integer elements, got 'f32'}}
  %0 = tir.atomic_rmw xor, relaxed, gpu, %p, %v : !tir.ptr<f32>
  return
}

// -----

func.func @atomic_xchg_ptr(%p: !tir.ptr<!tir.ptr<f32>>, %v: !tir.ptr<f32>) {
  // expected-error @+1 {{'tir.atomic_rmw' op 'xchg' requires integer or float elements, got '!tir.ptr<f32>'}}
  %0 = tir.atomic_rmw xchg, relaxed, gpu, %p, %v : !tir.ptr<!tir.ptr<f32>>
  return
}

// -----

func.func @atomic_val_type(%p: !tir.ptr<f32>, %v: f16) {
  // expected-error @+1 {{'tir.atomic_rmw' op failed to verify that val type is the pointee type of ptr}}
  %0 = "tir.atomic_rmw"(%p, %v) <{kind = 2 : i32, sem = 1 : i32, scope = 1 : i32, operandSegmentSizes = array<i32: 1, 1, 0>}> : (!tir.ptr<f32>, f16) -> f32
  return
}

// -----

func.func @atomic_bad_kind(%p: !tir.ptr<f32>, %v: f32) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'kind' [add, fadd, max, min, umax, umin, and, or, xor, xchg]}}
  %0 = tir.atomic_rmw nand, relaxed, gpu, %p, %v : !tir.ptr<f32>
  return
}

// -----

func.func @atomic_cas_ptr(%p: !tir.ptr<!tir.ptr<f32>>, %v: !tir.ptr<f32>) {
  // expected-error @+1 {{'tir.atomic_cas' op requires integer or float elements, got '!tir.ptr<f32>'}}
  %0 = tir.atomic_cas acq_rel, gpu, %p, %v, %v : !tir.ptr<!tir.ptr<f32>>
  return
}

// -----

func.func @atomic_cas_cmp(%p: !tir.ptr<i32>, %c: i64, %v: i32) {
  // expected-error @+1 {{'tir.atomic_cas' op failed to verify that cmp type is the pointee type of ptr}}
  %0 = "tir.atomic_cas"(%p, %c, %v) <{sem = 4 : i32, scope = 1 : i32}> : (!tir.ptr<i32>, i64, i32) -> i32
  return
}

// -----

func.func @assume_tile(%c: tensor<4xi1>) {
  // expected-error @+1 {{'tir.assume' op operand #0 must be 1-bit signless integer}}
  "tir.assume"(%c) : (tensor<4xi1>) -> ()
  return
}

// -----

func.func @print_signed_count(%x: i32, %y: i32) {
  // expected-error @+1 {{'tir.print' op is_signed has 1 entries but there are 2 operands; give one per operand or none}}
  tir.print "x" (%x, %y : i32, i32) {is_signed = array<i32: 1>}
  return
}

// -----

func.func @print_signed_value(%x: i32) {
  // expected-error @+1 {{'tir.print' op is_signed entries must be 0 or 1, got 2}}
  tir.print "x" (%x : i32) {is_signed = array<i32: 2>}
  return
}

// -----

func.func @assert_condition(%c: tensor<4xi32>) {
  // expected-error @+1 {{'tir.assert' op operand #0 must be i1 or i1 tile}}
  tir.assert %c, "bad" : tensor<4xi32>
  return
}

// -----

func.func @barrier_operand(%x: i32) {
  // expected-error @+1 {{'tir.barrier' op requires zero operands}}
  "tir.barrier"(%x) : (i32) -> ()
  return
}

// -----

func.func @asm_no_result(%x: i32) {
  // expected-error @+1 {{'tir.inline_asm_elementwise' op needs at least one result}}
  "tir.inline_asm_elementwise"(%x) {asm_string = "", constraints = "r"} : (i32) -> ()
  return
}

// -----

func.func @asm_shapes(%x: tensor<64xi32>, %s: i32) {
  // expected-error @+1 {{'tir.inline_asm_elementwise' op operand #1 has type 'i32', but the operands and results must all be scalars or all tiles of one shape (result #0 is 'tensor<64xi32>')}}
  %0 = tir.inline_asm_elementwise "add.s32 $0, $1, $2;", "=r,r,r" pure (%x, %s : tensor<64xi32>, i32) -> tensor<64xi32>
  return
}

// -----

func.func @asm_result_shape(%x: tensor<64xi32>) {
  // expected-error @+1 {{'tir.inline_asm_elementwise' op result #1 has type 'tensor<32xi32>', but the operands and results must all be scalars or all tiles of one shape (result #0 is 'tensor<64xi32>')}}
  %0:2 = tir.inline_asm_elementwise "", "=r,=r,r" pure (%x : tensor<64xi32>) -> tensor<64xi32>, tensor<32xi32>
  return
}

// -----

func.func @asm_pack(%x: tensor<6xi8>) {
  // expected-error @+1 {{'tir.inline_asm_elementwise' op pack 4 does not divide the 6 elements of 'tensor<6xi8>'}}
  %0 = tir.inline_asm_elementwise "", "=r,r" pure pack = 4 (%x : tensor<6xi8>) -> tensor<6xi8>
  return
}

// -----

func.func @asm_pack_positive(%x: i32) {
  // expected-error @+1 {{'tir.inline_asm_elementwise' op attribute 'pack' failed to satisfy constraint}}
  %0 = tir.inline_asm_elementwise "", "=r,r" pure pack = 0 (%x : i32) -> i32
  return
}

// -----

func.func @asm_pointer_result(%p: !tir.ptr<f32>) {
  // expected-error @+1 {{'tir.inline_asm_elementwise' op result #0 must be variadic of integer/float scalar or tile}}
  %0 = tir.inline_asm_elementwise "", "=l,l" pure (%p : !tir.ptr<f32>) -> !tir.ptr<f32>
  return
}

// -----

// expected-error @+1 {{block pointer block must have a static shape of rank >= 1, got 'tensor<f32>'}}
func.func private @bad_blockptr_rank(!tir.blockptr<tensor<f32>>)

// -----

// expected-error @+1 {{block pointer element type must be an integer or a float, got '!tir.ptr<f16>'}}
func.func private @bad_blockptr_elem(!tir.blockptr<tensor<4x!tir.ptr<f16>>>)

// -----

// expected-error @+1 {{block pointer block must have a static shape of rank >= 1, got 'tensor<?xf16>'}}
func.func private @bad_blockptr_shape(!tir.blockptr<tensor<?xf16>>)

// -----

func.func @block_ptr_shape_count(%b: !tir.ptr<f16>, %m: i64, %i: i32) {
  // expected-error @+1 {{'tir.make_block_ptr' op expected 2 shape operands for a rank-2 block, got 1}}
  %0 = tir.make_block_ptr %b, [%m], [%m, %m], [%i, %i] {order = array<i32: 1, 0>} : !tir.ptr<f16> -> !tir.blockptr<tensor<16x16xf16>>
  return
}

// -----

func.func @block_ptr_stride_count(%b: !tir.ptr<f16>, %m: i64, %i: i32) {
  // expected-error @+1 {{'tir.make_block_ptr' op expected 2 stride operands for a rank-2 block, got 3}}
  %0 = tir.make_block_ptr %b, [%m, %m], [%m, %m, %m], [%i, %i] {order = array<i32: 1, 0>} : !tir.ptr<f16> -> !tir.blockptr<tensor<16x16xf16>>
  return
}

// -----

func.func @block_ptr_offset_count(%b: !tir.ptr<f16>, %m: i64, %i: i32) {
  // expected-error @+1 {{'tir.make_block_ptr' op expected 2 offsets for a rank-2 block, got 1}}
  %0 = tir.make_block_ptr %b, [%m, %m], [%m, %m], [%i] {order = array<i32: 1, 0>} : !tir.ptr<f16> -> !tir.blockptr<tensor<16x16xf16>>
  return
}

// -----

func.func @block_ptr_order_count(%b: !tir.ptr<f16>, %m: i64, %i: i32) {
  // expected-error @+1 {{'tir.make_block_ptr' op expected 2 order entries for a rank-2 block, got 1}}
  %0 = tir.make_block_ptr %b, [%m, %m], [%m, %m], [%i, %i] {order = array<i32: 0>} : !tir.ptr<f16> -> !tir.blockptr<tensor<16x16xf16>>
  return
}

// -----

func.func @block_ptr_order_perm(%b: !tir.ptr<f16>, %m: i64, %i: i32) {
  // expected-error @+1 {{'tir.make_block_ptr' op order must be a permutation of 0..1, got [1, 1]}}
  %0 = tir.make_block_ptr %b, [%m, %m], [%m, %m], [%i, %i] {order = array<i32: 1, 1>} : !tir.ptr<f16> -> !tir.blockptr<tensor<16x16xf16>>
  return
}

// -----

func.func @block_ptr_order_range(%b: !tir.ptr<f16>, %m: i64, %i: i32) {
  // expected-error @+1 {{'tir.make_block_ptr' op order must be a permutation of 0..1, got [2, 0]}}
  %0 = tir.make_block_ptr %b, [%m, %m], [%m, %m], [%i, %i] {order = array<i32: 2, 0>} : !tir.ptr<f16> -> !tir.blockptr<tensor<16x16xf16>>
  return
}

// -----

func.func @block_ptr_base(%b: !tir.ptr<f32>, %m: i64, %i: i32) {
  // expected-error @+1 {{'tir.make_block_ptr' op base type '!tir.ptr<f32>' is not a pointer to the block element type in the block pointer's address space ('!tir.ptr<f16>')}}
  %0 = tir.make_block_ptr %b, [%m], [%m], [%i] {order = array<i32: 0>} : !tir.ptr<f32> -> !tir.blockptr<tensor<16xf16>>
  return
}

// -----

func.func @block_ptr_base_space(%b: !tir.ptr<f16>, %m: i64, %i: i32) {
  // expected-error @+1 {{'tir.make_block_ptr' op base type '!tir.ptr<f16>' is not a pointer to the block element type in the block pointer's address space ('!tir.ptr<f16, 3>')}}
  %0 = tir.make_block_ptr %b, [%m], [%m], [%i] {order = array<i32: 0>} : !tir.ptr<f16> -> !tir.blockptr<tensor<16xf16>, 3>
  return
}

// -----

func.func @block_ptr_shape_type(%b: !tir.ptr<f16>, %m: i32, %i: i32) {
  // expected-error @+1 {{'tir.make_block_ptr' op operand #1 must be variadic of 64-bit signless integer}}
  %0 = "tir.make_block_ptr"(%b, %m, %m, %i) <{operandSegmentSizes = array<i32: 1, 1, 1, 1>, order = array<i32: 0>}> : (!tir.ptr<f16>, i32, i32, i32) -> !tir.blockptr<tensor<16xf16>>
  return
}

// -----

func.func @advance_count(%p: !tir.blockptr<tensor<16x16xf16>>, %i: i32) {
  // expected-error @+1 {{'tir.advance' op expected 2 offsets for a rank-2 block pointer, got 1}}
  %0 = tir.advance %p, [%i] : !tir.blockptr<tensor<16x16xf16>>
  return
}

// -----

func.func @advance_type(%p: !tir.blockptr<tensor<16xf16>>, %i: i32) {
  // expected-error @+1 {{'tir.advance' op failed to verify that all of {ptr, result} have same type}}
  %0 = "tir.advance"(%p, %i) : (!tir.blockptr<tensor<16xf16>>, i32) -> !tir.blockptr<tensor<32xf16>>
  return
}

// -----

func.func @block_load_check_range(%p: !tir.blockptr<tensor<16x16xf16>>) {
  // expected-error @+1 {{'tir.block_load' op boundary_check dimension 2 is out of range for a rank-2 block pointer}}
  %0 = tir.block_load %p boundary_check = [0, 2] : !tir.blockptr<tensor<16x16xf16>>
  return
}

// -----

func.func @block_load_check_twice(%p: !tir.blockptr<tensor<16x16xf16>>) {
  // expected-error @+1 {{'tir.block_load' op boundary_check lists dimension 1 twice}}
  %0 = tir.block_load %p boundary_check = [1, 1] : !tir.blockptr<tensor<16x16xf16>>
  return
}

// -----

func.func @block_load_nan_int(%p: !tir.blockptr<tensor<16xi32>>) {
  // expected-error @+1 {{'tir.block_load' op padding 'nan' needs float elements, got 'i32'}}
  %0 = tir.block_load %p boundary_check = [0] padding = nan : !tir.blockptr<tensor<16xi32>>
  return
}

// -----

func.func @block_load_result(%p: !tir.blockptr<tensor<16xf16>>) {
  // expected-error @+1 {{'tir.block_load' op failed to verify that result type is the block type of ptr}}
  %0 = "tir.block_load"(%p) : (!tir.blockptr<tensor<16xf16>>) -> tensor<16xf32>
  return
}

// -----

func.func @block_store_check(%p: !tir.blockptr<tensor<16xf16>>, %v: tensor<16xf16>) {
  // expected-error @+1 {{'tir.block_store' op boundary_check dimension -1 is out of range for a rank-1 block pointer}}
  tir.block_store %p, %v boundary_check = [-1] : !tir.blockptr<tensor<16xf16>>
  return
}

// -----

func.func @block_store_value(%p: !tir.blockptr<tensor<16xf16>>, %v: tensor<8xf16>) {
  // expected-error @+1 {{'tir.block_store' op failed to verify that value type is the block type of ptr}}
  "tir.block_store"(%p, %v) : (!tir.blockptr<tensor<16xf16>>, tensor<8xf16>) -> ()
  return
}

// -----

func.func @load_through_block_ptr(%p: !tir.blockptr<tensor<16xf16>>) {
  // expected-error @+1 {{'tir.load' op operand #0 must be pointer or pointer tile}}
  %0 = "tir.load"(%p) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (!tir.blockptr<tensor<16xf16>>) -> tensor<16xf16>
  return
}

// -----

func.func @extern_shapes(%x: tensor<64xf32>, %s: f32) {
  // expected-error @+1 {{'tir.extern_elementwise' op operand #1 has type 'f32', but the operands and the result must all be scalars or all tiles of one shape (the result is 'tensor<64xf32>')}}
  %0 = tir.extern_elementwise "__nv_fmodf" pure (%x, %s : tensor<64xf32>, f32) -> tensor<64xf32>
  return
}

// -----

func.func @extern_result_shape(%x: tensor<64xf32>) {
  // expected-error @+1 {{'tir.extern_elementwise' op operand #0 has type 'tensor<64xf32>', but the operands and the result must all be scalars or all tiles of one shape (the result is 'tensor<32xf32>')}}
  %0 = tir.extern_elementwise "__nv_sinf" pure (%x : tensor<64xf32>) -> tensor<32xf32>
  return
}

// -----

func.func @extern_bad_name(%x: f32) {
  // expected-error @+1 {{'tir.extern_elementwise' op 'sin f' is not a function name (letters, digits, '_', '.', '$'; not starting with a digit)}}
  %0 = tir.extern_elementwise "sin f" pure (%x : f32) -> f32
  return
}

// -----

func.func @extern_empty_lib(%x: f32) {
  // expected-error @+1 {{'tir.extern_elementwise' op lib names no file: leave it out for the target's own library}}
  %0 = tir.extern_elementwise "f" lib "" (%x : f32) -> f32
  return
}

// -----

func.func @ws_tile_capture(%t: tensor<128xf32>) {
  // expected-error @+1 {{captures a tile (#0, 'tensor<128xf32>'); partitions lay out their own tiles}}
  tir.warp_specialize(%t : tensor<128xf32>) {
  } partition num_warps(1) (%t0: tensor<128xf32>) {
  }
  return
}

// -----

func.func @ws_outside_value(%p: !tir.ptr<i32>, %v: i32) {
  tir.warp_specialize(%p : !tir.ptr<i32>) {
  } partition num_warps(1) (%p0: !tir.ptr<i32>) {
    // expected-error @+1 {{in partition #0 of tir.warp_specialize uses a value from outside it; pass it through the op's captures}}
    tir.store %p0, %v : !tir.ptr<i32>
  }
  return
}

// -----

func.func @ws_arguments(%p: !tir.ptr<i32>) {
  // expected-error @+1 {{partition #0 takes ('i32') but the captures are ('!tir.ptr<i32>')}}
  tir.warp_specialize(%p : !tir.ptr<i32>) {
  } partition num_warps(1) (%x: i32) {
  }
  return
}

// -----

func.func @ws_warps() {
  // expected-error @+1 {{partition #0 has 3 warps; a partition's warps are a power of two}}
  tir.warp_specialize() {
  } partition num_warps(3) {
  }
  return
}

// -----

func.func @ws_no_partition() {
  // expected-error @+1 {{needs at least one partition}}
  tir.warp_specialize() {
  }
  return
}

// -----

func.func @ws_budget() {
  // expected-error @+1 {{partition #0 asks for 300 registers per thread; a budget is a multiple of 8 from 24 to 256}}
  tir.warp_specialize() {
  } partition num_warps(4) registers(300) {
  }
  return
}

// -----

func.func @ws_default_budget() {
  // expected-error @+1 {{the default region asks for 20 registers per thread}}
  tir.warp_specialize() registers(20) {
  } partition num_warps(4) {
  }
  return
}

// -----

// Memory holds floats in whole bytes.
// expected-error @+1 {{pointee type 'tf32' has 19 bits, which do not fill whole bytes; memory holds floats of 8, 16, 32 or 64 bits}}
func.func private @tf32_pointee(!tir.ptr<tf32>)

// -----

// expected-error @+1 {{pointee type 'f4E2M1FN' has 4 bits, which do not fill whole bytes}}
func.func private @f4_pointee(!tir.ptr<f4E2M1FN>)

// -----

// expected-error @+1 {{block pointer block must have no encoding, got 'tensor<16xf32, "enc">'}}
func.func private @blockptr_encoding(!tir.blockptr<tensor<16xf32, "enc">>)

// -----

// expected-error @+1 {{address space must be non-negative, got -2}}
func.func private @blockptr_addrspace(!tir.blockptr<tensor<16xf32>, -2>)

// -----

// The bounds are signed: a range that ends below its start.
func.func @range_backwards() {
  // expected-error @+1 {{'tir.make_range' op end (-5) must be greater than start (10)}}
  %0 = tir.make_range 10 to -5 : tensor<1xi32>
  return
}

// -----

func.func @atomic_rmw_i1(%p: !tir.ptr<i1>, %v: i1) {
  // expected-error @+1 {{'tir.atomic_rmw' op atomics need elements of 8, 16, 32 or 64 bits, got 'i1'}}
  %0 = tir.atomic_rmw xchg, relaxed, gpu, %p, %v : !tir.ptr<i1>
  return
}

// -----

func.func @atomic_cas_i128(%p: tensor<4x!tir.ptr<i128>>, %v: tensor<4xi128>) {
  // expected-error @+1 {{'tir.atomic_cas' op atomics need elements of 8, 16, 32 or 64 bits, got 'i128'}}
  %0 = tir.atomic_cas acq_rel, gpu, %p, %v, %v : tensor<4x!tir.ptr<i128>>
  return
}

// -----

func.func @scan_results(%x: tensor<8xi32>) {
  // expected-error @+1 {{'tir.scan' op has 1 operands but 2 results; they must match}}
  %a, %b = "tir.scan"(%x) <{axis = 0 : i32}> ({
  ^bb0(%p: i32, %q: i32):
    "tir.scan.return"(%p) : (i32) -> ()
  }) : (tensor<8xi32>) -> (tensor<8xi32>, tensor<8xi32>)
  return
}

// -----

func.func @scan_argument(%x: tensor<8xi32>) {
  // expected-error @+1 {{'tir.scan' op combine region argument #0 has type 'i64' but operand #0 has element type 'i32'}}
  %0 = tir.scan %x axis = 0 : tensor<8xi32> -> tensor<8xi32> {
  ^bb0(%a: i64, %b: i32):
    tir.scan.return %b : i32
  }
  return
}

// -----

func.func @scan_return_count(%x: tensor<8xi32>) {
  %0 = tir.scan %x axis = 0 : tensor<8xi32> -> tensor<8xi32> {
  ^bb0(%a: i32, %b: i32):
    // expected-error @+1 {{'tir.scan.return' op returns 0 values but the combine region needs 1 (one per operand)}}
    tir.scan.return
  }
  return
}

// -----

func.func @scan_return_type(%x: tensor<8xi32>) {
  %0 = tir.scan %x axis = 0 : tensor<8xi32> -> tensor<8xi32> {
  ^bb0(%a: i32, %b: i32):
    %c = arith.extsi %a : i32 to i64
    // expected-error @+1 {{'tir.scan.return' op value #0 has type 'i64' but operand #0 has element type 'i32'}}
    tir.scan.return %c : i64
  }
  return
}

// -----

func.func @scan_return_parent(%x: i32) {
  // expected-error @+1 {{'tir.scan.return' op expects parent op 'tir.scan'}}
  tir.scan.return %x : i32
}

// -----

func.func @extern_no_name(%x: f32) {
  // expected-error @+1 {{'tir.extern_elementwise' op needs a function name}}
  %0 = tir.extern_elementwise "" (%x : f32) -> f32
  return
}

// -----

func.func @extern_digit(%x: f32) {
  // expected-error @+1 {{'tir.extern_elementwise' op '9lives' is not a function name (letters, digits, '_', '.', '$'; not starting with a digit)}}
  %0 = tir.extern_elementwise "9lives" (%x : f32) -> f32
  return
}

// -----

func.func @descriptor_not_desc(%d: !tir.ptr<f32>, %i: i32) {
  // expected-error @+1 {{'tir.descriptor_load' op operand #0 must be tensor descriptor, but got '!tir.ptr<f32>'}}
  %0 = tir.descriptor_load %d[%i] : !tir.ptr<f32>
  return
}

// -----

// The generic form reaches what the custom syntax always builds right.
func.func @ws_warp_entries() {
  // expected-error @+1 {{'tir.warp_specialize' op has 1 partitions but partition_num_warps has 2 entries}}
  "tir.warp_specialize"() <{partition_num_warps = array<i32: 1, 2>}> ({
    "tir.warp_yield"() : () -> ()
  }, {
    "tir.warp_partitions"() ({
      "tir.warp_yield"() : () -> ()
    }) : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @ws_register_entries() {
  // expected-error @+1 {{'tir.warp_specialize' op has 1 partitions but partition_num_registers has 2 entries}}
  "tir.warp_specialize"() <{partition_num_warps = array<i32: 4>, partition_num_registers = array<i32: 40, 40>}> ({
    "tir.warp_yield"() : () -> ()
  }, {
    "tir.warp_partitions"() ({
      "tir.warp_yield"() : () -> ()
    }) : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @ws_holder() {
  // expected-error @+1 {{'tir.warp_specialize' op second region must hold one tir.warp_partitions}}
  "tir.warp_specialize"() <{partition_num_warps = array<i32: 1>}> ({
    "tir.warp_yield"() : () -> ()
  }, {
    "tir.warp_yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @ws_default_arguments() {
  // expected-error @+1 {{'tir.warp_specialize' op default region takes no arguments}}
  "tir.warp_specialize"() <{partition_num_warps = array<i32: 1>}> ({
  ^bb0(%a: i32):
    "tir.warp_yield"() : () -> ()
  }, {
    "tir.warp_partitions"() ({
      "tir.warp_yield"() : () -> ()
    }) : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @warp_yield_parent() {
  // expected-error @+1 {{'tir.warp_yield' op expects parent op to be one of 'tir.warp_specialize, tir.warp_partitions'}}
  tir.warp_yield
  return
}

// -----

func.func @warp_partitions_parent() {
  // expected-error @+1 {{'tir.warp_partitions' op expects parent op 'tir.warp_specialize'}}
  "tir.warp_partitions"() ({
    "tir.warp_yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

// Found by the mutation driver (fuzz/regressions/tile-op-outside-function.mlir):
// a Tile IR op at the top of a module crashed convert-gir-to-llvm.
// expected-error @+1 {{'tir.print' op must be inside a function (Tile IR ops run in a kernel or in a function it calls, not at the top of a module)}}
tir.print "plain 100%"
func.func @k() attributes {tir.kernel} {
  return
}

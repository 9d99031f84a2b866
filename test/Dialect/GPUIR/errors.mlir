// Every verifier rule of GPU IR, with its diagnostic: the layout attributes,
// the tiles that carry them, !gir.memdesc, the ops, and the module's
// `gir.*` attributes together with the layouts they constrain.
// RUN: trident-opt %s -split-input-file -verify-diagnostics

//===----------------------------------------------------------------------===//
// #gir.blocked
//===----------------------------------------------------------------------===//

// expected-error @+1 {{blocked layout sizes must be powers of two, got 3}}
func.func @npot(%x: tensor<64xf32, #gir.blocked<sizePerThread = [3], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>) {
  return
}

// -----

// expected-error @+1 {{blocked layout sizes must be powers of two, got 0}}
func.func private @zero(tensor<64xf32, #gir.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [0], order = [0]>>)

// -----

// expected-error @+1 {{blocked layout parameters must all have rank 2}}
func.func @rank(%x: tensor<64x64xf32, #gir.blocked<sizePerThread = [1, 1], threadsPerWarp = [32], warpsPerCTA = [4, 1], order = [1, 0]>>) {
  return
}

// -----

// expected-error @+1 {{blocked layout order must be a permutation of 0..1}}
func.func @order(%x: tensor<64x64xf32, #gir.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 1]>>) {
  return
}

// -----

// expected-error @+1 {{blocked layout ctaSplit must be a power of two in [1, 16], got 3}}
func.func private @cta_split(tensor<64xf32, #gir.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], ctaSplit = 3>>)

// -----

// expected-error @+1 {{blocked layout ctaSplit must be a power of two in [1, 16], got 32}}
func.func private @cta_split_big(tensor<64xf32, #gir.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], ctaSplit = 32>>)

// -----

// (A rank-0 list does not parse: `[]` holds no integer.)
// expected-error @+2 {{expected integer value}}
// expected-error @+1 {{failed to parse GPUIR_BlockedEncodingAttr parameter 'sizePerThread'}}
func.func private @rank0(tensor<f32, #gir.blocked<sizePerThread = [], threadsPerWarp = [], warpsPerCTA = [], order = []>>)

//===----------------------------------------------------------------------===//
// #gir.slice
//===----------------------------------------------------------------------===//

// -----

// expected-error @+1 {{slice dimension 2 is out of range for a parent of rank 2}}
func.func @slice_dim(%x: tensor<64xf32, #gir.slice<dim = 2, parent = #gir.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>>>) {
  return
}

// -----

// expected-error @+1 {{slice layout needs a parent of rank 2 or more}}
func.func private @slice_rank1(tensor<64xf32, #gir.slice<dim = 0, parent = #gir.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>>)

// -----

// expected-error @+2 {{invalid kind of attribute specified}}
// expected-error @+1 {{failed to parse GPUIR_SliceEncodingAttr parameter 'parent' which is to be a `DistributedEncodingAttr`}}
func.func private @slice_parent(tensor<64xf32, #gir.slice<dim = 0, parent = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>>>)

//===----------------------------------------------------------------------===//
// #gir.wgmma (Hopper warpgroup MMA accumulator)
//===----------------------------------------------------------------------===//

// -----

// expected-error @+1 {{wgmma layout is 2-D, got warpsPerCTA of rank 1}}
func.func private @wgmma_rank(tensor<64x64xf32, #gir.wgmma<warpsPerCTA = [4], instrN = 64>>)

// -----

// expected-error @+1 {{wgmma layout needs warpsPerCTA = [4 * 2^i, 2^j] (whole warpgroups along rows, then warpgroups along columns), got [2, 2]}}
func.func private @wgmma_warps(tensor<64x64xf32, #gir.wgmma<warpsPerCTA = [2, 2], instrN = 64>>)

// -----

// expected-error @+1 {{wgmma layout needs warpsPerCTA = [4 * 2^i, 2^j] (whole warpgroups along rows, then warpgroups along columns), got [12, 1]}}
func.func private @wgmma_warps_npot(tensor<64x64xf32, #gir.wgmma<warpsPerCTA = [12, 1], instrN = 64>>)

// -----

// expected-error @+1 {{wgmma layout needs warpsPerCTA = [4 * 2^i, 2^j] (whole warpgroups along rows, then warpgroups along columns), got [4, 3]}}
func.func private @wgmma_warps_n_npot(tensor<64x96xf32, #gir.wgmma<warpsPerCTA = [4, 3], instrN = 32>>)

// -----

// expected-error @+1 {{wgmma instrN must be a power of two in [8, 256], got 512}}
func.func private @wgmma_instr_n(tensor<64x64xf32, #gir.wgmma<warpsPerCTA = [4, 1], instrN = 512>>)

// -----

// expected-error @+1 {{wgmma instrN must be a power of two in [8, 256], got 24}}
func.func private @wgmma_instr_n_npot(tensor<64x64xf32, #gir.wgmma<warpsPerCTA = [4, 1], instrN = 24>>)

// -----

// expected-error @+1 {{wgmma layout ctaSplit must be a power of two in [1, 16], got 0}}
func.func private @wgmma_cta_split(tensor<64x64xf32, #gir.wgmma<warpsPerCTA = [4, 1], instrN = 64, ctaSplit = 0>>)

//===----------------------------------------------------------------------===//
// #gir.mma_v2 (Ampere mma.sync accumulator)
//===----------------------------------------------------------------------===//

// -----

// expected-error @+1 {{mma_v2 layout is 2-D, got warpsPerCTA of rank 3}}
func.func private @mma_rank(tensor<64x64xf32, #gir.mma_v2<warpsPerCTA = [2, 2, 1]>>)

// -----

// expected-error @+1 {{mma_v2 warpsPerCTA must be powers of two, got 3}}
func.func private @mma_warps(tensor<64x64xf32, #gir.mma_v2<warpsPerCTA = [3, 1]>>)

//===----------------------------------------------------------------------===//
// #gir.nvmma_shared
//===----------------------------------------------------------------------===//

// -----

// expected-error @+1 {{nvmma_shared swizzle must be 32, 64 or 128 bytes, got 16}}
func.func private @swizzle(!gir.memdesc<64x64xf16, #gir.nvmma_shared<swizzle = 16, order = [1, 0]>>)

// -----

// expected-error @+1 {{nvmma_shared order must be [1, 0] or [0, 1]}}
func.func private @shared_order(!gir.memdesc<64x64xf16, #gir.nvmma_shared<swizzle = 128, order = [1, 1]>>)

// -----

// expected-error @+1 {{nvmma_shared order must be [1, 0] or [0, 1]}}
func.func private @shared_order_rank(!gir.memdesc<64x64xf16, #gir.nvmma_shared<swizzle = 128, order = [2, 1, 0]>>)

//===----------------------------------------------------------------------===//
// Tiles with layouts: a distributed layout has the tile's rank; a shared
// layout is for buffers only.
//===----------------------------------------------------------------------===//

// -----

// expected-error @+1 {{#gir.blocked layout has rank 1 but the tile has rank 2}}
func.func private @blocked_tile_rank(tensor<64x64xf32, #gir.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>)

// -----

// A rank-0 tile has no distributed layout (every layout has a dimension).
// expected-error @+1 {{#gir.blocked layout has rank 1 but the tile has rank 0}}
func.func private @blocked_rank0_tile(tensor<f32, #gir.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>)

// -----

// expected-error @+1 {{#gir.slice layout has rank 1 but the tile has rank 2}}
func.func private @slice_tile_rank(tensor<4x64xf32, #gir.slice<dim = 0, parent = #gir.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>>>)

// -----

// expected-error @+1 {{#gir.wgmma layout has rank 2 but the tile has rank 3}}
func.func private @wgmma_tile_rank(tensor<2x64x64xf32, #gir.wgmma<warpsPerCTA = [4, 1], instrN = 64>>)

// -----

// expected-error @+1 {{#gir.mma_v2 layout has rank 2 but the tile has rank 1}}
func.func private @mma_tile_rank(tensor<64xf32, #gir.mma_v2<warpsPerCTA = [2, 2]>>)

// -----

// expected-error @+1 {{#gir.nvmma_shared lays out shared-memory buffers (!gir.memdesc), not tiles: give the tile a distributed layout}}
func.func private @shared_tile(tensor<64x64xbf16, #gir.nvmma_shared<swizzle = 128, order = [1, 0]>>)

//===----------------------------------------------------------------------===//
// !gir.memdesc
//===----------------------------------------------------------------------===//

// -----

// expected-error @+1 {{memdesc with #gir.nvmma_shared needs at least two dimensions}}
func.func private @memdesc_rank(!gir.memdesc<64xf16, #gir.nvmma_shared<swizzle = 128, order = [1, 0]>>)

// -----

// expected-error @+1 {{memdesc dimensions must be positive, got 0}}
func.func private @memdesc_empty(!gir.memdesc<0x64xf16, #gir.nvmma_shared<swizzle = 128, order = [1, 0]>>)

// -----

// expected-error @+1 {{memdesc elements must be integers or floats, got '!tir.ptr<f32>'}}
func.func private @memdesc_pointers(!gir.memdesc<64x64x!tir.ptr<f32>, #gir.nvmma_shared<swizzle = 128, order = [1, 0]>>)

// -----

// Shared memory is addressed in bytes.
// expected-error @+1 {{memdesc elements must be 1, 2, 4 or 8 bytes wide, got 'i1'}}
func.func private @memdesc_i1(!gir.memdesc<128x1024xi1, #gir.nvmma_shared<swizzle = 128, order = [1, 0]>>)

// -----

// expected-error @+1 {{memdesc needs a shared-memory encoding (#gir.nvmma_shared or #gir.plain_shared), got #gir.mma_v2<warpsPerCTA = [2, 2]>}}
func.func private @memdesc_encoding(!gir.memdesc<64x64xf16, #gir.mma_v2<warpsPerCTA = [2, 2]>>)

// -----

// expected-error @+1 {{the contiguous dimension (16 x 2 bytes) is not a multiple of the 128-byte swizzle}}
func.func private @memdesc_swizzle(!gir.memdesc<64x16xf16, #gir.nvmma_shared<swizzle = 128, order = [1, 0]>>)

// -----

// order = [0, 1]: dimension 0 is the contiguous one.
// expected-error @+1 {{the contiguous dimension (16 x 4 bytes) is not a multiple of the 128-byte swizzle}}
func.func private @memdesc_swizzle_mn(!gir.memdesc<16x64xf32, #gir.nvmma_shared<swizzle = 128, order = [0, 1]>>)

//===----------------------------------------------------------------------===//
// gir.convert_layout
//===----------------------------------------------------------------------===//

// -----

func.func @plain(%x: tensor<64xf32>) {
  // expected-error @+1 {{'gir.convert_layout' op converts between tiles with distributed layouts}}
  %0 = gir.convert_layout %x : tensor<64xf32> -> tensor<64xf32>
  return
}

// -----

#b = #gir.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
func.func @foreign_layout(%x: tensor<64xf32, #b>) {
  // expected-error @+1 {{'gir.convert_layout' op converts between tiles with distributed layouts, got 'tensor<64xf32, #gir.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>' and 'tensor<64xf32, "other">'}}
  %0 = gir.convert_layout %x : tensor<64xf32, #b> -> tensor<64xf32, "other">
  return
}

// -----

// (The op's own check of the layouts' ranks guards IR built in C++; text
// never gets there, as the tile type is refused first.)
#b1 = #gir.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#b2 = #gir.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>
func.func @rank_mismatch(%x: tensor<64xf32, #b1>) {
  // expected-error @+1 {{#gir.blocked layout has rank 2 but the tile has rank 1}}
  %0 = gir.convert_layout %x : tensor<64xf32, #b1> -> tensor<64xf32, #b2>
  return
}

// -----

#b = #gir.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#c = #gir.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
func.func @convert_shape(%x: tensor<64xf32, #b>) {
  // expected-error @+1 {{'gir.convert_layout' op requires the same shape for all operands and results}}
  %0 = gir.convert_layout %x : tensor<64xf32, #b> -> tensor<128xf32, #c>
  return
}

// -----

#b = #gir.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#c = #gir.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
func.func @convert_element(%x: tensor<64xf32, #b>) {
  // expected-error @+1 {{'gir.convert_layout' op requires the same element type for all operands and results}}
  %0 = gir.convert_layout %x : tensor<64xf32, #b> -> tensor<64xf16, #c>
  return
}

//===----------------------------------------------------------------------===//
// gir.local_alloc, gir.memdesc_index
//===----------------------------------------------------------------------===//

// -----

func.func @alloc_tile() {
  // expected-error @+1 {{'gir.local_alloc' op result #0 must be a tile (or a ring of tiles) in shared memory, but got 'tensor<64x64xf16>'}}
  %0 = "gir.local_alloc"() : () -> tensor<64x64xf16>
  return
}

// -----

#sw = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
func.func @index_shape(%i: i32) {
  %buf = gir.local_alloc : !gir.memdesc<3x128x64xbf16, #sw>
  // expected-error @+1 {{'gir.memdesc_index' op result must be the source without its first dimension, got '!gir.memdesc<3x128x64xbf16, #gir.nvmma_shared<swizzle = 128, order = [1, 0]>>' -> '!gir.memdesc<64x64xbf16, #gir.nvmma_shared<swizzle = 128, order = [1, 0]>>'}}
  %a = gir.memdesc_index %buf[%i] : !gir.memdesc<3x128x64xbf16, #sw> -> !gir.memdesc<64x64xbf16, #sw>
  return
}

// -----

#sw = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
func.func @index_element(%i: i32) {
  %buf = gir.local_alloc : !gir.memdesc<3x128x64xbf16, #sw>
  // expected-error @+1 {{'gir.memdesc_index' op result must be the source without its first dimension}}
  %a = gir.memdesc_index %buf[%i] : !gir.memdesc<3x128x64xbf16, #sw> -> !gir.memdesc<128x64xf16, #sw>
  return
}

// -----

#sw = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
#sw64 = #gir.nvmma_shared<swizzle = 64, order = [1, 0]>
func.func @index_encoding(%i: i32) {
  %buf = gir.local_alloc : !gir.memdesc<3x128x64xbf16, #sw>
  // expected-error @+1 {{'gir.memdesc_index' op result must be the source without its first dimension}}
  %a = gir.memdesc_index %buf[%i] : !gir.memdesc<3x128x64xbf16, #sw> -> !gir.memdesc<128x64xbf16, #sw64>
  return
}

// -----

#sw = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
func.func @index_type(%i: i64) {
  %buf = gir.local_alloc : !gir.memdesc<3x128x64xbf16, #sw>
  // expected-error @+1 {{'gir.memdesc_index' op operand #1 must be 32-bit signless integer, but got 'i64'}}
  %a = "gir.memdesc_index"(%buf, %i) : (!gir.memdesc<3x128x64xbf16, #sw>, i64) -> !gir.memdesc<128x64xbf16, #sw>
  return
}

// -----

// gir.memdesc_trans: the result is the source viewed through the order, the
// encoding's contiguous dimension following it.
#sw = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
func.func @trans_encoding(%buf: !gir.memdesc<128x64xbf16, #sw>) {
  // expected-error @+1 {{'gir.memdesc_trans' op result must be '!gir.memdesc<64x128xbf16, #gir.nvmma_shared<swizzle = 128, order = [0, 1]>>' (the source viewed through the order), got '!gir.memdesc<64x128xbf16, #gir.nvmma_shared<swizzle = 128, order = [1, 0]>>'}}
  %t = gir.memdesc_trans %buf, [1, 0] : !gir.memdesc<128x64xbf16, #sw> -> !gir.memdesc<64x128xbf16, #sw>
  return
}

// -----

// gir.memdesc_slice: only blocks contiguous in the encoding are views.
#sw = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
func.func @slice_rows_of_one_atom(%buf: !gir.memdesc<128x64xbf16, #sw>, %i: i32) {
  // expected-error @+1 {{'gir.memdesc_slice' op cannot view a 12x64 block of '!gir.memdesc<128x64xbf16, #gir.nvmma_shared<swizzle = 128, order = [1, 0]>>': a tile of one swizzle atom is cut only into whole rows, a multiple of 8 of them}}
  %s = gir.memdesc_slice %buf[%i, %i] : !gir.memdesc<128x64xbf16, #sw> -> !gir.memdesc<12x64xbf16, #sw>
  return
}

// -----

#sw = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
func.func @slice_rows_of_atoms(%buf: !gir.memdesc<64x256xbf16, #sw>, %i: i32) {
  // expected-error @+1 {{a tile of several swizzle atoms is cut only into whole atoms (64 elements along dimension 1) of every row}}
  %s = gir.memdesc_slice %buf[%i, %i] : !gir.memdesc<64x256xbf16, #sw> -> !gir.memdesc<32x256xbf16, #sw>
  return
}

// -----

#sw = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
func.func @slice_misaligned(%buf: !gir.memdesc<128x64xbf16, #sw>) {
  %c0 = arith.constant 0 : i32
  %c4 = arith.constant 4 : i32
  // expected-error @+1 {{'gir.memdesc_slice' op offset 4 of dimension 0 must be a multiple of 8 in [0, 64]}}
  %s = gir.memdesc_slice %buf[%c4, %c0] : !gir.memdesc<128x64xbf16, #sw> -> !gir.memdesc<64x64xbf16, #sw>
  return
}

// -----

#p = #gir.plain_shared<order = [1, 0]>
func.func @slice_plain_columns(%buf: !gir.memdesc<16x64xf32, #p>, %i: i32) {
  // expected-error @+1 {{the block is not contiguous: dimension 0 must be 1 when a faster dimension is cut}}
  %s = gir.memdesc_slice %buf[%i, %i] : !gir.memdesc<16x64xf32, #p> -> !gir.memdesc<4x32xf32, #p>
  return
}

// -----

// gir.memdesc_reinterpret: no more bytes than the source holds.
#p = #gir.plain_shared<order = [1, 0]>
func.func @reinterpret_larger(%buf: !gir.memdesc<16x64xf16, #p>) {
  // expected-error @+1 {{'gir.memdesc_reinterpret' op views 4096 bytes ('!gir.memdesc<16x64xf32, #gir.plain_shared<order = [1, 0]>>') in a tile of 2048 ('!gir.memdesc<16x64xf16, #gir.plain_shared<order = [1, 0]>>')}}
  %v = gir.memdesc_reinterpret %buf : !gir.memdesc<16x64xf16, #p> -> !gir.memdesc<16x64xf32, #p>
  return
}

// -----

#p = #gir.plain_shared<order = [1, 0]>
func.func @slice_rank(%buf: !gir.memdesc<16x64xf32, #p>, %i: i32) {
  // expected-error @+1 {{'gir.memdesc_slice' op takes one offset per dimension (2), got 1}}
  %s = gir.memdesc_slice %buf[%i] : !gir.memdesc<16x64xf32, #p> -> !gir.memdesc<4x64xf32, #p>
  return
}

// -----

#sw = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
func.func @trans_order(%buf: !gir.memdesc<128x64xbf16, #sw>) {
  // expected-error @+1 {{'gir.memdesc_trans' op order array<i32: 1, 1> is not a permutation of the dimensions of '!gir.memdesc<128x64xbf16, #gir.nvmma_shared<swizzle = 128, order = [1, 0]>>'}}
  %t = gir.memdesc_trans %buf, [1, 1] : !gir.memdesc<128x64xbf16, #sw> -> !gir.memdesc<64x128xbf16, #sw>
  return
}

//===----------------------------------------------------------------------===//
// Tile IR shape ops on tiles with layouts
//===----------------------------------------------------------------------===//

// -----

// Only a slice layout says where the inserted dimension goes.
#b = #gir.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#b2 = #gir.blocked<sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]>
func.func @expand_blocked(%x: tensor<128xf32, #b>) {
  // expected-error @+1 {{'tir.expand_dims' op cannot insert a dimension into a tile with layout #gir.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]> (the layout's dialect gives no result layout)}}
  %0 = tir.expand_dims %x, axis = 1 : tensor<128xf32, #b> -> tensor<128x1xf32, #b2>
  return
}

// -----

#b = #gir.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>
#s0 = #gir.slice<dim = 0, parent = #b>
func.func @reduce_layout(%x: tensor<4x256xf32, #b>) {
  // expected-error @+1 {{'tir.reduce' op result #0 has type 'tensor<4xf32, #gir.slice<dim = 0, parent = #gir.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>>>' but reducing 'tensor<4x256xf32, #gir.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>>' along axis 1 gives 'tensor<4xf32, #gir.slice<dim = 1, parent = #gir.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>>>'}}
  %r = tir.reduce %x axis = 1 : tensor<4x256xf32, #b> -> tensor<4xf32, #s0> {
  ^bb0(%a: f32, %c: f32):
    %m = arith.maxnumf %a, %c : f32
    tir.reduce.return %m : f32
  }
  return
}

//===----------------------------------------------------------------------===//
// The module's program shape (gir.num_warps, gir.threads_per_warp,
// gir.num_ctas, gir.compute_capability) and recorded offsets
//===----------------------------------------------------------------------===//

// -----

// expected-error @+1 {{'gir.num_warps' must be an i32 power of two from 1 to 32, got 3 : i32}}
module attributes {gir.num_warps = 3 : i32} {
}

// -----

// expected-error @+1 {{'gir.num_warps' must be an i32 power of two from 1 to 32, got -4 : i32}}
module attributes {gir.num_warps = -4 : i32} {
}

// -----

// expected-error @+1 {{'gir.num_warps' must be an i32 power of two from 1 to 32, got 64 : i32}}
module attributes {gir.num_warps = 64 : i32} {
}

// -----

// expected-error @+1 {{'gir.num_warps' must be an i32 power of two from 1 to 32, got "four"}}
module attributes {gir.num_warps = "four"} {
}

// -----

// expected-error @+1 {{'gir.threads_per_warp' must be an i32 power of two from 1 to 64, got 0 : i32}}
module attributes {gir.threads_per_warp = 0 : i32} {
}

// -----

// Only the malformed attribute is reported, not the layouts it would judge.
// expected-error @+1 {{'gir.threads_per_warp' must be an i32 power of two from 1 to 64, got 48 : i32}}
module attributes {gir.num_warps = 4 : i32, gir.threads_per_warp = 48 : i32} {
  func.func private @lanes48(tensor<128xf32, #gir.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>)
}

// -----

// expected-error @+1 {{'gir.cluster_dims' must be array<i32: x, y, z> of positive extents, at most 8 CTAs in all, got array<i32: 4, 4, 1>}}
module attributes {gir.cluster_dims = array<i32: 4, 4, 1>} {
}

// -----

// expected-error @+1 {{'gir.cluster_dims' (clusters of one-CTA programs) and 'gir.num_ctas' (programs of several CTAs) exclude each other}}
module attributes {gir.cluster_dims = array<i32: 2, 1, 1>, gir.num_ctas = 2 : i32} {
}

// -----

// expected-error @+1 {{'gir.num_ctas' must be an i32 power of two from 1 to 16, got 3 : i32}}
module attributes {gir.num_ctas = 3 : i32} {
}

// -----

// expected-error @+1 {{'gir.compute_capability' must be a positive i32 (90 for sm_90), got 0 : i32}}
module attributes {gir.compute_capability = 0 : i32} {
}

// -----

// expected-error @+1 {{'gir.num_warps' describes the program of a module; it may only be set on a builtin.module}}
func.func @warps_on_function() attributes {gir.num_warps = 4 : i32} {
  return
}

// -----

#sw = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
func.func @negative_offset() {
  // expected-error @+1 {{'gir.local_alloc' op 'gir.shared_offset' must be a non-negative i64 byte offset, got -4096 : i64}}
  %buf = gir.local_alloc {gir.shared_offset = -4096 : i64} : !gir.memdesc<128x64xbf16, #sw>
  return
}

// -----

#b = #gir.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#c = #gir.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
func.func @scratch_offset(%x: tensor<1024xf32, #b>) {
  // expected-error @+1 {{'gir.convert_layout' op 'gir.scratch_offset' must be a non-negative i64 byte offset, got "x"}}
  %y = gir.convert_layout %x {gir.scratch_offset = "x"} : tensor<1024xf32, #b> -> tensor<1024xf32, #c>
  return
}

// -----

// Once the module gives its warps and lanes, every layout spreads its tile
// over exactly those: a layout over more leaves elements that no thread
// holds.
#b8 = #gir.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]>
module attributes {gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  // expected-error @+1 {{'func.func' op block argument #0 'tensor<256xf32, #gir.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]>>' is laid out over 8 warps, but the program runs 4 (gir.num_warps)}}
  func.func @warps(%x: tensor<256xf32, #b8>) {
    return
  }
}

// -----

#b = #gir.blocked<sizePerThread = [1], threadsPerWarp = [16], warpsPerCTA = [4], order = [0]>
module attributes {gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @lanes() {
    // expected-error @+1 {{'tir.make_range' op result #0 'tensor<64xi32, #gir.blocked<sizePerThread = [1], threadsPerWarp = [16], warpsPerCTA = [4], order = [0]>>' is laid out over 16 lanes per warp, but a warp has 32 (gir.threads_per_warp)}}
    %r = tir.make_range 0 to 64 : tensor<64xi32, #b>
    return
  }
}

// -----

#s = #gir.slice<dim = 0, parent = #gir.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 2], order = [1, 0]>>
module attributes {gir.num_warps = 4 : i32} {
  func.func @slice_warps() {
    // expected-error @+1 {{'tir.make_range' op result #0 'tensor<64xi32, #gir.slice<dim = 0, parent = #gir.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 2], order = [1, 0]>>>' is laid out over 2 warps, but the program runs 4 (gir.num_warps)}}
    %r = tir.make_range 0 to 64 : tensor<64xi32, #s>
    return
  }
}

// -----

#acc = #gir.wgmma<warpsPerCTA = [8, 1], instrN = 64>
module attributes {gir.num_warps = 4 : i32} {
  // expected-error @+1 {{'func.func' op block argument #0 'tensor<128x64xf32, #gir.wgmma<warpsPerCTA = [8, 1], instrN = 64>>' is laid out over 8 warps, but the program runs 4 (gir.num_warps)}}
  func.func @wgmma_warps(%c: tensor<128x64xf32, #acc>) {
    return
  }
}

// -----

#mma = #gir.mma_v2<warpsPerCTA = [4, 4]>
module attributes {gir.num_warps = 4 : i32} {
  // expected-error @+1 {{'func.func' op block argument #0 'tensor<64x64xf32, #gir.mma_v2<warpsPerCTA = [4, 4]>>' is laid out over 16 warps, but the program runs 4 (gir.num_warps)}}
  func.func @mma_warps(%c: tensor<64x64xf32, #mma>) {
    return
  }
}

// -----

// Tiles inside a warp_specialize partition are laid out for its warps.
#b4 = #gir.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
module attributes {gir.num_warps = 4 : i32} {
  func.func @partition_warps() {
    tir.warp_specialize() {
    } partition num_warps(1) {
      // expected-error @+1 {{'tir.make_range' op result #0 'tensor<128xi32, #gir.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>' is laid out over 4 warps, but its warp_specialize partition runs 1}}
      %r = tir.make_range 0 to 128 : tensor<128xi32, #b4>
    }
    return
  }
}

// -----

// An unswizzled layout of a higher rank than the buffer.
// expected-error @+1 {{memdesc of rank 1 cannot have a shared layout of rank 2}}
func.func private @plain_rank(!gir.memdesc<64xf32, #gir.plain_shared<order = [1, 0]>>)

// -----

// expected-error @+1 {{plain_shared order must be a permutation of the dimensions (rank 1 to 8)}}
func.func private @plain_order(!gir.memdesc<64x64xf32, #gir.plain_shared<order = [1, 1]>>)

// -----

// A shared layout never describes registers.
// expected-error @+1 {{#gir.plain_shared lays out shared-memory buffers (!gir.memdesc), not tiles}}
func.func private @plain_tile(tensor<64xf32, #gir.plain_shared<order = [0]>>)

// -----

#b = #gir.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
func.func @local_load_shape(%s: !gir.memdesc<256xf32, #gir.plain_shared<order = [0]>>) -> tensor<512xf32, #b> {
  // expected-error @+1 {{result must have the buffer's shape and element type}}
  %t = gir.local_load %s : !gir.memdesc<256xf32, #gir.plain_shared<order = [0]>> -> tensor<512xf32, #b>
  return %t : tensor<512xf32, #b>
}

// -----

#b = #gir.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
func.func @local_store_type(%s: !gir.memdesc<512xf16, #gir.plain_shared<order = [0]>>, %x: tensor<512xf32, #b>) {
  // expected-error @+1 {{'gir.local_store' op stored tile must have the buffer's shape and element type}}
  gir.local_store %x, %s : tensor<512xf32, #b>, !gir.memdesc<512xf16, #gir.plain_shared<order = [0]>>
  return
}

// -----

func.func @local_store_layout(%s: !gir.memdesc<256xf32, #gir.plain_shared<order = [0]>>, %x: tensor<256xf32>) {
  // expected-error @+1 {{'gir.local_store' op stored tile needs a distributed layout of its rank}}
  gir.local_store %x, %s : tensor<256xf32>, !gir.memdesc<256xf32, #gir.plain_shared<order = [0]>>
  return
}

// -----

func.func @local_load_layout(%s: !gir.memdesc<256xf32, #gir.plain_shared<order = [0]>>) -> tensor<256xf32> {
  // expected-error @+1 {{result needs a distributed layout of its rank}}
  %t = gir.local_load %s : !gir.memdesc<256xf32, #gir.plain_shared<order = [0]>> -> tensor<256xf32>
  return %t : tensor<256xf32>
}

// -----

#w = #gir.wgmma<warpsPerCTA = [4, 1], instrN = 256>
#w128 = #gir.wgmma<warpsPerCTA = [4, 1], instrN = 128>
func.func @slice_offset(%x: tensor<64x256xf32, #w>) {
  // expected-error @+1 {{'gir.extract_slice' op offset 64 of dimension 1 must be a multiple of the block's extent (128) inside the tile (256)}}
  %s = gir.extract_slice %x [0, 64] : tensor<64x256xf32, #w> -> tensor<64x128xf32, #w128>
  return
}

// -----

#w = #gir.wgmma<warpsPerCTA = [4, 1], instrN = 256>
func.func @slice_layout(%x: tensor<64x256xf32, #w>) {
  // expected-error @+1 {{'gir.extract_slice' op result must have the operand's layout restricted to the block (#gir.wgmma<warpsPerCTA = [4, 1], instrN = 128>)}}
  %s = gir.extract_slice %x [0, 128] : tensor<64x256xf32, #w> -> tensor<64x128xf32, #w>
  return
}

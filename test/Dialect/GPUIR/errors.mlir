// RUN: trident-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{blocked layout sizes must be powers of two, got 3}}
func.func @npot(%x: tensor<64xf32, #gir.blocked<sizePerThread = [3], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>) {
  return
}

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

// expected-error @+1 {{slice dimension 2 is out of range for a parent of rank 2}}
func.func @slice_dim(%x: tensor<64xf32, #gir.slice<dim = 2, parent = #gir.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>>>) {
  return
}

// -----

func.func @plain(%x: tensor<64xf32>) {
  // expected-error @+1 {{'gir.convert_layout' op converts between tiles with distributed layouts}}
  %0 = gir.convert_layout %x : tensor<64xf32> -> tensor<64xf32>
  return
}

// -----

#b1 = #gir.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#b2 = #gir.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>
func.func @rank_mismatch(%x: tensor<64xf32, #b1>) {
  // expected-error @+1 {{'gir.convert_layout' op result layout has rank 2 but the tile has rank 1}}
  %0 = gir.convert_layout %x : tensor<64xf32, #b1> -> tensor<64xf32, #b2>
  return
}

// -----

#sw64 = #gir.nvmma_shared<swizzle = 64, order = [1, 0]>
func.func @tma_wrong_swizzle(%d: !tir.tensordesc<tensor<128x64xbf16>>, %i: i32,
                             %buf: !gir.memdesc<128x64xbf16, #sw64>,
                             %bars: !gir.mbarriers<1>) {
  // expected-error @+1 {{'gir.tma_load' op destination layout #gir.nvmma_shared<swizzle = 64, order = [1, 0]> is not the one TMA writes (#gir.nvmma_shared<swizzle = 128, order = [1, 0]>)}}
  gir.tma_load %d[%i, %i], %buf, %bars[%i] : !tir.tensordesc<tensor<128x64xbf16>> -> !gir.memdesc<128x64xbf16, #sw64>, !gir.mbarriers<1>
  return
}

// -----

#sw = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
func.func @tma_wrong_block(%d: !tir.tensordesc<tensor<128x64xbf16>>, %i: i32,
                           %buf: !gir.memdesc<64x64xbf16, #sw>,
                           %bars: !gir.mbarriers<1>) {
  // expected-error @+1 {{'gir.tma_load' op destination '!gir.memdesc<64x64xbf16, #gir.nvmma_shared<swizzle = 128, order = [1, 0]>>' must hold the descriptor's block 'tensor<128x64xbf16>'}}
  gir.tma_load %d[%i, %i], %buf, %bars[%i] : !tir.tensordesc<tensor<128x64xbf16>> -> !gir.memdesc<64x64xbf16, #sw>, !gir.mbarriers<1>
  return
}

// -----

#sw = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
func.func @tma_indices(%d: !tir.tensordesc<tensor<128x64xbf16>>, %i: i32,
                       %buf: !gir.memdesc<128x64xbf16, #sw>,
                       %bars: !gir.mbarriers<1>) {
  // expected-error @+1 {{'gir.tma_load' op takes one index per dimension of the block (2), got 1}}
  gir.tma_load %d[%i], %buf, %bars[%i] : !tir.tensordesc<tensor<128x64xbf16>> -> !gir.memdesc<128x64xbf16, #sw>, !gir.mbarriers<1>
  return
}

// -----

#sw = #gir.nvmma_shared<swizzle = 32, order = [1, 0]>
func.func @tma_few_rows(%d: !tir.tensordesc<tensor<4x16xbf16>>, %i: i32,
                        %buf: !gir.memdesc<4x16xbf16, #sw>,
                        %bars: !gir.mbarriers<1>) {
  // expected-error @+1 {{'gir.tma_load' op copies 2-D blocks of 8 or more rows of 32 bytes or more (a swizzled shared layout) only, got 'tensor<4x16xbf16>'}}
  gir.tma_load %d[%i, %i], %buf, %bars[%i] : !tir.tensordesc<tensor<4x16xbf16>> -> !gir.memdesc<4x16xbf16, #sw>, !gir.mbarriers<1>
  return
}

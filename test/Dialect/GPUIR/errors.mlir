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

// RUN: trident-opt %s -split-input-file | trident-opt -split-input-file | FileCheck %s
// RUN: trident-opt %s -split-input-file --mlir-print-op-generic | trident-opt -split-input-file | FileCheck %s

#row = #gir.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#col = #gir.blocked<sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]>

// CHECK: #[[ROW:.*]] = #gir.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK: #[[COL:.*]] = #gir.blocked<sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]>
// CHECK-LABEL: func.func @convert
// CHECK: gir.convert_layout %{{.*}} : tensor<64x64xf32, #[[ROW]]> -> tensor<64x64xf32, #[[COL]]>
func.func @convert(%x: tensor<64x64xf32, #row>) -> tensor<64x64xf32, #col> {
  %0 = gir.convert_layout %x : tensor<64x64xf32, #row> -> tensor<64x64xf32, #col>
  return %0 : tensor<64x64xf32, #col>
}

// -----

#blk = #gir.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>
#slice = #gir.slice<dim = 1, parent = #blk>

// CHECK: #gir.slice<dim = 1, parent = #{{.*}}>
// CHECK-LABEL: func.func @slice_layouts
// CHECK: tir.reduce %{{.*}} axis = 1 : tensor<4x256xf32, #{{.*}}> -> tensor<4xf32, #{{.*}}>
func.func @slice_layouts(%x: tensor<4x256xf32, #blk>) -> tensor<4x1xf32, #blk> {
  %r = tir.reduce %x axis = 1 : tensor<4x256xf32, #blk> -> tensor<4xf32, #slice> {
  ^bb0(%a: f32, %b: f32):
    %m = arith.maxnumf %a, %b : f32
    tir.reduce.return %m : f32
  }
  %e = tir.expand_dims %r, axis = 1 : tensor<4xf32, #slice> -> tensor<4x1xf32, #blk>
  return %e : tensor<4x1xf32, #blk>
}

// -----

// Warpgroups side by side along N (a 64-row tile on 8 warps) print back as
// they were written.
// CHECK: #[[WGN:.*]] = #gir.wgmma<warpsPerCTA = [4, 2], instrN = 32>
// CHECK-LABEL: func.func @wgmma_along_n
// CHECK: gir.convert_layout %{{.*}} : tensor<64x64xf32, #{{.*}}> -> tensor<64x64xf32, #[[WGN]]>
#blk8 = #gir.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [8, 1], order = [1, 0]>
#wgn = #gir.wgmma<warpsPerCTA = [4, 2], instrN = 32>
func.func @wgmma_along_n(%x: tensor<64x64xf32, #blk8>) -> tensor<64x64xf32, #wgn> {
  %0 = gir.convert_layout %x : tensor<64x64xf32, #blk8> -> tensor<64x64xf32, #wgn>
  return %0 : tensor<64x64xf32, #wgn>
}

// -----

// Identical layouts: the conversion folds away.
// RUN: trident-opt %s -split-input-file -canonicalize | FileCheck %s --check-prefix=FOLD
#b = #gir.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// FOLD-LABEL: func.func @fold_same
// FOLD-NOT: gir.convert_layout
// FOLD: return %arg0
func.func @fold_same(%x: tensor<512xf32, #b>) -> tensor<512xf32, #b> {
  %0 = gir.convert_layout %x : tensor<512xf32, #b> -> tensor<512xf32, #b>
  return %0 : tensor<512xf32, #b>
}

// -----

// A transposed view of a shared-memory tile (no code: the types say how
// the same bytes are read).
#k = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
#kt = #gir.nvmma_shared<swizzle = 128, order = [0, 1]>
// CHECK-LABEL: func.func @memdesc_trans
// CHECK: gir.memdesc_trans %{{.*}}, [1, 0] : !gir.memdesc<128x64xbf16, #{{.*}}> -> !gir.memdesc<64x128xbf16, #{{.*}}>
func.func @memdesc_trans(%buf: !gir.memdesc<128x64xbf16, #k>) -> !gir.memdesc<64x128xbf16, #kt> {
  %t = gir.memdesc_trans %buf, [1, 0] : !gir.memdesc<128x64xbf16, #k> -> !gir.memdesc<64x128xbf16, #kt>
  return %t : !gir.memdesc<64x128xbf16, #kt>
}

// -----

// A ring of unswizzled rank-1 tiles, one stage read into registers, and a
// 2-D view transposed (the order follows the dimensions).
#b1 = #gir.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// gir.memdesc_slice: half the rows of a one-atom tile, whole atoms of a
// wider one, rows of a plain one.
// CHECK-LABEL: func.func @memdesc_slice
// CHECK: gir.memdesc_slice %{{.*}}[%{{.*}}, %{{.*}}] : !gir.memdesc<128x64xbf16, #{{.*}}> -> !gir.memdesc<64x64xbf16, #{{.*}}>
// CHECK: gir.memdesc_slice %{{.*}}[%{{.*}}, %{{.*}}] : !gir.memdesc<64x256xbf16, #{{.*}}> -> !gir.memdesc<64x128xbf16, #{{.*}}>
// CHECK: gir.memdesc_slice %{{.*}}[%{{.*}}, %{{.*}}] : !gir.memdesc<16x64xf32, #{{.*}}> -> !gir.memdesc<4x64xf32, #{{.*}}>
#k = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
func.func @memdesc_slice(%a: !gir.memdesc<128x64xbf16, #k>, %w: !gir.memdesc<64x256xbf16, #k>, %p: !gir.memdesc<16x64xf32, #gir.plain_shared<order = [1, 0]>>, %i: i32) {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %c128 = arith.constant 128 : i32
  %h = gir.memdesc_slice %a[%c64, %c0] : !gir.memdesc<128x64xbf16, #k> -> !gir.memdesc<64x64xbf16, #k>
  %v = gir.memdesc_slice %w[%c0, %c128] : !gir.memdesc<64x256xbf16, #k> -> !gir.memdesc<64x128xbf16, #k>
  %r = gir.memdesc_slice %p[%i, %c0] : !gir.memdesc<16x64xf32, #gir.plain_shared<order = [1, 0]>> -> !gir.memdesc<4x64xf32, #gir.plain_shared<order = [1, 0]>>
  return
}

// gir.memdesc_reinterpret: a swizzled f16 tile's bytes as a plain f32 one.
// CHECK-LABEL: func.func @memdesc_reinterpret
// CHECK: gir.memdesc_reinterpret %{{.*}} : !gir.memdesc<128x64xf16, #{{.*}}> -> !gir.memdesc<64x64xf32, #{{.*}}>
func.func @memdesc_reinterpret(%a: !gir.memdesc<128x64xf16, #gir.nvmma_shared<swizzle = 128, order = [1, 0]>>) {
  %v = gir.memdesc_reinterpret %a : !gir.memdesc<128x64xf16, #gir.nvmma_shared<swizzle = 128, order = [1, 0]>> -> !gir.memdesc<64x64xf32, #gir.plain_shared<order = [1, 0]>>
  return
}

// CHECK-LABEL: func.func @plain_ring
// CHECK: gir.local_alloc : !gir.memdesc<3x512xf32, #plain_shared{{[0-9]*}}>
// CHECK: gir.local_load %{{.*}} : !gir.memdesc<512xf32, #plain_shared{{[0-9]*}}> -> tensor<512xf32, #blocked>
// CHECK: gir.memdesc_trans %{{.*}}, [1, 0] : !gir.memdesc<16x64xf16, #{{.*}}> -> !gir.memdesc<64x16xf16, #{{.*}}>
func.func @plain_ring(%i: i32, %m: !gir.memdesc<16x64xf16, #gir.plain_shared<order = [1, 0]>>) -> (tensor<512xf32, #b1>, !gir.memdesc<64x16xf16, #gir.plain_shared<order = [0, 1]>>) {
  %ring = gir.local_alloc : !gir.memdesc<3x512xf32, #gir.plain_shared<order = [0]>>
  %slot = gir.memdesc_index %ring[%i] : !gir.memdesc<3x512xf32, #gir.plain_shared<order = [0]>> -> !gir.memdesc<512xf32, #gir.plain_shared<order = [0]>>
  %t = gir.local_load %slot : !gir.memdesc<512xf32, #gir.plain_shared<order = [0]>> -> tensor<512xf32, #b1>
  %mt = gir.memdesc_trans %m, [1, 0] : !gir.memdesc<16x64xf16, #gir.plain_shared<order = [1, 0]>> -> !gir.memdesc<64x16xf16, #gir.plain_shared<order = [0, 1]>>
  return %t, %mt : tensor<512xf32, #b1>, !gir.memdesc<64x16xf16, #gir.plain_shared<order = [0, 1]>>
}

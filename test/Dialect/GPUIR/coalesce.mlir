// RUN: trident-opt %s -split-input-file --convert-tir-to-gir --gir-coalesce --gir-dot-layouts --gir-remove-layout-conversions | FileCheck %s

// Coalesced layouts: the pointer tile of a load or store whose addresses are
// contiguous (axis info) gets a layout whose fastest dimension is the most
// contiguous one, each thread holding up to 16 aligned bytes of consecutive
// elements along it that one mask predicate covers; the hint reaches every
// tile the pointers and masks are made from.

// A 1-D copy: 4 f32 per thread (16 bytes); the mask `offs < n` is constant
// over runs of 16 (n is a multiple of 16, the block start of 1024); no
// conversions.
// CHECK: #[[V4:.*]] = #gir.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-LABEL: func.func @copy
// CHECK: tir.make_range 0 to 1024 : tensor<1024xi32, #[[V4]]>
// CHECK: arith.cmpi slt, {{.*}} : tensor<1024xi32, #[[V4]]>
// CHECK: tir.load %{{.*}}, %{{.*}} : tensor<1024x!tir.ptr<f32>, #[[V4]]>
// CHECK: tir.store %{{.*}}, %{{.*}}, %{{.*}} : tensor<1024x!tir.ptr<f32>, #[[V4]]>
// CHECK-NOT: gir.convert_layout
func.func @copy(%x: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                %y: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                %n: i32 {tir.divisibility = 16 : i32}) attributes {tir.kernel} {
  %pid = tir.get_program_id 0 : i32
  %c1024 = arith.constant 1024 : i32
  %start = arith.muli %pid, %c1024 : i32
  %starts = tir.splat %start : i32 -> tensor<1024xi32>
  %r = tir.make_range 0 to 1024 : tensor<1024xi32>
  %offs = arith.addi %starts, %r : tensor<1024xi32>
  %ns = tir.splat %n : i32 -> tensor<1024xi32>
  %m = arith.cmpi slt, %offs, %ns : tensor<1024xi32>
  %xs = tir.splat %x : !tir.ptr<f32> -> tensor<1024x!tir.ptr<f32>>
  %xp = tir.addptr %xs, %offs : tensor<1024x!tir.ptr<f32>>, tensor<1024xi32>
  %v = tir.load %xp, %m : tensor<1024x!tir.ptr<f32>>
  %ys = tir.splat %y : !tir.ptr<f32> -> tensor<1024x!tir.ptr<f32>>
  %yp = tir.addptr %ys, %offs : tensor<1024x!tir.ptr<f32>>, tensor<1024xi32>
  tir.store %yp, %v, %m : tensor<1024x!tir.ptr<f32>>
  return
}

// -----

// The same copy with a bound of unknown divisibility: the mask may change
// between any two elements, so a thread keeps one element (the default
// layout, neighbouring lanes on neighbouring elements).
// CHECK: #[[V1:.*]] = #gir.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-LABEL: func.func @copy_unaligned_bound
// CHECK: tir.load %{{.*}}, %{{.*}} : tensor<1024x!tir.ptr<f32>, #[[V1]]>
func.func @copy_unaligned_bound(%x: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                                %y: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                                %n: i32) attributes {tir.kernel} {
  %r = tir.make_range 0 to 1024 : tensor<1024xi32>
  %ns = tir.splat %n : i32 -> tensor<1024xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<1024xi32>
  %xs = tir.splat %x : !tir.ptr<f32> -> tensor<1024x!tir.ptr<f32>>
  %xp = tir.addptr %xs, %r : tensor<1024x!tir.ptr<f32>>, tensor<1024xi32>
  %v = tir.load %xp, %m : tensor<1024x!tir.ptr<f32>>
  %ys = tir.splat %y : !tir.ptr<f32> -> tensor<1024x!tir.ptr<f32>>
  %yp = tir.addptr %ys, %r : tensor<1024x!tir.ptr<f32>>, tensor<1024xi32>
  tir.store %yp, %v, %m : tensor<1024x!tir.ptr<f32>>
  return
}

// -----

// A column-major 64x32 f16 tile (dimension 0 contiguous): order [0, 1],
// 8 halves (16 bytes) per thread along dimension 0.
// CHECK: #[[COL:.*]] = #gir.blocked<sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>
// CHECK-LABEL: func.func @column_major
// CHECK: tir.load %{{.*}} : tensor<64x32x!tir.ptr<f16>, #[[COL]]>
// CHECK-NOT: gir.convert_layout
func.func @column_major(%p: !tir.ptr<f16> {tir.divisibility = 16 : i32},
                        %ld: i32 {tir.divisibility = 8 : i32}) -> tensor<64x32xf16> {
  %rows = tir.make_range 0 to 64 : tensor<64xi32>
  %cols = tir.make_range 0 to 32 : tensor<32xi32>
  %r2 = tir.expand_dims %rows, axis = 1 : tensor<64xi32> -> tensor<64x1xi32>
  %c2 = tir.expand_dims %cols, axis = 0 : tensor<32xi32> -> tensor<1x32xi32>
  %lds = tir.splat %ld : i32 -> tensor<1x32xi32>
  %co = arith.muli %c2, %lds : tensor<1x32xi32>
  %rb = tir.broadcast %r2 : tensor<64x1xi32> -> tensor<64x32xi32>
  %cb = tir.broadcast %co : tensor<1x32xi32> -> tensor<64x32xi32>
  %off = arith.addi %rb, %cb : tensor<64x32xi32>
  %ps = tir.splat %p : !tir.ptr<f16> -> tensor<64x32x!tir.ptr<f16>>
  %pp = tir.addptr %ps, %off : tensor<64x32x!tir.ptr<f16>>, tensor<64x32xi32>
  %v = tir.load %pp : tensor<64x32x!tir.ptr<f16>>
  return %v : tensor<64x32xf16>
}

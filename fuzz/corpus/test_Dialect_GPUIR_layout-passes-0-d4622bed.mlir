// The layout passes of the gir stage one at a time; each step's output is
// printed and parsed again (the IR between them is valid GPU IR).
// Without gir-coalesce the loads keep the default layout, and the dot still
// gets its tensor-core accumulator.
// The passes after convert-tir-to-gir need the module's warps and lanes.

// convert-tir-to-gir: every tile in the default blocked layout of its rank
// (the slices of it for 1-D ranges that are expanded), no conversion.
// DEFAULT: #[[B:.*]] = #gir.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]>
// DEFAULT: module attributes {gir.compute_capability = 90 : i32, gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32}
// DEFAULT-NOT: gir.convert_layout
// DEFAULT: tir.load %{{.*}} : tensor<64x64x!tir.ptr<bf16>, #[[B]]>
// DEFAULT: tir.dot {{.*}} -> tensor<64x64xf32, #[[B]]>
// DEFAULT: tir.store %{{.*}}, %{{.*}} : tensor<64x64x!tir.ptr<f32>, #[[B]]>

// gir-coalesce: the loads read 8 contiguous bf16 (16 bytes) per thread, the
// store 4 f32; each access's tiles are converted in and its result out.
// COALESCE-DAG: #[[B:.*]] = #gir.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]>
// COALESCE-DAG: #[[L:.*]] = #gir.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
// COALESCE-DAG: #[[S:.*]] = #gir.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>
// COALESCE: %[[P:.*]] = gir.convert_layout %{{.*}} : tensor<64x64x!tir.ptr<bf16>, #[[B]]> -> tensor<64x64x!tir.ptr<bf16>, #[[L]]>
// COALESCE-NEXT: %[[V:.*]] = tir.load %[[P]] : tensor<64x64x!tir.ptr<bf16>, #[[L]]>
// COALESCE-NEXT: gir.convert_layout %[[V]] : tensor<64x64xbf16, #[[L]]> -> tensor<64x64xbf16, #[[B]]>
// COALESCE: tir.dot {{.*}} -> tensor<64x64xf32, #[[B]]>
// COALESCE: gir.convert_layout %{{.*}} : tensor<64x64x!tir.ptr<f32>, #[[B]]> -> tensor<64x64x!tir.ptr<f32>, #[[S]]>
// COALESCE-NEXT: gir.convert_layout %{{.*}} : tensor<64x64xf32, #[[B]]> -> tensor<64x64xf32, #[[S]]>
// COALESCE-NEXT: tir.store %{{.*}}, %{{.*}} : tensor<64x64x!tir.ptr<f32>, #[[S]]>

// gir-dot-layouts: the accumulator in the wgmma fragment, converted in and
// out; the operands as they come.
// DOT: #[[W:.*]] = #gir.wgmma<warpsPerCTA = [4, 1], instrN = 64>
// DOT: %[[ACC:.*]] = gir.convert_layout %{{.*}} : tensor<64x64xf32, #{{.*}}> -> tensor<64x64xf32, #[[W]]>
// DOT-NEXT: %[[D:.*]] = tir.dot %{{.*}}, %{{.*}}, %[[ACC]] : tensor<64x64xbf16, #blocked> * tensor<64x64xbf16, #blocked> -> tensor<64x64xf32, #[[W]]>
// DOT-NEXT: gir.convert_layout %[[D]] : tensor<64x64xf32, #[[W]]> -> tensor<64x64xf32, #blocked>

// gir-remove-layout-conversions: the address arithmetic is made in each
// access's layout (the loads' offsets again for the store), the zero
// accumulator in the fragment, and the one conversion left is the dot's
// result into the store's layout.
// FINAL-DAG: #[[S:.*]] = #gir.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>
// FINAL-DAG: #[[L:.*]] = #gir.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
// FINAL-DAG: #[[W:.*]] = #gir.wgmma<warpsPerCTA = [4, 1], instrN = 64>
// FINAL-NOT: gir.convert_layout
// FINAL: tir.addptr %{{.*}}, %{{.*}} : tensor<64x64x!tir.ptr<bf16>, #[[L]]>
// FINAL-NOT: gir.convert_layout
// FINAL: %[[VA:.*]] = tir.load %{{.*}} : tensor<64x64x!tir.ptr<bf16>, #[[L]]>
// FINAL-NOT: gir.convert_layout
// FINAL: %[[VB:.*]] = tir.load %{{.*}} : tensor<64x64x!tir.ptr<bf16>, #[[L]]>
// FINAL: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #[[W]]>
// FINAL: %[[D:.*]] = tir.dot %[[VA]], %[[VB]], %[[ZERO]] : tensor<64x64xbf16, #[[L]]> * tensor<64x64xbf16, #[[L]]> -> tensor<64x64xf32, #[[W]]>
// FINAL: %[[C:.*]] = gir.convert_layout %[[D]] : tensor<64x64xf32, #[[W]]> -> tensor<64x64xf32, #[[S]]>
// FINAL-NEXT: tir.store %{{.*}}, %[[C]] : tensor<64x64x!tir.ptr<f32>, #[[S]]>
// FINAL-NOT: gir.convert_layout

// NOCOALESCE: #[[B:.*]] = #gir.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]>
// NOCOALESCE: tir.load %{{.*}} : tensor<64x64x!tir.ptr<bf16>, #[[B]]>
// NOCOALESCE: tir.dot {{.*}} -> tensor<64x64xf32, #wgmma>

// NOATTRS: error: gir-coalesce: the module has no 'gir.num_warps' and 'gir.threads_per_warp' (run convert-tir-to-gir first)
func.func @copy_dot(%a: !tir.ptr<bf16> {tir.divisibility = 16 : i32},
                    %b: !tir.ptr<bf16> {tir.divisibility = 16 : i32},
                    %c: !tir.ptr<f32> {tir.divisibility = 16 : i32}) attributes {tir.kernel} {
  %rows = tir.make_range 0 to 64 : tensor<64xi32>
  %cols = tir.make_range 0 to 64 : tensor<64xi32>
  %r2 = tir.expand_dims %rows, axis = 1 : tensor<64xi32> -> tensor<64x1xi32>
  %c2 = tir.expand_dims %cols, axis = 0 : tensor<64xi32> -> tensor<1x64xi32>
  %c64 = arith.constant dense<64> : tensor<64x1xi32>
  %ro = arith.muli %r2, %c64 : tensor<64x1xi32>
  %rb = tir.broadcast %ro : tensor<64x1xi32> -> tensor<64x64xi32>
  %cb = tir.broadcast %c2 : tensor<1x64xi32> -> tensor<64x64xi32>
  %off = arith.addi %rb, %cb : tensor<64x64xi32>
  %pa = tir.splat %a : !tir.ptr<bf16> -> tensor<64x64x!tir.ptr<bf16>>
  %pa2 = tir.addptr %pa, %off : tensor<64x64x!tir.ptr<bf16>>, tensor<64x64xi32>
  %va = tir.load %pa2 : tensor<64x64x!tir.ptr<bf16>>
  %pb = tir.splat %b : !tir.ptr<bf16> -> tensor<64x64x!tir.ptr<bf16>>
  %pb2 = tir.addptr %pb, %off : tensor<64x64x!tir.ptr<bf16>>, tensor<64x64xi32>
  %vb = tir.load %pb2 : tensor<64x64x!tir.ptr<bf16>>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %d = tir.dot %va, %vb, %zero : tensor<64x64xbf16> * tensor<64x64xbf16> -> tensor<64x64xf32>
  %pc = tir.splat %c : !tir.ptr<f32> -> tensor<64x64x!tir.ptr<f32>>
  %pc2 = tir.addptr %pc, %off : tensor<64x64x!tir.ptr<f32>>, tensor<64x64xi32>
  tir.store %pc2, %d : tensor<64x64x!tir.ptr<f32>>
  return
}

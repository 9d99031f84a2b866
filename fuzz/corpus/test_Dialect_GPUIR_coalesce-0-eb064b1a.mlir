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

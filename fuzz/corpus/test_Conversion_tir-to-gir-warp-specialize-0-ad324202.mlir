// Layout assignment in a warp-specialized kernel: the default region's tiles
// are laid out over the program's 4 warps, each partition's over its own
// warps (4 and 1), and every layout pass up to the allocation keeps it so.

// CHECK-LABEL: func.func @warp_specialize
// CHECK: tir.warp_specialize
// CHECK: tir.make_range 0 to 1024 : tensor<1024xi32, #gir.blocked<{{.*}}warpsPerCTA = [4]
// CHECK: arith.addf {{.*}} : tensor<1024xf32, #gir.blocked<{{.*}}warpsPerCTA = [4]
// CHECK: } partition num_warps(4) registers(40)
// CHECK: tir.make_range 0 to 256 : tensor<256xi32, #gir.blocked<{{.*}}warpsPerCTA = [4]
// CHECK: tir.reduce {{.*}} : tensor<256xf32, #gir.blocked<{{.*}}warpsPerCTA = [4]{{.*}}> -> f32
// CHECK: } partition num_warps(1)
// CHECK: tir.make_range 0 to 1024 : tensor<1024xi32, #gir.blocked<{{.*}}warpsPerCTA = [1]
// CHECK: tir.reduce {{.*}} : tensor<1024xf32, #gir.blocked<{{.*}}warpsPerCTA = [1]{{.*}}> -> f32
// CHECK-NOT: gir.convert_layout

// RUN: trident-compile --target=cuda:90a --emit gir %s -o - | FileCheck %s

// `1.0 / (1.0 + exp(-x))` on a bf16 row widened to f32 (the sigmoid of
// Liger's SwiGLU): the loads take 16-byte vectors (8 bf16 per thread);
// the constant is remade in the layout of the tile it meets, not that
// tile converted (through shared memory) into the constant's default
// layout and back.
// CHECK-LABEL: func.func @sigmoid
// CHECK-NOT: gir.convert_layout
// CHECK: tir.load %{{.*}} : tensor<4096x!tir.ptr<bf16>, #[[L:.*]]>
// CHECK: arith.divf %{{.*}}, %{{.*}} : tensor<4096xf32, #[[L]]>
// CHECK-NOT: gir.convert_layout
module {
  func.func @sigmoid(%x: !tir.ptr<bf16> {tir.divisibility = 16 : i32}, %y: !tir.ptr<bf16> {tir.divisibility = 16 : i32}) attributes {tir.kernel} {
    %one = arith.constant dense<1.000000e+00> : tensor<4096xf32>
    %r = tir.make_range 0 to 4096 : tensor<4096xi32>
    %xs = tir.splat %x : !tir.ptr<bf16> -> tensor<4096x!tir.ptr<bf16>>
    %xp = tir.addptr %xs, %r : tensor<4096x!tir.ptr<bf16>>, tensor<4096xi32>
    %v = tir.load %xp : tensor<4096x!tir.ptr<bf16>>
    %w = arith.extf %v : tensor<4096xbf16> to tensor<4096xf32>
    %n = arith.negf %w : tensor<4096xf32>
    %e = math.exp %n : tensor<4096xf32>
    %d = arith.addf %e, %one : tensor<4096xf32>
    %q = arith.divf %one, %d : tensor<4096xf32>
    %t = arith.truncf %q : tensor<4096xf32> to tensor<4096xbf16>
    %ys = tir.splat %y : !tir.ptr<bf16> -> tensor<4096x!tir.ptr<bf16>>
    %yp = tir.addptr %ys, %r : tensor<4096x!tir.ptr<bf16>>, tensor<4096xi32>
    tir.store %yp, %t : tensor<4096x!tir.ptr<bf16>>
    return
  }
}

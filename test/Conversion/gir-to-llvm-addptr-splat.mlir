// RUN: trident-opt %s -split-input-file --convert-gir-to-llvm | FileCheck %s

// A pointer tile that is a splat of one pointer (`row_ptr + offsets`):
// one scalar GEP per register from that pointer, not a vector GEP of the
// splat. (LLVM's LICM reassociates `gep(gep(base, row), offsets)` when the
// row pointer has one use and hoists `base + offsets` out of a row loop:
// a 64-bit pointer per register held across it. Issue 23, 02 softmax.)
// The offsets of a range (`row_ptr + tl.arange(...)`) are made per
// register as the thread's offset plus a constant (`add nuw nsw`), so that
// LLVM addresses the thread's registers at immediate offsets from one
// address.

#v4 = #gir.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
module attributes {gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @row_of_range
  // CHECK: %[[ROW:.*]] = llvm.getelementptr %arg0[%arg1] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
  // CHECK-NOT: (vector<8x!llvm.ptr<1>>, vector<8xi32>) -> vector<8x!llvm.ptr<1>>
  // CHECK: llvm.add %[[T:.*]], %{{.*}} overflow<nsw, nuw> : i32
  // CHECK: %[[C512:.*]] = llvm.mlir.constant(512 : i32) : i32
  // CHECK: %[[O4:.*]] = llvm.add %[[T]], %[[C512]] overflow<nsw, nuw> : i32
  // CHECK: llvm.getelementptr %[[ROW]][%[[T]]] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
  // CHECK-COUNT-3: llvm.getelementptr %[[ROW]][%{{.*}}] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
  // CHECK: llvm.getelementptr %[[ROW]][%[[O4]]] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
  // CHECK-COUNT-2: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
  func.func @row_of_range(%x: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                          %row: i32 {tir.divisibility = 16 : i32}) attributes {tir.kernel} {
    %r = tir.make_range 0 to 1024 : tensor<1024xi32, #v4>
    %base = tir.addptr %x, %row : !tir.ptr<f32>, i32
    %ps = tir.splat %base : !tir.ptr<f32> -> tensor<1024x!tir.ptr<f32>, #v4>
    %p = tir.addptr %ps, %r : tensor<1024x!tir.ptr<f32>, #v4>, tensor<1024xi32, #v4>
    %v = tir.load %p : tensor<1024x!tir.ptr<f32>, #v4>
    tir.store %p, %v : tensor<1024x!tir.ptr<f32>, #v4>
    return
  }
}

// -----

// Other offsets: each register's GEP from the scalar takes its offset
// from the offset vector. A pointer tile that is not a splat stays one
// vector GEP.
#v4 = #gir.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
module attributes {gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @strided
  // CHECK: %[[OFF:.*]] = llvm.mul %{{.*}}, %{{.*}} : vector<8xi32>
  // CHECK: %[[E0:.*]] = llvm.extractelement %[[OFF]][%{{.*}} : i64] : vector<8xi32>
  // CHECK: llvm.getelementptr %arg0[%[[E0]]] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
  // CHECK-COUNT-7: llvm.getelementptr %arg0[%{{.*}}] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
  // CHECK: llvm.getelementptr %{{.*}}[%{{.*}}] : (vector<8x!llvm.ptr<1>>, vector<8xi32>) -> vector<8x!llvm.ptr<1>>, f32
  func.func @strided(%x: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                     %n: i32) attributes {tir.kernel} {
    %r = tir.make_range 0 to 1024 : tensor<1024xi32, #v4>
    %ns = tir.splat %n : i32 -> tensor<1024xi32, #v4>
    %o = arith.muli %r, %ns : tensor<1024xi32, #v4>
    %ps = tir.splat %x : !tir.ptr<f32> -> tensor<1024x!tir.ptr<f32>, #v4>
    %p = tir.addptr %ps, %o : tensor<1024x!tir.ptr<f32>, #v4>, tensor<1024xi32, #v4>
    %v = tir.load %p : tensor<1024x!tir.ptr<f32>, #v4>
    %q = tir.addptr %p, %r : tensor<1024x!tir.ptr<f32>, #v4>, tensor<1024xi32, #v4>
    tir.store %q, %v : tensor<1024x!tir.ptr<f32>, #v4>
    return
  }
}

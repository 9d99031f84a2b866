// Vectors of 4 lanes (vector-bits=128). A masked vector add: the pointers
// are consecutive (stride 1 along the tile), so each load is one masked
// vector load from the first lane's pointer, read in the store's loop (the
// only consumer, nothing written in between); one loop in steps of 4, no
// buffers.
// CHECK-LABEL: func.func @add(
// CHECK-NOT:     memref.alloca
// CHECK:         scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %c4 {
// CHECK:           %[[II:.*]] = arith.index_cast %[[I]] : index to i32
// CHECK:           %[[OFF:.*]] = arith.addi %{{.*}}, %[[II]] : i32
// CHECK:           %[[Q:.*]] = llvm.getelementptr %arg2[%[[OFF]]]
// CHECK:           %[[P:.*]] = llvm.getelementptr %arg0[%[[OFF]]]
// CHECK:           %[[LANES:.*]] = arith.constant dense<[0, 1, 2, 3]> : vector<4xi32>
// CHECK:           %[[M:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : vector<4xi32>
// CHECK:           %[[A:.*]] = llvm.intr.masked.load %[[P]], %[[M]], %{{.*}} {alignment = 4 : i32} : (!llvm.ptr, vector<4xi1>, vector<4xf32>) -> vector<4xf32>
// CHECK:           %[[B:.*]] = llvm.intr.masked.load %{{.*}}, %[[M]], %{{.*}} : (!llvm.ptr, vector<4xi1>, vector<4xf32>) -> vector<4xf32>
// CHECK:           %[[S:.*]] = arith.addf %[[A]], %[[B]] : vector<4xf32>
// CHECK:           llvm.intr.masked.store %[[S]], %[[Q]], %[[M]] {alignment = 4 : i32} : vector<4xf32>, vector<4xi1> into !llvm.ptr
// CHECK-NOT:     scf.for
// CHECK:         return

func.func @add(%x: !tir.ptr<f32>, %y: !tir.ptr<f32>, %out: !tir.ptr<f32>,
               %n: i32) attributes {tir.kernel} {
  %c16 = arith.constant 16 : i32
  %pid = tir.get_program_id 0 : i32
  %start = arith.muli %pid, %c16 : i32
  %range = tir.make_range 0 to 16 : tensor<16xi32>
  %starts = tir.splat %start : i32 -> tensor<16xi32>
  %offs = arith.addi %starts, %range : tensor<16xi32>
  %ns = tir.splat %n : i32 -> tensor<16xi32>
  %mask = arith.cmpi slt, %offs, %ns : tensor<16xi32>
  %xs = tir.splat %x : !tir.ptr<f32> -> tensor<16x!tir.ptr<f32>>
  %xp = tir.addptr %xs, %offs : tensor<16x!tir.ptr<f32>>, tensor<16xi32>
  %xv = tir.load %xp, %mask : tensor<16x!tir.ptr<f32>>
  %ys = tir.splat %y : !tir.ptr<f32> -> tensor<16x!tir.ptr<f32>>
  %yp = tir.addptr %ys, %offs : tensor<16x!tir.ptr<f32>>, tensor<16xi32>
  %yv = tir.load %yp, %mask : tensor<16x!tir.ptr<f32>>
  %sum = arith.addf %xv, %yv : tensor<16xf32>
  %os = tir.splat %out : !tir.ptr<f32> -> tensor<16x!tir.ptr<f32>>
  %op = tir.addptr %os, %offs : tensor<16x!tir.ptr<f32>>, tensor<16xi32>
  tir.store %op, %sum, %mask : tensor<16x!tir.ptr<f32>>
  return
}

// Scalar loops (vector-bits=32). A masked vector add: each load has one
// consumer (the store) and nothing writes memory in between, so both are
// read in the store's loop, under the mask, with the offsets, pointers and
// the mask computed there too: one loop, no buffers.
// CHECK-LABEL: module attributes {trident.cpu.arg_types = ["ptr", "ptr", "ptr", "i32"], trident.cpu.entry = "__trident_cpu_grid_add", trident.cpu.kernel = "add"}
// CHECK:       func.func @add(%[[X:.*]]: !llvm.ptr, %[[Y:.*]]: !llvm.ptr, %[[OUT:.*]]: !llvm.ptr, %[[N:.*]]: i32, %[[PID:.*]]: i32, %{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i32) {
// CHECK-NOT:     memref.alloca
// CHECK:         %[[START:.*]] = arith.muli %[[PID]], %{{.*}} : i32
// CHECK:         scf.for %[[I:.*]] = {{.*}} {
// CHECK:           %[[II:.*]] = arith.index_cast %[[I]] : index to i32
// CHECK:           %[[OFF:.*]] = arith.addi %[[START]], %[[II]] : i32
// CHECK:           %[[Q:.*]] = llvm.getelementptr %[[OUT]][%[[OFF]]] : (!llvm.ptr, i32) -> !llvm.ptr, f32
// CHECK:           %[[P:.*]] = llvm.getelementptr %[[X]][%[[OFF]]] : (!llvm.ptr, i32) -> !llvm.ptr, f32
// CHECK:           %[[M:.*]] = arith.cmpi slt, %[[OFF]], %[[N]] : i32
// CHECK:           %[[A:.*]] = scf.if %[[M]] -> (f32) {
// CHECK:             llvm.load %[[P]] {alignment = 4 : i64} : !llvm.ptr -> f32
// CHECK:           llvm.getelementptr %[[Y]][%[[OFF]]]
// CHECK:           %[[B:.*]] = scf.if %[[M]] -> (f32) {
// CHECK:           %[[S:.*]] = arith.addf %[[A]], %[[B]] : f32
// CHECK:           scf.if %[[M]] {
// CHECK-NEXT:        llvm.store %[[S]], %[[Q]] {alignment = 4 : i64} : f32, !llvm.ptr
// CHECK-NOT:     scf.for
// CHECK:         return
// The grid entry reads each argument through args[i] and calls the kernel
// for each linear program id, x fastest.
// CHECK-LABEL: func.func @__trident_cpu_grid_add(
// CHECK-SAME:    %[[ARGS:.*]]: !llvm.ptr, %[[BEGIN:.*]]: i64, %[[END:.*]]: i64, %[[NX:.*]]: i32, %[[NY:.*]]: i32, %[[NZ:.*]]: i32)
// CHECK:         %[[SLOT:.*]] = llvm.getelementptr %[[ARGS]][0] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
// CHECK:         %[[VP:.*]] = llvm.load %[[SLOT]] : !llvm.ptr -> !llvm.ptr
// CHECK:         %[[A0:.*]] = llvm.load %[[VP]] : !llvm.ptr -> !llvm.ptr
// CHECK:         llvm.getelementptr %[[ARGS]][3]
// CHECK:         %[[A3:.*]] = llvm.load %{{.*}} : !llvm.ptr -> i32
// CHECK:         scf.for %[[LIN:.*]] = %[[BEGIN]] to %[[END]]
// CHECK:           %[[PX:.*]] = arith.remui %[[LIN]]
// CHECK:           func.call @add(%[[A0]], %{{.*}}, %{{.*}}, %[[A3]], %{{.*}}, %{{.*}}, %{{.*}}, %[[NX]], %[[NY]], %[[NZ]])

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

// The tir-lower-descriptors pass.

// A 1-D load; the unit stride is not multiplied by, the i32 extent is
// widened to i64, the make op goes away.
// CHECK-LABEL: func.func @load_1d
// CHECK-SAME: (%[[BASE:.*]]: !tir.ptr<f32>, %[[N:.*]]: i32, %[[I:.*]]: i32)
// CHECK-NOT: tir.make_tensor_descriptor
// CHECK: %[[R:.*]] = tir.make_range 0 to 128 : tensor<128xi32>
// CHECK-NEXT: %[[R64:.*]] = arith.extsi %[[R]] : tensor<128xi32> to tensor<128xi64>
// CHECK-NEXT: %[[I64:.*]] = arith.extsi %[[I]] : i32 to i64
// CHECK-NEXT: %[[IS:.*]] = tir.splat %[[I64]] : i64 -> tensor<128xi64>
// CHECK-NEXT: %[[POS:.*]] = arith.addi %[[IS]], %[[R64]] : tensor<128xi64>
// CHECK-NEXT: %[[N64:.*]] = arith.extsi %[[N]] : i32 to i64
// CHECK-NEXT: %[[Z:.*]] = arith.constant dense<0> : tensor<128xi64>
// CHECK-NEXT: %[[GE:.*]] = arith.cmpi sge, %[[POS]], %[[Z]] : tensor<128xi64>
// CHECK-NEXT: %[[NS:.*]] = tir.splat %[[N64]] : i64 -> tensor<128xi64>
// CHECK-NEXT: %[[LT:.*]] = arith.cmpi slt, %[[POS]], %[[NS]] : tensor<128xi64>
// CHECK-NEXT: %[[MASK:.*]] = arith.andi %[[GE]], %[[LT]] : tensor<128xi1>
// CHECK-NEXT: %[[BS:.*]] = tir.splat %[[BASE]] : !tir.ptr<f32> -> tensor<128x!tir.ptr<f32>>
// CHECK-NEXT: %[[PTRS:.*]] = tir.addptr %[[BS]], %[[POS]] : tensor<128x!tir.ptr<f32>>, tensor<128xi64>
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<128xf32>
// CHECK-NEXT: %[[V:.*]] = tir.load %[[PTRS]], %[[MASK]], %[[ZERO]] : tensor<128x!tir.ptr<f32>>
// CHECK-NEXT: return %[[V]]
func.func @load_1d(%base: !tir.ptr<f32>, %n: i32, %i: i32) -> tensor<128xf32> {
  %c1 = arith.constant 1 : i64
  %d = tir.make_tensor_descriptor %base, [%n], [%c1] : !tir.ptr<f32>, i32 -> !tir.tensordesc<tensor<128xf32>>
  %v = tir.descriptor_load %d[%i] : !tir.tensordesc<tensor<128xf32>>
  return %v : tensor<128xf32>
}

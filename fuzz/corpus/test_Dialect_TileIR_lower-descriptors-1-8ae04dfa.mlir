// A 2-D load with i64 extents and a runtime row stride: the row offsets
// are multiplied by the stride, each dimension's offsets and bounds are
// placed along their dimension and broadcast; the hints are kept.
// CHECK-LABEL: func.func @load_2d
// CHECK-SAME: (%[[BASE:.*]]: !tir.ptr<bf16>, %[[M:.*]]: i64, %[[K:.*]]: i64, %[[S:.*]]: i64, %[[I:.*]]: i32, %[[J:.*]]: i32)
// CHECK-NOT: tir.make_tensor_descriptor
// Rows.
// CHECK: %[[R0:.*]] = tir.make_range 0 to 64 : tensor<64xi32>
// CHECK-NEXT: %[[R064:.*]] = arith.extsi %[[R0]] : tensor<64xi32> to tensor<64xi64>
// CHECK-NEXT: %[[I64:.*]] = arith.extsi %[[I]] : i32 to i64
// CHECK-NEXT: %[[IS:.*]] = tir.splat %[[I64]] : i64 -> tensor<64xi64>
// CHECK-NEXT: %[[POS0:.*]] = arith.addi %[[IS]], %[[R064]] : tensor<64xi64>
// CHECK-NEXT: %[[SS:.*]] = tir.splat %[[S]] : i64 -> tensor<64xi64>
// CHECK-NEXT: %[[OFF0:.*]] = arith.muli %[[POS0]], %[[SS]] : tensor<64xi64>
// CHECK-NEXT: %[[OFF0E:.*]] = tir.expand_dims %[[OFF0]], axis = 1 : tensor<64xi64> -> tensor<64x1xi64>
// CHECK-NEXT: %[[OFF0B:.*]] = tir.broadcast %[[OFF0E]] : tensor<64x1xi64> -> tensor<64x32xi64>
// CHECK-NEXT: %[[Z0:.*]] = arith.constant dense<0> : tensor<64xi64>
// CHECK-NEXT: %[[GE0:.*]] = arith.cmpi sge, %[[POS0]], %[[Z0]] : tensor<64xi64>
// CHECK-NEXT: %[[MS:.*]] = tir.splat %[[M]] : i64 -> tensor<64xi64>
// CHECK-NEXT: %[[LT0:.*]] = arith.cmpi slt, %[[POS0]], %[[MS]] : tensor<64xi64>
// CHECK-NEXT: %[[IN0:.*]] = arith.andi %[[GE0]], %[[LT0]] : tensor<64xi1>
// CHECK-NEXT: %[[IN0E:.*]] = tir.expand_dims %[[IN0]], axis = 1 : tensor<64xi1> -> tensor<64x1xi1>
// CHECK-NEXT: %[[IN0B:.*]] = tir.broadcast %[[IN0E]] : tensor<64x1xi1> -> tensor<64x32xi1>
// Columns (unit stride).
// CHECK-NEXT: %[[R1:.*]] = tir.make_range 0 to 32 : tensor<32xi32>
// CHECK-NEXT: %[[R164:.*]] = arith.extsi %[[R1]] : tensor<32xi32> to tensor<32xi64>
// CHECK-NEXT: %[[J64:.*]] = arith.extsi %[[J]] : i32 to i64
// CHECK-NEXT: %[[JS:.*]] = tir.splat %[[J64]] : i64 -> tensor<32xi64>
// CHECK-NEXT: %[[POS1:.*]] = arith.addi %[[JS]], %[[R164]] : tensor<32xi64>
// CHECK-NEXT: %[[POS1E:.*]] = tir.expand_dims %[[POS1]], axis = 0 : tensor<32xi64> -> tensor<1x32xi64>
// CHECK-NEXT: %[[POS1B:.*]] = tir.broadcast %[[POS1E]] : tensor<1x32xi64> -> tensor<64x32xi64>
// CHECK-NEXT: %[[OFF:.*]] = arith.addi %[[OFF0B]], %[[POS1B]] : tensor<64x32xi64>
// CHECK-NEXT: %[[Z1:.*]] = arith.constant dense<0> : tensor<32xi64>
// CHECK-NEXT: %[[GE1:.*]] = arith.cmpi sge, %[[POS1]], %[[Z1]] : tensor<32xi64>
// CHECK-NEXT: %[[KS:.*]] = tir.splat %[[K]] : i64 -> tensor<32xi64>
// CHECK-NEXT: %[[LT1:.*]] = arith.cmpi slt, %[[POS1]], %[[KS]] : tensor<32xi64>
// CHECK-NEXT: %[[IN1:.*]] = arith.andi %[[GE1]], %[[LT1]] : tensor<32xi1>
// CHECK-NEXT: %[[IN1E:.*]] = tir.expand_dims %[[IN1]], axis = 0 : tensor<32xi1> -> tensor<1x32xi1>
// CHECK-NEXT: %[[IN1B:.*]] = tir.broadcast %[[IN1E]] : tensor<1x32xi1> -> tensor<64x32xi1>
// CHECK-NEXT: %[[MASK:.*]] = arith.andi %[[IN0B]], %[[IN1B]] : tensor<64x32xi1>
// CHECK-NEXT: %[[BS:.*]] = tir.splat %[[BASE]] : !tir.ptr<bf16> -> tensor<64x32x!tir.ptr<bf16>>
// CHECK-NEXT: %[[PTRS:.*]] = tir.addptr %[[BS]], %[[OFF]] : tensor<64x32x!tir.ptr<bf16>>, tensor<64x32xi64>
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<64x32xbf16>
// CHECK-NEXT: %[[V:.*]] = tir.load %[[PTRS]], %[[MASK]], %[[ZERO]] cache = cg evict = evict_last : tensor<64x32x!tir.ptr<bf16>>
// CHECK-NEXT: return %[[V]]
func.func @load_2d(%base: !tir.ptr<bf16>, %m: i64, %k: i64, %s: i64, %i: i32, %j: i32) -> tensor<64x32xbf16> {
  %c1 = arith.constant 1 : i64
  %d = tir.make_tensor_descriptor %base, [%m, %k], [%s, %c1] : !tir.ptr<bf16>, i64 -> !tir.tensordesc<tensor<64x32xbf16>>
  %v = tir.descriptor_load %d[%i, %j] cache = cg evict = evict_last : !tir.tensordesc<tensor<64x32xbf16>>
  return %v : tensor<64x32xbf16>
}

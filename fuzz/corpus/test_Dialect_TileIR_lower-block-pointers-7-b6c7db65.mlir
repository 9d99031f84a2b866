// A block pointer passed to a function: its signature and the call take
// the parts. Blocks of i1 move as i8.
// CHECK-LABEL: func.func private @callee
// CHECK-SAME: (%[[B:.*]]: !tir.ptr<i1>, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i32) -> tensor<8xi1>
// CHECK: %[[P:.*]] = tir.addptr %{{.*}}, %{{.*}} : tensor<8x!tir.ptr<i1>>, tensor<8xi64>
// CHECK-NEXT: %[[P8:.*]] = tir.bitcast %[[P]] : tensor<8x!tir.ptr<i1>> -> tensor<8x!tir.ptr<i8>>
// CHECK-NEXT: %[[Z:.*]] = arith.constant dense<0> : tensor<8xi8>
// CHECK-NEXT: %[[X:.*]] = tir.load %[[P8]], %{{.*}}, %[[Z]] : tensor<8x!tir.ptr<i8>>
// CHECK-NEXT: %[[Z2:.*]] = arith.constant dense<0> : tensor<8xi8>
// CHECK-NEXT: %[[V:.*]] = arith.cmpi ne, %[[X]], %[[Z2]] : tensor<8xi8>
// CHECK: %[[Q8:.*]] = tir.bitcast %{{.*}} : tensor<8x!tir.ptr<i1>> -> tensor<8x!tir.ptr<i8>>
// CHECK-NEXT: %[[V8:.*]] = arith.extui %[[V]] : tensor<8xi1> to tensor<8xi8>
// CHECK-NEXT: tir.store %[[Q8]], %[[V8]] : tensor<8x!tir.ptr<i8>>
// CHECK-NEXT: return %[[V]] : tensor<8xi1>
// CHECK-LABEL: func.func @caller
// CHECK-SAME: (%[[A:.*]]: !tir.ptr<i1>, %[[M:.*]]: i64, %[[S:.*]]: i64, %[[I:.*]]: i32)
// CHECK-NEXT: %[[R:.*]] = call @callee(%[[A]], %[[M]], %[[S]], %[[I]]) : (!tir.ptr<i1>, i64, i64, i32) -> tensor<8xi1>
// CHECK-NEXT: return %[[R]]
func.func private @callee(%p: !tir.blockptr<tensor<8xi1>>) -> tensor<8xi1> {
  %v = tir.block_load %p boundary_check = [0] : !tir.blockptr<tensor<8xi1>>
  tir.block_store %p, %v : !tir.blockptr<tensor<8xi1>>
  return %v : tensor<8xi1>
}

func.func @caller(%a: !tir.ptr<i1>, %m: i64, %s: i64, %i: i32) -> tensor<8xi1> {
  %p = tir.make_block_ptr %a, [%m], [%s], [%i] {order = array<i32: 0>} : !tir.ptr<i1> -> !tir.blockptr<tensor<8xi1>>
  %v = func.call @callee(%p) : (!tir.blockptr<tensor<8xi1>>) -> tensor<8xi1>
  return %v : tensor<8xi1>
}

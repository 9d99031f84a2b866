// CHECK-LABEL: func.func @bitcast_chain
// CHECK-SAME: (%[[P:.*]]: !tir.ptr<f32>)
// CHECK: %[[B:.*]] = tir.bitcast %[[P]] : !tir.ptr<f32> -> !tir.ptr<i8>
// CHECK-NEXT: return %[[P]], %[[B]]
func.func @bitcast_chain(%p: !tir.ptr<f32>) -> (!tir.ptr<f32>, !tir.ptr<i8>) {
  %0 = tir.bitcast %p : !tir.ptr<f32> -> !tir.ptr<i32>
  %1 = tir.bitcast %0 : !tir.ptr<i32> -> !tir.ptr<f32>
  %2 = tir.bitcast %0 : !tir.ptr<i32> -> !tir.ptr<i8>
  %3 = tir.bitcast %2 : !tir.ptr<i8> -> !tir.ptr<i8>
  return %1, %3 : !tir.ptr<f32>, !tir.ptr<i8>
}

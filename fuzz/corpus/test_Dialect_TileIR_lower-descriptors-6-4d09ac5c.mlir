// A descriptor passed as an argument (a TMA tensor map for the back end)
// is left alone.
// CHECK-LABEL: func.func @argument_descriptor
// CHECK-SAME: (%[[D:.*]]: !tir.tensordesc<tensor<64x64xbf16>>, %[[I:.*]]: i32)
// CHECK-NEXT: %[[V:.*]] = tir.descriptor_load %[[D]][%[[I]], %[[I]]] : !tir.tensordesc<tensor<64x64xbf16>>
// CHECK-NEXT: tir.descriptor_store %[[D]][%[[I]], %[[I]]], %[[V]] : !tir.tensordesc<tensor<64x64xbf16>>
// CHECK-NEXT: return
func.func @argument_descriptor(%d: !tir.tensordesc<tensor<64x64xbf16>>, %i: i32) {
  %v = tir.descriptor_load %d[%i, %i] : !tir.tensordesc<tensor<64x64xbf16>>
  tir.descriptor_store %d[%i, %i], %v : !tir.tensordesc<tensor<64x64xbf16>>
  return
}

// Found by the libFuzzer target under AddressSanitizer (a corpus input):
// canonicalizing reshape(reshape(x)) read the outer reshape after replacing
// (erasing) it, a heap use after free that the plain build does not see.
// scripts/fuzz.sh runs this file under AddressSanitizer.
// CHECK-LABEL: func.func @reshape_round_trip
// CHECK-SAME: (%[[X:.*]]: tensor<4x32xf32>)
// CHECK-NEXT: return %[[X]]
func.func @reshape_round_trip(%x: tensor<4x32xf32>) -> tensor<4x32xf32> {
  %0 = tir.reshape %x : tensor<4x32xf32> -> tensor<128xf32>
  %1 = tir.reshape %0 : tensor<128xf32> -> tensor<4x32xf32>
  return %1 : tensor<4x32xf32>
}

// CHECK-LABEL: func.func @kernel_attrs
// CHECK-SAME: %{{.*}}: !tir.ptr<f32> {tir.divisibility = 16 : i32}
// CHECK-SAME: %{{.*}}: i32 {tir.divisibility = 8 : i32}
// CHECK-SAME: attributes {tir.kernel}
func.func @kernel_attrs(%p: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                        %n: i32 {tir.divisibility = 8 : i32}) attributes {tir.kernel} {
  return
}

// Calls of libdevice functions (and of one from a bitcode library given on
// the op), as the front end's libdevice module emits them.
func.func @extern_calls(%x: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                        %d: !tir.ptr<f64> {tir.divisibility = 16 : i32}) attributes {tir.kernel} {
  %r = tir.make_range 0 to 256 : tensor<256xi32>
  %xs = tir.splat %x : !tir.ptr<f32> -> tensor<256x!tir.ptr<f32>>
  %xp = tir.addptr %xs, %r : tensor<256x!tir.ptr<f32>>, tensor<256xi32>
  %v = tir.load %xp : tensor<256x!tir.ptr<f32>>
  %a = tir.extern_elementwise "__nv_erfinvf" pure (%v : tensor<256xf32>) -> tensor<256xf32>
  %b = tir.extern_elementwise "__nv_fadd_rz" pure (%a, %v : tensor<256xf32>, tensor<256xf32>) -> tensor<256xf32>
  %c = tir.extern_elementwise "__nv_powif" pure (%b, %r : tensor<256xf32>, tensor<256xi32>) -> tensor<256xf32>
  %e = tir.extern_elementwise "EXTRA" pure LIB (%c : tensor<256xf32>) -> tensor<256xf32>
  tir.store %xp, %e : tensor<256x!tir.ptr<f32>>
  %ds = tir.splat %d : !tir.ptr<f64> -> tensor<256x!tir.ptr<f64>>
  %dp = tir.addptr %ds, %r : tensor<256x!tir.ptr<f64>>, tensor<256xi32>
  %w = tir.load %dp : tensor<256x!tir.ptr<f64>>
  %g = tir.extern_elementwise "__nv_lgamma" pure (%w : tensor<256xf64>) -> tensor<256xf64>
  tir.store %dp, %g : tensor<256x!tir.ptr<f64>>
  return
}

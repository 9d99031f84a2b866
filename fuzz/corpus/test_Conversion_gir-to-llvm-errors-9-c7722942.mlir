// A scan of pointer tiles: refused by the lowering (and the shared-memory
// scratch it would take is not sized from a pointer's bit width).
func.func @scan_pointers(%p: !tir.ptr<f32>) attributes {tir.kernel} {
  %r = tir.make_range 0 to 128 : tensor<128xi32>
  %s = tir.splat %p : !tir.ptr<f32> -> tensor<128x!tir.ptr<f32>>
  %q = tir.addptr %s, %r : tensor<128x!tir.ptr<f32>>, tensor<128xi32>
  // expected-error @+2 {{'tir.scan' op scans of '!tir.ptr<f32>' are not supported yet}}
  // expected-error @+1 {{failed to legalize operation 'tir.scan'}}
  %m = tir.scan %q axis = 0 : tensor<128x!tir.ptr<f32>> -> tensor<128x!tir.ptr<f32>> {
  ^bb0(%a: !tir.ptr<f32>, %b: !tir.ptr<f32>):
    tir.scan.return %b : !tir.ptr<f32>
  }
  %v = tir.load %m : tensor<128x!tir.ptr<f32>>
  tir.store %q, %v : tensor<128x!tir.ptr<f32>>
  return
}

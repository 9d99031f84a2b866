func.func @wait_types(%c: tensor<64x64xf32>) {
  // expected-error @+1 {{'nvgir.warpgroup_wait' op failed to verify that all of {values, results} have same type}}
  %d = "nvgir.warpgroup_wait"(%c) <{pending = 0 : i32}> : (tensor<64x64xf32>) -> tensor<64x32xf32>
  return
}

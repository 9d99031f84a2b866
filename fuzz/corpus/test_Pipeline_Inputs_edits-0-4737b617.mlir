// The kernel the pipeline-edit tests compile. Each core pass of stage tir
// leaves a visible trace on it:
//   inline        the call to @helper disappears (and the dead private
//                 functions with it),
//   canonicalize  @helper's `x + -0.0` folds away,
//   cse           the two identical products become one.
// test-mark{tag=T} appends "T: N ops" to the module's test.marks, N counting
// every op in the module at the time it ran.
module {
  func.func private @unused(%x: f32) -> f32 {
    return %x : f32
  }
  func.func private @helper(%x: f32) -> f32 {
    %zero = arith.constant -0.0 : f32
    %r = arith.addf %x, %zero : f32
    return %r : f32
  }
  func.func @kernel(%a: f32, %b: f32) -> f32 {
    %m0 = arith.mulf %a, %b : f32
    %m1 = arith.mulf %a, %b : f32
    %s = arith.addf %m0, %m1 : f32
    %h = func.call @helper(%s) : (f32) -> f32
    return %h : f32
  }
}

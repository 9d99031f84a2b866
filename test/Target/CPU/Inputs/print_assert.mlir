// The vector_add argument list; prints its first four inputs and asserts
// that every offset of its 4-element block is below n.
module {
  func.func @add_kernel(%x: !tir.ptr<f32>, %y: !tir.ptr<f32>,
                        %out: !tir.ptr<f32>, %n: i32) attributes {tir.kernel} {
    %pid = tir.get_program_id 0 : i32
    %r = tir.make_range 0 to 4 : tensor<4xi32>
    %ns = tir.splat %n : i32 -> tensor<4xi32>
    %ok = arith.cmpi slt, %r, %ns : tensor<4xi32>
    tir.print " pid is " (%pid : i32)
    tir.print " r = " hex (%r : tensor<4xi32>)
    %xs = tir.splat %x : !tir.ptr<f32> -> tensor<4x!tir.ptr<f32>>
    %xp = tir.addptr %xs, %r : tensor<4x!tir.ptr<f32>>, tensor<4xi32>
    %xv = tir.load %xp, %ok : tensor<4x!tir.ptr<f32>>
    %ys = tir.splat %y : !tir.ptr<f32> -> tensor<4x!tir.ptr<f32>>
    %yp = tir.addptr %ys, %r : tensor<4x!tir.ptr<f32>>, tensor<4xi32>
    %yv = tir.load %yp, %ok : tensor<4x!tir.ptr<f32>>
    %s = arith.addf %xv, %yv : tensor<4xf32>
    %os = tir.splat %out : !tir.ptr<f32> -> tensor<4x!tir.ptr<f32>>
    %op = tir.addptr %os, %r : tensor<4x!tir.ptr<f32>>, tensor<4xi32>
    tir.store %op, %s, %ok : tensor<4x!tir.ptr<f32>>
    tir.assert %ok, "offset below n" : tensor<4xi1>
    return
  }
}

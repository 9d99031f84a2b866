// out = x + y through 1-D in-kernel descriptors (i64 extent), 1024 per
// program; argument list of `trident-launch --kernel vector_add`.
module {
  func.func @add_desc(%x: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                      %y: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                      %out: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                      %n: i32) attributes {tir.kernel} {
    %c1024 = arith.constant 1024 : i32
    %one = arith.constant 1 : i64
    %n64 = arith.extsi %n : i32 to i64
    %pid = tir.get_program_id 0 : i32
    %start = arith.muli %pid, %c1024 : i32
    %dx = tir.make_tensor_descriptor %x, [%n64], [%one] : !tir.ptr<f32>, i64 -> !tir.tensordesc<tensor<1024xf32>>
    %dy = tir.make_tensor_descriptor %y, [%n64], [%one] : !tir.ptr<f32>, i64 -> !tir.tensordesc<tensor<1024xf32>>
    %do = tir.make_tensor_descriptor %out, [%n], [%one] : !tir.ptr<f32>, i32 -> !tir.tensordesc<tensor<1024xf32>>
    %a = tir.descriptor_load %dx[%start] : !tir.tensordesc<tensor<1024xf32>>
    %b = tir.descriptor_load %dy[%start] : !tir.tensordesc<tensor<1024xf32>>
    %s = arith.addf %a, %b : tensor<1024xf32>
    tir.descriptor_store %do[%start], %s : !tir.tensordesc<tensor<1024xf32>>
    return
  }
}

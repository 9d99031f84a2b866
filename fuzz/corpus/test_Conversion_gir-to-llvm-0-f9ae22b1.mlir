// Elementwise code, ranges, program ids, loads and stores: each thread's
// registers become one vector; loads and stores are masked gathers and
// scatters through vectors of pointers; the kernel is an nvvm.kernel with
// its thread count.
// CHECK: module attributes {{{.*}}trident.shared_bytes = 0 : i32
// CHECK-NOT: __trident_dynamic_smem
// CHECK-LABEL: llvm.func @add(
// CHECK-SAME: %{{.*}}: !llvm.ptr<1> {llvm.align = 16 : i64}
// CHECK-SAME: nvvm.kernel
// CHECK-SAME: nvvm.maxntid = array<i32: 128, 1, 1>
// CHECK: nvvm.read.ptx.sreg.ctaid.x
// CHECK: nvvm.read.ptx.sreg.tid.x
// CHECK: llvm.intr.masked.gather %{{.*}} : (vector<2x!llvm.ptr<1>>, vector<2xi1>, vector<2xf32>) -> vector<2xf32>
// CHECK: llvm.fadd %{{.*}}, %{{.*}} : vector<2xf32>
// CHECK: llvm.intr.masked.scatter %{{.*}}, %{{.*}}, %{{.*}} {alignment = 4 : i32} : vector<2xf32>, vector<2xi1> into vector<2x!llvm.ptr<1>>
// CHECK-NOT: tir.
// CHECK-NOT: builtin.unrealized_conversion_cast
func.func @add(%x: !tir.ptr<f32> {tir.divisibility = 16 : i32}, %n: i32) attributes {tir.kernel} {
  %pid = tir.get_program_id 0 : i32
  %c256 = arith.constant 256 : i32
  %base = arith.muli %pid, %c256 : i32
  %r = tir.make_range 0 to 256 : tensor<256xi32>
  %bs = tir.splat %base : i32 -> tensor<256xi32>
  %offs = arith.addi %bs, %r : tensor<256xi32>
  %ns = tir.splat %n : i32 -> tensor<256xi32>
  %m = arith.cmpi slt, %offs, %ns : tensor<256xi32>
  %xs = tir.splat %x : !tir.ptr<f32> -> tensor<256x!tir.ptr<f32>>
  %p = tir.addptr %xs, %offs : tensor<256x!tir.ptr<f32>>, tensor<256xi32>
  %a = tir.load %p, %m : tensor<256x!tir.ptr<f32>>
  %s = arith.addf %a, %a : tensor<256xf32>
  tir.store %p, %s, %m : tensor<256x!tir.ptr<f32>>
  return
}

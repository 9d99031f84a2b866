// tlx-lower-tasks: tlx.async_tasks becomes tir.warp_specialize. The default
// task's body stays in the default region as it is; each other task (one
// per replica) becomes a partition that captures the scalars and buffers
// it uses and makes constants and tiles made from them again inside.
// RUN: trident-opt --load-plugin=%plugins/libTlxPlugin.so --tlx-lower-tasks %s -split-input-file -verify-diagnostics | FileCheck %s
// RUN: trident-compile --load-plugin=%plugins/libTlxPlugin.so --target=cuda:90a --print-pipeline | FileCheck %s --check-prefix=PIPE

// PIPE: stage tir
// PIPE-NEXT: inline
// PIPE-NEXT: tlx-lower-tasks  [inserted by plugin 'tlx']

// CHECK-LABEL: func.func @tasks
// CHECK: %[[RING:.*]] = tlx.local_alloc
// CHECK: tir.warp_specialize(%arg0, %[[RING]] : !tir.ptr<f16>, !tlx.buffers<2x64xf16>) attributes {tlx.fill_default_registers} {
// CHECK-NEXT: arith.constant 0.0
// CHECK-NEXT: tir.store %arg0
// CHECK-NEXT: } partition num_warps(4) registers(232) (%[[P0:.*]]: !tir.ptr<f16>, %[[R0:.*]]: !tlx.buffers<2x64xf16>) {
// CHECK-NEXT: arith.constant 1 : i32
// CHECK-NEXT: tir.make_range 0 to 64
// CHECK-NEXT: tlx.local_view %[[R0]]
// CHECK-NEXT: tir.splat %[[P0]]
// CHECK: } partition num_warps(4) registers(232)
// CHECK-NOT: tlx.async_task
func.func @tasks(%p: !tir.ptr<f16>) {
  %one = arith.constant 1 : i32
  %offs = tir.make_range 0 to 64 : tensor<64xi32>
  %ring = tlx.local_alloc : !tlx.buffers<2x64xf16>
  tlx.async_tasks {
    tlx.async_task attributes {default_task} {
      %x = arith.constant 0.0 : f16
      tir.store %p, %x : !tir.ptr<f16>
    }
    tlx.async_task attributes {num_warps = 4 : i32, registers = 232 : i32, replica = 0 : i32} {
      %b = tlx.local_view %ring[%one] : !tlx.buffers<2x64xf16> -> !tlx.buffer<64xf16>
      %s = tir.splat %p : !tir.ptr<f16> -> tensor<64x!tir.ptr<f16>>
      %q = tir.addptr %s, %offs : tensor<64x!tir.ptr<f16>>, tensor<64xi32>
      %t = tlx.async_load %q, %b : tensor<64x!tir.ptr<f16>> -> !tlx.buffer<64xf16>
    }
    tlx.async_task attributes {num_warps = 4 : i32, registers = 232 : i32, replica = 1 : i32} {
      %b = tlx.local_view %ring[%one] : !tlx.buffers<2x64xf16> -> !tlx.buffer<64xf16>
    }
  }
  return
}

// -----

func.func @loaded_tile(%p: !tir.ptr<f16>) {
  %offs = tir.make_range 0 to 64 : tensor<64xi32>
  %s = tir.splat %p : !tir.ptr<f16> -> tensor<64x!tir.ptr<f16>>
  %q = tir.addptr %s, %offs : tensor<64x!tir.ptr<f16>>, tensor<64xi32>
  // expected-note @below {{the tile is made here}}
  %t = tir.load %q : tensor<64x!tir.ptr<f16>>
  tlx.async_tasks {
    // expected-error @below {{uses a tile made outside the task; a task lays out its own tiles}}
    tlx.async_task attributes {num_warps = 4 : i32} {
      tir.store %q, %t : tensor<64x!tir.ptr<f16>>
    }
  }
  return
}

// -----

func.func @only_default() {
  // expected-error @below {{needs a task besides the default one}}
  tlx.async_tasks {
    tlx.async_task attributes {default_task} {
    }
  }
  return
}

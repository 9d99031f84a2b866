// Warp-specialized kernels the NVIDIA lowering refuses, with the reason.
// RUN: not trident-opt %s -split-input-file --convert-tir-to-gir=compute-capability=90 --gir-allocate-shared-memory --convert-gir-to-llvm 2>&1 | FileCheck %s

// CHECK: error: 'tir.warp_specialize' op must be at the top level of its kernel (not in a loop, branch or region)
func.func @nested(%c: i1) attributes {tir.kernel} {
  scf.if %c {
    tir.warp_specialize() {
    } partition num_warps(1) {
    }
  }
  return
}

// -----

// CHECK: error: 'tir.warp_specialize' op is one of several in kernel 'twice'; a kernel may have one
func.func @twice() attributes {tir.kernel} {
  tir.warp_specialize() {
  } partition num_warps(1) {
  }
  tir.warp_specialize() {
  } partition num_warps(1) {
  }
  return
}

// -----

// CHECK: error: 'tir.warp_specialize' op needs 36 warps (4 of the program and its partitions'), over the 32 warps (1024 threads) of a CTA
func.func @too_many() attributes {tir.kernel} {
  tir.warp_specialize() {
  } partition num_warps(32) {
  }
  return
}

// -----

// CHECK: error: 'tir.warp_specialize' op register budgets need 67584 registers, over the 64512 the CTA starts with (384 threads of 168; setmaxnreg moves registers between the groups, never adds any): lower a budget
func.func @budget() attributes {tir.kernel} {
  tir.warp_specialize() registers(256) {
  } partition num_warps(8) registers(136) {
  }
  return
}

// -----

// Budgets that fill the whole 64K register file (48 + 2 x 232 per
// warpgroup thread) still overrun the 168 x 384 a 12-warp CTA starts
// with: the second consumer's setmaxnreg.inc would wait forever.
// CHECK: error: 'tir.warp_specialize' op register budgets need 65536 registers, over the 64512 the CTA starts with (384 threads of 168
func.func @whole_file() attributes {tir.kernel} {
  tir.warp_specialize() registers(48) {
  } partition num_warps(4) registers(232) {
  } partition num_warps(4) registers(232) {
  }
  return
}

// -----

// CHECK: error: 'nvgir.named_barrier' op uses named barrier 3, which warp specialization takes (0: the default group, 1: the join, 2-3: the partitions); use 4 to 15
func.func @named_barrier_taken() attributes {tir.kernel} {
  tir.warp_specialize() {
  } partition num_warps(4) {
    nvgir.named_barrier {id = 3 : i32, threads = 256 : i32}
  } partition num_warps(4) {
    nvgir.named_barrier {arrive, id = 3 : i32, threads = 256 : i32}
  }
  return
}

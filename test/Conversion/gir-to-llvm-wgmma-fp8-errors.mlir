// RUN: trident-opt %s -split-input-file --convert-gir-to-llvm -verify-diagnostics

// wgmma transposes only 16-bit operands: an fp8 B laid out along N
// (MN-major) cannot be read (the pipeliner never makes such a ring).
#sw = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
#swn = #gir.nvmma_shared<swizzle = 64, order = [1, 0]>
#acc = #gir.wgmma<warpsPerCTA = [4, 1], instrN = 64>
module attributes {gir.compute_capability = 90 : i32, gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @fp8_mn_major(%c: tensor<64x64xf32, #acc>) -> tensor<64x64xf32, #acc> {
    %a = gir.local_alloc : !gir.memdesc<64x128xf8E4M3FN, #sw>
    %b = gir.local_alloc : !gir.memdesc<128x64xf8E5M2, #swn>
    // expected-error @+2 {{failed to legalize operation 'nvgir.warpgroup_dot'}}
    // expected-error @+1 {{'nvgir.warpgroup_dot' op operands do not split into wgmma instructions (or an MN-major operand is not 16-bit: tf32 and fp8 operands must be K-major)}}
    %d = nvgir.warpgroup_dot %a, %b, %c : !gir.memdesc<64x128xf8E4M3FN, #sw> * !gir.memdesc<128x64xf8E5M2, #swn> -> tensor<64x64xf32, #acc>
    return %d : tensor<64x64xf32, #acc>
  }
}

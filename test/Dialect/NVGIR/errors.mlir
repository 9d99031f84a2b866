// Every verifier rule of the NVIDIA GPU IR operations, with its diagnostic.
// RUN: trident-opt %s -split-input-file -verify-diagnostics

#sw64 = #gir.nvmma_shared<swizzle = 64, order = [1, 0]>
func.func @tma_wrong_swizzle(%d: !tir.tensordesc<tensor<128x64xbf16>>, %i: i32,
                             %buf: !gir.memdesc<128x64xbf16, #sw64>,
                             %bars: !nvgir.mbarriers<1>) {
  // expected-error @+1 {{'nvgir.tma_load' op destination layout #gir.nvmma_shared<swizzle = 64, order = [1, 0]> is not the one TMA uses (#gir.nvmma_shared<swizzle = 128, order = [1, 0]>)}}
  nvgir.tma_load %d[%i, %i], %buf, %bars[%i] : !tir.tensordesc<tensor<128x64xbf16>> -> !gir.memdesc<128x64xbf16, #sw64>, !nvgir.mbarriers<1>
  return
}

// -----

#sw = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
func.func @tma_wrong_block(%d: !tir.tensordesc<tensor<128x64xbf16>>, %i: i32,
                           %buf: !gir.memdesc<64x64xbf16, #sw>,
                           %bars: !nvgir.mbarriers<1>) {
  // expected-error @+1 {{'nvgir.tma_load' op destination '!gir.memdesc<64x64xbf16, #gir.nvmma_shared<swizzle = 128, order = [1, 0]>>' must hold the descriptor's block 'tensor<128x64xbf16>'}}
  nvgir.tma_load %d[%i, %i], %buf, %bars[%i] : !tir.tensordesc<tensor<128x64xbf16>> -> !gir.memdesc<64x64xbf16, #sw>, !nvgir.mbarriers<1>
  return
}

// -----

#sw = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
func.func @tma_indices(%d: !tir.tensordesc<tensor<128x64xbf16>>, %i: i32,
                       %buf: !gir.memdesc<128x64xbf16, #sw>,
                       %bars: !nvgir.mbarriers<1>) {
  // expected-error @+1 {{'nvgir.tma_load' op takes one index per dimension of the block (2), got 1}}
  nvgir.tma_load %d[%i], %buf, %bars[%i] : !tir.tensordesc<tensor<128x64xbf16>> -> !gir.memdesc<128x64xbf16, #sw>, !nvgir.mbarriers<1>
  return
}

// -----

#sw = #gir.nvmma_shared<swizzle = 32, order = [1, 0]>
func.func @tma_few_rows(%d: !tir.tensordesc<tensor<4x16xbf16>>, %i: i32,
                        %buf: !gir.memdesc<4x16xbf16, #sw>,
                        %bars: !nvgir.mbarriers<1>) {
  // expected-error @+1 {{'nvgir.tma_load' op copies 2-D blocks of 8 or more rows of 32 bytes or more (a swizzled shared layout) only, got 'tensor<4x16xbf16>'}}
  nvgir.tma_load %d[%i, %i], %buf, %bars[%i] : !tir.tensordesc<tensor<4x16xbf16>> -> !gir.memdesc<4x16xbf16, #sw>, !nvgir.mbarriers<1>
  return
}

// -----

#sw = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
#b = #gir.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
func.func @copy_pointee(%p: tensor<128x64x!tir.ptr<f16>, #b>) {
  %a = gir.local_alloc : !gir.memdesc<128x64xbf16, #sw>
  // expected-error @+1 {{'nvgir.async_copy' op pointee type 'f16' differs from the buffer's element type 'bf16'}}
  nvgir.async_copy %p, %a : tensor<128x64x!tir.ptr<f16>, #b> -> !gir.memdesc<128x64xbf16, #sw>
  return
}

// -----

#sw = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
#b = #gir.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
func.func @copy_shape(%p: tensor<64x64x!tir.ptr<bf16>, #b>) {
  %a = gir.local_alloc : !gir.memdesc<128x64xbf16, #sw>
  // expected-error @+1 {{'nvgir.async_copy' op pointer tile shape differs from the buffer's}}
  nvgir.async_copy %p, %a : tensor<64x64x!tir.ptr<bf16>, #b> -> !gir.memdesc<128x64xbf16, #sw>
  return
}

// -----

#sw = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
#b = #gir.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
func.func @dot_layout(%c: tensor<128x64xf32, #b>) {
  %a = gir.local_alloc : !gir.memdesc<128x64xbf16, #sw>
  %bt = gir.local_alloc : !gir.memdesc<64x64xbf16, #sw>
  // expected-error @+1 {{'nvgir.warpgroup_dot' op accumulator needs the #gir.wgmma layout}}
  %d = nvgir.warpgroup_dot %a, %bt, %c : !gir.memdesc<128x64xbf16, #sw> * !gir.memdesc<64x64xbf16, #sw> -> tensor<128x64xf32, #b>
  return
}

// -----

#sw = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
#acc = #gir.wgmma<warpsPerCTA = [4, 1], instrN = 64>
func.func @dot_shapes(%c: tensor<128x64xf32, #acc>) {
  %a = gir.local_alloc : !gir.memdesc<128x64xbf16, #sw>
  %bt = gir.local_alloc : !gir.memdesc<128x64xbf16, #sw>
  // expected-error @+1 {{'nvgir.warpgroup_dot' op shapes do not form a matrix product}}
  %d = nvgir.warpgroup_dot %a, %bt, %c : !gir.memdesc<128x64xbf16, #sw> * !gir.memdesc<128x64xbf16, #sw> -> tensor<128x64xf32, #acc>
  return
}

// -----

#sw = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
#b = #gir.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
func.func @copy_mask(%p: tensor<128x64x!tir.ptr<bf16>, #b>, %m: tensor<128x64xi8, #b>) {
  %a = gir.local_alloc : !gir.memdesc<128x64xbf16, #sw>
  // expected-error @+1 {{'nvgir.async_copy' op mask must be an i1 tile of the pointer tile's shape}}
  nvgir.async_copy %p, %a, %m : tensor<128x64x!tir.ptr<bf16>, #b>, tensor<128x64xi8, #b> -> !gir.memdesc<128x64xbf16, #sw>
  return
}

// -----

#sw = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
func.func @copy_layout(%p: tensor<128x64x!tir.ptr<bf16>>) {
  %a = gir.local_alloc : !gir.memdesc<128x64xbf16, #sw>
  // expected-error @+1 {{'nvgir.async_copy' op pointer tile needs a distributed layout}}
  nvgir.async_copy %p, %a : tensor<128x64x!tir.ptr<bf16>> -> !gir.memdesc<128x64xbf16, #sw>
  return
}

// -----

#sw = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
#b = #gir.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
func.func @copy_pointers(%p: tensor<128x64xi64, #b>) {
  %a = gir.local_alloc : !gir.memdesc<128x64xbf16, #sw>
  // expected-error @+1 {{'nvgir.async_copy' op copies from a tile of pointers, got 'tensor<128x64xi64, }}
  nvgir.async_copy %p, %a : tensor<128x64xi64, #b> -> !gir.memdesc<128x64xbf16, #sw>
  return
}

// -----

#sw = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
#acc = #gir.wgmma<warpsPerCTA = [4, 1], instrN = 64>
func.func @dot_types(%c: tensor<128x64xf32, #acc>) {
  %a = gir.local_alloc : !gir.memdesc<128x64xbf16, #sw>
  %bt = gir.local_alloc : !gir.memdesc<64x64xf16, #sw>
  // expected-error @+1 {{'nvgir.warpgroup_dot' op operands must have one element type}}
  %d = nvgir.warpgroup_dot %a, %bt, %c : !gir.memdesc<128x64xbf16, #sw> * !gir.memdesc<64x64xf16, #sw> -> tensor<128x64xf32, #acc>
  return
}

// -----

#sw = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
#acc = #gir.wgmma<warpsPerCTA = [4, 1], instrN = 64>
func.func @dot_rank(%c: tensor<128x64xf32, #acc>) {
  %a = gir.local_alloc : !gir.memdesc<2x128x64xbf16, #sw>
  %bt = gir.local_alloc : !gir.memdesc<64x64xbf16, #sw>
  // expected-error @+1 {{'nvgir.warpgroup_dot' op takes 2-D operands}}
  %d = nvgir.warpgroup_dot %a, %bt, %c : !gir.memdesc<2x128x64xbf16, #sw> * !gir.memdesc<64x64xbf16, #sw> -> tensor<128x64xf32, #acc>
  return
}

// -----

// What TMA cannot move (nvgir::getTmaBlockLayout's refusals) is the op's
// error too.
#sw = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
func.func @tma_box(%d: !tir.tensordesc<tensor<512x64xbf16>>, %i: i32,
                   %buf: !gir.memdesc<512x64xbf16, #sw>,
                   %bars: !nvgir.mbarriers<1>) {
  // expected-error @+1 {{'nvgir.tma_load' op a TMA box is at most 256 elements along each dimension; the block has 512}}
  nvgir.tma_load %d[%i, %i], %buf, %bars[%i] : !tir.tensordesc<tensor<512x64xbf16>> -> !gir.memdesc<512x64xbf16, #sw>, !nvgir.mbarriers<1>
  return
}

// -----

#sw = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
#acc = #gir.wgmma<warpsPerCTA = [4, 1], instrN = 64>
func.func @dot_accumulator(%c: tensor<64x64xf16, #acc>) {
  %a = gir.local_alloc : !gir.memdesc<64x64xbf16, #sw>
  %bt = gir.local_alloc : !gir.memdesc<64x64xbf16, #sw>
  // expected-error @+1 {{'nvgir.warpgroup_dot' op accumulates in f32 only, got 'f16'}}
  %d = nvgir.warpgroup_dot %a, %bt, %c : !gir.memdesc<64x64xbf16, #sw> * !gir.memdesc<64x64xbf16, #sw> -> tensor<64x64xf16, #acc>
  return
}

// -----

#sw = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
#acc = #gir.wgmma<warpsPerCTA = [4, 1], instrN = 64>
func.func @dot_imprecise_bf16(%c: tensor<64x64xf32, #acc>) {
  %a = gir.local_alloc : !gir.memdesc<64x64xbf16, #sw>
  %bt = gir.local_alloc : !gir.memdesc<64x64xbf16, #sw>
  // expected-error @+1 {{'nvgir.warpgroup_dot' op max_num_imprecise_acc applies only to 8-bit float operands, got 'bf16'}}
  %d = nvgir.warpgroup_dot %a, %bt, %c max_num_imprecise_acc = 32 : !gir.memdesc<64x64xbf16, #sw> * !gir.memdesc<64x64xbf16, #sw> -> tensor<64x64xf32, #acc>
  return
}

// -----

// Partial sums are runs of whole k32 steps.
#ka = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
#kb = #gir.nvmma_shared<swizzle = 128, order = [0, 1]>
#acc = #gir.wgmma<warpsPerCTA = [4, 1], instrN = 64>
func.func @dot_imprecise_below_step(%c: tensor<64x64xf32, #acc>) {
  %a = gir.local_alloc : !gir.memdesc<64x128xf8E4M3FN, #ka>
  %b = gir.local_alloc : !gir.memdesc<128x64xf8E4M3FN, #kb>
  // expected-error @+1 {{'nvgir.warpgroup_dot' op max_num_imprecise_acc = 16 is below one wgmma K step (32 fp8 products)}}
  %d = nvgir.warpgroup_dot %a, %b, %c max_num_imprecise_acc = 16 : !gir.memdesc<64x128xf8E4M3FN, #ka> * !gir.memdesc<128x64xf8E4M3FN, #kb> -> tensor<64x64xf32, #acc>
  return
}

// -----

// A dot that promotes its partial sums waits for them itself.
#ka = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
#kb = #gir.nvmma_shared<swizzle = 128, order = [0, 1]>
#acc = #gir.wgmma<warpsPerCTA = [4, 1], instrN = 64>
func.func @dot_imprecise_async(%c: tensor<64x64xf32, #acc>) {
  %a = gir.local_alloc : !gir.memdesc<64x128xf8E4M3FN, #ka>
  %b = gir.local_alloc : !gir.memdesc<128x64xf8E4M3FN, #kb>
  // expected-error @+1 {{'nvgir.warpgroup_dot' op with max_num_imprecise_acc = 64 (at most K = 128) completes within the op: it cannot be async}}
  %d = nvgir.warpgroup_dot %a, %b, %c async max_num_imprecise_acc = 64 : !gir.memdesc<64x128xf8E4M3FN, #ka> * !gir.memdesc<128x64xf8E4M3FN, #kb> -> tensor<64x64xf32, #acc>
  return
}

// -----

#sw = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
#acc = #gir.wgmma<warpsPerCTA = [4, 1], instrN = 64>
func.func @dot_result(%c: tensor<64x64xf32, #acc>) {
  %a = gir.local_alloc : !gir.memdesc<64x64xbf16, #sw>
  %bt = gir.local_alloc : !gir.memdesc<64x64xbf16, #sw>
  // expected-error @+1 {{'nvgir.warpgroup_dot' op failed to verify that all of {c, d} have same type}}
  %d = "nvgir.warpgroup_dot"(%a, %bt, %c) : (!gir.memdesc<64x64xbf16, #sw>, !gir.memdesc<64x64xbf16, #sw>, tensor<64x64xf32, #acc>) -> tensor<64x32xf32, #acc>
  return
}

// -----

func.func @wait_types(%c: tensor<64x64xf32>) {
  // expected-error @+1 {{'nvgir.warpgroup_wait' op failed to verify that all of {values, results} have same type}}
  %d = "nvgir.warpgroup_wait"(%c) <{pending = 0 : i32}> : (tensor<64x64xf32>) -> tensor<64x32xf32>
  return
}

// -----

func.func @wait_pending(%c: tensor<64x64xf32>) {
  // expected-error @+1 {{'nvgir.warpgroup_wait' op attribute 'pending' failed to satisfy constraint: 32-bit signless integer attribute whose value is non-negative}}
  %d = nvgir.warpgroup_wait %c {pending = -1 : i32} : tensor<64x64xf32>
  return
}

// -----

func.func @async_wait_pending() {
  // expected-error @+1 {{'nvgir.async_wait' op attribute 'pending' failed to satisfy constraint: 32-bit signless integer attribute whose value is non-negative}}
  nvgir.async_wait {pending = -3 : i32}
  return
}

// -----

// expected-error @+1 {{an mbarrier array holds at least one barrier}}
func.func private @no_barriers(!nvgir.mbarriers<0>)

// -----

func.func @arrivals() {
  // expected-error @+1 {{'nvgir.mbarrier_alloc' op expects from 1 to 1048575 arrivals per phase, got 0}}
  %bars = nvgir.mbarrier_alloc {arrivals = 0 : i32} : !nvgir.mbarriers<2>
  return
}

// -----

func.func @arrivals_negative() {
  // expected-error @+1 {{'nvgir.mbarrier_alloc' op expects from 1 to 1048575 arrivals per phase, got -5}}
  %bars = nvgir.mbarrier_alloc {arrivals = -5 : i32} : !nvgir.mbarriers<2>
  return
}

// -----

func.func @barrier_type() {
  // expected-error @+1 {{'nvgir.mbarrier_alloc' op result #0 must be an array of shared-memory barriers (mbarrier objects), but got 'i64'}}
  %bars = "nvgir.mbarrier_alloc"() <{arrivals = 1 : i32}> : () -> i64
  return
}

// -----

#sw = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
func.func @tma_descriptor(%d: !tir.ptr<bf16>, %i: i32, %buf: !gir.memdesc<128x64xbf16, #sw>, %bars: !nvgir.mbarriers<1>) {
  // expected-error @+1 {{'nvgir.tma_load' op operand #0 must be tensor descriptor, but got '!tir.ptr<bf16>'}}
  "nvgir.tma_load"(%d, %i, %i, %buf, %bars, %i) <{operandSegmentSizes = array<i32: 1, 2, 1, 1, 1, 0, 0>}> : (!tir.ptr<bf16>, i32, i32, !gir.memdesc<128x64xbf16, #sw>, !nvgir.mbarriers<1>, i32) -> ()
  return
}

// -----

#sw = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
func.func @tma_rank(%d: !tir.tensordesc<tensor<2x2x2x2x8x32xf32>>, %i: i32,
                    %buf: !gir.memdesc<2x2x2x2x8x32xf32, #sw>,
                    %bars: !nvgir.mbarriers<1>) {
  // expected-error @+1 {{'nvgir.tma_load' op TMA moves blocks of rank 1 to 5, not 6}}
  nvgir.tma_load %d[%i, %i, %i, %i, %i, %i], %buf, %bars[%i] : !tir.tensordesc<tensor<2x2x2x2x8x32xf32>> -> !gir.memdesc<2x2x2x2x8x32xf32, #sw>, !nvgir.mbarriers<1>
  return
}

// -----

// Rows of 1536 bytes are not one swizzle pattern: unswizzled boxes of 256
// elements, which 384 is not a multiple of.
#sw = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
func.func @tma_box_width(%d: !tir.tensordesc<tensor<8x384xf32>>, %i: i32,
                         %buf: !gir.memdesc<8x384xf32, #sw>,
                         %bars: !nvgir.mbarriers<1>) {
  // expected-error @+1 {{'nvgir.tma_load' op the block's last dimension (384) is not a multiple of the TMA box width (256)}}
  nvgir.tma_load %d[%i, %i], %buf, %bars[%i] : !tir.tensordesc<tensor<8x384xf32>> -> !gir.memdesc<8x384xf32, #sw>, !nvgir.mbarriers<1>
  return
}

// -----

// wgmma reads swizzled tiles only.
#sw = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
#pl = #gir.plain_shared<order = [1, 0]>
#acc = #gir.wgmma<warpsPerCTA = [4, 1], instrN = 64>
func.func @dot_plain_b(%c: tensor<128x64xf32, #acc>) {
  %a = gir.local_alloc : !gir.memdesc<128x64xbf16, #sw>
  %b = gir.local_alloc : !gir.memdesc<64x64xbf16, #pl>
  // expected-error @+1 {{'nvgir.warpgroup_dot' op reads B with the #gir.nvmma_shared layout only}}
  %d = nvgir.warpgroup_dot %a, %b, %c : !gir.memdesc<128x64xbf16, #sw> * !gir.memdesc<64x64xbf16, #pl> -> tensor<128x64xf32, #acc>
  return
}

// -----

func.func @fence_scope() {
  // expected-error @+1 {{'nvgir.fence' op scope must be "gpu", "sys" or "async_shared", got "cta"}}
  nvgir.fence "cta"
  return
}

// -----

func.func @arrive_zero(%i: i32) {
  %bars = nvgir.mbarrier_alloc {arrivals = 1 : i32} : !nvgir.mbarriers<1>
  // expected-error @+1 {{'nvgir.mbarrier_arrive' op attribute 'count' failed to satisfy constraint}}
  nvgir.mbarrier_arrive %bars[%i] {count = 0 : i32} : !nvgir.mbarriers<1>
  return
}

// -----

func.func @named_barrier_id() {
  // expected-error @+1 {{'nvgir.named_barrier' op names barrier 16; the GPU has named barriers 0 to 15}}
  nvgir.named_barrier {id = 16 : i32, threads = 64 : i32}
  return
}

// -----

func.func @named_barrier_threads() {
  // expected-error @+1 {{'nvgir.named_barrier' op counts whole warps: threads must be a multiple of 32 up to 1024, got 48}}
  nvgir.named_barrier {id = 9 : i32, threads = 48 : i32}
  return
}

// -----

#sw = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
func.func @multicast_unexpected(%d: !tir.tensordesc<tensor<64x64xbf16>>, %i: i32, %buf: !gir.memdesc<64x64xbf16, #sw>, %bars: !nvgir.mbarriers<1>, %m: i16) {
  // expected-error @+1 {{'nvgir.tma_load' op multicast to other CTAs needs `expected`}}
  nvgir.tma_load %d[%i, %i], %buf, %bars[%i] multicast %m : !tir.tensordesc<tensor<64x64xbf16>> -> !gir.memdesc<64x64xbf16, #sw>, !nvgir.mbarriers<1>
  return
}

// -----

#sw = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
func.func @reduce_min_f32(%d: !tir.tensordesc<tensor<64x32xf32>>, %i: i32, %buf: !gir.memdesc<64x32xf32, #sw>) {
  // expected-error @+1 {{'nvgir.tma_store' op TMA cannot reduce 'f32' with "min" (add: f32, f16, bf16, i32, i64; min and max: f16, bf16, i32, i64; and, or, xor: i32, i64)}}
  nvgir.tma_store %d[%i, %i], %buf {reduce = "min"} : !tir.tensordesc<tensor<64x32xf32>>, !gir.memdesc<64x32xf32, #sw>
  return
}

// -----

#sw = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
func.func @reduce_kind(%d: !tir.tensordesc<tensor<64x32xf32>>, %i: i32, %buf: !gir.memdesc<64x32xf32, #sw>) {
  // expected-error @+1 {{'nvgir.tma_store' op reduce must be "add", "min", "max", "and", "or" or "xor", got "mul"}}
  nvgir.tma_store %d[%i, %i], %buf {reduce = "mul"} : !tir.tensordesc<tensor<64x32xf32>>, !gir.memdesc<64x32xf32, #sw>
  return
}

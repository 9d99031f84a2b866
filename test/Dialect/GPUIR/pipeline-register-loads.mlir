// RUN: trident-opt %s -split-input-file --convert-tir-to-gir="compute-capability=90" --gir-coalesce --gir-dot-layouts --gir-remove-layout-conversions --gir-pipeline="num-stages=3" --canonicalize | FileCheck %s
// RUN: trident-opt %s -split-input-file --convert-tir-to-gir="compute-capability=90" --gir-coalesce --gir-dot-layouts --gir-remove-layout-conversions --gir-pipeline="num-stages=3 ring-register-loads=false" --canonicalize | FileCheck %s --check-prefix=UNRINGED

// A loop without dots that asks for 4 stages (`tl.range(..., num_stages=4)`,
// a softmax's row loop): its row load is copied by cp.async 3 iterations
// ahead into a ring of 3 unswizzled slots (one mbarrier each, an arrival
// per thread). Each iteration waits for its slot, reads it back into the
// load's layout, applies the load's `other` (-inf) where the mask is
// false (the copies zero-fill there), then, once every warp has read the
// slot (the barrier), copies iteration i + 3 into it. The wait needs no
// proxy fence: only generic loads read the ring.
// CHECK-LABEL: func.func @rows
// CHECK: %[[BARS:.*]] = nvgir.mbarrier_alloc {arrivals = 256 : i32} : !nvgir.mbarriers<3>
// CHECK: %[[RING:.*]] = gir.local_alloc : !gir.memdesc<3x2048xf32, #plain_shared>
// CHECK: nvgir.async_copy %{{.*}}, %{{.*}}, %{{.*}} : tensor<2048x!tir.ptr<f32>, #blocked>, tensor<2048xi1, #blocked> -> !gir.memdesc<2048xf32, #plain_shared>
// CHECK: nvgir.async_copy_arrive %[[BARS]][%c0_i32]
// CHECK: nvgir.async_copy_arrive %[[BARS]][%c1_i32]
// CHECK: nvgir.async_copy_arrive %[[BARS]][%c2_i32]
// CHECK: scf.for {{.*}} iter_args(%[[SLOT:[^ ]+]] = %c0_i32, %[[PHASE:[^ ]+]] = %c0_i32)
// CHECK-NOT: tir.load
// CHECK: nvgir.mbarrier_wait %[[BARS]][%[[SLOT]]], %[[PHASE]] {unfenced}
// CHECK-NEXT: %[[VIEW:.*]] = gir.memdesc_index %[[RING]][%[[SLOT]]]
// CHECK-NEXT: %[[ROW:.*]] = gir.local_load %[[VIEW]] : !gir.memdesc<2048xf32, #plain_shared> -> tensor<2048xf32, #blocked>
// CHECK-NEXT: %[[X:.*]] = arith.select %{{.*}}, %[[ROW]], %cst
// CHECK-NEXT: gir.barrier
// CHECK: nvgir.async_copy
// CHECK-NEXT: nvgir.async_copy_arrive %[[BARS]][%[[SLOT]]]
// CHECK: arith.addf %[[X]], %[[X]]
// CHECK: tir.store
// CHECK: scf.yield
// CHECK: nvgir.async_wait {pending = 0 : i32}
module attributes {tir.num_warps = 8 : i32} {
  func.func @rows(%src: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                  %dst: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                  %stride: i32 {tir.divisibility = 16 : i32},
                  %nrows: i32, %ncols: i32 {tir.divisibility = 16 : i32}) {
    %pid = tir.get_program_id 0 : i32
    %np = tir.get_num_programs 0 : i32
    %cols = tir.make_range 0 to 2048 : tensor<2048xi32>
    %nc = tir.splat %ncols : i32 -> tensor<2048xi32>
    %mask = arith.cmpi slt, %cols, %nc : tensor<2048xi32>
    %ninf = arith.constant dense<0xFF800000> : tensor<2048xf32>
    scf.for %r = %pid to %nrows step %np : i32 {
      %off = arith.muli %r, %stride : i32
      %rowp = tir.addptr %src, %off : !tir.ptr<f32>, i32
      %ps = tir.splat %rowp : !tir.ptr<f32> -> tensor<2048x!tir.ptr<f32>>
      %p = tir.addptr %ps, %cols : tensor<2048x!tir.ptr<f32>>, tensor<2048xi32>
      %x = tir.load %p, %mask, %ninf : tensor<2048x!tir.ptr<f32>>
      %y = arith.addf %x, %x : tensor<2048xf32>
      %outp = tir.addptr %dst, %off : !tir.ptr<f32>, i32
      %os = tir.splat %outp : !tir.ptr<f32> -> tensor<2048x!tir.ptr<f32>>
      %o = tir.addptr %os, %cols : tensor<2048x!tir.ptr<f32>>, tensor<2048xi32>
      tir.store %o, %y, %mask : tensor<2048x!tir.ptr<f32>>
    } {tir.num_stages = 4 : i32}
    return
  }
}

// -----

// The same loop without its own stage count: left as it is (Triton
// pipelines only loops with dots or an explicit num_stages).
// CHECK-LABEL: func.func @rows_plain
// CHECK-NOT: gir.local_alloc
// CHECK: tir.load
module attributes {tir.num_warps = 8 : i32} {
  func.func @rows_plain(%src: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                  %dst: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                  %stride: i32 {tir.divisibility = 16 : i32},
                  %nrows: i32, %ncols: i32 {tir.divisibility = 16 : i32}) {
    %pid = tir.get_program_id 0 : i32
    %np = tir.get_num_programs 0 : i32
    %cols = tir.make_range 0 to 2048 : tensor<2048xi32>
    %nc = tir.splat %ncols : i32 -> tensor<2048xi32>
    %mask = arith.cmpi slt, %cols, %nc : tensor<2048xi32>
    %ninf = arith.constant dense<0xFF800000> : tensor<2048xf32>
    scf.for %r = %pid to %nrows step %np : i32 {
      %off = arith.muli %r, %stride : i32
      %rowp = tir.addptr %src, %off : !tir.ptr<f32>, i32
      %ps = tir.splat %rowp : !tir.ptr<f32> -> tensor<2048x!tir.ptr<f32>>
      %p = tir.addptr %ps, %cols : tensor<2048x!tir.ptr<f32>>, tensor<2048xi32>
      %x = tir.load %p, %mask, %ninf : tensor<2048x!tir.ptr<f32>>
      %y = arith.addf %x, %x : tensor<2048xf32>
      %outp = tir.addptr %dst, %off : !tir.ptr<f32>, i32
      %os = tir.splat %outp : !tir.ptr<f32> -> tensor<2048x!tir.ptr<f32>>
      %o = tir.addptr %os, %cols : tensor<2048x!tir.ptr<f32>>, tensor<2048xi32>
      tir.store %o, %y, %mask : tensor<2048x!tir.ptr<f32>>
    }
    return
  }
}

// -----

// A gather: the index tile is ringed; the load whose addresses it gives
// cannot run ahead (its address depends on a load of the iteration) and
// stays.
// CHECK-LABEL: func.func @gather
// CHECK: gir.local_alloc : !gir.memdesc<2x256xi32, #plain_shared>
// CHECK-NOT: gir.local_alloc
// CHECK: scf.for
// CHECK: %[[IDX:.*]] = gir.local_load
// CHECK: %[[PTR:.*]] = tir.addptr %{{.*}}, %[[IDX]]
// CHECK: tir.load %[[PTR]]
module {
  func.func @gather(%idx: !tir.ptr<i32> {tir.divisibility = 16 : i32},
                    %src: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                    %dst: !tir.ptr<f32> {tir.divisibility = 16 : i32}, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c256 = arith.constant 256 : i32
    %r = tir.make_range 0 to 256 : tensor<256xi32>
    %is = tir.splat %idx : !tir.ptr<i32> -> tensor<256x!tir.ptr<i32>>
    %ss = tir.splat %src : !tir.ptr<f32> -> tensor<256x!tir.ptr<f32>>
    %ds = tir.splat %dst : !tir.ptr<f32> -> tensor<256x!tir.ptr<f32>>
    scf.for %i = %c0 to %n step %c1 : i32 {
      %base = arith.muli %i, %c256 : i32
      %bs = tir.splat %base : i32 -> tensor<256xi32>
      %off = arith.addi %bs, %r : tensor<256xi32>
      %pi = tir.addptr %is, %off : tensor<256x!tir.ptr<i32>>, tensor<256xi32>
      %j = tir.load %pi : tensor<256x!tir.ptr<i32>>
      %ps = tir.addptr %ss, %j : tensor<256x!tir.ptr<f32>>, tensor<256xi32>
      %x = tir.load %ps : tensor<256x!tir.ptr<f32>>
      %pd = tir.addptr %ds, %off : tensor<256x!tir.ptr<f32>>, tensor<256xi32>
      tir.store %pd, %x : tensor<256x!tir.ptr<f32>>
    } {tir.num_stages = 3 : i32}
    return
  }
}

// -----

// Attention backward's row statistics: beside q^T (one ring, read by two
// dots), the loop loads m (a row of 32 f32 in the column slice of the
// dot's accumulator) and reads it in registers. m gets its own ring of
// unswizzled slots filled in the same stages as q^T (the copies run
// S - 1 = 2 ahead, under the same mbarriers), allocated after the swizzled
// buffers (it then fills a gap their 1024-byte alignment leaves); the body
// reads its slot back into the slice layout after the wait.
// With ring-register-loads=false (pipeline-variants' `registers-unringed`)
// m stays a load in the body; q^T is ringed as before.
// UNRINGED-LABEL: func.func @stats
// UNRINGED-NOT: #plain_shared>
// UNRINGED: scf.for
// UNRINGED: tir.load %{{.*}} : tensor<32x!tir.ptr<f32>
// UNRINGED: nvgir.warpgroup_dot
// UNRINGED: scf.yield
// CHECK-LABEL: func.func @stats
// CHECK: %[[Q:.*]] = gir.local_alloc : !gir.memdesc<3x64x32xf16, #shared>
// CHECK: %[[BARS:.*]] = nvgir.mbarrier_alloc {arrivals = 128 : i32} : !nvgir.mbarriers<3>
// CHECK: %[[M:.*]] = gir.local_alloc : !gir.memdesc<3x32xf32, #plain_shared>
// CHECK: scf.for {{.*}} iter_args({{.*}}, %[[READ:[^ ]+]] = %c0_i32, %[[WRITE:[^ ]+]] = %c2_i32, %[[PHASE:[^ ]+]] = %c0_i32)
// CHECK: gir.barrier
// CHECK: nvgir.async_copy %{{.*}} -> !gir.memdesc<64x32xf16, #shared>
// CHECK: %[[MW:.*]] = gir.memdesc_index %[[M]][%[[WRITE]]]
// CHECK: nvgir.async_copy %{{.*}}, %[[MW]] if %{{.*}} : tensor<32x!tir.ptr<f32>, #slice> -> !gir.memdesc<32xf32, #plain_shared>
// CHECK: nvgir.async_copy_arrive %[[BARS]][%[[WRITE]]]
// CHECK: nvgir.mbarrier_wait %[[BARS]][%[[READ]]], %[[PHASE]]
// CHECK: nvgir.warpgroup_dot
// CHECK: %[[MR:.*]] = gir.memdesc_index %[[M]][%[[READ]]]
// CHECK: %[[MV:.*]] = gir.local_load %[[MR]] : !gir.memdesc<32xf32, #plain_shared> -> tensor<32xf32, #slice>
// CHECK: tir.expand_dims %[[MV]], axis = 0
// CHECK: nvgir.warpgroup_dot
// CHECK-NOT: tir.load
// CHECK: scf.yield
module {
  func.func @stats(%pa: tensor<128x64x!tir.ptr<f16>>,
                   %qbase: !tir.ptr<f16> {tir.divisibility = 16 : i32},
                   %mbase: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                   %n: i32) -> tensor<128x64xf32> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c32i = arith.constant 32 : i32
    %z32 = arith.constant dense<0.0> : tensor<128x32xf32>
    %z64 = arith.constant dense<0.0> : tensor<128x64xf32>
    %k = tir.load %pa : tensor<128x64x!tir.ptr<f16>>
    %r64 = tir.make_range 0 to 64 : tensor<64xi32>
    %r32 = tir.make_range 0 to 32 : tensor<32xi32>
    %re = tir.expand_dims %r64, axis = 1 : tensor<64xi32> -> tensor<64x1xi32>
    %c32 = arith.constant dense<32> : tensor<64x1xi32>
    %rs = arith.muli %re, %c32 : tensor<64x1xi32>
    %rb = tir.broadcast %rs : tensor<64x1xi32> -> tensor<64x32xi32>
    %ce = tir.expand_dims %r32, axis = 0 : tensor<32xi32> -> tensor<1x32xi32>
    %cb = tir.broadcast %ce : tensor<1x32xi32> -> tensor<64x32xi32>
    %off = arith.addi %rb, %cb : tensor<64x32xi32>
    %qs = tir.splat %qbase : !tir.ptr<f16> -> tensor<64x32x!tir.ptr<f16>>
    %pq = tir.addptr %qs, %off : tensor<64x32x!tir.ptr<f16>>, tensor<64x32xi32>
    %ms = tir.splat %mbase : !tir.ptr<f32> -> tensor<32x!tir.ptr<f32>>
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z64, %cur = %c0) -> (tensor<128x64xf32>, i32) : i32 {
      %qT = tir.load %pq : tensor<64x32x!tir.ptr<f16>>
      %curs = tir.splat %cur : i32 -> tensor<32xi32>
      %offm = arith.addi %curs, %r32 : tensor<32xi32>
      %pm = tir.addptr %ms, %offm : tensor<32x!tir.ptr<f32>>, tensor<32xi32>
      %m = tir.load %pm : tensor<32x!tir.ptr<f32>>
      %s = tir.dot %k, %qT, %z32 : tensor<128x64xf16> * tensor<64x32xf16> -> tensor<128x32xf32>
      %me = tir.expand_dims %m, axis = 0 : tensor<32xf32> -> tensor<1x32xf32>
      %mb = tir.broadcast %me : tensor<1x32xf32> -> tensor<128x32xf32>
      %sm = arith.subf %s, %mb : tensor<128x32xf32>
      %e = math.exp2 %sm : tensor<128x32xf32>
      %p = arith.truncf %e : tensor<128x32xf32> to tensor<128x32xf16>
      %q = tir.trans %qT, [1, 0] : tensor<64x32xf16> -> tensor<32x64xf16>
      %d = tir.dot %p, %q, %acc : tensor<128x32xf16> * tensor<32x64xf16> -> tensor<128x64xf32>
      %next = arith.addi %cur, %c32i : i32
      scf.yield %d, %next : tensor<128x64xf32>, i32
    }
    return %r#0 : tensor<128x64xf32>
  }
}

//===- CpuKernelTest.cpp - Tile IR kernels run on the CPU target ----------===//
//
// Small kernels through the whole CPU pipeline (convert-tir-to-cpu's vector
// lowering, LLVM, the ORC JIT), each on cpu:native (the host's vector
// width) and cpu:x86-64 (4 lanes), checked element by element against a
// reference computed here. They reach the lowering's paths that the named
// test problems do not: lane-by-lane fallbacks (transposes, reshapes,
// joins, splits), a run-time stride that is and is not 1, reductions with
// two results and along an outer axis, f16 math, i1 stores, inline
// assembly.
//
//===----------------------------------------------------------------------===//
#include "../TestSupport.h"

#include "trident/Compiler/ArtifactCache.h"
#include "trident/Compiler/Compiler.h"
#include "trident/Runtime/CpuRunner.h"

#include "llvm/Support/MemoryBuffer.h"

#include <cmath>
#include <cstdio>
#include <unistd.h>
#include <cstring>
#include <vector>

using namespace trident;

namespace {

class CpuKernelTest : public ::testing::TestWithParam<const char *> {
protected:
  /// Compiles `source` for the test's target and runs it on one program
  /// instance with `args` (pointers to each argument's value).
  void run(const char *source, std::vector<void *> args) {
    Compiler compiler;
    auto pipeline = compiler.buildPipeline(GetParam());
    TRIDENT_ASSERT_EXPECTED(pipeline);
    auto module = compiler.parseSource(source);
    TRIDENT_ASSERT_EXPECTED(module);
    auto artifact = compileCached(compiler, **module, *pipeline, "llir",
                                  /*cache=*/nullptr);
    TRIDENT_ASSERT_EXPECTED(artifact);
    auto kernel = cpu::CpuKernel::load(*artifact);
    TRIDENT_ASSERT_EXPECTED(kernel);
    TRIDENT_ASSERT_OK((*kernel)->launch(args, {1, 1, 1}));
  }
};

// out (16 x 8) = transpose of x (8 x 16), through a reshape of the flat
// tile: no vector form, each chunk of lanes gathered lane by lane.
constexpr const char *kTranspose = R"(
func.func @transpose(%x: !tir.ptr<f32>, %out: !tir.ptr<f32>) attributes {tir.kernel} {
  %r = tir.make_range 0 to 128 : tensor<128xi32>
  %xs = tir.splat %x : !tir.ptr<f32> -> tensor<128x!tir.ptr<f32>>
  %xp = tir.addptr %xs, %r : tensor<128x!tir.ptr<f32>>, tensor<128xi32>
  %v = tir.load %xp : tensor<128x!tir.ptr<f32>>
  %m = tir.reshape %v : tensor<128xf32> -> tensor<8x16xf32>
  %t = tir.trans %m, [1, 0] : tensor<8x16xf32> -> tensor<16x8xf32>
  %flat = tir.reshape %t : tensor<16x8xf32> -> tensor<128xf32>
  %os = tir.splat %out : !tir.ptr<f32> -> tensor<128x!tir.ptr<f32>>
  %op = tir.addptr %os, %r : tensor<128x!tir.ptr<f32>>, tensor<128xi32>
  tir.store %op, %flat : tensor<128x!tir.ptr<f32>>
  return
}
)";

TEST_P(CpuKernelTest, TransposeThroughReshape) {
  std::vector<float> x(128), out(128, NAN);
  for (int i = 0; i < 128; ++i)
    x[i] = float(i) * 0.5f - 7;
  float *px = x.data(), *po = out.data();
  run(kTranspose, {&px, &po});
  for (int r = 0; r < 16; ++r)
    for (int c = 0; c < 8; ++c)
      ASSERT_EQ(out[r * 8 + c], x[c * 16 + r]) << "at (" << r << ", " << c << ")";
}

// out[i] = 2 * x[i * s] for i < n: consecutive only when s is 1, which the
// loads check at run time.
constexpr const char *kStrided = R"(
func.func @strided(%x: !tir.ptr<f32>, %out: !tir.ptr<f32>, %s: i32, %n: i32) attributes {tir.kernel} {
  %r = tir.make_range 0 to 64 : tensor<64xi32>
  %ss = tir.splat %s : i32 -> tensor<64xi32>
  %offs = arith.muli %r, %ss : tensor<64xi32>
  %ns = tir.splat %n : i32 -> tensor<64xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<64xi32>
  %xs = tir.splat %x : !tir.ptr<f32> -> tensor<64x!tir.ptr<f32>>
  %xp = tir.addptr %xs, %offs : tensor<64x!tir.ptr<f32>>, tensor<64xi32>
  %v = tir.load %xp, %m : tensor<64x!tir.ptr<f32>>
  %two = arith.constant dense<2.0> : tensor<64xf32>
  %w = arith.mulf %v, %two : tensor<64xf32>
  %os = tir.splat %out : !tir.ptr<f32> -> tensor<64x!tir.ptr<f32>>
  %op = tir.addptr %os, %r : tensor<64x!tir.ptr<f32>>, tensor<64xi32>
  tir.store %op, %w, %m : tensor<64x!tir.ptr<f32>>
  return
}
)";

TEST_P(CpuKernelTest, RunTimeStride) {
  for (int32_t s : {1, 3}) {
    int32_t n = 61;
    std::vector<float> x(64 * 3), out(64, NAN);
    for (size_t i = 0; i < x.size(); ++i)
      x[i] = float(i % 17) - 8;
    float *px = x.data(), *po = out.data();
    run(kStrided, {&px, &po, &s, &n});
    for (int i = 0; i < 64; ++i) {
      if (i < n)
        ASSERT_EQ(out[i], 2 * x[i * s]) << "stride " << s << ", at " << i;
      else
        ASSERT_TRUE(std::isnan(out[i])) << "stride " << s << ": masked-off "
                                        << i << " was written";
    }
  }
}

// Per row of x (4 x 32): the maximum and its first column (a reduction with
// two results, vectors combined half against half); per column, the
// maximum over the rows (along the outer axis).
constexpr const char *kArgmax = R"(
func.func @argmax(%x: !tir.ptr<f32>, %vals: !tir.ptr<f32>, %idx: !tir.ptr<i32>, %cols: !tir.ptr<f32>) attributes {tir.kernel} {
  %r = tir.make_range 0 to 128 : tensor<128xi32>
  %xs = tir.splat %x : !tir.ptr<f32> -> tensor<128x!tir.ptr<f32>>
  %xp = tir.addptr %xs, %r : tensor<128x!tir.ptr<f32>>, tensor<128xi32>
  %flat = tir.load %xp : tensor<128x!tir.ptr<f32>>
  %v = tir.reshape %flat : tensor<128xf32> -> tensor<4x32xf32>
  %c = tir.make_range 0 to 32 : tensor<32xi32>
  %c2 = tir.expand_dims %c, axis = 0 : tensor<32xi32> -> tensor<1x32xi32>
  %cb = tir.broadcast %c2 : tensor<1x32xi32> -> tensor<4x32xi32>
  %m:2 = tir.reduce %v, %cb axis = 1 : tensor<4x32xf32>, tensor<4x32xi32> -> tensor<4xf32>, tensor<4xi32> {
  ^bb0(%a: f32, %ai: i32, %b: f32, %bi: i32):
    %gt = arith.cmpf ogt, %a, %b : f32
    %eq = arith.cmpf oeq, %a, %b : f32
    %lt = arith.cmpi slt, %ai, %bi : i32
    %tie = arith.andi %eq, %lt : i1
    %keep = arith.ori %gt, %tie : i1
    %mv = arith.select %keep, %a, %b : f32
    %mi = arith.select %keep, %ai, %bi : i32
    tir.reduce.return %mv, %mi : f32, i32
  }
  %r4 = tir.make_range 0 to 4 : tensor<4xi32>
  %vs = tir.splat %vals : !tir.ptr<f32> -> tensor<4x!tir.ptr<f32>>
  %vp = tir.addptr %vs, %r4 : tensor<4x!tir.ptr<f32>>, tensor<4xi32>
  tir.store %vp, %m#0 : tensor<4x!tir.ptr<f32>>
  %is = tir.splat %idx : !tir.ptr<i32> -> tensor<4x!tir.ptr<i32>>
  %ip = tir.addptr %is, %r4 : tensor<4x!tir.ptr<i32>>, tensor<4xi32>
  tir.store %ip, %m#1 : tensor<4x!tir.ptr<i32>>
  %col = tir.reduce %v axis = 0 : tensor<4x32xf32> -> tensor<32xf32> {
  ^bb0(%a: f32, %b: f32):
    %mx = arith.maximumf %a, %b : f32
    tir.reduce.return %mx : f32
  }
  %cs = tir.splat %cols : !tir.ptr<f32> -> tensor<32x!tir.ptr<f32>>
  %cp = tir.addptr %cs, %c : tensor<32x!tir.ptr<f32>>, tensor<32xi32>
  tir.store %cp, %col : tensor<32x!tir.ptr<f32>>
  return
}
)";

TEST_P(CpuKernelTest, ArgmaxAndOuterAxisMax) {
  std::vector<float> x(128), vals(4, NAN), cols(32, NAN);
  std::vector<int32_t> idx(4, -1);
  for (int i = 0; i < 128; ++i)
    x[i] = float((i * 37) % 29); // repeated maxima: ties go to the first
  float *px = x.data(), *pv = vals.data(), *pc = cols.data();
  int32_t *pi = idx.data();
  run(kArgmax, {&px, &pv, &pi, &pc});
  for (int row = 0; row < 4; ++row) {
    int best = 0;
    for (int c = 1; c < 32; ++c)
      if (x[row * 32 + c] > x[row * 32 + best])
        best = c;
    EXPECT_EQ(vals[row], x[row * 32 + best]) << "row " << row;
    EXPECT_EQ(idx[row], best) << "row " << row;
  }
  for (int c = 0; c < 32; ++c) {
    float want = x[c];
    for (int row = 1; row < 4; ++row)
      want = std::max(want, x[row * 32 + c]);
    EXPECT_EQ(cols[c], want) << "column " << c;
  }
}

// out[i] = a[i] + 2 b[i] through a join into (32 x 2) and a split back;
// pos[i] = exp(h[i]) > 1 for f16 h, stored as i1 (one byte each).
constexpr const char *kJoinSplitHalf = R"(
func.func @join_split(%a: !tir.ptr<f32>, %b: !tir.ptr<f32>, %h: !tir.ptr<f16>, %out: !tir.ptr<f32>, %e: !tir.ptr<f32>, %pos: !tir.ptr<i1>) attributes {tir.kernel} {
  %r = tir.make_range 0 to 32 : tensor<32xi32>
  %as = tir.splat %a : !tir.ptr<f32> -> tensor<32x!tir.ptr<f32>>
  %ap = tir.addptr %as, %r : tensor<32x!tir.ptr<f32>>, tensor<32xi32>
  %av = tir.load %ap : tensor<32x!tir.ptr<f32>>
  %bs = tir.splat %b : !tir.ptr<f32> -> tensor<32x!tir.ptr<f32>>
  %bp = tir.addptr %bs, %r : tensor<32x!tir.ptr<f32>>, tensor<32xi32>
  %bv = tir.load %bp : tensor<32x!tir.ptr<f32>>
  %j = tir.join %av, %bv : tensor<32xf32> -> tensor<32x2xf32>
  %lo, %hi = tir.split %j : tensor<32x2xf32> -> tensor<32xf32>
  %twice = arith.addf %hi, %hi : tensor<32xf32>
  %sum = arith.addf %lo, %twice : tensor<32xf32>
  %os = tir.splat %out : !tir.ptr<f32> -> tensor<32x!tir.ptr<f32>>
  %op = tir.addptr %os, %r : tensor<32x!tir.ptr<f32>>, tensor<32xi32>
  tir.store %op, %sum : tensor<32x!tir.ptr<f32>>
  %hs = tir.splat %h : !tir.ptr<f16> -> tensor<32x!tir.ptr<f16>>
  %hp = tir.addptr %hs, %r : tensor<32x!tir.ptr<f16>>, tensor<32xi32>
  %hv = tir.load %hp : tensor<32x!tir.ptr<f16>>
  %hf = arith.extf %hv : tensor<32xf16> to tensor<32xf32>
  %ex = math.exp %hf : tensor<32xf32>
  %es = tir.splat %e : !tir.ptr<f32> -> tensor<32x!tir.ptr<f32>>
  %ep = tir.addptr %es, %r : tensor<32x!tir.ptr<f32>>, tensor<32xi32>
  tir.store %ep, %ex : tensor<32x!tir.ptr<f32>>
  %one = arith.constant dense<1.0> : tensor<32xf32>
  %gt = arith.cmpf ogt, %ex, %one : tensor<32xf32>
  %ps = tir.splat %pos : !tir.ptr<i1> -> tensor<32x!tir.ptr<i1>>
  %pp = tir.addptr %ps, %r : tensor<32x!tir.ptr<i1>>, tensor<32xi32>
  tir.store %pp, %gt : tensor<32x!tir.ptr<i1>>
  return
}
)";

TEST_P(CpuKernelTest, JoinSplitHalfExpAndBools) {
  std::vector<float> a(32), b(32), out(32, NAN), e(32, NAN);
  std::vector<uint16_t> h(32);
  std::vector<uint8_t> pos(32, 7);
  std::vector<float> hv(32);
  for (int i = 0; i < 32; ++i) {
    a[i] = float(i) - 10;
    b[i] = float(i % 5) * 0.25f;
    hv[i] = (float(i) - 16) / 4; // exact in f16
    // f16 bits of hv[i]: sign, exponent, mantissa (hv is a multiple of 1/4
    // with |hv| <= 4, so normal or zero).
    float v = std::fabs(hv[i]);
    uint16_t bits = 0;
    if (v != 0) {
      int exp;
      float frac = std::frexp(v, &exp); // v = frac * 2^exp, frac in [0.5, 1)
      bits = uint16_t(((exp - 1 + 15) << 10) |
                      (uint16_t(std::lround((frac * 2 - 1) * 1024)) & 0x3ff));
    }
    h[i] = bits | (hv[i] < 0 ? 0x8000 : 0);
  }
  float *pa = a.data(), *pb = b.data(), *po = out.data(), *pe = e.data();
  uint16_t *ph = h.data();
  uint8_t *pp = pos.data();
  run(kJoinSplitHalf, {&pa, &pb, &ph, &po, &pe, &pp});
  for (int i = 0; i < 32; ++i) {
    EXPECT_EQ(out[i], a[i] + 2 * b[i]) << "at " << i;
    double want = std::exp(double(hv[i]));
    EXPECT_NEAR(e[i], want, 2e-6 * want) << "exp at " << i;
    EXPECT_EQ(pos[i], hv[i] > 0 ? 1 : 0) << "bool at " << i;
  }
}


// x = p[0:16]; p[0:16] = 0; q[0:16] = x: the load must not be read where
// its consumer is (after the store), but where it is.
constexpr const char *kLoadThenOverwrite = R"(
func.func @overwrite(%p: !tir.ptr<f32>, %q: !tir.ptr<f32>) attributes {tir.kernel} {
  %r = tir.make_range 0 to 16 : tensor<16xi32>
  %ps = tir.splat %p : !tir.ptr<f32> -> tensor<16x!tir.ptr<f32>>
  %pp = tir.addptr %ps, %r : tensor<16x!tir.ptr<f32>>, tensor<16xi32>
  %x = tir.load %pp : tensor<16x!tir.ptr<f32>>
  %zero = arith.constant dense<0.0> : tensor<16xf32>
  tir.store %pp, %zero : tensor<16x!tir.ptr<f32>>
  %qs = tir.splat %q : !tir.ptr<f32> -> tensor<16x!tir.ptr<f32>>
  %qp = tir.addptr %qs, %r : tensor<16x!tir.ptr<f32>>, tensor<16xi32>
  tir.store %qp, %x : tensor<16x!tir.ptr<f32>>
  return
}
)";

TEST_P(CpuKernelTest, LoadBeforeAStoreKeepsItsValues) {
  std::vector<float> p(16), q(16, NAN);
  for (int i = 0; i < 16; ++i)
    p[i] = float(i + 1);
  float *pp = p.data(), *pq = q.data();
  run(kLoadThenOverwrite, {&pp, &pq});
  for (int i = 0; i < 16; ++i) {
    EXPECT_EQ(q[i], float(i + 1)) << "at " << i;
    EXPECT_EQ(p[i], 0.0f) << "at " << i;
  }
}

// Pointer tiles carried by loops: advanced by a splat (consecutive in
// every iteration: vector loads), and advanced by a range (the stride grows
// each iteration: 1, 2, 3, ... so the loads may not be vector loads).
constexpr const char *kCarriedPointers = R"(
func.func @carried(%x: !tir.ptr<f32>, %out: !tir.ptr<f32>, %k: i32) attributes {tir.kernel} {
  %n = arith.index_cast %k : i32 to index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = tir.make_range 0 to 16 : tensor<16xi32>
  %xs = tir.splat %x : !tir.ptr<f32> -> tensor<16x!tir.ptr<f32>>
  %xp = tir.addptr %xs, %r : tensor<16x!tir.ptr<f32>>, tensor<16xi32>
  %step = arith.constant dense<16> : tensor<16xi32>
  %zero = arith.constant dense<0.0> : tensor<16xf32>
  %a:2 = scf.for %i = %c0 to %n step %c1 iter_args(%p = %xp, %acc = %zero) -> (tensor<16x!tir.ptr<f32>>, tensor<16xf32>) {
    %v = tir.load %p : tensor<16x!tir.ptr<f32>>
    %s = arith.addf %acc, %v : tensor<16xf32>
    %next = tir.addptr %p, %step : tensor<16x!tir.ptr<f32>>, tensor<16xi32>
    scf.yield %next, %s : tensor<16x!tir.ptr<f32>>, tensor<16xf32>
  }
  %b:2 = scf.for %i = %c0 to %n step %c1 iter_args(%p = %xs, %acc = %zero) -> (tensor<16x!tir.ptr<f32>>, tensor<16xf32>) {
    %v = tir.load %p : tensor<16x!tir.ptr<f32>>
    %s = arith.addf %acc, %v : tensor<16xf32>
    %next = tir.addptr %p, %r : tensor<16x!tir.ptr<f32>>, tensor<16xi32>
    scf.yield %next, %s : tensor<16x!tir.ptr<f32>>, tensor<16xf32>
  }
  %os = tir.splat %out : !tir.ptr<f32> -> tensor<16x!tir.ptr<f32>>
  %op = tir.addptr %os, %r : tensor<16x!tir.ptr<f32>>, tensor<16xi32>
  tir.store %op, %a#1 : tensor<16x!tir.ptr<f32>>
  %sixteen = arith.constant dense<16> : tensor<16xi32>
  %r2 = arith.addi %r, %sixteen : tensor<16xi32>
  %op2 = tir.addptr %os, %r2 : tensor<16x!tir.ptr<f32>>, tensor<16xi32>
  tir.store %op2, %b#1 : tensor<16x!tir.ptr<f32>>
  return
}
)";

TEST_P(CpuKernelTest, LoopCarriedPointers) {
  int32_t k = 4;
  std::vector<float> x(64), out(32, NAN);
  for (int i = 0; i < 64; ++i)
    x[i] = float(i * i % 23);
  float *px = x.data(), *po = out.data();
  run(kCarriedPointers, {&px, &po, &k});
  for (int j = 0; j < 16; ++j) {
    float blocks = 0, growing = 0;
    for (int i = 0; i < k; ++i) {
      blocks += x[i * 16 + j];
      growing += x[i * j]; // after i steps, lane j points at x + i * j
    }
    EXPECT_EQ(out[j], blocks) << "lane " << j;
    EXPECT_EQ(out[16 + j], growing) << "lane " << j;
  }
}

// x86 inline assembly on a 4 x 2 tile, four elements per invocation (each
// its own operand): packs run over the elements in row-major order, across
// rows, and element k of a pack gets k + 1 added.
constexpr const char *kInlineAsmPack = R"(
func.func @asm_pack(%x: !tir.ptr<i32>, %out: !tir.ptr<i32>) attributes {tir.kernel} {
  %r = tir.make_range 0 to 8 : tensor<8xi32>
  %xs = tir.splat %x : !tir.ptr<i32> -> tensor<8x!tir.ptr<i32>>
  %xp = tir.addptr %xs, %r : tensor<8x!tir.ptr<i32>>, tensor<8xi32>
  %v = tir.load %xp : tensor<8x!tir.ptr<i32>>
  %m = tir.reshape %v : tensor<8xi32> -> tensor<4x2xi32>
  %a = tir.inline_asm_elementwise "leal 1($4), $0\n\tleal 2($5), $1\n\tleal 3($6), $2\n\tleal 4($7), $3", "=r,=r,=r,=r,r,r,r,r" pure pack = 4 (%m : tensor<4x2xi32>) -> tensor<4x2xi32>
  %f = tir.reshape %a : tensor<4x2xi32> -> tensor<8xi32>
  %os = tir.splat %out : !tir.ptr<i32> -> tensor<8x!tir.ptr<i32>>
  %op = tir.addptr %os, %r : tensor<8x!tir.ptr<i32>>, tensor<8xi32>
  tir.store %op, %f : tensor<8x!tir.ptr<i32>>
  return
}
)";

TEST_P(CpuKernelTest, InlineAsmPacks) {
  std::vector<int32_t> x(8), out(8, -1);
  for (int i = 0; i < 8; ++i)
    x[i] = 1000 * i - 3000;
  int32_t *px = x.data(), *po = out.data();
  run(kInlineAsmPack, {&px, &po});
  for (int i = 0; i < 8; ++i)
    EXPECT_EQ(out[i], x[i] + i % 4 + 1) << "at " << i;
}

// With TRIDENT_PERF_MAP set, the JIT lists the kernel's functions in
// /tmp/perf-<pid>.map, where perf finds names for JIT code.
TEST(CpuKernelPerfMap, ListsTheKernelsFunctions) {
  std::string path = "/tmp/perf-" + std::to_string(::getpid()) + ".map";
  std::remove(path.c_str());
  ::setenv("TRIDENT_PERF_MAP", "1", 1);
  Compiler compiler;
  auto pipeline = compiler.buildPipeline("cpu:x86-64");
  TRIDENT_ASSERT_EXPECTED(pipeline);
  auto module = compiler.parseSource(kTranspose);
  TRIDENT_ASSERT_EXPECTED(module);
  auto artifact = compileCached(compiler, **module, *pipeline, "llir",
                                /*cache=*/nullptr);
  TRIDENT_ASSERT_EXPECTED(artifact);
  auto kernel = cpu::CpuKernel::load(*artifact);
  ::unsetenv("TRIDENT_PERF_MAP");
  TRIDENT_ASSERT_EXPECTED(kernel);
  auto map = llvm::MemoryBuffer::getFile(path);
  ASSERT_TRUE(bool(map)) << path << ": " << map.getError().message();
  llvm::StringRef text = (*map)->getBuffer();
  EXPECT_TRUE(text.contains(" transpose\n")) << text.str();
  EXPECT_TRUE(text.contains(" __trident_cpu_grid_transpose\n")) << text.str();
  std::remove(path.c_str());
}

INSTANTIATE_TEST_SUITE_P(Targets, CpuKernelTest,
                         ::testing::Values("cpu:native", "cpu:x86-64"),
                         [](const ::testing::TestParamInfo<const char *> &info) {
                           return std::string(info.param) == "cpu:native"
                                      ? "native"
                                      : "x86_64";
                         });

} // namespace

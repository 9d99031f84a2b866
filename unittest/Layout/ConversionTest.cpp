//===- ConversionTest.cpp - Conversion plans and bank conflicts -----------===//
#include "LayoutTestUtils.h"

#include "trident/Layout/Conversion.h"
#include "trident/Layout/Layouts.h"

#include <algorithm>
#include <random>
#include <map>
#include <set>

using namespace trident::layout;
using namespace trident::layout::test;
using Basis = LinearLayout::Basis;

//===--- Bank-conflict counting ----------------------------------------===//

namespace {
std::vector<int64_t> strided(int64_t stride, int lanes = 32) {
  std::vector<int64_t> a;
  for (int l = 0; l < lanes; ++l)
    a.push_back(l * stride);
  return a;
}
} // namespace

TEST(BankConflicts, CountWavefronts) {
  EXPECT_EQ(countWavefronts(strided(4), 4), 1u);     // one word per bank
  EXPECT_EQ(countWavefronts(strided(128), 4), 32u);  // all in bank 0
  EXPECT_EQ(countWavefronts(strided(32), 4), 8u);    // banks 0, 8, 16, 24
  EXPECT_EQ(countWavefronts(strided(0), 4), 1u);     // a broadcast
  EXPECT_EQ(countWavefronts(strided(2), 2), 1u);     // two lanes per word
  EXPECT_EQ(countWavefronts(strided(64), 2), 16u);   // words 16 apart: banks 0 and 16
  EXPECT_EQ(countWavefronts(strided(16), 16), 4u);   // 4 phases of 8 lanes
  EXPECT_EQ(countWavefronts(strided(8), 8), 2u);     // 2 phases of 16 lanes
  EXPECT_EQ(countWavefronts(strided(256), 16), 32u); // 8-way in each phase
  EXPECT_EQ(idealWavefronts(32, 16), 4u);
  EXPECT_EQ(idealWavefronts(32, 8), 2u);
  EXPECT_EQ(idealWavefronts(32, 2), 1u);
  // A 16-byte access XOR-swizzled by row stays conflict-free.
  std::vector<int64_t> swz;
  for (int l = 0; l < 32; ++l)
    swz.push_back(l * 128 + ((l % 8) * 16));
  EXPECT_EQ(countWavefronts(swz, 16), 4u);
}

TEST(BankConflicts, LayoutAccessCost) {
  LinearLayout rowMajor = get(unswizzledShared({64, 64}, {1, 0}));
  // A coalesced row-major blocked store: conflict-free, 16 bytes per lane.
  LinearLayout b = get(blocked({64, 64}, {1, 8}, {4, 8}, {4, 1}, {1, 0}));
  SharedAccessCost c = get(sharedAccessCost(b, rowMajor, 16));
  EXPECT_EQ(c.vecElems, 8u);
  EXPECT_TRUE(c.conflictFree());
  EXPECT_EQ(c.instructions, unsigned(b.getInDimSize(kRegister) / 8));
  // The mma.sync accumulator (fp32) into an unswizzled row-major tile: the
  // eight row groups hit the same banks.
  LinearLayout acc = get(mmaV2Accumulator({64, 64}, {2, 2}));
  SharedAccessCost bad = get(sharedAccessCost(acc, rowMajor, 32));
  EXPECT_EQ(bad.vecElems, 2u);
  EXPECT_FALSE(bad.conflictFree());
  EXPECT_EQ(bad.wavefronts, 4 * bad.idealWavefronts);
  // A column-major read of the row-major tile is 32-way conflicted.
  LinearLayout col = get(blocked({64, 64}, {1, 1}, {32, 1}, {1, 4}, {0, 1}));
  SharedAccessCost worst = get(sharedAccessCost(col, rowMajor, 32));
  EXPECT_EQ(worst.wavefronts, 32 * worst.idealWavefronts);
  // Vector widths that are not contiguous are rejected.
  EXPECT_TRUE(fails(sharedAccessCost(acc, rowMajor, 32, 4)));
  EXPECT_TRUE(fails(sharedAccessCost(acc, rowMajor, 12)));
}

//===--- Gather maps and classification --------------------------------===//

namespace {

/// Checks dstToSrc against the layouts: src(G(x)) == dst(x) for all x.
void expectGatherCorrect(const LinearLayout &src, const LinearLayout &dst,
                         const LinearLayout &g) {
  forEachInput(dst, [&](llvm::ArrayRef<int32_t> x) {
    Basis s = g.apply(x);
    // g's outputs are (register, lane, warp) in that order.
    ASSERT_EQ(at(src, s[0], s[1], s[2]), at(dst, x[0], x[1], x[2]));
  });
}

/// Brute force: can every dst (register, lane, warp) find its element in
/// src in the same thread (sameWarpOnly = false) or the same warp?
bool everyElementLocal(const LinearLayout &src, const LinearLayout &dst,
                       bool sameWarpOnly) {
  // The elements each src thread (or warp) holds.
  std::map<std::pair<int32_t, int32_t>, std::set<Basis>> held;
  forEachInput(src, [&](llvm::ArrayRef<int32_t> x) {
    held[{x[2], sameWarpOnly ? 0 : x[1]}].insert(at(src, x[0], x[1], x[2]));
  });
  bool ok = true;
  forEachInput(dst, [&](llvm::ArrayRef<int32_t> x) {
    ok &= held[{x[2], sameWarpOnly ? 0 : x[1]}].count(at(dst, x[0], x[1], x[2])) > 0;
  });
  return ok;
}

struct Pair {
  const char *name;
  LinearLayout src, dst;
  unsigned elemBits;
};

std::vector<Pair> conversionPairs() {
  return {
      {"blocked-transpose-fp32",
       get(blocked({64, 64}, {1, 4}, {4, 8}, {4, 1}, {1, 0})),
       get(blocked({64, 64}, {4, 1}, {8, 4}, {1, 4}, {0, 1})), 32},
      {"mma-acc-to-blocked-fp16", get(mmaV2Accumulator({128, 128}, {2, 2})),
       get(blocked({128, 128}, {1, 8}, {2, 16}, {4, 1}, {1, 0})), 16},
      {"blocked-to-mma-A-bf16",
       get(blocked({128, 64}, {1, 8}, {4, 8}, {4, 1}, {1, 0})),
       get(mmaV2Operand(MmaOperand::A, {128, 64}, {4, 1}, 16)), 16},
      {"blocked-to-mma-B-bf16",
       get(blocked({64, 128}, {1, 8}, {2, 16}, {4, 1}, {1, 0})),
       get(mmaV2Operand(MmaOperand::B, {64, 128}, {1, 4}, 16)), 16},
      {"wgmma-acc-to-blocked-fp32", get(wgmmaAccumulator({128, 128}, 128, {4, 1})),
       get(blocked({128, 128}, {1, 4}, {1, 32}, {4, 1}, {1, 0})), 32},
      {"wgmma-acc-to-blocked-bf16", get(wgmmaAccumulator({128, 256}, 256, {8, 1})),
       get(blocked({128, 256}, {1, 8}, {1, 32}, {8, 1}, {1, 0})), 16},
      {"mma-acc-to-col-major-fp32", get(mmaV2Accumulator({64, 64}, {4, 1})),
       get(blocked({64, 64}, {4, 1}, {16, 2}, {1, 4}, {0, 1})), 32},
      {"fp8-transpose", get(blocked({128, 128}, {1, 16}, {8, 4}, {4, 1}, {1, 0})),
       get(blocked({128, 128}, {16, 1}, {4, 8}, {1, 4}, {0, 1})), 8},
      {"fp64-transpose", get(blocked({32, 32}, {1, 2}, {2, 16}, {2, 2}, {1, 0})),
       get(blocked({32, 32}, {2, 1}, {16, 2}, {2, 2}, {0, 1})), 64},
  };
}

} // namespace

TEST(Conversion, NoOp) {
  LinearLayout l = get(blocked({64, 64}, {1, 4}, {4, 8}, {4, 1}, {1, 0}));
  ConversionPlan p = get(planConversion(l, l, 16));
  EXPECT_EQ(p.kind, ConversionKind::NoOp);
  EXPECT_EQ(stringifyConversionKind(p.kind), "no-op");
  expectGatherCorrect(l, l, p.dstToSrc);
}

TEST(Conversion, RegisterPermutation) {
  // The same elements per thread, registers renamed.
  LinearLayout src = get(blocked({64, 64}, {2, 4}, {4, 8}, {2, 2}, {1, 0}));
  auto bases = src.getAllBases();
  std::reverse(bases[0].second.begin(), bases[0].second.end());
  LinearLayout dst = get(LinearLayout::fromBases(bases, src.getOutDims()));
  ConversionPlan p = get(planConversion(src, dst, 16));
  EXPECT_EQ(p.kind, ConversionKind::RegisterPermute);
  EXPECT_FALSE(p.threadDependentRegisters);
  expectGatherCorrect(src, dst, p.dstToSrc);

  // Every thread holds everything: each picks its own element, the
  // register to read depends on the lane.
  LinearLayout all = get(blocked({32}, {32}, {32}, {1}, {0}));
  LinearLayout one = get(blocked({32}, {1}, {32}, {1}, {0}));
  ConversionPlan q = get(planConversion(all, one, 32));
  EXPECT_EQ(q.kind, ConversionKind::RegisterPermute);
  EXPECT_TRUE(q.threadDependentRegisters);
  expectGatherCorrect(all, one, q.dstToSrc);
  // The other way, lanes must fetch from each other.
  EXPECT_EQ(get(planConversion(one, all, 32)).kind, ConversionKind::IntraWarp);
}

TEST(Conversion, IntraWarp) {
  // One warp: any conversion stays inside it.
  LinearLayout src = get(blocked({16, 16}, {1, 8}, {16, 2}, {1, 1}, {1, 0}));
  LinearLayout dst = get(blocked({16, 16}, {8, 1}, {2, 16}, {1, 1}, {0, 1}));
  ConversionPlan p = get(planConversion(src, dst, 16));
  EXPECT_EQ(p.kind, ConversionKind::IntraWarp);
  expectGatherCorrect(src, dst, p.dstToSrc);
  // Each warp keeps its own rows of the mma accumulator when it becomes a
  // blocked layout with the same rows per warp.
  LinearLayout acc = get(mmaV2Accumulator({64, 8}, {4, 1}));
  LinearLayout rows = get(blocked({64, 8}, {2, 2}, {8, 4}, {4, 1}, {1, 0}));
  ConversionPlan q = get(planConversion(acc, rows, 32));
  EXPECT_EQ(q.kind, ConversionKind::IntraWarp);
  expectGatherCorrect(acc, rows, q.dstToSrc);
}

TEST(Conversion, ClassificationMatchesBruteForce) {
  for (const Pair &pair : conversionPairs()) {
    SCOPED_TRACE(pair.name);
    ConversionPlan p = get(planConversion(pair.src, pair.dst, pair.elemBits));
    expectGatherCorrect(pair.src, pair.dst, p.dstToSrc);
    bool local = everyElementLocal(pair.src, pair.dst, false);
    bool inWarp = everyElementLocal(pair.src, pair.dst, true);
    EXPECT_EQ(p.kind == ConversionKind::NoOp || p.kind == ConversionKind::RegisterPermute,
              local);
    EXPECT_EQ(p.kind != ConversionKind::SharedMemory, inWarp);
  }
}

TEST(Conversion, SharedMemoryPlansAreConflictFree) {
  unsigned viaShared = 0;
  for (const Pair &pair : conversionPairs()) {
    SCOPED_TRACE(pair.name);
    ConversionPlan p = get(planConversion(pair.src, pair.dst, pair.elemBits));
    if (p.kind != ConversionKind::SharedMemory)
      continue;
    ++viaShared;
    ASSERT_TRUE(p.shared.has_value());
    SCOPED_TRACE(p.shared->str());
    EXPECT_TRUE(p.shared->isInvertible());
    EXPECT_TRUE(p.store.conflictFree())
        << p.store.wavefronts << " vs " << p.store.idealWavefronts;
    EXPECT_TRUE(p.load.conflictFree())
        << p.load.wavefronts << " vs " << p.load.idealWavefronts;
    EXPECT_EQ(p.store.vecElems, p.load.vecElems);
  }
  EXPECT_EQ(viaShared, conversionPairs().size());
}

namespace {
/// A random blocked layout of `shape` over 4 warps.
LinearLayout randomBlocked(std::mt19937 &rng, std::vector<int32_t> shape) {
  auto split = [&](int32_t total) {
    int32_t a = int32_t(1) << (rng() % (__builtin_ctz(total) + 1));
    return std::vector<int32_t>{a, total / a};
  };
  std::vector<int32_t> spt = {int32_t(1) << (rng() % 4), int32_t(1) << (rng() % 4)};
  std::vector<unsigned> order = rng() % 2 ? std::vector<unsigned>{1, 0}
                                          : std::vector<unsigned>{0, 1};
  return get(blocked(shape, spt, split(32), split(4), order));
}
} // namespace

TEST(Conversion, RandomBlockedPairsAreConflictFree) {
  std::mt19937 rng(11);
  unsigned viaShared = 0;
  for (int iter = 0; iter < 300; ++iter) {
    std::vector<int32_t> shape = {int32_t(16) << (rng() % 4), int32_t(16) << (rng() % 4)};
    unsigned bits = 8u << (rng() % 4);
    LinearLayout src = randomBlocked(rng, shape), dst = randomBlocked(rng, shape);
    switch (rng() % 4) { // sometimes a tensor-core layout on one side
    case 0:
      src = get(mmaV2Accumulator(shape, {2, 2}));
      break;
    case 1:
      dst = get(wgmmaAccumulator(shape, std::min(shape[1], 64), {4, 1}));
      break;
    case 2:
      if (bits <= 32)
        dst = get(mmaV2Operand(iter % 2 ? MmaOperand::A : MmaOperand::B, shape,
                               {2, 2}, std::max(bits, 8u)));
      break;
    }
    ConversionPlan p = get(planConversion(src, dst, bits));
    if (p.kind != ConversionKind::SharedMemory)
      continue;
    ++viaShared;
    ASSERT_TRUE(p.store.conflictFree() && p.load.conflictFree())
        << bits << "-bit\n" << src.str() << "\n" << dst.str() << "\n" << p.shared->str()
        << "\nstore " << p.store.wavefronts << "/" << p.store.idealWavefronts
        << " load " << p.load.wavefronts << "/" << p.load.idealWavefronts;
    // The vectors are at least as wide as the layouts' common register run
    // (one side may get more when a bit above the run happens to fit).
    int32_t common = 1;
    auto rs = src.getBases(kRegister), rd = dst.getBases(kRegister);
    while (common < int32_t(128 / bits) && __builtin_ctz(common) < int(rs.size()) &&
           __builtin_ctz(common) < int(rd.size()) &&
           rs[__builtin_ctz(common)] == rd[__builtin_ctz(common)])
      common *= 2;
    EXPECT_GE(p.store.vecElems, unsigned(common));
    EXPECT_GE(p.load.vecElems, unsigned(common));
  }
  EXPECT_GT(viaShared, 100u);
}

TEST(Conversion, SwizzleBeatsTheUnswizzledLayout) {
  // Transposing through a plain row-major tile conflicts on one side; the
  // chosen layout conflicts on neither and keeps the widest vector.
  LinearLayout src = get(blocked({64, 64}, {1, 4}, {4, 8}, {4, 1}, {1, 0}));
  LinearLayout dst = get(blocked({64, 64}, {4, 1}, {8, 4}, {1, 4}, {0, 1}));
  LinearLayout plain = get(unswizzledShared({64, 64}, {1, 0}));
  SharedAccessCost plainLoad = get(sharedAccessCost(dst, plain, 32));
  EXPECT_FALSE(plainLoad.conflictFree());
  ConversionPlan p = get(planConversion(src, dst, 32));
  ASSERT_EQ(p.kind, ConversionKind::SharedMemory);
  EXPECT_TRUE(p.store.conflictFree());
  EXPECT_TRUE(p.load.conflictFree());
  // Vectors: src holds 4 along dim1, dst 4 along dim0: nothing in common.
  EXPECT_EQ(p.store.vecElems, 1u);

  // mma accumulator to a row-major blocked layout: both hold pairs along
  // dim1, so 2 x fp32 = 8-byte vectors on both sides.
  LinearLayout acc = get(mmaV2Accumulator({128, 128}, {2, 2}));
  LinearLayout rows = get(blocked({128, 128}, {1, 2}, {1, 32}, {4, 1}, {1, 0}));
  ConversionPlan q = get(planConversion(acc, rows, 32));
  ASSERT_EQ(q.kind, ConversionKind::SharedMemory);
  EXPECT_EQ(q.store.vecElems, 2u);
  EXPECT_TRUE(q.store.conflictFree());
  EXPECT_TRUE(q.load.conflictFree());
}

TEST(Conversion, Errors) {
  LinearLayout a = get(blocked({64, 64}, {1, 4}, {4, 8}, {4, 1}, {1, 0}));
  LinearLayout b = get(blocked({64, 32}, {1, 4}, {4, 8}, {4, 1}, {1, 0}));
  LinearLayout c = get(blocked({64, 64}, {1, 4}, {4, 8}, {2, 1}, {1, 0}));
  EXPECT_NE(errorOf(planConversion(a, b, 16)).find("differs"), std::string::npos);
  EXPECT_NE(errorOf(planConversion(a, c, 16)).find("different sizes"), std::string::npos);
  EXPECT_TRUE(fails(chooseSharedLayout(a, a, 12)));
  // A source that lacks elements cannot feed the destination.
  LinearLayout partial = get(LinearLayout::fromBases(
      {{"register", {}}, {"lane", {{1}}}, {"warp", {}}}, {{"dim0", 4}}));
  LinearLayout full = get(LinearLayout::fromBases(
      {{"register", {{1}, {2}}}, {"lane", {{0}}}, {"warp", {}}}, {{"dim0", 4}}));
  EXPECT_NE(errorOf(gatherMap(partial, full)).find("does not hold"), std::string::npos);
}

//===--- ldmatrix ------------------------------------------------------===//

TEST(Ldmatrix, OperandFragments) {
  LinearLayout a = get(mmaV2Operand(MmaOperand::A, {16, 16}, {1, 1}, 16));
  EXPECT_EQ(ldmatrixTiles(a, get(unswizzledShared({16, 16}, {1, 0})), 16), 4u);
  LinearLayout big = get(mmaV2Operand(MmaOperand::A, {64, 64}, {4, 1}, 16));
  EXPECT_EQ(ldmatrixTiles(big, get(nvmmaShared({64, 64}, 16, 128)), 16), 4u);
  // Column-major storage needs the transposing form; not this one.
  EXPECT_EQ(ldmatrixTiles(a, get(unswizzledShared({16, 16}, {0, 1})), 16), 0u);
  // The accumulator as fp16 has the same fragment shape (stmatrix).
  LinearLayout acc = get(mmaV2Accumulator({16, 8}, {1, 1}));
  EXPECT_EQ(ldmatrixTiles(acc, get(unswizzledShared({16, 8}, {1, 0})), 16), 2u);
  EXPECT_EQ(ldmatrixTiles(acc, get(unswizzledShared({16, 8}, {1, 0})), 32), 0u);
  LinearLayout blk = get(blocked({16, 16}, {1, 8}, {16, 2}, {1, 1}, {1, 0}));
  EXPECT_EQ(ldmatrixTiles(blk, get(unswizzledShared({16, 16}, {1, 0})), 16), 0u);
}

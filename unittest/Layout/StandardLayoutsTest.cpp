//===- StandardLayoutsTest.cpp - Standard layouts vs. brute-force models --===//
//
// Each standard layout is checked against an independent model: for every
// (register, lane, warp) the element it holds is computed with the textbook
// formula (blocked) or the PTX ISA's fragment tables (mma.sync, wgmma), and
// every shared-memory offset against the documented XOR swizzle.
//
//===----------------------------------------------------------------------===//
#include "LayoutTestUtils.h"

#include "trident/Layout/Conversion.h"
#include "trident/Layout/Layouts.h"

#include <algorithm>
#include <set>

using namespace trident::layout;
using namespace trident::layout::test;
using Basis = LinearLayout::Basis;

namespace {

int32_t product(llvm::ArrayRef<int32_t> v) {
  int32_t p = 1;
  for (int32_t x : v)
    p *= x;
  return p;
}

/// Splits `id` into per-dimension indices of sizes `sizes`, `order[0]`
/// fastest.
std::vector<int32_t> delinearize(int32_t id, llvm::ArrayRef<int32_t> sizes,
                                 llvm::ArrayRef<unsigned> order) {
  std::vector<int32_t> r(sizes.size(), 0);
  for (unsigned d : order) {
    r[d] = id % sizes[d];
    id /= sizes[d];
  }
  return r;
}

//===--- Blocked: the textbook formula ---------------------------------===//

struct BlockedCase {
  std::vector<int32_t> shape, spt, tpw, wpc;
  std::vector<unsigned> order;
};

Basis blockedModel(const BlockedCase &c, int32_t reg, int32_t lane, int32_t warp) {
  unsigned rank = c.shape.size();
  std::vector<int32_t> inner(rank), reps(rank), tile(rank);
  for (unsigned d = 0; d < rank; ++d) {
    inner[d] = std::min(c.spt[d], c.shape[d]);
    tile[d] = c.spt[d] * c.tpw[d] * c.wpc[d];
    reps[d] = std::max(1, c.shape[d] / tile[d]);
  }
  std::vector<int32_t> l = delinearize(lane, c.tpw, c.order);
  std::vector<int32_t> w = delinearize(warp, c.wpc, c.order);
  std::vector<int32_t> i = delinearize(reg % product(inner), inner, c.order);
  std::vector<int32_t> rep = delinearize(reg / product(inner), reps, c.order);
  Basis x(rank);
  for (unsigned d = 0; d < rank; ++d)
    x[d] = (rep[d] * tile[d] + w[d] * c.spt[d] * c.tpw[d] + l[d] * c.spt[d] + i[d]) %
           c.shape[d];
  return x;
}

int32_t blockedRegisters(const BlockedCase &c) {
  int32_t n = 1;
  for (unsigned d = 0; d < c.shape.size(); ++d)
    n *= std::min(c.spt[d], c.shape[d]) *
         std::max(1, c.shape[d] / (c.spt[d] * c.tpw[d] * c.wpc[d]));
  return n;
}

const std::vector<BlockedCase> kBlockedCases = {
    // 1D
    {{128}, {4}, {32}, {1}, {0}},
    {{1024}, {4}, {32}, {4}, {0}},   // wraps: 2 repetitions
    {{64}, {4}, {32}, {4}, {0}},     // replication: lanes and warps copy
    {{4}, {8}, {32}, {1}, {0}},      // sizePerThread larger than the tensor
    // 2D, both orders, repetitions and copies
    {{64, 64}, {1, 4}, {4, 8}, {4, 1}, {1, 0}},
    {{128, 32}, {2, 2}, {8, 4}, {2, 2}, {0, 1}},
    {{16, 16}, {1, 8}, {2, 16}, {4, 2}, {1, 0}}, // tile 8x128 on 16x16
    {{256, 128}, {4, 4}, {2, 16}, {8, 1}, {1, 0}},
    {{32, 8}, {1, 1}, {32, 1}, {1, 4}, {0, 1}},
    // 3D
    {{4, 32, 16}, {1, 2, 2}, {2, 4, 4}, {2, 1, 2}, {2, 1, 0}},
    {{8, 8, 8}, {2, 1, 4}, {1, 8, 4}, {4, 1, 1}, {0, 2, 1}},
};

} // namespace

TEST(StandardLayouts, BlockedMatchesTextbookFormula) {
  for (const BlockedCase &c : kBlockedCases) {
    LinearLayout l = get(blocked(c.shape, c.spt, c.tpw, c.wpc, c.order));
    SCOPED_TRACE(l.str());
    ASSERT_EQ(l.getInDimSize(kRegister), blockedRegisters(c));
    ASSERT_EQ(l.getInDimSize(kLane), product(c.tpw));
    ASSERT_EQ(l.getInDimSize(kWarp), product(c.wpc));
    std::set<Basis> covered;
    forEachInput(l, [&](llvm::ArrayRef<int32_t> x) {
      Basis got = l.apply(x);
      EXPECT_EQ(got, blockedModel(c, x[0], x[1], x[2]))
          << "reg " << x[0] << " lane " << x[1] << " warp " << x[2];
      covered.insert(got);
    });
    // Every element is held somewhere.
    EXPECT_EQ(int64_t(covered.size()), product(c.shape));
    EXPECT_TRUE(l.isSurjective());
  }
}

TEST(StandardLayouts, BlockedReplicationIsFreeVariables) {
  // 64 elements over 4 warps of 32 lanes with 4 each: lanes 16.. and all
  // warps hold copies.
  LinearLayout l = get(blocked({64}, {4}, {32}, {4}, {0}));
  auto zero = l.getZeroBasesMasks();
  EXPECT_EQ(zero[0].second, 0u);   // registers
  EXPECT_EQ(zero[1].second, 0x10u); // lane bit 4
  EXPECT_EQ(zero[2].second, 0x3u); // both warp bits
  EXPECT_EQ(l.getNumConsecutiveInOut(), 4);
}

TEST(StandardLayouts, BlockedRejectsBadParameters) {
  EXPECT_NE(errorOf(blocked({64, 64}, {1, 3}, {4, 8}, {4, 1}, {1, 0})).find("power of two"),
            std::string::npos);
  EXPECT_NE(errorOf(blocked({64, 64}, {1, 4}, {4, 8}, {4, 1}, {1, 1})).find("permutation"),
            std::string::npos);
  EXPECT_NE(errorOf(blocked({64, 64}, {1}, {4, 8}, {4, 1}, {1, 0})).find("entries"),
            std::string::npos);
}

//===--- mma.sync (sm_80): PTX ISA fragment tables ---------------------===//

namespace {

/// PTX: "Matrix fragments for mma.m16n8k16" (and k8/k32 variants). g is
/// the groupID (lane / 4), t the threadID_in_group (lane % 4).
Basis ptxAccumulator(int32_t i, int32_t lane) {
  int32_t g = lane / 4, t = lane % 4;
  return {g + 8 * (i / 2), 2 * t + i % 2};
}

Basis ptxOperandA(unsigned bits, int32_t i, int32_t lane) {
  int32_t g = lane / 4, t = lane % 4;
  switch (bits) {
  case 16: // a0..a7 of m16n8k16 (.f16/.bf16)
    return {g + 8 * ((i / 2) % 2), 2 * t + i % 2 + 8 * (i / 4)};
  case 32: // a0..a3 of m16n8k8 (.tf32)
    return {g + 8 * (i % 2), t + 4 * (i / 2)};
  default: // a0..a15 of m16n8k32 (.s8/.u8/.e4m3/.e5m2)
    return {g + 8 * ((i / 4) % 2), 4 * t + i % 4 + 16 * (i / 8)};
  }
}

Basis ptxOperandB(unsigned bits, int32_t i, int32_t lane) {
  int32_t g = lane / 4, t = lane % 4;
  switch (bits) {
  case 16: // b0..b3 of m16n8k16
    return {2 * t + i % 2 + 8 * (i / 2), g};
  case 32: // b0..b1 of m16n8k8 (.tf32)
    return {t + 4 * i, g};
  default: // b0..b7 of m16n8k32
    return {4 * t + i % 4 + 16 * (i / 4), g};
  }
}

} // namespace

TEST(StandardLayouts, MmaV2AccumulatorMatchesPtx) {
  struct Case {
    int32_t m, n, wm, wn;
  };
  for (Case c : {Case{16, 8, 1, 1}, Case{64, 64, 2, 2}, Case{128, 128, 4, 2},
                 Case{32, 256, 1, 8}}) {
    LinearLayout l = get(mmaV2Accumulator({c.m, c.n}, {c.wm, c.wn}));
    SCOPED_TRACE(l.str());
    int32_t repN = c.n / (8 * c.wn);
    ASSERT_EQ(l.getInDimSize(kRegister), 4 * repN * (c.m / (16 * c.wm)));
    ASSERT_EQ(l.getInDimSize(kWarp), c.wm * c.wn);
    forEachInput(l, [&](llvm::ArrayRef<int32_t> x) {
      int32_t reg = x[0], lane = x[1], warp = x[2];
      int32_t rep = reg / 4, rN = rep % repN, rM = rep / repN;
      Basis in = ptxAccumulator(reg % 4, lane);
      Basis want = {rM * 16 * c.wm + (warp / c.wn) * 16 + in[0],
                    rN * 8 * c.wn + (warp % c.wn) * 8 + in[1]};
      EXPECT_EQ(l.apply(x), want) << reg << " " << lane << " " << warp;
    });
    EXPECT_TRUE(l.isInvertible());
    EXPECT_EQ(l.getNumConsecutiveInOut(), 2);
  }
}

TEST(StandardLayouts, MmaV2OperandsMatchPtx) {
  for (unsigned bits : {8u, 16u, 32u}) {
    int32_t kInstr = 256 / bits, perInstrA = 4 * 32 / bits, perInstrB = 2 * 32 / bits;
    struct Case {
      int32_t m, n, k, wm, wn;
    };
    for (Case c : {Case{16, 8, kInstr, 1, 1}, Case{64, 64, 64, 2, 2},
                   Case{128, 32, 32, 4, 1}}) {
      int32_t m = c.m, n = c.n, k = c.k, wm = c.wm, wn = c.wn;
      SCOPED_TRACE("bits " + std::to_string(bits));
      LinearLayout a = get(mmaV2Operand(MmaOperand::A, {m, k}, {wm, wn}, bits));
      int32_t repK = k / kInstr;
      ASSERT_EQ(a.getInDimSize(kRegister), perInstrA * repK * (m / (16 * wm)));
      forEachInput(a, [&](llvm::ArrayRef<int32_t> x) {
        int32_t rep = x[0] / perInstrA;
        Basis in = ptxOperandA(bits, x[0] % perInstrA, x[1]);
        Basis want = {(rep / repK) * 16 * wm + (x[2] / wn) * 16 + in[0],
                      (rep % repK) * kInstr + in[1]};
        EXPECT_EQ(a.apply(x), want) << "A " << x[0] << " " << x[1] << " " << x[2];
      });
      LinearLayout b = get(mmaV2Operand(MmaOperand::B, {k, n}, {wm, wn}, bits));
      ASSERT_EQ(b.getInDimSize(kRegister), perInstrB * repK * (n / (8 * wn)));
      forEachInput(b, [&](llvm::ArrayRef<int32_t> x) {
        int32_t rep = x[0] / perInstrB;
        Basis in = ptxOperandB(bits, x[0] % perInstrB, x[1]);
        Basis want = {(rep % repK) * kInstr + in[0],
                      (rep / repK) * 8 * wn + (x[2] % wn) * 8 + in[1]};
        EXPECT_EQ(b.apply(x), want) << "B " << x[0] << " " << x[1] << " " << x[2];
      });
      // A is shared by the warps of one row, B by the warps of one column.
      EXPECT_EQ(a.getZeroBasesMasks()[2].second, uint32_t(wn - 1));
      EXPECT_EQ(b.getZeroBasesMasks()[2].second, uint32_t((wm - 1) * wn));
    }
  }
  EXPECT_TRUE(fails(mmaV2Operand(MmaOperand::A, {16, 16}, {1, 1}, 4)));
}

//===--- wgmma (sm_90a): PTX ISA accumulator fragment ------------------===//

TEST(StandardLayouts, WgmmaAccumulatorMatchesPtx) {
  struct Case {
    int32_t m, n, instrN, wm, wn;
  };
  for (Case c : {Case{64, 8, 8, 4, 1}, Case{64, 256, 256, 4, 1},
                 Case{128, 128, 64, 4, 1}, Case{128, 256, 128, 8, 1},
                 Case{128, 256, 128, 4, 2}}) {
    LinearLayout l = get(wgmmaAccumulator({c.m, c.n}, c.instrN, {c.wm, c.wn}));
    SCOPED_TRACE(l.str());
    int32_t perInstr = c.instrN / 2, repN = c.n / (c.instrN * c.wn);
    ASSERT_EQ(l.getInDimSize(kRegister), perInstr * repN * (c.m / (16 * c.wm)));
    forEachInput(l, [&](llvm::ArrayRef<int32_t> x) {
      int32_t reg = x[0], lane = x[1], warp = x[2];
      int32_t j = reg % perInstr, rep = reg / perInstr;
      int32_t g = lane / 4, t = lane % 4;
      // PTX: D fragment of wgmma.m64nNk16: row 16*warp + g + 8*((j/2)%2),
      // column 8*(j/4) + 2*t + j%2.
      Basis want = {(rep / repN) * 16 * c.wm + (warp % c.wm) * 16 + g + 8 * ((j / 2) % 2),
                    (rep % repN) * c.instrN * c.wn + (warp / c.wm) * c.instrN +
                        8 * (j / 4) + 2 * t + j % 2};
      EXPECT_EQ(l.apply(x), want) << reg << " " << lane << " " << warp;
    });
    EXPECT_TRUE(l.isInvertible());
  }
  EXPECT_TRUE(fails(wgmmaAccumulator({64, 64}, 64, {2, 1})));
  EXPECT_TRUE(fails(wgmmaAccumulator({64, 48}, 48, {4, 1})));
}

//===--- Slice ---------------------------------------------------------===//

TEST(StandardLayouts, SliceHoldsTheProjection) {
  for (unsigned dim : {0u, 1u}) {
    for (const LinearLayout &parent :
         {get(blocked({64, 32}, {2, 4}, {4, 8}, {2, 2}, {1, 0})),
          get(mmaV2Accumulator({64, 64}, {2, 2})),
          get(wgmmaAccumulator({64, 128}, 128, {4, 1}))}) {
      LinearLayout s = get(sliceLayout(parent, dim));
      SCOPED_TRACE(s.str());
      ASSERT_EQ(s.getNumOutDims(), 1u);
      EXPECT_EQ(s.getOutDimNames()[0], "dim0");
      EXPECT_EQ(s.getOutDimSize("dim0"), parent.getOutDimSize(dimName(1 - dim)));
      for (int32_t w = 0; w < parent.getInDimSize(kWarp); ++w)
        for (int32_t l = 0; l < 32; ++l) {
          std::set<int32_t> want, got;
          for (int32_t r = 0; r < parent.getInDimSize(kRegister); ++r)
            want.insert(at(parent, r, l, w)[1 - dim]);
          for (int32_t r = 0; r < s.getInDimSize(kRegister); ++r)
            got.insert(at(s, r, l, w)[0]);
          EXPECT_EQ(got, want);
          // One register per element the thread holds.
          EXPECT_EQ(size_t(s.getInDimSize(kRegister)), got.size());
        }
    }
  }
  LinearLayout three = get(blocked({4, 8, 16}, {1, 2, 4}, {2, 4, 4}, {1, 1, 1}, {2, 1, 0}));
  LinearLayout s = get(sliceLayout(three, 1));
  EXPECT_EQ(s.getOutDimNames(), (llvm::SmallVector<llvm::StringRef>{"dim0", "dim1"}));
  EXPECT_EQ(s.getOutDimSize("dim1"), 16);
  EXPECT_TRUE(fails(sliceLayout(three, 3)));
}

//===--- Shared memory: documented XOR patterns ------------------------===//

TEST(StandardLayouts, SwizzledSharedIsTheXorPattern) {
  struct Case {
    int32_t rows, cols;
    unsigned vec, perPhase, maxPhase;
  };
  for (Case c : {Case{32, 64, 8, 1, 8}, Case{64, 32, 4, 2, 4},
                 Case{16, 16, 1, 1, 16}, Case{128, 16, 8, 4, 2}, Case{8, 8, 1, 1, 1}}) {
    for (bool colMajor : {false, true}) {
      std::vector<int32_t> shape = colMajor ? std::vector<int32_t>{c.cols, c.rows}
                                            : std::vector<int32_t>{c.rows, c.cols};
      std::vector<unsigned> order = colMajor ? std::vector<unsigned>{0, 1}
                                             : std::vector<unsigned>{1, 0};
      LinearLayout l = get(swizzledShared(shape, c.vec, c.perPhase, c.maxPhase, order));
      ASSERT_TRUE(l.isInvertible()) << l.str();
      for (int32_t r = 0; r < c.rows; ++r)
        for (int32_t col = 0; col < c.cols; ++col) {
          int32_t phase = (r / c.perPhase) % c.maxPhase;
          int32_t offset = r * c.cols + ((((col / c.vec) ^ phase) * c.vec + col % c.vec) % c.cols);
          Basis want = colMajor ? Basis{col, r} : Basis{r, col};
          EXPECT_EQ(l.apply({offset}), want);
        }
    }
  }
  EXPECT_TRUE(fails(swizzledShared({8, 8, 8}, 1, 1, 1, {2, 1, 0})));
  EXPECT_TRUE(fails(swizzledShared({8, 8}, 3, 1, 1, {1, 0})));
}

TEST(StandardLayouts, NvmmaSharedIsTheTmaSwizzle) {
  for (unsigned bits : {8u, 16u, 32u})
    for (unsigned swizzle : {32u, 64u, 128u})
      for (bool transposed : {false, true})
        for (int32_t atoms : {1, 2, 4}) {
          int32_t elemBytes = bits / 8, atomCols = swizzle / elemBytes, rows = 64;
          int32_t cols = atomCols * atoms;
          std::vector<int32_t> shape = transposed ? std::vector<int32_t>{cols, rows}
                                                  : std::vector<int32_t>{rows, cols};
          LinearLayout l = get(nvmmaShared(shape, bits, swizzle, transposed));
          SCOPED_TRACE(l.str());
          ASSERT_TRUE(l.isInvertible());
          unsigned mask = swizzle / 16 - 1;
          for (int32_t r = 0; r < rows; ++r)
            for (int32_t c = 0; c < cols; ++c) {
              // Atoms of `swizzle`-byte rows one after another; inside, the
              // CUDA tensor-map swizzle: byte bits [4, ..) ^= bits [7, ..).
              int64_t addr = (c / atomCols) * int64_t(rows) * swizzle + r * swizzle +
                             (c % atomCols) * elemBytes;
              addr ^= ((addr >> 7) & mask) << 4;
              Basis want = transposed ? Basis{c, r} : Basis{r, c};
              EXPECT_EQ(l.apply({int32_t(addr / elemBytes)}), want);
            }
        }
  // No swizzle: plain row-major.
  LinearLayout none = get(nvmmaShared({16, 32}, 16, 0));
  EXPECT_EQ(none, get(unswizzledShared({16, 32}, {1, 0})));
  EXPECT_NE(errorOf(nvmmaShared({64, 32}, 16, 128)).find("narrower"), std::string::npos);
  EXPECT_TRUE(fails(nvmmaShared({64, 64}, 16, 96)));
}

TEST(StandardLayouts, UnswizzledSharedFollowsOrder) {
  LinearLayout rowMajor = get(unswizzledShared({4, 8, 2}, {2, 1, 0}));
  LinearLayout colMajor = get(unswizzledShared({4, 8, 2}, {0, 1, 2}));
  for (int32_t i = 0; i < 4; ++i)
    for (int32_t j = 0; j < 8; ++j)
      for (int32_t k = 0; k < 2; ++k) {
        EXPECT_EQ(rowMajor.apply({i * 16 + j * 2 + k}), (Basis{i, j, k}));
        EXPECT_EQ(colMajor.apply({k * 32 + j * 4 + i}), (Basis{i, j, k}));
      }
}

//===--- Vector widths -------------------------------------------------===//

TEST(StandardLayouts, VectorWidths) {
  LinearLayout rowMajor = get(unswizzledShared({64, 64}, {1, 0}));
  LinearLayout colMajor = get(unswizzledShared({64, 64}, {0, 1}));
  LinearLayout b = get(blocked({64, 64}, {1, 8}, {8, 4}, {4, 1}, {1, 0}));
  EXPECT_EQ(get(vectorWidth(b, rowMajor)), 8);
  EXPECT_EQ(get(vectorWidth(b, colMajor)), 1);
  EXPECT_EQ(get(vectorWidth(b, rowMajor, 4)), 4);
  // A 128-byte swizzle keeps 16-byte chunks (8 bf16) together.
  LinearLayout wide = get(blocked({64, 64}, {1, 16}, {16, 2}, {4, 1}, {1, 0}));
  EXPECT_EQ(get(vectorWidth(wide, rowMajor)), 16);
  EXPECT_EQ(get(vectorWidth(wide, get(nvmmaShared({64, 64}, 16, 128)))), 8);
  // The mma.sync accumulator holds pairs along N.
  EXPECT_EQ(get(vectorWidth(get(mmaV2Accumulator({64, 64}, {2, 2})), rowMajor)), 2);
  EXPECT_EQ(get(vectorWidth(get(wgmmaAccumulator({64, 64}, 64, {4, 1})), rowMajor)), 2);
}

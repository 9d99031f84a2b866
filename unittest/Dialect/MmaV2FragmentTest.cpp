//===- MmaV2FragmentTest.cpp - #gir.mma_v2 and the mma.sync fragment maps -===//
//
// No GPU here runs sm_80 code, so the mma.sync lowering's correctness rests
// on its index maps. These tests check them on the CPU:
//  - #gir.mma_v2 against the GF(2) layout library's mmaV2Accumulator, and
//    that it holds every element of a tile exactly once;
//  - a simulated matrix product through the lowering's lane address maps
//    (MmaV2Fragments.h), the PTX ISA's ldmatrix semantics and its
//    m16n8k16 A/B/C fragment tables (written out here from the ISA, not
//    from the code under test), with the result read back through
//    #gir.mma_v2's register numbering, equals the reference product.
//
//===----------------------------------------------------------------------===//
#include "MmaV2Fragments.h"

#include "trident/Dialect/GPUIR/IR/GPUIR.h"
#include "trident/Layout/Layouts.h"

#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>
#include <array>
#include <map>
#include <random>
#include <set>

using namespace mlir;
using namespace trident;
using namespace trident::gir;
namespace mma_v2 = trident::gir_to_llvm::mma_v2;

namespace {

class MmaV2 : public testing::Test {
protected:
  MmaV2() { context.loadDialect<GPUIRDialect>(); }
  MLIRContext context;
};

struct Case {
  int64_t m, n, k;
  unsigned wm, wn;
};

const Case kCases[] = {
    {16, 8, 16, 1, 1},   {32, 32, 16, 2, 2},  {64, 64, 32, 2, 2},
    {128, 128, 64, 2, 2}, {128, 64, 32, 4, 1}, {16, 128, 48, 1, 4},
    {64, 16, 16, 4, 2},  {128, 128, 32, 4, 2}, {32, 16, 16, 2, 1},
};

TEST_F(MmaV2, MatchesTheLayoutLibraryAndCoversOnce) {
  for (const Case &c : kCases) {
    auto layout = MmaV2EncodingAttr::get(&context, {c.wm, c.wn});
    SmallVector<int64_t> shape = {c.m, c.n};
    int64_t regs = layout.getElemsPerThread(shape);
    int warps = c.wm * c.wn;
    EXPECT_EQ(regs * 32 * warps, c.m * c.n);
    llvm::Expected<layout::LinearLayout> lib = layout::mmaV2Accumulator(
        {int32_t(c.m), int32_t(c.n)}, {int32_t(c.wm), int32_t(c.wn)});
    ASSERT_TRUE(bool(lib)) << llvm::toString(lib.takeError());
    EXPECT_EQ(lib->getInDimSize(layout::kRegister), regs);
    std::map<std::pair<int64_t, int64_t>, int> seen;
    for (int w = 0; w < warps; ++w)
      for (int l = 0; l < 32; ++l)
        for (int64_t r = 0; r < regs; ++r) {
          SmallVector<int64_t> coords = layout.getElementCoords(shape, r, l, w);
          seen[{coords[0], coords[1]}]++;
          SmallVector<int32_t> in;
          for (StringRef name : lib->getInDimNames())
            in.push_back(name == layout::kRegister ? r
                         : name == layout::kLane   ? l
                         : name == layout::kWarp   ? w
                                                   : 0);
          layout::LinearLayout::Basis expect = lib->apply(in);
          EXPECT_EQ(coords[0], expect[0])
              << c.m << "x" << c.n << " reg " << r << " lane " << l << " warp " << w;
          EXPECT_EQ(coords[1], expect[1])
              << c.m << "x" << c.n << " reg " << r << " lane " << l << " warp " << w;
        }
    EXPECT_EQ(int64_t(seen.size()), c.m * c.n);
    for (auto &[coords, count] : seen)
      EXPECT_EQ(count, 1);
  }
}

TEST_F(MmaV2, FirstTileFollowsTheIsa) {
  // One warp, one m16n8 tile: c0, c1 at row l/4, c2, c3 at row l/4 + 8,
  // columns 2 (l % 4) and the next.
  auto layout = MmaV2EncodingAttr::get(&context, {1, 1});
  SmallVector<int64_t> shape = {16, 8};
  for (int l = 0; l < 32; ++l)
    for (int i = 0; i < 4; ++i)
      EXPECT_EQ(layout.getElementCoords(shape, i, l, 0),
                (SmallVector<int64_t>{l / 4 + 8 * (i / 2), 2 * (l % 4) + i % 2}));
  // Warps step along N first, repetitions along N then M.
  auto grid = MmaV2EncodingAttr::get(&context, {2, 2});
  SmallVector<int64_t> big = {64, 32};
  EXPECT_EQ(grid.getElementCoords(big, 0, 0, 1), (SmallVector<int64_t>{0, 8}));
  EXPECT_EQ(grid.getElementCoords(big, 0, 0, 2), (SmallVector<int64_t>{16, 0}));
  EXPECT_EQ(grid.getElementCoords(big, 4, 0, 0), (SmallVector<int64_t>{0, 16}));
  EXPECT_EQ(grid.getElementCoords(big, 8, 0, 0), (SmallVector<int64_t>{32, 0}));
}

//===----------------------------------------------------------------------===//
// The PTX ISA's tables (mma.m16n8k16, .f16/.bf16 multiplicands, f32 C/D):
// groupID g = lane / 4, threadID_in_group t = lane % 4.
//===----------------------------------------------------------------------===//

/// A (16 x 16) element a_i, i = 0..7, of `lane`.
std::pair<int, int> isaA(int lane, int i) {
  int g = lane / 4, t = lane % 4;
  int row = (i < 2 || (i >= 4 && i < 6)) ? g : g + 8;
  int col = t * 2 + (i & 1) + (i >= 4 ? 8 : 0);
  return {row, col};
}
/// B (16 x 8) element b_i, i = 0..3: (row of K, column).
std::pair<int, int> isaB(int lane, int i) {
  int g = lane / 4, t = lane % 4;
  return {t * 2 + (i & 1) + (i >= 2 ? 8 : 0), g};
}
/// C/D (16 x 8) element c_i, i = 0..3.
std::pair<int, int> isaC(int lane, int i) {
  int g = lane / 4, t = lane % 4;
  return {i < 2 ? g : g + 8, t * 2 + (i & 1)};
}

/// ldmatrix.sync.aligned.m8n8.x{num}(.trans).b16: lanes 8q..8q+7 give the
/// row addresses (element offsets into `smem`) of matrix q; register q of
/// lane l holds two elements, low half first.
std::vector<std::array<int64_t, 2>>
ldmatrix(const std::vector<int64_t> &smem, const int64_t (&rowAddr)[32],
         int lane, int num, bool trans) {
  std::vector<std::array<int64_t, 2>> regs;
  for (int q = 0; q < num; ++q) {
    std::array<int64_t, 2> reg;
    for (int h = 0; h < 2; ++h) {
      // Non-transposed: row l/4, column 2(l%4)+h of the matrix; transposed:
      // row 2(l%4)+h, column l/4.
      int row = trans ? 2 * (lane % 4) + h : lane / 4;
      int col = trans ? lane / 4 : 2 * (lane % 4) + h;
      reg[h] = smem[rowAddr[8 * q + row] + col];
    }
    regs.push_back(reg);
  }
  return regs;
}

/// Runs the lowering's algorithm for one dot on the CPU and compares with
/// the reference product.
void simulate(MLIRContext &context, const Case &c) {
  SCOPED_TRACE(testing::Message() << c.m << "x" << c.n << "x" << c.k << " warps "
                                  << c.wm << "x" << c.wn);
  std::mt19937 rng(c.m * 131 + c.n * 7 + c.k);
  std::uniform_int_distribution<int> dist(-4, 4);
  std::vector<int64_t> a(c.m * c.k), b(c.k * c.n);
  for (auto &x : a)
    x = dist(rng);
  for (auto &x : b)
    x = dist(rng);
  // The staged, padded row-major tiles.
  int64_t aStride = c.k + mma_v2::kRowPad, bStride = c.n + mma_v2::kRowPad;
  std::vector<int64_t> aSmem(c.m * aStride, 1 << 20), bSmem(c.k * bStride, 1 << 20);
  for (int64_t r = 0; r < c.m; ++r)
    for (int64_t q = 0; q < c.k; ++q)
      aSmem[r * aStride + q] = a[r * c.k + q];
  for (int64_t r = 0; r < c.k; ++r)
    for (int64_t q = 0; q < c.n; ++q)
      bSmem[r * bStride + q] = b[r * c.n + q];

  auto layout = MmaV2EncodingAttr::get(&context, {c.wm, c.wn});
  SmallVector<int64_t> shape = {c.m, c.n};
  int64_t regs = layout.getElemsPerThread(shape);
  int warps = c.wm * c.wn;
  int64_t repM = c.m / (16 * c.wm), repN = c.n / (8 * c.wn);
  // acc[warp][lane][reg], starting from a known C.
  std::vector<std::vector<std::vector<int64_t>>> acc(
      warps, std::vector<std::vector<int64_t>>(32, std::vector<int64_t>(regs)));
  auto cInit = [&](int64_t r, int64_t q) { return (r * 3 + q * 5) % 7 - 3; };
  for (int w = 0; w < warps; ++w)
    for (int l = 0; l < 32; ++l)
      for (int64_t r = 0; r < regs; ++r) {
        SmallVector<int64_t> xy = layout.getElementCoords(shape, r, l, w);
        acc[w][l][r] = cInit(xy[0], xy[1]);
      }

  for (int w = 0; w < warps; ++w) {
    int64_t warpM = w / c.wn, warpN = w % c.wn;
    for (int64_t ks = 0; ks < c.k / 16; ++ks) {
      // A fragments of every m16 tile: ldmatrix.x4 at the lane addresses.
      std::vector<std::vector<std::vector<std::array<int64_t, 2>>>> aFrag(repM);
      for (int64_t rm = 0; rm < repM; ++rm) {
        int64_t addr[32];
        for (int l = 0; l < 32; ++l) {
          int64_t row, col;
          mma_v2::laneCoords(mma_v2::kALaneSteps, l, row, col);
          addr[l] = (mma_v2::tileRow(rm, warpM, c.wm) + row) * aStride +
                    ks * 16 + col;
        }
        for (int l = 0; l < 32; ++l)
          aFrag[rm].push_back(ldmatrix(aSmem, addr, l, 4, false));
      }
      // B fragments: pairs of n8 tiles by ldmatrix.x4.trans, a last single
      // tile by .x2.
      std::vector<std::vector<std::vector<std::array<int64_t, 2>>>> bFrag(repN);
      for (int64_t rn = 0; rn < repN; rn += 2) {
        bool pair = rn + 1 < repN;
        int64_t addr[32];
        for (int l = 0; l < 32; ++l) {
          int64_t kRow, tile;
          mma_v2::laneCoords(mma_v2::kBLaneSteps, l, kRow, tile);
          if (!pair)
            tile = 0;
          addr[l] = (ks * 16 + kRow) * bStride +
                    mma_v2::tileCol(rn + tile, warpN, c.wn);
        }
        for (int l = 0; l < 32; ++l) {
          auto r = ldmatrix(bSmem, addr, l, pair ? 4 : 2, true);
          bFrag[rn].push_back({r[0], r[1]});
          if (pair)
            bFrag[rn + 1].push_back({r[2], r[3]});
        }
      }
      // Each mma.sync, by the ISA's tables: gather the warp's fragments
      // into 16x16 A, 16x8 B and C, multiply, scatter D.
      for (int64_t rm = 0; rm < repM; ++rm)
        for (int64_t rn = 0; rn < repN; ++rn) {
          int64_t A[16][16], B[16][8], C[16][8];
          for (int l = 0; l < 32; ++l) {
            for (int i = 0; i < 8; ++i) {
              auto [row, col] = isaA(l, i);
              A[row][col] = aFrag[rm][l][i / 2][i % 2];
            }
            for (int i = 0; i < 4; ++i) {
              auto [row, col] = isaB(l, i);
              B[row][col] = bFrag[rn][l][i / 2][i % 2];
            }
            for (int i = 0; i < 4; ++i) {
              auto [row, col] = isaC(l, i);
              C[row][col] = acc[w][l][mma_v2::accRegister(rm, rn, i, repN)];
            }
          }
          for (int l = 0; l < 32; ++l)
            for (int i = 0; i < 4; ++i) {
              auto [row, col] = isaC(l, i);
              int64_t d = C[row][col];
              for (int q = 0; q < 16; ++q)
                d += A[row][q] * B[q][col];
              acc[w][l][mma_v2::accRegister(rm, rn, i, repN)] = d;
            }
        }
    }
  }
  // Every register holds the reference element #gir.mma_v2 says it holds.
  int64_t bad = 0;
  for (int w = 0; w < warps; ++w)
    for (int l = 0; l < 32; ++l)
      for (int64_t r = 0; r < regs; ++r) {
        SmallVector<int64_t> xy = layout.getElementCoords(shape, r, l, w);
        int64_t ref = cInit(xy[0], xy[1]);
        for (int64_t q = 0; q < c.k; ++q)
          ref += a[xy[0] * c.k + q] * b[q * c.n + xy[1]];
        if (acc[w][l][r] != ref && bad++ < 5)
          ADD_FAILURE() << "warp " << w << " lane " << l << " reg " << r
                        << " (" << xy[0] << ", " << xy[1] << "): got "
                        << acc[w][l][r] << ", want " << ref;
      }
  EXPECT_EQ(bad, 0);
}

TEST_F(MmaV2, SimulatedProductMatchesReference) {
  for (const Case &c : kCases)
    simulate(context, c);
}

TEST_F(MmaV2, PaddedRowsAreConflictFreeForLdmatrix) {
  // One ldmatrix phase reads 8 rows of 16 bytes: with K (or N) >= 16 the
  // padded rows start in distinct groups of four banks.
  for (int64_t cols : {16, 32, 48, 64, 128, 256}) {
    int64_t strideWords = (cols + mma_v2::kRowPad) / 2;
    std::set<int64_t> groups;
    for (int64_t r = 0; r < 8; ++r)
      groups.insert((r * strideWords % 32) / 4);
    EXPECT_EQ(groups.size(), 8u) << cols;
  }
}

} // namespace

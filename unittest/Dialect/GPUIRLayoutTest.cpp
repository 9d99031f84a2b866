//===- GPUIRLayoutTest.cpp - Blocked and slice layouts --------------------===//
//
// Checks the GPU IR layouts against their definition by enumeration: every
// element of a tile is held by the expected number of (thread, register)
// pairs, and the default layouts cover tiles of many shapes. The wgmma
// accumulator with warpgroups along N is checked against the PTX ISA's
// fragment (per warp, lane and register), the standalone linear layout and
// the LayoutMap the lowerings address stores and conversions with.
//
//===----------------------------------------------------------------------===//
#include "trident/Conversion/GPUIRToLLVM/Lowering.h"
#include "trident/Dialect/GPUIR/IR/GPUIR.h"
#include "trident/Layout/Layouts.h"

#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>
#include <map>

using namespace mlir;
using namespace trident::gir;

namespace {

/// How many (warp, lane, register) triples hold each element.
std::map<std::vector<int64_t>, int> coverage(DistributedEncodingAttr layout,
                                            ArrayRef<int64_t> shape,
                                            int warps, int lanes) {
  std::map<std::vector<int64_t>, int> seen;
  int64_t regs = layout.getElemsPerThread(shape);
  for (int w = 0; w < warps; ++w)
    for (int l = 0; l < lanes; ++l)
      for (int64_t r = 0; r < regs; ++r) {
        SmallVector<int64_t> c = layout.getElementCoords(shape, r, l, w);
        seen[std::vector<int64_t>(c.begin(), c.end())]++;
      }
  return seen;
}

int64_t numElements(ArrayRef<int64_t> shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

class GPUIRLayout : public testing::Test {
protected:
  GPUIRLayout() { context.loadDialect<GPUIRDialect>(); }
  MLIRContext context;
};

TEST_F(GPUIRLayout, BlockedCoversEachElementOnce) {
  auto layout = BlockedEncodingAttr::get(&context, {1, 4}, {8, 4}, {4, 1},
                                         {1, 0});
  // The CTA tile is 32x16; a 64x32 tile repeats it 2x2.
  SmallVector<int64_t> shape = {64, 32};
  EXPECT_EQ(layout.getElemsPerThread(shape), 16);
  auto seen = coverage(layout, shape, 4, 32);
  EXPECT_EQ(static_cast<int64_t>(seen.size()), numElements(shape));
  for (auto &[coords, count] : seen)
    EXPECT_EQ(count, 1);
  // Thread 1 of warp 0 holds columns 4..7 of row 0 first.
  EXPECT_EQ(layout.getElementCoords(shape, 0, 1, 0),
            (SmallVector<int64_t>{0, 4}));
  EXPECT_EQ(layout.getElementCoords(shape, 3, 1, 0),
            (SmallVector<int64_t>{0, 7}));
  // Lane 4 starts the next row; warp 1 starts row 8.
  EXPECT_EQ(layout.getElementCoords(shape, 0, 4, 0),
            (SmallVector<int64_t>{1, 0}));
  EXPECT_EQ(layout.getElementCoords(shape, 0, 0, 1),
            (SmallVector<int64_t>{8, 0}));
}

TEST_F(GPUIRLayout, SmallTilesAreReplicated) {
  auto layout = BlockedEncodingAttr::get(&context, {1}, {32}, {4}, {0});
  SmallVector<int64_t> shape = {32};
  EXPECT_EQ(layout.getElemsPerThread(shape), 1);
  auto seen = coverage(layout, shape, 4, 32);
  EXPECT_EQ(seen.size(), 32u);
  for (auto &[coords, count] : seen)
    EXPECT_EQ(count, 4); // every warp holds the whole tile
}

TEST_F(GPUIRLayout, SliceDropsTheReducedDimension) {
  auto parent = BlockedEncodingAttr::get(&context, {1, 1}, {1, 32}, {4, 1},
                                         {1, 0});
  auto slice = SliceEncodingAttr::get(&context, 1, parent);
  SmallVector<int64_t> shape = {4};
  EXPECT_EQ(slice.getRank(), 1u);
  auto seen = coverage(slice, shape, 4, 32);
  EXPECT_EQ(seen.size(), 4u);
  // Row r lives in warp r, in all 32 lanes.
  for (int w = 0; w < 4; ++w)
    EXPECT_EQ(slice.getElementCoords(shape, 0, 17, w),
              (SmallVector<int64_t>{w}));
  for (auto &[coords, count] : seen)
    EXPECT_EQ(count, 32);
}

TEST_F(GPUIRLayout, DefaultLayoutsCoverEveryShape) {
  for (SmallVector<int64_t> shape :
       {SmallVector<int64_t>{1024}, {128}, {16}, {4, 256}, {64, 64},
        {128, 32}, {2, 2}, {8, 4, 32}}) {
    for (unsigned warps : {1u, 4u, 8u}) {
      auto layout = BlockedEncodingAttr::getDefault(&context, shape, warps, 32);
      auto seen = coverage(layout, shape, warps, 32);
      EXPECT_EQ(static_cast<int64_t>(seen.size()), numElements(shape))
          << "shape rank " << shape.size() << " warps " << warps;
      int64_t threads = 32 * warps;
      int64_t expected = std::max<int64_t>(1, threads / numElements(shape));
      for (auto &[coords, count] : seen)
        EXPECT_EQ(count, expected);
    }
  }
}

/// The coordinates `map` gives register `r` of lane `lane` in warp `warp`:
/// the register's XOR the lane's XOR the warp bits' steps.
SmallVector<int64_t> mapCoords(const trident::gir_to_llvm::LayoutMap &map,
                               int64_t r, int64_t lane, int64_t warp) {
  SmallVector<int64_t> c = map.registerCoords(r);
  SmallVector<int64_t> l = map.laneCoords(lane);
  for (unsigned d = 0; d < c.size(); ++d) {
    c[d] ^= l[d];
    for (auto [bit, step] : map.threadBitSteps(d, /*lanes=*/false))
      if ((warp >> bit) & 1)
        c[d] ^= step;
  }
  return c;
}

TEST_F(GPUIRLayout, WgmmaWarpgroupsAlongN) {
  struct Case {
    int64_t m, n;
    unsigned wm, wn, instrN;
  };
  for (Case c : {Case{64, 64, 4, 2, 32}, Case{64, 128, 4, 2, 64},
                 Case{64, 64, 4, 2, 16}, Case{128, 256, 8, 2, 64},
                 Case{64, 64, 4, 4, 16}, Case{64, 512, 4, 2, 256}}) {
    SCOPED_TRACE(testing::Message() << c.m << "x" << c.n << " [" << c.wm
                                    << ", " << c.wn << "] n" << c.instrN);
    auto layout = WgmmaEncodingAttr::get(&context, {c.wm, c.wn}, c.instrN);
    SmallVector<int64_t> shape = {c.m, c.n};
    int warps = c.wm * c.wn;
    int64_t perInstr = c.instrN / 2;
    int64_t repN = c.n / (c.instrN * c.wn), repM = c.m / (16 * c.wm);
    ASSERT_EQ(layout.getElemsPerThread(shape), perInstr * repN * repM);
    // Every element once.
    auto seen = coverage(layout, shape, warps, 32);
    EXPECT_EQ(static_cast<int64_t>(seen.size()), numElements(shape));
    for (auto &[coords, count] : seen)
      EXPECT_EQ(count, 1);
    // The standalone linear layout of the same accumulator.
    int32_t shape32[] = {int32_t(c.m), int32_t(c.n)};
    int32_t warps32[] = {int32_t(c.wm), int32_t(c.wn)};
    llvm::Expected<trident::layout::LinearLayout> linear =
        trident::layout::wgmmaAccumulator(shape32, c.instrN, warps32);
    ASSERT_TRUE(bool(linear)) << llvm::toString(linear.takeError());
    // The lowerings' map of it.
    auto type = RankedTensorType::get(shape, Float32Type::get(&context),
                                      layout);
    std::string why;
    FailureOr<trident::gir_to_llvm::LayoutMap> map =
        trident::gir_to_llvm::LayoutMap::get(type, 32, warps, why);
    ASSERT_TRUE(succeeded(map)) << why;
    ASSERT_EQ(map->numRegisters(), layout.getElemsPerThread(shape));
    for (int w = 0; w < warps; ++w)
      for (int l = 0; l < 32; ++l)
        for (int64_t r = 0; r < layout.getElemsPerThread(shape); ++r) {
          // PTX ISA, wgmma D fragment: in each m64nNk instruction, warp w
          // of the warpgroup holds rows 16 (w % 4) + l / 4 (+ 8 for bit 1
          // of the register), columns 8 (j / 4) + 2 (l % 4) + j % 2 of
          // register j. The instructions of warpgroup g sit at row block
          // g % (wm / 4) and column block g / (wm / 4), instrN wide, of
          // each repetition of the 16 wm x instrN wn tile.
          int64_t j = r % perInstr, rep = r / perInstr;
          int64_t g = w / 4, gM = g % (c.wm / 4), gN = g / (c.wm / 4);
          int64_t row = (rep / repN) * 16 * c.wm + gM * 64 + (w % 4) * 16 +
                        l / 4 + 8 * ((j / 2) % 2);
          int64_t col = (rep % repN) * c.instrN * c.wn + gN * c.instrN +
                        8 * (j / 4) + 2 * (l % 4) + j % 2;
          SmallVector<int64_t> want = {row, col};
          EXPECT_EQ(layout.getElementCoords(shape, r, l, w), want)
              << "warp " << w << " lane " << l << " reg " << r;
          EXPECT_EQ(mapCoords(*map, r, l, w), want)
              << "warp " << w << " lane " << l << " reg " << r;
          int32_t in[] = {int32_t(r), l, w};
          trident::layout::LinearLayout::Basis got = linear->apply(in);
          EXPECT_EQ(got[0], row) << "warp " << w << " lane " << l;
          EXPECT_EQ(got[1], col) << "warp " << w << " lane " << l;
        }
  }
  // 64x64 on 8 warps: warp 4 (the second warpgroup) starts at column 32.
  auto layout = WgmmaEncodingAttr::get(&context, {4, 2}, 32);
  SmallVector<int64_t> shape = {64, 64};
  EXPECT_EQ(layout.getElementCoords(shape, 0, 0, 4),
            (SmallVector<int64_t>{0, 32}));
  EXPECT_EQ(layout.getElementCoords(shape, 15, 31, 7),
            (SmallVector<int64_t>{63, 63}));
}

} // namespace

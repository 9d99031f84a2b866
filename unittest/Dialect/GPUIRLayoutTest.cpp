//===- GPUIRLayoutTest.cpp - Blocked and slice layouts --------------------===//
//
// Checks the GPU IR layouts against their definition by enumeration: every
// element of a tile is held by the expected number of (thread, register)
// pairs, and the default layouts cover tiles of many shapes.
//
//===----------------------------------------------------------------------===//
#include "trident/Dialect/GPUIR/IR/GPUIR.h"

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

} // namespace

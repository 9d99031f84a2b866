//===- StMatrixStagingTest.cpp - Layout conversions through stmatrix ------===//
//
// No GPU here runs the sm_90 code, so the stmatrix writes of
// gir.convert_layout (SharedStaging.h, ConvertLayoutToLLVM.cpp) rest on the
// placement's index maps. These tests simulate one conversion per case on
// the CPU: every warp's stmatrix instructions, with the lane addresses the
// lowering computes (matrixLaneCoords, the warp's part and the
// instruction's register coordinates) and the PTX ISA's semantics written
// out here (lane 8j+i gives the address of row i of block j, or of column
// i with .trans; the 32-bit register j of lane 4r+c holds elements 2c and
// 2c+1 of row r of block j), must put each element where the reading side
// looks for it (StagingPlan::offsetOf of its coordinates), every element
// once. They also check that the thread and register parts of the offsets
// add (the lowering addresses every access as one pointer plus a
// constant).
//
//===----------------------------------------------------------------------===//
#include "SharedStaging.h"

#include "trident/Dialect/GPUIR/IR/GPUIR.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>
#include <map>

using namespace mlir;
using namespace trident;
using namespace trident::gir_to_llvm;

namespace {

class StMatrixStaging : public testing::Test {
protected:
  StMatrixStaging() { context.loadDialect<gir::GPUIRDialect>(); }

  RankedTensorType type(StringRef text) {
    return cast<RankedTensorType>(parseType(text, &context));
  }
  LayoutMap map(RankedTensorType t, unsigned warps) {
    std::string why;
    FailureOr<LayoutMap> m = LayoutMap::get(t, 32, warps, why);
    EXPECT_TRUE(succeeded(m)) << why;
    return *m;
  }
  MLIRContext context;
};

struct Case {
  const char *src, *dst;
  unsigned warps;
  bool transposed;
};

/// Coordinates of register `r` in lane `lane` of warp `warp` of `t`.
SmallVector<int64_t> coordsOf(RankedTensorType t, int64_t r, int64_t lane,
                              int64_t warp) {
  return gir::getDistributedEncoding(t).getElementCoords(t.getShape(), r, lane,
                                                         warp);
}

SmallVector<int64_t> xorOf(ArrayRef<int64_t> a, ArrayRef<int64_t> b) {
  SmallVector<int64_t> c(a.begin(), a.end());
  for (unsigned d = 0; d < c.size(); ++d)
    c[d] ^= b[d];
  return c;
}

void simulate(RankedTensorType srcType, RankedTensorType dstType,
              const LayoutMap &src, const LayoutMap &dst, unsigned warps,
              bool transposed) {
  StagingPlan plan = planStaging(src, dst, 2, /*stmatrix=*/true);
  ASSERT_GT(plan.matrices, 0) << "expected stmatrix writes";
  EXPECT_EQ(plan.transposed, transposed);
  std::optional<MatrixFragment> frag = matrixFragment(src, 2);
  ASSERT_TRUE(frag.has_value());
  int64_t perInstr = 2 * plan.matrices;
  std::map<int64_t, SmallVector<int64_t>> written; // offset -> coordinates
  for (int64_t warp = 0; warp < warps; ++warp) {
    SmallVector<int64_t> warpPart = coordsOf(srcType, 0, 0, warp);
    for (int64_t r0 = 0; r0 < src.numRegisters(); r0 += perInstr) {
      // The address each lane gives, as the lowering computes it.
      SmallVector<int64_t> address(32);
      for (int64_t l = 0; l < 32; ++l)
        address[l] = plan.offsetOf(
            xorOf(xorOf(matrixLaneCoords(src, *frag, transposed, l), warpPart),
                  src.registerCoords(r0)));
      // What the ISA stores: element (row, col) of block j comes from lane
      // 4 row + col / 2, half col % 2 of its register j.
      for (int64_t j = 0; j < plan.matrices; ++j)
        for (int64_t row = 0; row < 8; ++row)
          for (int64_t col = 0; col < 8; ++col) {
            int64_t lane = 4 * row + col / 2;
            int64_t reg = r0 + 2 * j + col % 2;
            SmallVector<int64_t> element = coordsOf(srcType, reg, lane, warp);
            int64_t at = transposed ? address[8 * j + col] + row
                                    : address[8 * j + row] + col;
            EXPECT_EQ(at % 8 == 0, (transposed ? row : col) == 0)
                << "block rows must be 16-byte aligned";
            EXPECT_EQ(at, plan.offsetOf(element))
                << "warp " << warp << " register " << reg << " lane " << lane;
            auto [it, fresh] = written.emplace(at, element);
            EXPECT_TRUE(fresh || it->second == element)
                << "two elements at offset " << at;
          }
    }
  }
  EXPECT_EQ(int64_t(written.size()), srcType.getNumElements());
  // The reader finds every element it gets among those written.
  for (int64_t warp = 0; warp < warps; ++warp)
    for (int64_t lane = 0; lane < 32; ++lane)
      for (int64_t r = 0; r < dst.numRegisters(); ++r) {
        SmallVector<int64_t> element = coordsOf(dstType, r, lane, warp);
        auto it = written.find(plan.offsetOf(element));
        ASSERT_NE(it, written.end());
        EXPECT_EQ(it->second, element);
      }
}

TEST_F(StMatrixStaging, WgmmaAccumulatorThroughStMatrix) {
  const Case cases[] = {
      // Tutorial 08's epilogue: a column per thread (stmatrix .trans).
      {"tensor<128x128xf16, #gir.wgmma<warpsPerCTA = [4, 1], instrN = 128>>",
       "tensor<128x128xf16, #gir.blocked<sizePerThread = [1, 1], "
       "threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>>",
       4, true},
      {"tensor<64x64xf16, #gir.wgmma<warpsPerCTA = [4, 1], instrN = 64>>",
       "tensor<64x64xf16, #gir.blocked<sizePerThread = [1, 1], "
       "threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>>",
       4, true},
      // A matmul's epilogue: rows of 8 (stmatrix).
      {"tensor<128x256xbf16, #gir.wgmma<warpsPerCTA = [8, 1], instrN = 256>>",
       "tensor<128x256xbf16, #gir.blocked<sizePerThread = [1, 8], "
       "threadsPerWarp = [1, 32], warpsPerCTA = [8, 1], order = [1, 0]>>",
       8, false},
      {"tensor<64x128xf16, #gir.wgmma<warpsPerCTA = [4, 1], instrN = 128>>",
       "tensor<64x128xf16, #gir.blocked<sizePerThread = [1, 8], "
       "threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>>",
       4, false},
      // Warpgroups side by side along N (64-row tiles on 8 warps).
      {"tensor<64x64xf16, #gir.wgmma<warpsPerCTA = [4, 2], instrN = 32>>",
       "tensor<64x64xf16, #gir.blocked<sizePerThread = [1, 8], "
       "threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]>>",
       8, false},
      {"tensor<64x128xbf16, #gir.wgmma<warpsPerCTA = [4, 2], instrN = 64>>",
       "tensor<64x128xbf16, #gir.blocked<sizePerThread = [1, 1], "
       "threadsPerWarp = [1, 32], warpsPerCTA = [1, 8], order = [1, 0]>>",
       8, true},
      // Few registers: two blocks per instruction.
      {"tensor<64x8xf16, #gir.wgmma<warpsPerCTA = [4, 1], instrN = 8>>",
       "tensor<64x8xf16, #gir.blocked<sizePerThread = [8, 1], "
       "threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>>",
       4, true},
  };
  for (const Case &c : cases) {
    SCOPED_TRACE(c.src);
    RankedTensorType srcType = type(c.src), dstType = type(c.dst);
    ASSERT_TRUE(srcType && dstType);
    LayoutMap src = map(srcType, c.warps), dst = map(dstType, c.warps);
    simulate(srcType, dstType, src, dst, c.warps, c.transposed);
  }
}

TEST_F(StMatrixStaging, NoStMatrixWithoutTheFragment) {
  // 32-bit elements, a blocked source, or no stmatrix (before sm_90):
  // vector writes.
  RankedTensorType acc32 = type(
      "tensor<128x128xf32, #gir.wgmma<warpsPerCTA = [4, 1], instrN = 128>>");
  RankedTensorType blocked =
      type("tensor<128x128xf16, #gir.blocked<sizePerThread = [1, 8], "
           "threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>");
  RankedTensorType cols =
      type("tensor<128x128xf16, #gir.blocked<sizePerThread = [1, 1], "
           "threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>>");
  RankedTensorType acc16 = type(
      "tensor<128x128xf16, #gir.wgmma<warpsPerCTA = [4, 1], instrN = 128>>");
  EXPECT_FALSE(matrixFragment(map(acc32, 4), 4).has_value());
  EXPECT_FALSE(matrixFragment(map(blocked, 4), 2).has_value());
  EXPECT_EQ(planStaging(map(blocked, 4), map(cols, 4), 2, true).matrices, 0);
  EXPECT_EQ(planStaging(map(acc16, 4), map(cols, 4), 2, false).matrices, 0);
}

TEST_F(StMatrixStaging, ThreadAndRegisterOffsetsAdd) {
  // Blocked and mma layouts move disjoint coordinate bits by thread and by
  // register: the element offset of (thread XOR register) is the sum of
  // the two, padding included.
  RankedTensorType acc = type(
      "tensor<128x128xf16, #gir.wgmma<warpsPerCTA = [4, 1], instrN = 128>>");
  RankedTensorType cols =
      type("tensor<128x128xf16, #gir.blocked<sizePerThread = [1, 1], "
           "threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>>");
  LayoutMap src = map(acc, 4), dst = map(cols, 4);
  StagingPlan plan = planStaging(src, dst, 2, /*stmatrix=*/false);
  ASSERT_GT(plan.pad, 0);
  for (auto [t, m] : {std::make_pair(acc, &src), std::make_pair(cols, &dst)})
    for (int64_t warp = 0; warp < 4; ++warp)
      for (int64_t lane = 0; lane < 32; ++lane) {
        SmallVector<int64_t> thread = coordsOf(t, 0, lane, warp);
        for (int64_t r = 0; r < m->numRegisters(); ++r)
          EXPECT_EQ(plan.offsetOf(coordsOf(t, r, lane, warp)),
                    plan.offsetOf(thread) +
                        plan.offsetOf(m->registerCoords(r)));
      }
}

} // namespace

//===- MmaV2Fragments.h - Where mma.sync's operand fragments come from -*- C++ -*-===//
//
// The pure index arithmetic of the mma.sync (m16n8k16, 16-bit operands)
// lowering, shared by MmaV2DotToLLVM.cpp and its CPU-side unit test
// (unittest/Dialect/MmaV2FragmentTest.cpp), which checks it against the
// PTX ISA's fragment tables.
//
// Shared memory holds A as an M x K and B as a K x N row-major tile of
// 16-bit elements, each row padded by 8 elements (16 bytes) so that the
// eight 16-byte rows one ldmatrix phase reads fall in distinct banks.
//
// The fragments come from `ldmatrix.sync.aligned.m8n8.x4(.trans).shared.b16`:
// lanes 8q..8q+7 give the addresses of the eight rows of 8x8 matrix q, and
// register q of lane l receives, of matrix q, row l/4, columns 2(l%4) and
// 2(l%4)+1 (with .trans: rows 2(l%4) and 2(l%4)+1 of column l/4), the lower
// column (row) in the low 16 bits.
//
//  - A, m16 x k16, no .trans: matrix q is rows 8(q%2).., columns 8(q/2)..,
//    so registers 0..3 are a0a1, a2a3, a4a5, a6a7 of the ISA's A fragment.
//  - B, two n8 tiles j and j+1 of k16, .trans: matrix q is rows (K)
//    8(q%2).., tile j + q/2, so registers 0, 1 are b0b1, b2b3 of tile j and
//    registers 2, 3 those of tile j + 1.
//
// Both lane maps are linear in the lane bits: each bit adds a fixed step.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_LIB_CONVERSION_GPUIRTOLLVM_MMAV2FRAGMENTS_H
#define TRIDENT_LIB_CONVERSION_GPUIRTOLLVM_MMAV2FRAGMENTS_H

#include <cstdint>

namespace trident::gir_to_llvm::mma_v2 {

/// Elements of padding after each row of a staged operand.
inline constexpr int64_t kRowPad = 8;

/// A: per lane bit, the (row, column) step of the row address the lane
/// gives `ldmatrix.x4` for an m16 x k16 tile.
inline constexpr int64_t kALaneSteps[5][2] = {
    {1, 0}, {2, 0}, {4, 0}, {8, 0}, {0, 8}};
/// B: per lane bit, the (row of K, n8 tile) step of the row address the
/// lane gives `ldmatrix.x4.trans` for k16 x two n8 tiles.
inline constexpr int64_t kBLaneSteps[5][2] = {
    {1, 0}, {2, 0}, {4, 0}, {8, 0}, {0, 1}};

/// The (first, second) coordinate of `lane` under `steps`.
inline void laneCoords(const int64_t (&steps)[5][2], int64_t lane,
                       int64_t &first, int64_t &second) {
  first = second = 0;
  for (int bit = 0; bit < 5; ++bit)
    if ((lane >> bit) & 1) {
      first += steps[bit][0];
      second += steps[bit][1];
    }
}

/// First row of the m16 tile `rm` of warp row `warpM` (warps cover
/// 16 * wm rows, then the tiles repeat).
inline int64_t tileRow(int64_t rm, int64_t warpM, int64_t wm) {
  return rm * 16 * wm + warpM * 16;
}
/// First column of the n8 tile `rn` of warp column `warpN`.
inline int64_t tileCol(int64_t rn, int64_t warpN, int64_t wn) {
  return rn * 8 * wn + warpN * 8;
}
/// The accumulator register of element i (0..3) of tile (rm, rn), as
/// #gir.mma_v2 numbers them (tiles along N first).
inline int64_t accRegister(int64_t rm, int64_t rn, int64_t i, int64_t repN) {
  return (rm * repN + rn) * 4 + i;
}

} // namespace trident::gir_to_llvm::mma_v2

#endif

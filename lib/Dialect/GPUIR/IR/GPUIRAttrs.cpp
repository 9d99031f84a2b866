//===- GPUIRAttrs.cpp - GPU IR layout encodings ---------------------------===//
#include "trident/Dialect/GPUIR/IR/GPUIR.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

#include <set>

using namespace mlir;
using namespace trident::gir;

#include "trident/Dialect/GPUIR/IR/GPUIRAttrInterfaces.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "trident/Dialect/GPUIR/IR/GPUIRAttrs.cpp.inc"

void GPUIRDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "trident/Dialect/GPUIR/IR/GPUIRAttrs.cpp.inc"
      >();
}

namespace {

bool isPermutation(ArrayRef<unsigned> order) {
  SmallVector<bool> seen(order.size(), false);
  for (unsigned d : order) {
    if (d >= order.size() || seen[d])
      return false;
    seen[d] = true;
  }
  return true;
}

int64_t product(ArrayRef<unsigned> values) {
  int64_t p = 1;
  for (unsigned v : values)
    p *= v;
  return p;
}

/// Splits `linear` into per-dimension coordinates over `sizes`, the
/// dimensions taken fastest-first in `order`.
SmallVector<int64_t> delinearize(int64_t linear, ArrayRef<int64_t> sizes,
                                 ArrayRef<unsigned> order) {
  SmallVector<int64_t> coords(sizes.size(), 0);
  for (unsigned d : order) {
    coords[d] = linear % sizes[d];
    linear /= sizes[d];
  }
  return coords;
}

/// A distributed layout places the elements of tiles of its own rank only
/// (VerifiableTensorEncoding: checked wherever a tile type is parsed).
LogicalResult verifyLayoutRank(DistributedEncodingAttr layout, StringRef name,
                               ArrayRef<int64_t> shape,
                               function_ref<InFlightDiagnostic()> emitError) {
  if (layout.getRank() == shape.size())
    return success();
  return emitError() << "#gir." << name << " layout has rank "
                     << layout.getRank() << " but the tile has rank "
                     << shape.size();
}

} // namespace

//===----------------------------------------------------------------------===//
// BlockedEncodingAttr
//===----------------------------------------------------------------------===//

LogicalResult BlockedEncodingAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, ArrayRef<unsigned> sizePerThread,
    ArrayRef<unsigned> threadsPerWarp, ArrayRef<unsigned> warpsPerCTA,
    ArrayRef<unsigned> order, unsigned ctaSplit) {
  size_t rank = sizePerThread.size();
  if (ctaSplit == 0 || !llvm::isPowerOf2_32(ctaSplit) || ctaSplit > 16)
    return emitError() << "blocked layout ctaSplit must be a power of two in "
                          "[1, 16], got "
                       << ctaSplit;
  if (rank == 0)
    return emitError() << "blocked layout needs at least one dimension";
  if (threadsPerWarp.size() != rank || warpsPerCTA.size() != rank ||
      order.size() != rank)
    return emitError() << "blocked layout parameters must all have rank "
                       << rank;
  for (ArrayRef<unsigned> list : {sizePerThread, threadsPerWarp, warpsPerCTA})
    for (unsigned v : list)
      if (v == 0 || !llvm::isPowerOf2_32(v))
        return emitError()
               << "blocked layout sizes must be powers of two, got " << v;
  if (!isPermutation(order))
    return emitError() << "blocked layout order must be a permutation of 0.."
                       << rank - 1;
  return success();
}

unsigned BlockedEncodingAttr::getRank() const {
  return getSizePerThread().size();
}

LogicalResult BlockedEncodingAttr::verifyEncoding(
    ArrayRef<int64_t> shape, Type, function_ref<InFlightDiagnostic()> emitError) const {
  return verifyLayoutRank(*this, "blocked", shape, emitError);
}

/// The part of a tile of `shape` one CTA of a cluster holds: dimension 0
/// cut into min(ctaSplit, shape[0]) blocks.
static SmallVector<int64_t> ctaBlock(ArrayRef<int64_t> shape,
                                     unsigned ctaSplit) {
  SmallVector<int64_t> block(shape.begin(), shape.end());
  if (!block.empty() && ctaSplit > 1)
    block[0] /= std::max<int64_t>(1, std::min<int64_t>(ctaSplit, block[0]));
  return block;
}

/// Per dimension: how many CTA tiles cover the CTA's block of the tensor
/// (at least one).
static SmallVector<int64_t> repetitions(BlockedEncodingAttr layout,
                                        ArrayRef<int64_t> fullShape) {
  SmallVector<int64_t> shape = ctaBlock(fullShape, layout.getCtaSplit());
  SmallVector<int64_t> reps;
  for (unsigned d = 0; d < shape.size(); ++d) {
    int64_t cta = int64_t(layout.getSizePerThread()[d]) *
                  layout.getThreadsPerWarp()[d] * layout.getWarpsPerCTA()[d];
    reps.push_back(std::max<int64_t>(1, shape[d] / cta));
  }
  return reps;
}

int64_t BlockedEncodingAttr::getElemsPerThread(ArrayRef<int64_t> shape) const {
  int64_t n = product(getSizePerThread());
  for (int64_t r : repetitions(*this, shape))
    n *= r;
  return n;
}

SmallVector<int64_t>
BlockedEncodingAttr::getElementCoords(ArrayRef<int64_t> fullShape,
                                      int64_t reg, int64_t lane,
                                      int64_t warp) const {
  // Coordinates within the CTA's block (those of CTA 0).
  SmallVector<int64_t> shape = ctaBlock(fullShape, getCtaSplit());
  unsigned rank = getRank();
  SmallVector<int64_t> spt(getSizePerThread().begin(), getSizePerThread().end());
  SmallVector<int64_t> tpw(getThreadsPerWarp().begin(), getThreadsPerWarp().end());
  SmallVector<int64_t> wpc(getWarpsPerCTA().begin(), getWarpsPerCTA().end());
  SmallVector<int64_t> reps = repetitions(*this, fullShape);
  // Registers: the element within the thread's block varies fastest, then
  // the repetition of the CTA tile, both in `order`.
  int64_t perBlock = product(getSizePerThread());
  SmallVector<int64_t> inBlock = delinearize(reg % perBlock, spt, getOrder());
  SmallVector<int64_t> rep = delinearize(reg / perBlock, reps, getOrder());
  SmallVector<int64_t> laneCoords = delinearize(lane, tpw, getOrder());
  SmallVector<int64_t> warpCoords = delinearize(warp, wpc, getOrder());
  SmallVector<int64_t> coords(rank);
  for (unsigned d = 0; d < rank; ++d) {
    int64_t cta = spt[d] * tpw[d] * wpc[d];
    int64_t c = rep[d] * cta + warpCoords[d] * spt[d] * tpw[d] +
                laneCoords[d] * spt[d] + inBlock[d];
    coords[d] = c % shape[d]; // a tile smaller than the CTA tile wraps
  }
  return coords;
}

BlockedEncodingAttr BlockedEncodingAttr::getDefault(MLIRContext *context,
                                                    ArrayRef<int64_t> shape,
                                                    unsigned numWarps,
                                                    unsigned threadsPerWarp,
                                                    unsigned sizePerThreadFastest,
                                                    ArrayRef<unsigned> givenOrder) {
  unsigned rank = shape.size();
  SmallVector<unsigned> order(givenOrder.begin(), givenOrder.end());
  if (order.size() != rank) {
    order.clear();
    for (unsigned d = rank; d-- > 0;)
      order.push_back(d);
  }
  unsigned fastest = order.front();
  SmallVector<unsigned> spt(rank, 1), tpw(rank, 1), wpc(rank, 1);
  // Elements per thread along the fastest dimension, as far as the shape
  // allows.
  spt[fastest] = std::max<int64_t>(
      1, std::min<int64_t>(sizePerThreadFastest, shape[fastest]));
  // Lanes from the fastest dimension outwards, then warps likewise; what is
  // left over goes to the slowest dimension (replication).
  unsigned lanesLeft = threadsPerWarp;
  SmallVector<int64_t> remaining(shape.begin(), shape.end());
  remaining[fastest] = std::max<int64_t>(1, remaining[fastest] / spt[fastest]);
  for (unsigned d : order) {
    unsigned take = std::max<int64_t>(
        1, std::min<int64_t>(lanesLeft, remaining[d]));
    tpw[d] = take;
    lanesLeft /= take;
    remaining[d] = std::max<int64_t>(1, remaining[d] / take);
  }
  tpw[order.back()] *= lanesLeft;
  unsigned warpsLeft = numWarps;
  for (unsigned d : order) {
    unsigned take = std::max<int64_t>(
        1, std::min<int64_t>(warpsLeft, remaining[d]));
    wpc[d] = take;
    warpsLeft /= take;
    remaining[d] = std::max<int64_t>(1, remaining[d] / take);
  }
  wpc[order.back()] *= warpsLeft;
  return BlockedEncodingAttr::get(context, spt, tpw, wpc, order);
}

//===----------------------------------------------------------------------===//
// SliceEncodingAttr
//===----------------------------------------------------------------------===//

LogicalResult SliceEncodingAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, unsigned dim,
    DistributedEncodingAttr parent) {
  if (!parent)
    return emitError() << "slice layout needs a distributed parent layout";
  if (dim >= parent.getRank())
    return emitError() << "slice dimension " << dim
                       << " is out of range for a parent of rank "
                       << parent.getRank();
  if (parent.getRank() < 2)
    return emitError() << "slice layout needs a parent of rank 2 or more";
  return success();
}

unsigned SliceEncodingAttr::getRank() const {
  return getParent().getRank() - 1;
}

LogicalResult SliceEncodingAttr::verifyEncoding(
    ArrayRef<int64_t> shape, Type, function_ref<InFlightDiagnostic()> emitError) const {
  return verifyLayoutRank(*this, "slice", shape, emitError);
}

static SmallVector<int64_t> parentShape(SliceEncodingAttr slice,
                                        ArrayRef<int64_t> shape) {
  SmallVector<int64_t> full(shape.begin(), shape.end());
  full.insert(full.begin() + slice.getDim(), 1);
  return full;
}

/// The parent's register bits a slice keeps. The parent's registers are a
/// linear map of their index bits (GF(2), as every distributed layout here):
/// once the sliced dimension is dropped, a bit whose coordinates are zero,
/// or lie in the span of the bits kept before it, only repeats elements the
/// thread already holds. A slice keeps one register per distinct element
/// (as Triton's slice layouts do): a row statistic of a wgmma accumulator
/// is 2 registers per thread, not the accumulator's 32.
static SmallVector<unsigned> keptRegisterBits(SliceEncodingAttr slice,
                                              ArrayRef<int64_t> shape) {
  SmallVector<int64_t> full = parentShape(slice, shape);
  DistributedEncodingAttr parent = slice.getParent();
  int64_t regs = parent.getElemsPerThread(full);
  SmallVector<unsigned> kept;
  // The span of the kept bits' coordinates, as a set (at most `regs`).
  std::set<SmallVector<int64_t>> span;
  unsigned rank = full.size() - 1;
  span.insert(SmallVector<int64_t>(rank, 0));
  for (unsigned bit = 0; (int64_t(1) << bit) < regs; ++bit) {
    SmallVector<int64_t> c =
        parent.getElementCoords(full, int64_t(1) << bit, 0, 0);
    c.erase(c.begin() + slice.getDim());
    if (span.count(c))
      continue;
    kept.push_back(bit);
    SmallVector<SmallVector<int64_t>> grown;
    for (const SmallVector<int64_t> &v : span) {
      SmallVector<int64_t> x = v;
      for (unsigned d = 0; d < rank; ++d)
        x[d] ^= c[d];
      grown.push_back(x);
    }
    span.insert(grown.begin(), grown.end());
  }
  return kept;
}

int64_t SliceEncodingAttr::getElemsPerThread(ArrayRef<int64_t> shape) const {
  return int64_t(1) << keptRegisterBits(*this, shape).size();
}

SmallVector<int64_t>
SliceEncodingAttr::getElementCoords(ArrayRef<int64_t> shape, int64_t reg,
                                    int64_t lane, int64_t warp) const {
  // Register `reg` of the slice is the parent's register with reg's bits
  // deposited at the kept bit positions.
  int64_t parentReg = 0;
  for (auto [i, bit] : llvm::enumerate(keptRegisterBits(*this, shape)))
    if ((reg >> i) & 1)
      parentReg |= int64_t(1) << bit;
  SmallVector<int64_t> coords = getParent().getElementCoords(
      parentShape(*this, shape), parentReg, lane, warp);
  coords.erase(coords.begin() + getDim());
  return coords;
}

//===----------------------------------------------------------------------===//
// WgmmaEncodingAttr
//===----------------------------------------------------------------------===//

LogicalResult
WgmmaEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                          ArrayRef<unsigned> warpsPerCTA, unsigned instrN,
                          unsigned ctaSplit) {
  if (ctaSplit == 0 || !llvm::isPowerOf2_32(ctaSplit) || ctaSplit > 16)
    return emitError() << "wgmma layout ctaSplit must be a power of two in "
                          "[1, 16], got "
                       << ctaSplit;
  if (warpsPerCTA.size() != 2)
    return emitError() << "wgmma layout is 2-D, got warpsPerCTA of rank "
                       << warpsPerCTA.size();
  if (warpsPerCTA[0] % 4 != 0 || !llvm::isPowerOf2_32(warpsPerCTA[0]) ||
      warpsPerCTA[1] == 0 || !llvm::isPowerOf2_32(warpsPerCTA[1]))
    return emitError() << "wgmma layout needs warpsPerCTA = [4 * 2^i, 2^j] "
                          "(whole warpgroups along rows, then warpgroups "
                          "along columns), got ["
                       << warpsPerCTA[0] << ", " << warpsPerCTA[1] << "]";
  if (instrN < 8 || instrN > 256 || !llvm::isPowerOf2_32(instrN))
    return emitError() << "wgmma instrN must be a power of two in [8, 256], "
                          "got "
                       << instrN;
  return success();
}

unsigned WgmmaEncodingAttr::getRank() const { return 2; }

LogicalResult WgmmaEncodingAttr::verifyEncoding(
    ArrayRef<int64_t> shape, Type, function_ref<InFlightDiagnostic()> emitError) const {
  return verifyLayoutRank(*this, "wgmma", shape, emitError);
}

/// Repetitions per dimension of the warps' tile, 16 * warpsPerCTA[0] rows
/// by instrN * warpsPerCTA[1] columns (at least one; a smaller tile wraps).
static std::pair<int64_t, int64_t> wgmmaReps(WgmmaEncodingAttr layout,
                                             ArrayRef<int64_t> fullShape) {
  SmallVector<int64_t> shape = ctaBlock(fullShape, layout.getCtaSplit());
  int64_t rowsCovered = 16 * int64_t(layout.getWarpsPerCTA()[0]);
  int64_t colsCovered =
      int64_t(layout.getInstrN()) * int64_t(layout.getWarpsPerCTA()[1]);
  return {std::max<int64_t>(1, shape[0] / rowsCovered),
          std::max<int64_t>(1, shape[1] / colsCovered)};
}

int64_t WgmmaEncodingAttr::getElemsPerThread(ArrayRef<int64_t> shape) const {
  auto [repM, repN] = wgmmaReps(*this, shape);
  return int64_t(getInstrN()) / 2 * repM * repN;
}

SmallVector<int64_t>
WgmmaEncodingAttr::getElementCoords(ArrayRef<int64_t> fullShape,
                                    int64_t reg, int64_t lane,
                                    int64_t warp) const {
  SmallVector<int64_t> shape = ctaBlock(fullShape, getCtaSplit());
  int64_t perInstr = getInstrN() / 2;
  auto [repM, repN] = wgmmaReps(*this, fullShape);
  (void)repM;
  // Warps go along rows first (four of them a warpgroup of 64 rows), then
  // whole warpgroups along columns, instrN columns each.
  int64_t wm = getWarpsPerCTA()[0], wn = getWarpsPerCTA()[1];
  int64_t warpM = warp % wm, warpN = (warp / wm) % wn;
  int64_t inInstr = reg % perInstr, rep = reg / perInstr;
  int64_t row = (rep / repN) * 16 * wm + warpM * 16 + lane / 4 +
                8 * ((inInstr >> 1) & 1);
  int64_t col = (rep % repN) * getInstrN() * wn + warpN * getInstrN() +
                (inInstr >> 2) * 8 + (lane % 4) * 2 + (inInstr & 1);
  return {row % shape[0], col % shape[1]};
}

//===----------------------------------------------------------------------===//
// MmaV2EncodingAttr
//===----------------------------------------------------------------------===//

LogicalResult
MmaV2EncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                          ArrayRef<unsigned> warpsPerCTA) {
  if (warpsPerCTA.size() != 2)
    return emitError() << "mma_v2 layout is 2-D, got warpsPerCTA of rank "
                       << warpsPerCTA.size();
  for (unsigned w : warpsPerCTA)
    if (w == 0 || !llvm::isPowerOf2_32(w))
      return emitError() << "mma_v2 warpsPerCTA must be powers of two, got "
                         << w;
  return success();
}

unsigned MmaV2EncodingAttr::getRank() const { return 2; }

LogicalResult MmaV2EncodingAttr::verifyEncoding(
    ArrayRef<int64_t> shape, Type, function_ref<InFlightDiagnostic()> emitError) const {
  return verifyLayoutRank(*this, "mma_v2", shape, emitError);
}

/// Repetitions of the warps' 16*wm x 8*wn tile per dimension (at least one;
/// a smaller tile wraps).
static std::pair<int64_t, int64_t> mmaV2Reps(MmaV2EncodingAttr layout,
                                             ArrayRef<int64_t> shape) {
  return {std::max<int64_t>(1, shape[0] / (16 * int64_t(layout.getWarpsPerCTA()[0]))),
          std::max<int64_t>(1, shape[1] / (8 * int64_t(layout.getWarpsPerCTA()[1])))};
}

int64_t MmaV2EncodingAttr::getElemsPerThread(ArrayRef<int64_t> shape) const {
  auto [repM, repN] = mmaV2Reps(*this, shape);
  return 4 * repM * repN;
}

SmallVector<int64_t>
MmaV2EncodingAttr::getElementCoords(ArrayRef<int64_t> shape, int64_t reg,
                                    int64_t lane, int64_t warp) const {
  int64_t wm = getWarpsPerCTA()[0], wn = getWarpsPerCTA()[1];
  auto [repM, repN] = mmaV2Reps(*this, shape);
  (void)repM;
  int64_t inTile = reg % 4, rep = reg / 4;
  int64_t warpM = (warp / wn) % wm, warpN = warp % wn;
  int64_t row = (rep / repN) * 16 * wm + warpM * 16 + lane / 4 +
                8 * (inTile >> 1);
  int64_t col = (rep % repN) * 8 * wn + warpN * 8 + (lane % 4) * 2 +
                (inTile & 1);
  return {row % shape[0], col % shape[1]};
}

//===----------------------------------------------------------------------===//
// NVMMASharedEncodingAttr
//===----------------------------------------------------------------------===//

LogicalResult NVMMASharedEncodingAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, unsigned swizzle,
    ArrayRef<unsigned> order) {
  if (swizzle != 32 && swizzle != 64 && swizzle != 128)
    return emitError() << "nvmma_shared swizzle must be 32, 64 or 128 bytes, "
                          "got "
                       << swizzle;
  if (order.size() != 2 || !isPermutation(order))
    return emitError() << "nvmma_shared order must be [1, 0] or [0, 1]";
  return success();
}

// A shared-memory layout describes buffers (!gir.memdesc), never the
// registers of a tile: no lowering places a tile's elements by it.
LogicalResult NVMMASharedEncodingAttr::verifyEncoding(
    ArrayRef<int64_t>, Type, function_ref<InFlightDiagnostic()> emitError) const {
  return emitError() << "#gir.nvmma_shared lays out shared-memory buffers "
                        "(!gir.memdesc), not tiles: give the tile a "
                        "distributed layout";
}

//===----------------------------------------------------------------------===//
// PlainSharedEncodingAttr
//===----------------------------------------------------------------------===//

LogicalResult
PlainSharedEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                ArrayRef<unsigned> order) {
  if (order.empty() || order.size() > 8 || !isPermutation(order))
    return emitError() << "plain_shared order must be a permutation of the "
                          "dimensions (rank 1 to 8)";
  return success();
}

LogicalResult PlainSharedEncodingAttr::verifyEncoding(
    ArrayRef<int64_t>, Type, function_ref<InFlightDiagnostic()> emitError) const {
  return emitError() << "#gir.plain_shared lays out shared-memory buffers "
                        "(!gir.memdesc), not tiles: give the tile a "
                        "distributed layout";
}

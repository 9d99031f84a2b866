//===- Swizzle.cpp - Shared-memory layouts as linear layouts --------------===//
//
// A shared layout maps "offset" (elements from the buffer's start) to tensor
// coordinates. Offset bits are listed low to high: the contiguous dimension's
// bits first, then the strided dimension's. A swizzle is a row-dependent XOR
// on the column, which is linear, so it only adds column coordinates to the
// row bits' bases.
//
//===----------------------------------------------------------------------===//
#include "trident/Layout/Layouts.h"

#include "llvm/ADT/STLExtras.h"

using namespace trident::layout;
using llvm::ArrayRef;
using llvm::Expected;

namespace {

llvm::Error err(const llvm::Twine &msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), msg);
}

bool isPow2(int64_t v) { return v > 0 && (v & (v - 1)) == 0; }
unsigned lg(int64_t v) { return __builtin_ctzll(uint64_t(v)); }

llvm::Error checkShape(ArrayRef<int32_t> shape, llvm::StringRef what) {
  for (int32_t s : shape)
    if (!isPow2(s) || s > (1 << kMaxDimLog2))
      return err(what + ": shape entry " + llvm::Twine(s) +
                 " is not a power of two");
  return llvm::Error::success();
}

std::vector<LinearLayout::NamedSize> tensorDims(ArrayRef<int32_t> shape) {
  std::vector<LinearLayout::NamedSize> outs;
  for (unsigned d = 0; d < shape.size(); ++d)
    outs.push_back({dimName(d), shape[d]});
  return outs;
}

/// Bases of a rank-2 swizzled tile of `rows` x `cols` (contiguous dimension
/// `c`, strided `r`), appended to `bases`. The column of row bit j is XORed
/// with vec * ((2^j / perPhase) % maxPhase), taken modulo cols.
void swizzledTile(std::vector<LinearLayout::Basis> &bases, unsigned r,
                  unsigned c, int32_t rows, int32_t cols, int64_t vec,
                  int64_t perPhase, int64_t maxPhase) {
  for (unsigned i = 0; i < lg(cols); ++i) {
    LinearLayout::Basis b(2, 0);
    b[c] = int32_t(1) << i;
    bases.push_back(b);
  }
  for (unsigned j = 0; j < lg(rows); ++j) {
    int64_t row = int64_t(1) << j;
    LinearLayout::Basis b(2, 0);
    b[r] = int32_t(row);
    b[c] = int32_t((vec * ((row / perPhase) % maxPhase)) % cols);
    bases.push_back(b);
  }
}

} // namespace

Expected<LinearLayout>
trident::layout::unswizzledShared(ArrayRef<int32_t> shape,
                                  ArrayRef<unsigned> order) {
  if (llvm::Error e = checkShape(shape, "unswizzledShared"))
    return std::move(e);
  if (order.size() != shape.size())
    return err("unswizzledShared: order has the wrong number of entries");
  std::vector<LinearLayout::Basis> bases;
  llvm::SmallVector<bool> seen(shape.size(), false);
  for (unsigned d : order) {
    if (d >= shape.size() || seen[d])
      return err("unswizzledShared: order is not a permutation");
    seen[d] = true;
    for (unsigned i = 0; i < lg(shape[d]); ++i) {
      LinearLayout::Basis b(shape.size(), 0);
      b[d] = int32_t(1) << i;
      bases.push_back(b);
    }
  }
  return LinearLayout::fromBases({{kOffset.str(), bases}}, tensorDims(shape));
}

Expected<LinearLayout>
trident::layout::swizzledShared(ArrayRef<int32_t> shape, unsigned vec,
                                unsigned perPhase, unsigned maxPhase,
                                ArrayRef<unsigned> order) {
  if (shape.size() != 2)
    return err("swizzledShared: only rank 2 is supported");
  if (llvm::Error e = checkShape(shape, "swizzledShared"))
    return std::move(e);
  if (!isPow2(vec) || !isPow2(perPhase) || !isPow2(maxPhase))
    return err("swizzledShared: vec, perPhase and maxPhase must be powers of two");
  if (order.size() != 2 || order[0] > 1 || order[1] != 1 - order[0])
    return err("swizzledShared: order must be [0, 1] or [1, 0]");
  unsigned c = order[0], r = order[1];
  std::vector<LinearLayout::Basis> bases;
  swizzledTile(bases, r, c, shape[r], shape[c], vec, perPhase, maxPhase);
  return LinearLayout::fromBases({{kOffset.str(), bases}}, tensorDims(shape));
}

Expected<LinearLayout> trident::layout::nvmmaShared(ArrayRef<int32_t> shape,
                                                    unsigned elemBitwidth,
                                                    unsigned swizzleBytes,
                                                    bool transposed) {
  if (shape.size() != 2)
    return err("nvmmaShared: only rank 2 is supported");
  if (llvm::Error e = checkShape(shape, "nvmmaShared"))
    return std::move(e);
  if (elemBitwidth != 8 && elemBitwidth != 16 && elemBitwidth != 32 &&
      elemBitwidth != 64)
    return err("nvmmaShared: element bitwidth must be 8, 16, 32 or 64");
  if (swizzleBytes != 0 && swizzleBytes != 32 && swizzleBytes != 64 &&
      swizzleBytes != 128)
    return err("nvmmaShared: swizzle must be 0, 32, 64 or 128 bytes");
  unsigned c = transposed ? 0 : 1, r = 1 - c;
  if (swizzleBytes == 0)
    return unswizzledShared(shape, {c, r});
  int32_t atomCols = swizzleBytes * 8 / elemBitwidth;
  if (shape[c] < atomCols)
    return err("nvmmaShared: the contiguous dimension (" +
               llvm::Twine(shape[c]) + " elements) is narrower than the " +
               llvm::Twine(swizzleBytes) + "-byte swizzle");
  std::vector<LinearLayout::Basis> bases;
  swizzledTile(bases, r, c, shape[r], atomCols, /*vec=*/128 / elemBitwidth,
               /*perPhase=*/128 / swizzleBytes, /*maxPhase=*/swizzleBytes / 16);
  // Further atoms along the contiguous dimension come after the whole atom.
  for (unsigned i = lg(atomCols); i < lg(shape[c]); ++i) {
    LinearLayout::Basis b(2, 0);
    b[c] = int32_t(1) << i;
    bases.push_back(b);
  }
  return LinearLayout::fromBases({{kOffset.str(), bases}}, tensorDims(shape));
}

//===- TileSizeLimit.cpp - The limit on elements per tile -----------------===//
//
// verifyTileSizes: no tile may hold more than kMaxTileElements (2^20)
// elements. It runs where a module enters Trident (the verifier of a
// `tir.kernel` function, trident-compile's and trident-opt's input check),
// so it sees every op of the module, plugins' ops included, before any
// pass works on them. Element counts are exact (APInt), never wrapped.
//
//===----------------------------------------------------------------------===//
#include "trident/Dialect/TileIR/IR/TileSizeLimit.h"
#include "trident/Dialect/TileIR/IR/TileIR.h"

#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/APInt.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"

using namespace mlir;

namespace trident::tir {

namespace {

/// The number of elements of a static `shape`, exactly (wide enough for
/// any product of int64 dimensions), or nullopt when a dimension is dynamic.
std::optional<llvm::APInt> elementCount(ArrayRef<int64_t> shape) {
  unsigned bits = 64 * std::max<size_t>(1, shape.size()) + 1;
  llvm::APInt count(bits, 1);
  for (int64_t d : shape) {
    if (ShapedType::isDynamic(d) || d < 0)
      return std::nullopt;
    count *= llvm::APInt(bits, uint64_t(d));
  }
  return count;
}

/// Whether `type` is a tile over the limit; `count` gets its elements.
bool overLimit(Type type, SmallString<32> &count) {
  auto tile = dyn_cast<RankedTensorType>(type);
  if (!tile)
    return false;
  std::optional<llvm::APInt> n = elementCount(tile.getShape());
  if (!n || n->ule(uint64_t(kMaxTileElements)))
    return false;
  count.clear();
  n->toStringUnsigned(count);
  return true;
}

/// Reports the tile `type`, the `what` of `op`, as over the limit.
LogicalResult report(Operation *op, const Twine &what, RankedTensorType type,
                     StringRef count) {
  InFlightDiagnostic diag = op->emitOpError();
  diag << what << " is a tile of shape ";
  llvm::interleave(type.getShape(), diag, "x");
  diag << " (" << type << "): " << count
       << " elements, over the limit of " << kMaxTileElements
       << " (2^20) elements per tile";
  return diag;
}

/// Checks the tiles `op` defines: its results, the arguments of its
/// regions' blocks and, for a function without a body, its signature.
LogicalResult verifyOpTiles(Operation *op) {
  SmallString<32> count;
  for (OpResult r : op->getResults())
    if (overLimit(r.getType(), count))
      return report(op, "result #" + Twine(r.getResultNumber()),
                    cast<RankedTensorType>(r.getType()), count);
  for (Region &region : op->getRegions())
    for (Block &block : region)
      for (BlockArgument a : block.getArguments())
        if (overLimit(a.getType(), count))
          return report(op,
                        "region #" + Twine(region.getRegionNumber()) +
                            " argument #" + Twine(a.getArgNumber()),
                        cast<RankedTensorType>(a.getType()), count);
  if (auto fn = dyn_cast<FunctionOpInterface>(op); fn && fn.isExternal()) {
    for (auto [i, t] : llvm::enumerate(fn.getArgumentTypes()))
      if (overLimit(t, count))
        return report(op, "argument #" + Twine(i), cast<RankedTensorType>(t),
                      count);
    for (auto [i, t] : llvm::enumerate(fn.getResultTypes()))
      if (overLimit(t, count))
        return report(op, "result #" + Twine(i) + " of its signature",
                      cast<RankedTensorType>(t), count);
  }
  return success();
}

} // namespace

LogicalResult verifyTileSizes(Operation *root) {
  // The first tile over the limit is the one to fix; the ops computing on
  // it would only repeat the error.
  WalkResult walk = root->walk<WalkOrder::PreOrder>([](Operation *op) {
    return failed(verifyOpTiles(op)) ? WalkResult::interrupt()
                                     : WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

} // namespace trident::tir

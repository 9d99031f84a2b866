//===- LoadPredication.cpp - Which masked loads become predicated PTX -----===//
//
// A masked load of a few registers per thread is lowered as loads under
// branches on its mask groups; LLVM then hoists every load of a block
// above the block's compute (the branches end before it), and the loaded
// registers of all of them are live together. That is cheap while a
// block's masked loads hold few registers and costly when they hold many:
// Liger's JSD loads sixteen 16-byte groups per iteration (64 registers),
// 226 registers per thread under branches against 103 as predicated
// `ld.global` (which ptxas interleaves with the compute): 0.78 of Triton's
// speed against 1.01 on an H100 (session 30). Tutorial 05's layer norm,
// whose blocks load at most 48 registers, lost 10-15% with every load
// predicated; the blocks of Liger's norms, GLUs and cross-entropy load 16
// to 32.
//
// Before the lowering, the masked vector loads (groups of consecutive
// elements) of global integers or floats are grouped by the block that
// holds them; a block's are predicated when together they hold more than
// the pass's `predicate-loads-above` 32-bit registers per thread (with
// `predicate-loads`, every masked global load).
//
//===----------------------------------------------------------------------===//
#include "Patterns.h"

#include "trident/Dialect/TileIR/IR/TileIR.h"
#include "llvm/ADT/MapVector.h"

using namespace mlir;

namespace trident::gir_to_llvm {

bool globalIntOrFloat(Value ptr, Type element) {
  auto tile = dyn_cast<RankedTensorType>(ptr.getType());
  auto ptrType =
      tile ? dyn_cast<tir::PointerType>(tile.getElementType()) : nullptr;
  return ptrType && ptrType.getAddressSpace() == 1 && element.isIntOrFloat();
}

LogicalResult choosePredicatedLoads(ModuleOp module, LoweringContext &lc) {
  lc.predicatedLoads.clear();
  if (!lc.predicateLoads && lc.predicateLoadsAbove < 0)
    return success();
  llvm::MapVector<Block *, std::pair<int64_t, SmallVector<Operation *>>>
      blocks;
  WalkResult result = module.walk([&](tir::LoadOp op) {
    auto tile = dyn_cast<RankedTensorType>(op.getType());
    if (!tile || !op.getMask() || op.getIsVolatile() ||
        !globalIntOrFloat(op.getPtr(), tile.getElementType()))
      return WalkResult::advance();
    // Element-wise accesses (no vector groups) stay as they are: predicated
    // one at a time, a tile's worth of them made a matmul's operand loads
    // spill (examples/kernels/matmul_bf16.mlir on sm_80: 316 spill loads).
    if (!lc.predicateLoads &&
        planVectors(op, op.getPtr(), op.getMask(), lc).width == 1)
      return WalkResult::advance();
    FailureOr<LayoutMap> map = mapOf(tile, lc, op);
    if (failed(map))
      return WalkResult::interrupt();
    int64_t bits =
        map->numRegisters() * tile.getElementType().getIntOrFloatBitWidth();
    auto &entry = blocks[op->getBlock()];
    entry.first += (bits + 31) / 32;
    entry.second.push_back(op);
    return WalkResult::advance();
  });
  if (result.wasInterrupted())
    return failure();
  for (auto &[block, entry] : blocks)
    if (lc.predicateLoads || entry.first > lc.predicateLoadsAbove)
      lc.predicatedLoads.insert(entry.second.begin(), entry.second.end());
  return success();
}

} // namespace trident::gir_to_llvm

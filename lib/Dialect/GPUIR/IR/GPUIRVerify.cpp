//===- GPUIRVerify.cpp - GPU IR's discardable attributes ------------------===//
//
// The `gir.*` attributes a module or an op carries, checked where they are
// set: the module's program shape (warps, lanes, CTAs, compute capability)
// and the shared-memory offsets gir-allocate-shared-memory records. Once a
// module says how many warps and lanes a program has, every tile's layout
// must spread it over exactly those (the lowering computes which thread
// holds which element from the layout: a layout over more warps or lanes
// than run leaves elements that no thread holds).
//
//===----------------------------------------------------------------------===//
#include "trident/Dialect/GPUIR/IR/GPUIR.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace trident::gir;

namespace {

/// The warps and lanes a layout spreads a tile over (its root's, through
/// slices); nullopt for layouts this dialect does not define.
struct LayoutThreads {
  int64_t warps, lanes;
};

std::optional<LayoutThreads> threadsOf(Attribute layout) {
  auto product = [](ArrayRef<unsigned> values) {
    int64_t p = 1;
    for (unsigned v : values)
      p *= v;
    return p;
  };
  if (auto slice = dyn_cast<SliceEncodingAttr>(layout))
    return threadsOf(slice.getParent());
  if (auto b = dyn_cast<BlockedEncodingAttr>(layout))
    return LayoutThreads{product(b.getWarpsPerCTA()),
                         product(b.getThreadsPerWarp())};
  if (auto w = dyn_cast<WgmmaEncodingAttr>(layout))
    return LayoutThreads{product(w.getWarpsPerCTA()), 32};
  if (auto m = dyn_cast<MmaV2EncodingAttr>(layout))
    return LayoutThreads{product(m.getWarpsPerCTA()), 32};
  return std::nullopt;
}

/// The warps that run code in `region`: those of the warp_specialize
/// partition it is in, or the program's. (The module's attributes are
/// checked before the ops inside it, so nothing here trusts their shape.)
std::pair<int64_t, bool> groupWarps(Region *region, int64_t programWarps) {
  for (; region; region = region->getParentRegion()) {
    auto parts = dyn_cast_or_null<trident::tir::WarpPartitionsOp>(
        region->getParentOp());
    if (!parts)
      continue;
    Operation *ws = parts->getParentOp();
    auto warps = ws ? ws->getAttrOfType<DenseI32ArrayAttr>(
                          "partition_num_warps")
                    : DenseI32ArrayAttr();
    unsigned i = region->getRegionNumber();
    if (!warps || i >= warps.size())
      return {programWarps, false};
    return {warps[i], true};
  }
  return {programWarps, false};
}

/// Checks the layout of `type` (a value of `what` at `op`, defined in
/// `region`) against the group of warps that runs the region.
LogicalResult checkLayoutThreads(Operation *op, Region *region, Type type,
                                 const Twine &what, int64_t programWarps,
                                 unsigned lanes) {
  auto tile = dyn_cast<RankedTensorType>(type);
  if (!tile || !tile.getEncoding())
    return success();
  std::optional<LayoutThreads> threads = threadsOf(tile.getEncoding());
  if (!threads)
    return success();
  auto [warps, inPartition] = groupWarps(region, programWarps);
  if (threads->lanes != lanes)
    return op->emitOpError() << what << " " << type << " is laid out over "
                             << threads->lanes << " lanes per warp, but a "
                             << "warp has " << lanes << " ("
                             << GPUIRDialect::getThreadsPerWarpAttrName()
                             << ")";
  if (threads->warps != warps)
    return op->emitOpError()
           << what << " " << type << " is laid out over " << threads->warps
           << " warps, but "
           << (inPartition ? "its warp_specialize partition runs "
                           : "the program runs ")
           << warps << (inPartition ? "" : " (gir.num_warps)");
  return success();
}

/// Every tile of `module` against the module's warps and lanes.
LogicalResult checkModuleLayouts(ModuleOp module) {
  unsigned lanes = getThreadsPerWarp(module);
  int64_t warps = getNumWarps(module);
  // A malformed gir.threads_per_warp is reported by its own check.
  if (lanes == 0 || lanes > 64 || !llvm::isPowerOf2_32(lanes))
    return success();
  WalkResult result = module.walk([&](Operation *op) {
    for (auto [i, r] : llvm::enumerate(op->getResults()))
      if (failed(checkLayoutThreads(op, op->getParentRegion(), r.getType(),
                                    "result #" + Twine(i), warps, lanes)))
        return WalkResult::interrupt();
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          if (failed(checkLayoutThreads(
                  op, &region, arg.getType(),
                  "block argument #" + Twine(arg.getArgNumber()), warps,
                  lanes)))
            return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

/// An i32 power of two in [1, max] named `name`.
LogicalResult checkPowerOfTwo(Operation *op, NamedAttribute attr,
                              int64_t max) {
  auto value = dyn_cast<IntegerAttr>(attr.getValue());
  if (!value || !value.getType().isInteger(32) || value.getInt() < 1 ||
      value.getInt() > max || !llvm::isPowerOf2_64(value.getInt()))
    return op->emitError() << "'" << attr.getName().getValue()
                           << "' must be an i32 power of two from 1 to "
                           << max << ", got " << attr.getValue();
  return success();
}

} // namespace

LogicalResult GPUIRDialect::verifyOperationAttribute(Operation *op,
                                                     NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  bool programShape = name == getNumWarpsAttrName() ||
                      name == getThreadsPerWarpAttrName() ||
                      name == getNumCTAsAttrName() ||
                      name == getClusterDimsAttrName() ||
                      name == getComputeCapabilityAttrName();
  if (programShape && !isa<ModuleOp>(op))
    return op->emitError() << "'" << name
                           << "' describes the program of a module; it may "
                              "only be set on a builtin.module";
  if (name == getNumWarpsAttrName()) {
    // Warps times lanes: at most 1024 threads in a CTA.
    if (failed(checkPowerOfTwo(op, attr, 32)))
      return failure();
    return checkModuleLayouts(cast<ModuleOp>(op));
  }
  if (name == getThreadsPerWarpAttrName())
    return checkPowerOfTwo(op, attr, 64);
  if (name == getNumCTAsAttrName())
    return checkPowerOfTwo(op, attr, 16);
  if (name == getClusterDimsAttrName()) {
    // Up to 8 CTAs, the portable cluster size; programs of one CTA each.
    auto dims = dyn_cast<DenseI32ArrayAttr>(attr.getValue());
    int64_t size = 1;
    bool ok = dims && dims.size() == 3;
    for (int32_t d : ok ? dims.asArrayRef() : ArrayRef<int32_t>()) {
      ok &= d >= 1;
      size *= std::max(d, 1);
    }
    if (!ok || size > 8)
      return op->emitError() << "'" << name
                             << "' must be array<i32: x, y, z> of positive "
                                "extents, at most 8 CTAs in all, got "
                             << attr.getValue();
    if (op->hasAttr(getNumCTAsAttrName()))
      return op->emitError() << "'" << name << "' (clusters of one-CTA "
                             << "programs) and '" << getNumCTAsAttrName()
                             << "' (programs of several CTAs) exclude each "
                                "other";
    return success();
  }
  if (name == getComputeCapabilityAttrName()) {
    auto value = dyn_cast<IntegerAttr>(attr.getValue());
    if (!value || !value.getType().isInteger(32) || value.getInt() <= 0)
      return op->emitError() << "'" << name
                             << "' must be a positive i32 (90 for sm_90), "
                                "got "
                             << attr.getValue();
    return success();
  }
  // Offsets recorded by gir-allocate-shared-memory (SharedMemoryAllocation.h).
  if (name == "gir.shared_offset" || name == "gir.scratch_offset") {
    auto value = dyn_cast<IntegerAttr>(attr.getValue());
    if (!value || !value.getType().isInteger(64) || value.getInt() < 0)
      return op->emitOpError() << "'" << name
                               << "' must be a non-negative i64 byte offset, "
                                  "got "
                               << attr.getValue();
    return success();
  }
  return success();
}

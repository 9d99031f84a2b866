//===- GPUIRDialect.cpp - GPU IR dialect ----------------------------------===//
#include "trident/Dialect/GPUIR/IR/GPUIR.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace trident::gir;

#include "trident/Dialect/GPUIR/IR/GPUIRDialect.cpp.inc"

namespace {
/// Tile IR's shape operations on tiles with GPU IR layouts: reducing along a
/// dimension gives the slice layout of the operand's layout, and inserting
/// that dimension again gives the parent back.
struct GPUIRTileLayout : public trident::tir::TileLayoutInterface {
  using TileLayoutInterface::TileLayoutInterface;
  Attribute inferReduceEncoding(Attribute operand,
                                unsigned axis) const override {
    auto parent = dyn_cast<DistributedEncodingAttr>(operand);
    if (!parent)
      return {};
    return SliceEncodingAttr::get(operand.getContext(), axis, parent);
  }
  Attribute inferExpandDimsEncoding(Attribute operand,
                                    unsigned axis) const override {
    auto slice = dyn_cast<SliceEncodingAttr>(operand);
    if (!slice || slice.getDim() != axis)
      return {};
    return slice.getParent();
  }
};

/// Prints layouts as aliases (#blocked, #blocked1, #slice, ...): layouts are
/// long and tiles repeat them.
struct GPUIRAsmInterface : public OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;
  AliasResult getAlias(Attribute attr, raw_ostream &os) const override {
    if (isa<BlockedEncodingAttr>(attr)) {
      os << "blocked";
      return AliasResult::FinalAlias;
    }
    if (isa<SliceEncodingAttr>(attr)) {
      os << "slice";
      return AliasResult::FinalAlias;
    }
    if (isa<NVMMASharedEncodingAttr>(attr)) {
      os << "shared";
      return AliasResult::FinalAlias;
    }
    if (isa<PlainSharedEncodingAttr>(attr)) {
      os << "plain_shared";
      return AliasResult::FinalAlias;
    }
    if (isa<MmaV2EncodingAttr>(attr)) {
      os << "mma";
      return AliasResult::FinalAlias;
    }
    if (isa<WgmmaEncodingAttr>(attr)) {
      os << "wgmma";
      return AliasResult::FinalAlias;
    }
    return AliasResult::NoAlias;
  }
};
} // namespace

void GPUIRDialect::initialize() {
  registerAttributes();
  registerTypes();
  addInterfaces<GPUIRTileLayout, GPUIRAsmInterface>();
  addOperations<
#define GET_OP_LIST
#include "trident/Dialect/GPUIR/IR/GPUIROps.cpp.inc"
      >();
}

namespace trident::gir {

static unsigned readModuleAttr(ModuleOp module, StringRef name,
                               unsigned fallback) {
  if (!module)
    return fallback;
  if (auto attr = module->getAttrOfType<IntegerAttr>(name))
    return attr.getInt();
  return fallback;
}

int64_t getWarpSpecializedEntryRegisters(int64_t threads) {
  int64_t whole = (threads + 127) / 128 * 128;
  return std::min<int64_t>(65536 / whole / 8 * 8, 248);
}

unsigned getNumWarps(ModuleOp module) {
  return readModuleAttr(module, GPUIRDialect::getNumWarpsAttrName(), 4);
}

unsigned getThreadsPerWarp(ModuleOp module) {
  return readModuleAttr(module, GPUIRDialect::getThreadsPerWarpAttrName(), 32);
}

unsigned getNumCTAs(ModuleOp module) {
  return readModuleAttr(module, GPUIRDialect::getNumCTAsAttrName(), 1);
}

std::array<int32_t, 3> getClusterDims(ModuleOp module) {
  std::array<int32_t, 3> dims = {1, 1, 1};
  auto attr = module ? module->getAttrOfType<DenseI32ArrayAttr>(
                           GPUIRDialect::getClusterDimsAttrName())
                     : DenseI32ArrayAttr();
  if (attr && attr.size() == 3)
    llvm::copy(attr.asArrayRef(), dims.begin());
  return dims;
}

int64_t getClusterSize(ModuleOp module) {
  std::array<int32_t, 3> d = getClusterDims(module);
  return int64_t(d[0]) * d[1] * d[2];
}

WarpGroup getWarpGroup(Block *block) {
  WarpGroup group;
  Operation *parent = block ? block->getParentOp() : nullptr;
  ModuleOp module = parent ? dyn_cast<ModuleOp>(parent) : ModuleOp();
  if (parent && !module)
    module = parent->getParentOfType<ModuleOp>();
  group.numWarps = getNumWarps(module);
  for (Region *region = block ? block->getParent() : nullptr; region;
       region = region->getParentRegion()) {
    if (!tir::isWarpPartition(region))
      continue;
    auto ws = cast<tir::WarpSpecializeOp>(region->getParentOp()->getParentOp());
    int i = ws.getPartitionIndex(region);
    group.partition = i;
    group.op = ws;
    group.firstWarp = ws.getPartitionWarpStart(i, group.numWarps);
    group.numWarps = ws.getPartitionNumWarps()[i];
    break;
  }
  return group;
}

WarpGroup getWarpGroup(Operation *op) { return getWarpGroup(op->getBlock()); }

unsigned getNumWarps(Operation *op) { return getWarpGroup(op).numWarps; }

unsigned getTotalNumWarps(ModuleOp module) {
  unsigned warps = getNumWarps(module);
  unsigned total = warps;
  module.walk([&](tir::WarpSpecializeOp ws) {
    total = std::max<unsigned>(total, ws.getTotalNumWarps(warps));
  });
  return total;
}

DistributedEncodingAttr getDistributedEncoding(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor)
    return {};
  return dyn_cast_or_null<DistributedEncodingAttr>(tensor.getEncoding());
}

/// The root's split along its dimension 0, or 1 when a slice on the way
/// removes that dimension.
static unsigned rootCTASplit(Attribute encoding) {
  if (auto slice = dyn_cast<SliceEncodingAttr>(encoding))
    return slice.getDim() == 0 ? 1 : rootCTASplit(slice.getParent());
  if (auto blocked = dyn_cast<BlockedEncodingAttr>(encoding))
    return blocked.getCtaSplit();
  if (auto wgmma = dyn_cast<WgmmaEncodingAttr>(encoding))
    return wgmma.getCtaSplit();
  return 1;
}

int64_t getCTASplit(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor || tensor.getRank() == 0 || !getDistributedEncoding(tensor))
    return 1;
  return std::max<int64_t>(
      1, std::min<int64_t>(rootCTASplit(tensor.getEncoding()),
                           tensor.getShape()[0]));
}

SmallVector<int64_t> getCTABlockShape(RankedTensorType type) {
  SmallVector<int64_t> shape(type.getShape().begin(), type.getShape().end());
  if (!shape.empty())
    shape[0] /= getCTASplit(type);
  return shape;
}

DistributedEncodingAttr withCTASplit(DistributedEncodingAttr encoding,
                                     unsigned n) {
  MLIRContext *ctx = encoding.getContext();
  if (auto slice = dyn_cast<SliceEncodingAttr>(encoding)) {
    DistributedEncodingAttr parent = withCTASplit(slice.getParent(), n);
    return parent ? SliceEncodingAttr::get(ctx, slice.getDim(), parent)
                  : DistributedEncodingAttr();
  }
  if (auto b = dyn_cast<BlockedEncodingAttr>(encoding))
    return BlockedEncodingAttr::get(ctx, b.getSizePerThread(),
                                    b.getThreadsPerWarp(), b.getWarpsPerCTA(),
                                    b.getOrder(), n);
  if (auto w = dyn_cast<WgmmaEncodingAttr>(encoding))
    return WgmmaEncodingAttr::get(ctx, w.getWarpsPerCTA(), w.getInstrN(), n);
  return {};
}

} // namespace trident::gir

//===- TileIRWarpOps.cpp - tir.warp_specialize -----------------*- C++ -*-===//
//
// The warp-specialized region op and the op holding its partitions: their
// syntax (one op in print) and their verifiers.
//
//===----------------------------------------------------------------------===//
#include "trident/Dialect/TileIR/IR/TileIR.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace trident::tir;

WarpPartitionsOp WarpSpecializeOp::getPartitionsOp() {
  return cast<WarpPartitionsOp>(getPartitionOpHolder().front().front());
}

MutableArrayRef<Region> WarpSpecializeOp::getPartitionRegions() {
  return getPartitionsOp().getPartitionRegions();
}

int32_t WarpSpecializeOp::getPartitionWarpStart(unsigned i,
                                                int32_t defaultWarps) {
  // Largest first: with power-of-two sizes each partition then starts at a
  // multiple of its own size past the default region's warps.
  ArrayRef<int32_t> warps = getPartitionNumWarps();
  int32_t start = defaultWarps;
  for (auto [j, n] : llvm::enumerate(warps))
    if (n > warps[i] || (n == warps[i] && j < i))
      start += n;
  return start;
}

bool WarpSpecializeOp::hasRegisterBudgets() {
  if (getDefaultNumRegisters())
    return true;
  std::optional<ArrayRef<int32_t>> regs = getPartitionNumRegisters();
  return regs && llvm::any_of(*regs, [](int32_t r) { return r != 0; });
}

int32_t WarpSpecializeOp::getNumPaddingWarps() {
  // setmaxnreg is set by whole warpgroups: a last, partial one that sets
  // a budget gets idle warps to complete it (counted from the partitions'
  // first warp, which is a warpgroup's when budgets are set).
  int32_t sum = 0;
  for (int32_t n : getPartitionNumWarps())
    sum += n;
  if (sum % 4 == 0 || getWarpGroupRegisters(sum - 1, 0) == 0)
    return 0;
  return 4 - sum % 4;
}

int32_t WarpSpecializeOp::getTotalNumWarps(int32_t defaultWarps) {
  int32_t total = defaultWarps + getNumPaddingWarps();
  for (int32_t n : getPartitionNumWarps())
    total += n;
  return total;
}

int32_t WarpSpecializeOp::getWarpGroupRegisters(int32_t warp,
                                                int32_t defaultWarps) {
  std::optional<ArrayRef<int32_t>> regs = getPartitionNumRegisters();
  if (!regs)
    return 0;
  int32_t group = warp / 4;
  int32_t budget = 0;
  for (unsigned i = 0; i < getNumPartitions(); ++i) {
    int32_t start = getPartitionWarpStart(i, defaultWarps);
    int32_t end = start + getPartitionNumWarps()[i];
    if (start / 4 <= group && group <= (end - 1) / 4)
      budget = std::max(budget, (*regs)[i]);
  }
  return budget;
}

int WarpSpecializeOp::getPartitionIndex(Region *region) {
  if (!region || region->getParentOp() != getPartitionsOp().getOperation())
    return -1;
  return int(region->getRegionNumber());
}

// tir.warp_specialize(%a, %b : i32, !tir.ptr<f32>) registers(232) {
//   ...
// } partition num_warps(1) registers(40) {
// ^bb0(%a0: i32, %b0: !tir.ptr<f32>):
//   ...
// }
ParseResult WarpSpecializeOp::parse(OpAsmParser &parser,
                                    OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand> captures;
  SmallVector<Type> types;
  if (parser.parseLParen())
    return failure();
  if (failed(parser.parseOptionalRParen())) {
    if (parser.parseOperandList(captures) || parser.parseColonTypeList(types) ||
        parser.parseRParen())
      return failure();
  }
  if (parser.resolveOperands(captures, types, parser.getNameLoc(),
                             result.operands))
    return failure();
  Builder &b = parser.getBuilder();
  auto parseCount = [&](StringRef keyword, std::optional<int32_t> &value)
      -> ParseResult {
    if (failed(parser.parseOptionalKeyword(keyword)))
      return success();
    int32_t v;
    if (parser.parseLParen() || parser.parseInteger(v) || parser.parseRParen())
      return failure();
    value = v;
    return success();
  };
  std::optional<int32_t> defaultRegs;
  if (parseCount("registers", defaultRegs))
    return failure();
  if (defaultRegs)
    result.addAttribute(getDefaultNumRegistersAttrName(result.name),
                        b.getI32IntegerAttr(*defaultRegs));
  if (parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();
  Region *defaultRegion = result.addRegion();
  if (parser.parseRegion(*defaultRegion))
    return failure();
  if (defaultRegion->empty())
    defaultRegion->emplaceBlock();
  Block &defaultBlock = defaultRegion->front();
  if (defaultBlock.empty() ||
      !defaultBlock.back().hasTrait<OpTrait::IsTerminator>()) {
    OpBuilder ob(parser.getContext());
    ob.setInsertionPointToEnd(&defaultBlock);
    WarpYieldOp::create(ob, result.location);
  }
  SmallVector<int32_t> warps, regs;
  SmallVector<std::unique_ptr<Region>> partitions;
  bool anyRegs = false;
  while (succeeded(parser.parseOptionalKeyword("partition"))) {
    std::optional<int32_t> n, r;
    if (parser.parseKeyword("num_warps") || parser.parseLParen() ||
        parser.parseInteger(n.emplace()) || parser.parseRParen() ||
        parseCount("registers", r))
      return failure();
    warps.push_back(*n);
    regs.push_back(r.value_or(0));
    anyRegs |= r.has_value();
    SmallVector<OpAsmParser::Argument> args;
    if (parser.parseArgumentList(args, OpAsmParser::Delimiter::OptionalParen,
                                 /*allowType=*/true))
      return failure();
    auto region = std::make_unique<Region>();
    if (parser.parseRegion(*region, args))
      return failure();
    WarpPartitionsOp::ensureTerminator(*region, b, result.location);
    partitions.push_back(std::move(region));
  }
  // The partitions are the regions of a tir.warp_partitions filling the
  // second region.
  Region *holder = result.addRegion();
  OpBuilder ob(parser.getContext());
  ob.createBlock(holder);
  OperationState inner(result.location,
                       WarpPartitionsOp::getOperationName());
  for (std::unique_ptr<Region> &region : partitions)
    inner.addRegion(std::move(region));
  ob.create(inner);
  result.addAttribute(getPartitionNumWarpsAttrName(result.name),
                      b.getDenseI32ArrayAttr(warps));
  if (anyRegs)
    result.addAttribute(getPartitionNumRegistersAttrName(result.name),
                        b.getDenseI32ArrayAttr(regs));
  return success();
}

void WarpSpecializeOp::print(OpAsmPrinter &p) {
  p << "(";
  if (!getCaptures().empty())
    p << getCaptures() << " : " << getCaptures().getTypes();
  p << ")";
  if (auto regs = getDefaultNumRegisters())
    p << " registers(" << *regs << ")";
  p.printOptionalAttrDictWithKeyword(
      (*this)->getAttrs(),
      {getPartitionNumWarpsAttrName(), getPartitionNumRegistersAttrName(),
       getDefaultNumRegistersAttrName()});
  p << " ";
  p.printRegion(getDefaultRegion(), /*printEntryBlockArgs=*/false,
                /*printBlockTerminators=*/false);
  std::optional<ArrayRef<int32_t>> regs = getPartitionNumRegisters();
  for (auto [i, region] : llvm::enumerate(getPartitionRegions())) {
    p << " partition num_warps(" << getPartitionNumWarps()[i] << ")";
    if (regs && i < regs->size() && (*regs)[i] != 0)
      p << " registers(" << (*regs)[i] << ")";
    Block &entry = region.front();
    if (entry.getNumArguments()) {
      p << " (";
      llvm::interleaveComma(entry.getArguments(), p,
                            [&](BlockArgument arg) { p.printRegionArgument(arg); });
      p << ")";
    }
    p << " ";
    p.printRegion(region, /*printEntryBlockArgs=*/false,
                  /*printBlockTerminators=*/false);
  }
}

/// Before the isolation of tir.warp_partitions is checked (with a generic
/// message): a partition that uses a value from outside, said plainly.
static LogicalResult checkPartitionUses(WarpSpecializeOp op) {
  Block &holder = op.getPartitionOpHolder().front();
  auto parts = dyn_cast<WarpPartitionsOp>(holder.empty() ? nullptr
                                                           : &holder.front());
  if (!parts)
    return success();
  for (auto [i, region] : llvm::enumerate(parts.getPartitionRegions())) {
    Region *r = &region;
    unsigned index = i;
    WalkResult uses = r->walk([&](Operation *inner) {
      for (Value operand : inner->getOperands())
        if (!r->isAncestor(operand.getParentRegion())) {
          inner->emitOpError("in partition #")
              << index << " of tir.warp_specialize uses a value from "
              << "outside it; pass it through the op's captures";
          return WalkResult::interrupt();
        }
      return WalkResult::advance();
    });
    if (uses.wasInterrupted())
      return failure();
  }
  return success();
}

/// A register budget setmaxnreg can give: a multiple of 8 from 24 to 256.
static bool validRegisterBudget(int32_t regs) {
  return regs >= 24 && regs <= 256 && regs % 8 == 0;
}

LogicalResult WarpSpecializeOp::verify() {
  ArrayRef<int32_t> warps = getPartitionNumWarps();
  Block &holder = getPartitionOpHolder().front();
  if (holder.empty() || !isa<WarpPartitionsOp>(holder.front()))
    return emitOpError("second region must hold one tir.warp_partitions");
  if (warps.size() != getNumPartitions())
    return emitOpError("has ")
           << getNumPartitions() << " partitions but partition_num_warps has "
           << warps.size() << " entries";
  if (warps.empty())
    return emitOpError("needs at least one partition");
  for (auto [i, n] : llvm::enumerate(warps))
    if (n <= 0 || !llvm::isPowerOf2_32(uint32_t(n)))
      return emitOpError("partition #")
             << i << " has " << n
             << " warps; a partition's warps are a power of two";
  if (std::optional<ArrayRef<int32_t>> regs = getPartitionNumRegisters()) {
    if (regs->size() != warps.size())
      return emitOpError("has ")
             << warps.size() << " partitions but partition_num_registers has "
             << regs->size() << " entries";
    for (auto [i, r] : llvm::enumerate(*regs)) {
      if (r == 0)
        continue; // no budget for this partition
      if (!validRegisterBudget(r))
        return emitOpError("partition #")
               << i << " asks for " << r
               << " registers per thread; a budget is a multiple of 8 from "
                  "24 to 256";
    }
  }
  if (auto regs = getDefaultNumRegisters())
    if (!validRegisterBudget(*regs))
      return emitOpError("the default region asks for ")
             << *regs
             << " registers per thread; a budget is a multiple of 8 from 24 "
                "to 256";
  for (auto [i, capture] : llvm::enumerate(getCaptures()))
    if (isa<RankedTensorType>(capture.getType()))
      return emitOpError("captures a tile (#")
             << i << ", " << capture.getType()
             << "); partitions lay out their own tiles: pass what the tile "
                "is made from, or a shared-memory buffer";
  return checkPartitionUses(*this);
}

LogicalResult WarpSpecializeOp::verifyRegions() {
  if (getDefaultRegion().front().getNumArguments() != 0)
    return emitOpError("default region takes no arguments");
  Block &holder = getPartitionOpHolder().front();
  if (!isa<WarpPartitionsOp>(holder.front()))
    return emitOpError("second region must hold one tir.warp_partitions");
  TypeRange types = getCaptures().getTypes();
  for (unsigned i = 0; i < getNumPartitions(); ++i) {
    Block &entry = getPartitionRegions()[i].front();
    if (entry.getArgumentTypes() != types)
      return emitOpError("partition #")
             << i << " takes (" << entry.getArgumentTypes()
             << ") but the captures are (" << types << ")";
  }
  return success();
}

bool trident::tir::isWarpPartition(Region *region) {
  return region && isa_and_nonnull<WarpPartitionsOp>(region->getParentOp());
}

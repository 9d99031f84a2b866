//===- TileIRDialect.cpp - Tile IR dialect and types ------------*- C++ -*-===//
//
// Dialect registration, constant materialisation, the `tir.kernel`
// attribute and the axis hints (`tir.divisibility`, `tir.contiguity`,
// `tir.constancy`), and the types' verifiers.
//
//===----------------------------------------------------------------------===//
#include "trident/Dialect/TileIR/IR/RegionArgHints.h"
#include "trident/Dialect/TileIR/IR/TileSizeLimit.h"
#include "trident/Dialect/TileIR/IR/TileIR.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace trident::tir;

#include "trident/Dialect/TileIR/IR/TileIRDialect.cpp.inc"
#include "trident/Dialect/TileIR/IR/TileIREnums.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "trident/Dialect/TileIR/IR/TileIRTypes.cpp.inc"

void TileIRDialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "trident/Dialect/TileIR/IR/TileIRTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "trident/Dialect/TileIR/IR/TileIROps.cpp.inc"
      >();
}

Operation *TileIRDialect::materializeConstant(OpBuilder &builder,
                                              Attribute value, Type type,
                                              Location loc) {
  if (auto typed = dyn_cast<TypedAttr>(value))
    if (arith::ConstantOp::isBuildableWith(typed, type))
      return arith::ConstantOp::create(builder, loc, type, typed);
  return nullptr;
}

//===----------------------------------------------------------------------===//
// Dialect attributes
//===----------------------------------------------------------------------===//

bool trident::tir::isKernel(Operation *op) {
  return op && isa<FunctionOpInterface>(op) &&
         op->hasAttr(TileIRDialect::getKernelAttrName());
}

LogicalResult TileIRDialect::verifyOperationAttribute(Operation *op,
                                                      NamedAttribute attr) {
  if (attr.getName() == getKernelAttrName()) {
    if (!isa<UnitAttr>(attr.getValue()))
      return op->emitError() << "'" << getKernelAttrName()
                             << "' must be a unit attribute";
    auto fn = dyn_cast<FunctionOpInterface>(op);
    if (!fn)
      return op->emitError() << "'" << getKernelAttrName()
                             << "' may only mark a function";
    if (fn.getNumResults() != 0)
      return op->emitError() << "kernel '" << SymbolTable::getSymbolName(op).getValue()
                             << "' must not return values (it has "
                             << fn.getNumResults() << " results)";
    // A launch passes pointers, scalars and descriptors; a tile lives in
    // registers of one program and has no host form (a rank-0 one is a
    // scalar, which tir-rank0-to-scalars makes it).
    for (auto [i, type] : llvm::enumerate(fn.getArgumentTypes()))
      if (auto tile = dyn_cast<RankedTensorType>(type); tile && tile.getRank())
        return op->emitError()
               << "kernel '" << SymbolTable::getSymbolName(op).getValue()
               << "' argument #" << i << " is a tile (" << type
               << "); kernels take pointers, scalars and tensor descriptors, "
                  "and load tiles through pointers";
    // No tile of a kernel is larger than Trident compiles (checked here so
    // that every tool, and the verifier after every pass, refuses one).
    return verifyTileSizes(op);
  }
  // Axis hints on arguments of the operation's regions.
  if (attr.getName() == kRegionArgHintsAttrName)
    return verifyRegionArgHints(op, attr.getValue(),
                                [&] { return op->emitOpError(); });
  // An axis hint (tl.multiple_of, tl.max_contiguous, tl.max_constancy) on
  // the value the operation defines (its first result).
  if (isAxisHintName(attr.getName())) {
    if (op->getNumResults() == 0)
      return op->emitOpError()
             << "has no result for the axis hint '" << attr.getName().getValue()
             << "' to describe";
    return verifyAxisHint(attr.getName(), attr.getValue(),
                          op->getResult(0).getType(),
                          [&] { return op->emitOpError(); });
  }
  // (On an arith.divf; the lowerings to LLVM carry it over to the fdiv.)
  if (attr.getName() == getDivRoundedAttrName()) {
    if (!isa<UnitAttr>(attr.getValue()))
      return op->emitOpError()
             << "'" << getDivRoundedAttrName() << "' must be a unit attribute";
    return success();
  }
  // Other `tir.*` attributes are left to later stages and plugins.
  return success();
}

LogicalResult trident::tir::verifyInFunction(Operation *op) {
  if (op->getParentOfType<FunctionOpInterface>())
    return success();
  return op->emitOpError()
         << "must be inside a function (Tile IR ops run in a kernel or in a "
            "function it calls, not at the top of a module)";
}

LogicalResult trident::tir::verifyAxisHint(
    StringRef name, Attribute value, Type type,
    function_ref<InFlightDiagnostic()> emitError) {
  int64_t rank = 1;
  if (auto tile = dyn_cast<RankedTensorType>(type))
    rank = std::max<int64_t>(1, tile.getRank());
  auto array = dyn_cast<DenseI32ArrayAttr>(value);
  if (!array)
    return emitError() << "axis hint '" << name
                       << "' must be a dense i32 array (array<i32: ...>), got "
                       << value;
  if (int64_t(array.size()) != rank)
    return emitError() << "axis hint '" << name << "' has " << array.size()
                       << " entries, but " << type << " needs " << rank
                       << " (one per dimension, one for a scalar)";
  bool pow2 = name != TileIRDialect::getConstancyAttrName();
  for (int32_t v : array.asArrayRef())
    if (v <= 0 || (pow2 && !llvm::isPowerOf2_32(uint32_t(v))))
      return emitError() << "axis hint '" << name << "' entries must be "
                         << (pow2 ? "positive powers of two" : "positive")
                         << ", got " << v;
  return success();
}

void TileIRDialect::removeAxisHints(Operation *root) {
  root->walk([](Operation *op) {
    op->removeAttr(getDivisibilityAttrName());
    op->removeAttr(getContiguityAttrName());
    op->removeAttr(getConstancyAttrName());
    op->removeAttr(kRegionArgHintsAttrName);
  });
}

//===----------------------------------------------------------------------===//
// Axis hints on region arguments (RegionArgHints.h)
//===----------------------------------------------------------------------===//

bool trident::tir::canHintRegionArg(BlockArgument arg) {
  Block *owner = arg.getOwner();
  return owner && owner->isEntryBlock() &&
         isa_and_nonnull<scf::ForOp, scf::WhileOp>(owner->getParentOp());
}

/// The dictionaries of region `regionIndex` of `op`, or an empty list when
/// it has none or they are stale (not one per argument of the region).
static ArrayRef<Attribute> regionHintList(Operation *op,
                                          unsigned regionIndex) {
  auto all = op->getAttrOfType<ArrayAttr>(kRegionArgHintsAttrName);
  if (!all || all.size() != op->getNumRegions() ||
      regionIndex >= all.size())
    return {};
  auto list = dyn_cast<ArrayAttr>(all[regionIndex]);
  Region &region = op->getRegion(regionIndex);
  if (!list || region.empty() || list.size() != region.getNumArguments())
    return {};
  return list.getValue();
}

DictionaryAttr trident::tir::getRegionArgHints(Operation *op,
                                               unsigned regionIndex,
                                               unsigned argIndex) {
  ArrayRef<Attribute> list = regionHintList(op, regionIndex);
  if (argIndex >= list.size())
    return nullptr;
  auto dict = dyn_cast<DictionaryAttr>(list[argIndex]);
  return dict && !dict.empty() ? dict : nullptr;
}

DictionaryAttr trident::tir::getRegionArgHints(BlockArgument arg) {
  Block *owner = arg.getOwner();
  if (!owner || !owner->isEntryBlock() || !owner->getParentOp())
    return nullptr;
  Region *region = owner->getParent();
  return getRegionArgHints(region->getParentOp(),
                           region->getRegionNumber(), arg.getArgNumber());
}

/// Sets `op`'s hints from `dicts` (per region, per argument), or removes
/// the attribute when no argument has a hint.
static void setRegionHintLists(Operation *op,
                               ArrayRef<SmallVector<Attribute>> dicts) {
  MLIRContext *ctx = op->getContext();
  bool any = false;
  SmallVector<Attribute> regions;
  for (const SmallVector<Attribute> &list : dicts) {
    for (Attribute a : list)
      any |= !cast<DictionaryAttr>(a).empty();
    regions.push_back(ArrayAttr::get(ctx, list));
  }
  if (any)
    op->setAttr(kRegionArgHintsAttrName, ArrayAttr::get(ctx, regions));
  else
    op->removeAttr(kRegionArgHintsAttrName);
}

SmallVector<DictionaryAttr>
trident::tir::getRegionArgHintList(Operation *op, unsigned regionIndex) {
  SmallVector<DictionaryAttr> out;
  bool any = false;
  for (Attribute a : regionHintList(op, regionIndex)) {
    auto dict = dyn_cast<DictionaryAttr>(a);
    out.push_back(dict && !dict.empty() ? dict : nullptr);
    any |= bool(out.back());
  }
  if (!any)
    out.clear();
  return out;
}

void trident::tir::setRegionArgHintList(Operation *op, unsigned regionIndex,
                                        ArrayRef<DictionaryAttr> hints) {
  auto empty = DictionaryAttr::get(op->getContext());
  SmallVector<SmallVector<Attribute>> lists;
  for (Region &region : op->getRegions()) {
    unsigned r = region.getRegionNumber();
    unsigned n = region.empty() ? 0 : region.getNumArguments();
    SmallVector<Attribute> list;
    for (unsigned i = 0; i < n; ++i) {
      DictionaryAttr dict;
      if (r == regionIndex)
        dict = i < hints.size() ? hints[i] : nullptr;
      else
        dict = getRegionArgHints(op, r, i);
      list.push_back(dict ? Attribute(dict) : Attribute(empty));
    }
    lists.push_back(std::move(list));
  }
  setRegionHintLists(op, lists);
}

void trident::tir::setRegionArgHint(BlockArgument arg, StringRef name,
                                    Attribute value) {
  Region *argRegion = arg.getOwner()->getParent();
  Operation *op = argRegion->getParentOp();
  MLIRContext *ctx = op->getContext();
  auto empty = DictionaryAttr::get(ctx);
  SmallVector<SmallVector<Attribute>> lists;
  for (Region &region : op->getRegions()) {
    unsigned r = region.getRegionNumber();
    SmallVector<Attribute> list;
    unsigned n = region.empty() ? 0 : region.getNumArguments();
    for (unsigned i = 0; i < n; ++i) {
      DictionaryAttr hints = getRegionArgHints(op, r, i);
      if (&region == argRegion && i == arg.getArgNumber()) {
        NamedAttrList attrs(hints ? hints : empty);
        attrs.set(name, value);
        hints = attrs.getDictionary(ctx);
      }
      list.push_back(hints ? Attribute(hints) : Attribute(empty));
    }
    lists.push_back(std::move(list));
  }
  setRegionHintLists(op, lists);
}

void trident::tir::addAxisHintsToOp(Operation *op, DictionaryAttr hints) {
  if (!hints || op->getNumResults() == 0)
    return;
  for (NamedAttribute hint : hints) {
    // Both facts hold: keep the larger promise per dimension.
    auto have = op->getAttrOfType<DenseI32ArrayAttr>(hint.getName());
    auto add = dyn_cast<DenseI32ArrayAttr>(hint.getValue());
    if (have && add && have.size() == add.size()) {
      SmallVector<int32_t> v;
      for (auto [a, b] : llvm::zip(have.asArrayRef(), add.asArrayRef()))
        v.push_back(std::max(a, b));
      op->setAttr(hint.getName(), DenseI32ArrayAttr::get(op->getContext(), v));
    } else {
      op->setAttr(hint.getName(), hint.getValue());
    }
  }
}

LogicalResult trident::tir::verifyRegionArgHints(
    Operation *op, Attribute value,
    function_ref<InFlightDiagnostic()> emitError) {
  auto all = dyn_cast<ArrayAttr>(value);
  if (!all)
    return emitError() << "'" << kRegionArgHintsAttrName
                       << "' must be an array (one per region), got " << value;
  if (!isa<scf::ForOp, scf::WhileOp>(op))
    return emitError() << "'" << kRegionArgHintsAttrName
                       << "' (axis hints on region arguments) may only be "
                          "put on scf.for and scf.while";
  if (all.size() != op->getNumRegions())
    return emitError() << "'" << kRegionArgHintsAttrName << "' has "
                       << all.size() << " entries, but the operation has "
                       << op->getNumRegions() << " regions";
  for (auto [r, listAttr] : llvm::enumerate(all)) {
    auto list = dyn_cast<ArrayAttr>(listAttr);
    if (!list)
      return emitError() << "'" << kRegionArgHintsAttrName << "' of region #"
                         << r << " must be an array of dictionaries, got "
                         << listAttr;
    Region &region = op->getRegion(r);
    // Stale (the operation was rebuilt with other arguments): ignored by
    // the analysis, so not checked against argument types.
    bool current =
        !region.empty() && list.size() == region.getNumArguments();
    for (auto [i, dictAttr] : llvm::enumerate(list)) {
      auto dict = dyn_cast<DictionaryAttr>(dictAttr);
      if (!dict)
        return emitError() << "'" << kRegionArgHintsAttrName
                           << "' of region #" << r << " argument #" << i
                           << " must be a dictionary, got " << dictAttr;
      for (NamedAttribute hint : dict) {
        if (!TileIRDialect::isAxisHintName(hint.getName()))
          return emitError() << "'" << kRegionArgHintsAttrName
                             << "' of region #" << r << " argument #" << i
                             << ": '" << hint.getName().getValue()
                             << "' is not an axis hint (tir.divisibility, "
                                "tir.contiguity or tir.constancy)";
        if (!current)
          continue;
        if (failed(verifyAxisHint(
                hint.getName(), hint.getValue(),
                region.getArgument(i).getType(), [&] {
                  return emitError() << "region #" << r << " argument #"
                                     << i << ": ";
                })))
          return failure();
      }
    }
  }
  return success();
}

LogicalResult TileIRDialect::verifyRegionArgAttribute(Operation *op,
                                                      unsigned regionIndex,
                                                      unsigned argIndex,
                                                      NamedAttribute attr) {
  if (!isAxisHintName(attr.getName()))
    return success();
  // The array form of the hints, as on an operation's result.
  if (isa<DenseI32ArrayAttr>(attr.getValue()) ||
      attr.getName() != getDivisibilityAttrName()) {
    Region &argRegion = op->getRegion(regionIndex);
    if (argRegion.empty() || argIndex >= argRegion.getNumArguments())
      return success();
    return verifyAxisHint(
        attr.getName(), attr.getValue(),
        argRegion.getArgument(argIndex).getType(), [&] {
          return op->emitError() << "argument #" << argIndex << ": ";
        });
  }
  auto value = dyn_cast<IntegerAttr>(attr.getValue());
  if (!value || !value.getType().isInteger(32))
    return op->emitError() << "'" << getDivisibilityAttrName()
                           << "' of argument #" << argIndex
                           << " must be an i32 integer attribute";
  int64_t d = value.getInt();
  if (d <= 0 || !llvm::isPowerOf2_64(d))
    return op->emitError() << "'" << getDivisibilityAttrName()
                           << "' of argument #" << argIndex
                           << " must be a positive power of two, got " << d;
  Region &region = op->getRegion(regionIndex);
  if (!region.empty() && argIndex < region.getNumArguments()) {
    Type type = region.getArgument(argIndex).getType();
    if (!type.isSignlessInteger() && !isa<PointerType>(type))
      return op->emitError() << "'" << getDivisibilityAttrName()
                             << "' of argument #" << argIndex
                             << " requires an integer or pointer argument, got "
                             << type;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

static bool isScalarElement(Type type) {
  return type.isSignlessInteger() || isa<FloatType>(type);
}

LogicalResult
PointerType::verify(function_ref<InFlightDiagnostic()> emitError,
                    Type pointeeType, int addressSpace) {
  if (!isScalarElement(pointeeType) && !isa<PointerType>(pointeeType))
    return emitError() << "pointee type must be a signless integer, a float "
                          "or a pointer, got "
                       << pointeeType;
  // Memory is addressed in bytes: a float that does not fill whole bytes
  // (tf32, the 4- and 6-bit formats) has no layout in memory. (Integers
  // narrower than a byte are stored one per byte.)
  if (auto f = dyn_cast<FloatType>(pointeeType); f && f.getWidth() % 8 != 0)
    return emitError() << "pointee type " << pointeeType << " has "
                       << f.getWidth()
                       << " bits, which do not fill whole bytes; memory "
                          "holds floats of 8, 16, 32 or 64 bits";
  if (addressSpace < 0)
    return emitError() << "address space must be non-negative, got "
                       << addressSpace;
  return success();
}

LogicalResult
TensorDescType::verify(function_ref<InFlightDiagnostic()> emitError,
                       RankedTensorType blockType) {
  if (!blockType.hasStaticShape() || blockType.getRank() == 0)
    return emitError() << "descriptor block must have a static shape of rank "
                          ">= 1, got "
                       << blockType;
  if (!isScalarElement(blockType.getElementType()))
    return emitError() << "descriptor block element type must be an integer "
                          "or a float, got "
                       << blockType.getElementType();
  return success();
}

LogicalResult
BlockPointerType::verify(function_ref<InFlightDiagnostic()> emitError,
                         RankedTensorType blockType, int addressSpace) {
  if (!blockType.hasStaticShape() || blockType.getRank() == 0)
    return emitError() << "block pointer block must have a static shape of "
                          "rank >= 1, got "
                       << blockType;
  if (blockType.getEncoding())
    return emitError() << "block pointer block must have no encoding, got "
                       << blockType;
  if (!isScalarElement(blockType.getElementType()))
    return emitError() << "block pointer element type must be an integer or "
                          "a float, got "
                       << blockType.getElementType();
  if (addressSpace < 0)
    return emitError() << "address space must be non-negative, got "
                       << addressSpace;
  return success();
}

PointerType BlockPointerType::getBasePointerType() const {
  return PointerType::get(getElementType(), getAddressSpace());
}

//===----------------------------------------------------------------------===//
// Type helpers
//===----------------------------------------------------------------------===//

Type trident::tir::getPointeeTypeLike(Type type) {
  if (auto ptr = dyn_cast<PointerType>(type))
    return ptr.getPointeeType();
  if (auto tile = dyn_cast<RankedTensorType>(type))
    if (auto ptr = dyn_cast<PointerType>(tile.getElementType()))
      return tile.clone(ptr.getPointeeType());
  return type;
}

Type trident::tir::getI1TypeLike(Type type) {
  Type i1 = IntegerType::get(type.getContext(), 1);
  if (auto tile = dyn_cast<RankedTensorType>(type))
    return tile.clone(i1);
  return i1;
}

Type trident::tir::getDescBlockType(Type type) {
  if (auto desc = dyn_cast<TensorDescType>(type))
    return desc.getBlockType();
  return type;
}

Type trident::tir::getBlockPtrBlockType(Type type) {
  if (auto ptr = dyn_cast<BlockPointerType>(type))
    return ptr.getBlockType();
  return type;
}

Type trident::tir::getTypeLikeWithElement(Type type, Type elementType) {
  if (auto tile = dyn_cast<RankedTensorType>(type))
    return tile.clone(elementType);
  return elementType;
}

mlir::Attribute trident::tir::inferShapeOpEncoding(mlir::Attribute operand,
                                                   unsigned axis, bool expand) {
  if (!operand)
    return {};
  auto *iface = mlir::dyn_cast<TileLayoutInterface>(&operand.getDialect());
  if (!iface)
    return operand;
  return expand ? iface->inferExpandDimsEncoding(operand, axis)
                : iface->inferReduceEncoding(operand, axis);
}

bool trident::tir::sameShapeAndElementType(mlir::Type a, mlir::Type b) {
  auto ta = mlir::dyn_cast<mlir::RankedTensorType>(a);
  auto tb = mlir::dyn_cast<mlir::RankedTensorType>(b);
  if (!ta || !tb)
    return a == b;
  return ta.getShape() == tb.getShape() &&
         ta.getElementType() == tb.getElementType();
}

//===- TileIRComputeOps.cpp - dot, reduce, scan and debug ops ---*- C++ -*-===//
//
// Verifiers and builders of tir.dot, the region-carrying tir.reduce and
// tir.scan, tir.inline_asm_elementwise, tir.map_elementwise,
// tir.extern_elementwise, and the debug operations
// tir.assume, tir.print and tir.assert.
//
//===----------------------------------------------------------------------===//
#include "trident/Dialect/TileIR/IR/TileIR.h"

#include "mlir/IR/Matchers.h"
#include "llvm/ADT/StringExtras.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace trident::tir;

//===----------------------------------------------------------------------===//
// DotOp
//===----------------------------------------------------------------------===//

static bool isFp8(Type type) {
  auto f = dyn_cast<FloatType>(type);
  return f && f.getWidth() == 8;
}

LogicalResult DotOp::verify() {
  RankedTensorType aType = getA().getType(), bType = getB().getType(),
                   cType = getC().getType();
  int64_t rank = aType.getRank();
  if (rank != 2 && rank != 3)
    return emitOpError() << "operands must be 2-D (or 3-D with a leading batch "
                            "dimension), got rank "
                         << rank;
  if (bType.getRank() != rank || cType.getRank() != rank)
    return emitOpError() << "a, b and c must have the same rank, got "
                         << rank << ", " << bType.getRank() << " and "
                         << cType.getRank();
  if (rank == 3 && (aType.getDimSize(0) != bType.getDimSize(0) ||
                    aType.getDimSize(0) != cType.getDimSize(0)))
    return emitOpError() << "batch dimensions differ: a has "
                         << aType.getDimSize(0) << ", b has "
                         << bType.getDimSize(0) << ", c has "
                         << cType.getDimSize(0);
  int64_t m = aType.getDimSize(rank - 2), k = aType.getDimSize(rank - 1);
  int64_t kb = bType.getDimSize(rank - 2), n = bType.getDimSize(rank - 1);
  if (k != kb)
    return emitOpError() << "reduction dimensions differ: a is " << m << "x"
                         << k << " but b is " << kb << "x" << n;
  if (cType.getDimSize(rank - 2) != m || cType.getDimSize(rank - 1) != n)
    return emitOpError() << "accumulator must be " << m << "x" << n
                         << " (MxN), got " << cType.getDimSize(rank - 2) << "x"
                         << cType.getDimSize(rank - 1);

  Type aElem = aType.getElementType(), bElem = bType.getElementType(),
       cElem = cType.getElementType();
  bool aFloat = isa<FloatType>(aElem), bFloat = isa<FloatType>(bElem);
  if (aFloat != bFloat)
    return emitOpError() << "a and b must both be floats or both integers, "
                            "got "
                         << aElem << " and " << bElem;
  if (aElem != bElem && !(isFp8(aElem) && isFp8(bElem)))
    return emitOpError() << "a and b element types differ (" << aElem
                         << " and " << bElem
                         << "); only 8-bit float types may be mixed";
  if (aFloat && !isa<FloatType>(cElem))
    return emitOpError() << "float inputs need a float accumulator, got "
                         << cElem;
  if (!aFloat && !cElem.isSignlessInteger())
    return emitOpError() << "integer inputs need an integer accumulator, got "
                         << cElem;
  if (getPrecision() != InputPrecision::IEEE && !aElem.isF32())
    return emitOpError() << "input precision '"
                         << stringifyInputPrecision(getPrecision())
                         << "' requires f32 inputs, got " << aElem;
  if (getMaxNumImpreciseAcc() > 0 && !isFp8(aElem))
    return emitOpError() << "max_num_imprecise_acc applies only to 8-bit "
                            "float inputs, got "
                         << aElem;
  return success();
}

//===----------------------------------------------------------------------===//
// Combine regions (reduce and scan)
//===----------------------------------------------------------------------===//

static SmallVector<Type> elementTypesOf(ValueRange values) {
  SmallVector<Type> types;
  for (Value v : values)
    types.push_back(getElementTypeOrSelf(v.getType()));
  return types;
}

/// Checks that `axis` is a dimension of the (same-shaped) operands.
static LogicalResult verifyAxisOperands(Operation *op, ValueRange srcs,
                                        int64_t axis) {
  if (srcs.empty())
    return op->emitOpError() << "expects at least one operand";
  int64_t rank = cast<RankedTensorType>(srcs.front().getType()).getRank();
  if (axis < 0 || axis >= rank)
    return op->emitOpError() << "axis " << axis << " is out of range [0, "
                             << rank << ") for operands of rank " << rank;
  return success();
}

/// Checks the combine region: `2 * N` scalar arguments (accumulated values,
/// then new values, with the operands' element types) and a terminator of
/// type `ReturnOp` yielding `N` values of those types.
template <typename ReturnOp>
static LogicalResult verifyCombineRegion(Operation *op, Region &region,
                                         ArrayRef<Type> elemTypes) {
  size_t n = elemTypes.size();
  Block &block = region.front();
  if (block.getNumArguments() != 2 * n)
    return op->emitOpError() << "combine region must take " << 2 * n
                             << " arguments (two per operand), got "
                             << block.getNumArguments();
  for (size_t i = 0; i < 2 * n; ++i) {
    Type expected = elemTypes[i % n];
    if (block.getArgument(i).getType() != expected)
      return op->emitOpError()
             << "combine region argument #" << i << " has type "
             << block.getArgument(i).getType() << " but operand #" << i % n
             << " has element type " << expected;
  }
  auto ret = block.empty() ? ReturnOp() : dyn_cast<ReturnOp>(block.back());
  if (!ret)
    return op->emitOpError() << "combine region must end with '"
                             << ReturnOp::getOperationName() << "'";
  if (ret->getNumOperands() != n)
    return ret.emitOpError() << "returns " << ret->getNumOperands()
                             << " values but the combine region needs " << n
                             << " (one per operand)";
  for (size_t i = 0; i < n; ++i)
    if (ret->getOperand(i).getType() != elemTypes[i])
      return ret.emitOpError()
             << "value #" << i << " has type " << ret->getOperand(i).getType()
             << " but operand #" << i << " has element type " << elemTypes[i];
  return success();
}

//===----------------------------------------------------------------------===//
// ReduceOp
//===----------------------------------------------------------------------===//

/// The result type of reducing `type` along `axis`: the shape without
/// `axis`, or the element type for a 1-D tile.
static Type reducedType(RankedTensorType type, int64_t axis) {
  if (type.getRank() <= 1)
    return type.getElementType();
  SmallVector<int64_t> shape(type.getShape());
  axis = std::clamp<int64_t>(axis, 0, shape.size() - 1);
  shape.erase(shape.begin() + axis);
  return RankedTensorType::get(
      shape, type.getElementType(),
      inferShapeOpEncoding(type.getEncoding(), axis, /*expand=*/false));
}

void ReduceOp::build(OpBuilder &builder, OperationState &state,
                     ValueRange srcs, int32_t axis) {
  SmallVector<Type> resultTypes;
  for (Value src : srcs)
    resultTypes.push_back(
        reducedType(cast<RankedTensorType>(src.getType()), axis));
  build(builder, state, resultTypes, srcs, builder.getI32IntegerAttr(axis));
}

SmallVector<Type> ReduceOp::getElementTypes() {
  return elementTypesOf(getSrcs());
}

LogicalResult ReduceOp::verify() {
  if (failed(verifyAxisOperands(*this, getSrcs(), getAxis())))
    return failure();
  if (getNumResults() != getSrcs().size())
    return emitOpError() << "has " << getSrcs().size() << " operands but "
                         << getNumResults() << " results; they must match";
  for (auto [i, src, result] : llvm::enumerate(getSrcs(), getResults())) {
    Type expected =
        reducedType(cast<RankedTensorType>(src.getType()), getAxis());
    if (result.getType() != expected)
      return emitOpError() << "result #" << i << " has type "
                           << result.getType() << " but reducing "
                           << src.getType() << " along axis " << getAxis()
                           << " gives " << expected;
  }
  return success();
}

LogicalResult ReduceOp::verifyRegions() {
  return verifyCombineRegion<ReduceReturnOp>(*this, getCombineOp(),
                                             getElementTypes());
}

//===----------------------------------------------------------------------===//
// ScanOp
//===----------------------------------------------------------------------===//

void ScanOp::build(OpBuilder &builder, OperationState &state, ValueRange srcs,
                   int32_t axis, bool reverse) {
  build(builder, state, srcs.getTypes(), srcs, builder.getI32IntegerAttr(axis),
        reverse ? builder.getUnitAttr() : UnitAttr());
}

SmallVector<Type> ScanOp::getElementTypes() {
  return elementTypesOf(getSrcs());
}

LogicalResult ScanOp::verify() {
  if (failed(verifyAxisOperands(*this, getSrcs(), getAxis())))
    return failure();
  if (getNumResults() != getSrcs().size())
    return emitOpError() << "has " << getSrcs().size() << " operands but "
                         << getNumResults() << " results; they must match";
  for (auto [i, src, result] : llvm::enumerate(getSrcs(), getResults()))
    if (result.getType() != src.getType())
      return emitOpError() << "result #" << i << " has type "
                           << result.getType() << " but operand #" << i
                           << " has type " << src.getType();
  return success();
}

LogicalResult ScanOp::verifyRegions() {
  return verifyCombineRegion<ScanReturnOp>(*this, getCombineOp(),
                                           getElementTypes());
}

//===----------------------------------------------------------------------===//
// Debug operations
//===----------------------------------------------------------------------===//

/// Whether `cond` is a constant whose every element is true.
static bool isConstantTrue(Value cond) {
  Attribute attr;
  if (!matchPattern(cond, m_Constant(&attr)))
    return false;
  if (auto i = dyn_cast<IntegerAttr>(attr))
    return !i.getValue().isZero();
  if (auto dense = dyn_cast<DenseIntElementsAttr>(attr))
    return dense.isSplat() && !dense.getSplatValue<APInt>().isZero();
  return false;
}

namespace {
/// Erases a tir.assume or tir.assert whose condition is constant true.
template <typename OpTy>
struct EraseIfConstantTrue : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    if (!isConstantTrue(op.getCondition()))
      return failure();
    rewriter.eraseOp(op);
    return success();
  }
};
} // namespace

void AssumeOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                           MLIRContext *context) {
  patterns.add<EraseIfConstantTrue<AssumeOp>>(context);
}

void AssertOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                           MLIRContext *context) {
  patterns.add<EraseIfConstantTrue<AssertOp>>(context);
}

LogicalResult PrintOp::verify() {
  ArrayRef<int32_t> isSigned = getIsSigned();
  if (!isSigned.empty() && isSigned.size() != getArgs().size())
    return emitOpError() << "is_signed has " << isSigned.size()
                         << " entries but there are " << getArgs().size()
                         << " operands; give one per operand or none";
  for (int32_t s : isSigned)
    if (s != 0 && s != 1)
      return emitOpError() << "is_signed entries must be 0 or 1, got " << s;
  return success();
}

//===----------------------------------------------------------------------===//
// InlineAsmElementwiseOp
//===----------------------------------------------------------------------===//

/// The shared rules of element-wise ops that work on `pack` elements at a
/// time: operands and results all scalars or all tiles of the shape of
/// `first` (named `firstName` in errors), and `pack` dividing the elements.
static LogicalResult verifyPackedElementwise(Operation *op, Type first,
                                             StringRef firstName,
                                             TypeRange args,
                                             TypeRange results,
                                             int64_t pack) {
  auto shapeOf = [](Type t) -> std::optional<ArrayRef<int64_t>> {
    if (auto tile = dyn_cast<RankedTensorType>(t))
      return tile.getShape();
    return std::nullopt;
  };
  auto check = [&](Type t, StringRef what, unsigned i) -> LogicalResult {
    if (shapeOf(t) != shapeOf(first))
      return op->emitOpError()
             << what << " #" << i << " has type " << t
             << ", but the operands and results must all be scalars or all "
                "tiles of one shape ("
             << firstName << " is " << first << ")";
    return success();
  };
  for (auto [i, t] : llvm::enumerate(args))
    if (failed(check(t, "operand", i)))
      return failure();
  for (auto [i, t] : llvm::enumerate(results))
    if (failed(check(t, "result", i)))
      return failure();
  int64_t elements = 1;
  if (auto tile = dyn_cast<RankedTensorType>(first))
    elements = tile.getNumElements();
  if (elements % pack != 0)
    return op->emitOpError() << "pack " << pack << " does not divide the "
                             << elements << " elements of " << first;
  return success();
}

LogicalResult InlineAsmElementwiseOp::verify() {
  if (getNumResults() == 0)
    return emitOpError() << "needs at least one result";
  return verifyPackedElementwise(*this, (*this)->getResult(0).getType(),
                                 "result #0", getArgs().getTypes(),
                                 getResultTypes(), getPack());
}

//===----------------------------------------------------------------------===//
// MapElementwiseOp
//===----------------------------------------------------------------------===//

LogicalResult MapElementwiseOp::verify() {
  if (getArgs().empty())
    return emitOpError() << "needs at least one operand";
  if (getNumResults() == 0)
    return emitOpError() << "needs at least one result";
  return verifyPackedElementwise(*this, getArgs().front().getType(),
                                 "operand #0", getArgs().getTypes(),
                                 getResultTypes(), getPack());
}

LogicalResult MapElementwiseOp::verifyRegions() {
  unsigned pack = getPack();
  Block &block = getBody().front();
  unsigned expected = getArgs().size() * pack;
  if (block.getNumArguments() != expected)
    return emitOpError() << "region must take " << expected
                         << " arguments (" << pack << " per operand), got "
                         << block.getNumArguments();
  for (unsigned i = 0; i < expected; ++i) {
    Type elem = getElementTypeOrSelf(getArgs()[i / pack].getType());
    if (block.getArgument(i).getType() != elem)
      return emitOpError() << "region argument #" << i << " has type "
                           << block.getArgument(i).getType()
                           << " but operand #" << i / pack
                           << " has element type " << elem;
  }
  auto ret = block.empty() ? MapElementwiseReturnOp()
                           : dyn_cast<MapElementwiseReturnOp>(block.back());
  if (!ret)
    return emitOpError() << "region must end with '"
                         << MapElementwiseReturnOp::getOperationName() << "'";
  unsigned outputs = getNumResults() * pack;
  if (ret->getNumOperands() != outputs)
    return ret.emitOpError()
           << "returns " << ret->getNumOperands() << " values but "
           << getNumResults() << " results with pack " << pack << " need "
           << outputs << " (" << pack << " per result)";
  for (unsigned i = 0; i < outputs; ++i) {
    Type elem = getElementTypeOrSelf((*this)->getResult(i / pack).getType());
    if (ret->getOperand(i).getType() != elem)
      return ret.emitOpError()
             << "value #" << i << " has type " << ret->getOperand(i).getType()
             << " but result #" << i / pack << " has element type " << elem;
  }
  return success();
}

/// What an op that is not pure (assembly, an external function) may do:
/// read and write any memory.
static void addAnyMemoryEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  effects.emplace_back(MemoryEffects::Read::get(), GlobalMemory::get());
  effects.emplace_back(MemoryEffects::Write::get(), GlobalMemory::get());
  effects.emplace_back(MemoryEffects::Read::get(),
                       SideEffects::DefaultResource::get());
  effects.emplace_back(MemoryEffects::Write::get(),
                       SideEffects::DefaultResource::get());
}

void InlineAsmElementwiseOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  if (!getPure())
    addAnyMemoryEffects(effects);
}

LogicalResult InlineAsmElementwiseOp::verifyConstraintCounts(unsigned outputs,
                                                             unsigned inputs) {
  // LLVM's constraint list: comma-separated; "=..." an output (but "=*..."
  // an indirect output, which takes a pointer operand), "~..." a clobber,
  // anything else an input.
  unsigned haveOutputs = 0, haveInputs = 0;
  SmallVector<StringRef> entries;
  StringRef constraints = getConstraints();
  if (!constraints.trim().empty())
    constraints.split(entries, ',');
  for (StringRef e : entries) {
    e = e.trim();
    if (e.starts_with("~"))
      continue;
    if (e.starts_with("=") && !e.starts_with("=*"))
      ++haveOutputs;
    else
      ++haveInputs;
  }
  if (haveOutputs == outputs && haveInputs == inputs)
    return success();
  return emitOpError() << "constraints \"" << getConstraints() << "\" give "
                       << haveOutputs << " outputs and " << haveInputs
                       << " inputs, but each invocation of the assembly (pack "
                       << getPack() << ") here has " << outputs
                       << " outputs and " << inputs << " inputs";
}

//===----------------------------------------------------------------------===//
// ExternElementwiseOp
//===----------------------------------------------------------------------===//

LogicalResult ExternElementwiseOp::verify() {
  StringRef symbol = getSymbol();
  if (symbol.empty())
    return emitOpError() << "needs a function name";
  auto valid = [](char c) {
    return llvm::isAlnum(c) || c == '_' || c == '.' || c == '$';
  };
  if (!llvm::all_of(symbol, valid) || llvm::isDigit(symbol.front()))
    return emitOpError() << "'" << symbol
                         << "' is not a function name (letters, digits, '_', "
                            "'.', '$'; not starting with a digit)";
  if (getLibpath() && getLibpath()->empty())
    return emitOpError() << "lib names no file: leave it out for the "
                            "target's own library";
  Type result = getResult().getType();
  auto resultTile = dyn_cast<RankedTensorType>(result);
  for (auto [i, t] : llvm::enumerate(getArgs().getTypes())) {
    auto tile = dyn_cast<RankedTensorType>(t);
    if (bool(tile) != bool(resultTile) ||
        (tile && tile.getShape() != resultTile.getShape()))
      return emitOpError() << "operand #" << i << " has type " << t
                           << ", but the operands and the result must all be "
                              "scalars or all tiles of one shape (the result "
                              "is "
                           << result << ")";
  }
  return success();
}

void ExternElementwiseOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  if (!getPure())
    addAnyMemoryEffects(effects);
}

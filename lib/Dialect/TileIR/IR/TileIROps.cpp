//===- TileIROps.cpp - Tile IR shape and pointer operations -----*- C++ -*-===//
//
// The generated operation definitions, plus builders, verifiers, folders and
// canonicalization patterns of the program, shape and pointer operations.
// Memory operations live in TileIRMemOps.cpp, dot/reduce/scan and the debug
// operations in TileIRComputeOps.cpp.
//
//===----------------------------------------------------------------------===//
#include "trident/Dialect/TileIR/IR/TileIR.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace trident::tir;

//===----------------------------------------------------------------------===//
// Custom assembly directives
//===----------------------------------------------------------------------===//

/// The one type of all shape operands of tir.make_tensor_descriptor,
/// printed once. (Valid descriptors have rank >= 1, so there is always one.)
static ParseResult
parseShapeOperandTypes(OpAsmParser &parser,
                       ArrayRef<OpAsmParser::UnresolvedOperand> shape,
                       SmallVectorImpl<Type> &types) {
  Type type;
  if (shape.empty())
    return parser.parseOptionalType(type), success();
  if (parser.parseType(type))
    return failure();
  types.assign(shape.size(), type);
  return success();
}

static void printShapeOperandTypes(OpAsmPrinter &printer, Operation *,
                                   OperandRange shape, TypeRange types) {
  if (!types.empty())
    printer << types.front();
}

/// The block type of tir.descriptor_load/store: implied by the descriptor's
/// type, so printed (after `->`) only when it differs, i.e. carries a layout.
static ParseResult parseDescBlockType(OpAsmParser &parser, Type descType,
                                      Type &block) {
  if (succeeded(parser.parseOptionalArrow()))
    return parser.parseType(block);
  block = getDescBlockType(descType);
  if (!block)
    return parser.emitError(parser.getCurrentLocation(),
                            "expected a !tir.tensordesc type, got ")
           << descType;
  return success();
}

static void printDescBlockType(OpAsmPrinter &printer, Operation *,
                               Type descType, Type block) {
  if (block != getDescBlockType(descType))
    printer << " -> " << block;
}

#define GET_OP_CLASSES
#include "trident/Dialect/TileIR/IR/TileIROps.cpp.inc"

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// A splat constant reshaped to `type` (same element type), or null.
static Attribute resizeSplatConstant(Attribute cst, Type type) {
  auto dense = dyn_cast_if_present<DenseElementsAttr>(cst);
  auto shaped = dyn_cast<ShapedType>(type);
  if (!dense || !dense.isSplat() || !shaped ||
      dense.getElementType() != shaped.getElementType())
    return {};
  return dense.resizeSplat(shaped);
}

/// Whether `attr` is an integer zero or a splat of integer zeros.
static bool isIntegerZero(Attribute attr) {
  if (auto i = dyn_cast_if_present<IntegerAttr>(attr))
    return i.getValue().isZero();
  if (auto dense = dyn_cast_if_present<DenseIntElementsAttr>(attr))
    return dense.isSplat() && dense.getSplatValue<APInt>().isZero();
  return false;
}

template <typename T>
static std::string listStr(ArrayRef<T> values) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "[";
  llvm::interleaveComma(values, os);
  os << "]";
  return s;
}

/// Replaces `op`, whose operand is a tir.splat, by a splat of the same
/// scalar to `op`'s result type. Shared by several shape operations.
template <typename OpTy>
struct ShapeOfSplat : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    auto splat = op.getSrc().template getDefiningOp<SplatOp>();
    if (!splat)
      return failure();
    rewriter.replaceOpWithNewOp<SplatOp>(op, op.getType(), splat.getSrc());
    return success();
  }
};

//===----------------------------------------------------------------------===//
// MakeRangeOp
//===----------------------------------------------------------------------===//

void MakeRangeOp::build(OpBuilder &builder, OperationState &state,
                        int32_t start, int32_t end) {
  int64_t n = std::max<int64_t>(int64_t(end) - int64_t(start), 0);
  build(builder, state, RankedTensorType::get({n}, builder.getI32Type()),
        start, end);
}

LogicalResult MakeRangeOp::verify() {
  // The bounds are signed i32 (the accessors give their bits unsigned).
  int64_t start = int32_t(getStart()), end = int32_t(getEnd());
  if (end <= start)
    return emitOpError() << "end (" << end << ") must be greater than start ("
                         << start << ")";
  RankedTensorType type = getType();
  if (type.getRank() != 1)
    return emitOpError() << "result must be a 1-D tile, got " << type;
  if (type.getDimSize(0) != end - start)
    return emitOpError() << "result has " << type.getDimSize(0)
                         << " elements but the range [" << start << ", " << end
                         << ") has " << end - start;
  return success();
}

//===----------------------------------------------------------------------===//
// SplatOp
//===----------------------------------------------------------------------===//

OpFoldResult SplatOp::fold(FoldAdaptor adaptor) {
  Attribute value = adaptor.getSrc();
  if (!isa_and_present<IntegerAttr, FloatAttr>(value))
    return {};
  return DenseElementsAttr::get(getType(), value);
}

//===----------------------------------------------------------------------===//
// BroadcastOp
//===----------------------------------------------------------------------===//

LogicalResult BroadcastOp::verify() {
  RankedTensorType srcType = getSrc().getType();
  RankedTensorType resType = getType();
  if (srcType.getRank() != resType.getRank())
    return emitOpError() << "source rank (" << srcType.getRank()
                         << ") must equal result rank (" << resType.getRank()
                         << "); insert dimensions with tir.expand_dims first";
  for (auto [i, dims] :
       llvm::enumerate(llvm::zip(srcType.getShape(), resType.getShape()))) {
    auto [from, to] = dims;
    if (from != to && from != 1)
      return emitOpError() << "dimension " << i << " of size " << from
                           << " cannot be broadcast to " << to
                           << " (only size-1 dimensions expand)";
  }
  return success();
}

OpFoldResult BroadcastOp::fold(FoldAdaptor adaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  return resizeSplatConstant(adaptor.getSrc(), getType());
}

namespace {
/// broadcast(broadcast(x)) -> broadcast(x).
struct BroadcastOfBroadcast : OpRewritePattern<BroadcastOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(BroadcastOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getSrc().getDefiningOp<BroadcastOp>();
    if (!inner)
      return failure();
    rewriter.replaceOpWithNewOp<BroadcastOp>(op, op.getType(), inner.getSrc());
    return success();
  }
};
} // namespace

void BroadcastOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                              MLIRContext *context) {
  patterns.add<ShapeOfSplat<BroadcastOp>, BroadcastOfBroadcast>(context);
}

//===----------------------------------------------------------------------===//
// ExpandDimsOp
//===----------------------------------------------------------------------===//

static RankedTensorType expandDimsType(RankedTensorType src, int64_t axis) {
  SmallVector<int64_t> shape(src.getShape());
  axis = std::clamp<int64_t>(axis, 0, shape.size());
  shape.insert(shape.begin() + axis, 1);
  return RankedTensorType::get(
      shape, src.getElementType(),
      inferShapeOpEncoding(src.getEncoding(), axis, /*expand=*/true));
}

void ExpandDimsOp::build(OpBuilder &builder, OperationState &state, Value src,
                         int32_t axis) {
  auto srcType = cast<RankedTensorType>(src.getType());
  build(builder, state, expandDimsType(srcType, axis), src,
        builder.getI32IntegerAttr(axis));
}

LogicalResult ExpandDimsOp::verify() {
  RankedTensorType srcType = getSrc().getType();
  int64_t axis = getAxis();
  if (axis < 0 || axis > srcType.getRank())
    return emitOpError() << "axis " << axis << " is out of range [0, "
                         << srcType.getRank() << "] for a source of rank "
                         << srcType.getRank();
  RankedTensorType expected = expandDimsType(srcType, axis);
  if (srcType.getEncoding() && !expected.getEncoding())
    return emitOpError() << "cannot insert a dimension into a tile with layout "
                         << srcType.getEncoding()
                         << " (the layout's dialect gives no result layout)";
  if (getType() != expected)
    return emitOpError() << "result type " << getType()
                         << " does not match the expected " << expected;
  return success();
}

OpFoldResult ExpandDimsOp::fold(FoldAdaptor adaptor) {
  return resizeSplatConstant(adaptor.getSrc(), getType());
}

void ExpandDimsOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                               MLIRContext *context) {
  patterns.add<ShapeOfSplat<ExpandDimsOp>>(context);
}

//===----------------------------------------------------------------------===//
// ReshapeOp
//===----------------------------------------------------------------------===//

LogicalResult ReshapeOp::verify() {
  RankedTensorType srcType = getSrc().getType();
  RankedTensorType resType = getType();
  if (srcType.getNumElements() != resType.getNumElements())
    return emitOpError() << "source has " << srcType.getNumElements()
                         << " elements but result has "
                         << resType.getNumElements()
                         << "; a reshape must preserve the element count";
  return success();
}

OpFoldResult ReshapeOp::fold(FoldAdaptor adaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  return resizeSplatConstant(adaptor.getSrc(), getType());
}

namespace {
/// reshape(reshape(x)) -> reshape(x); the reorder permission survives only
/// if both reshapes grant it.
struct ReshapeOfReshape : OpRewritePattern<ReshapeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ReshapeOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getSrc().getDefiningOp<ReshapeOp>();
    if (!inner)
      return failure();
    // Read `op` before replacing it: the replacement erases it.
    bool allowReorder = op.getAllowReorder() && inner.getAllowReorder();
    auto merged = rewriter.replaceOpWithNewOp<ReshapeOp>(op, op.getType(),
                                                         inner.getSrc());
    merged.setAllowReorder(allowReorder);
    return success();
  }
};
} // namespace

void ReshapeOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                            MLIRContext *context) {
  patterns.add<ShapeOfSplat<ReshapeOp>, ReshapeOfReshape>(context);
}

//===----------------------------------------------------------------------===//
// TransOp
//===----------------------------------------------------------------------===//

static bool isPermutation(ArrayRef<int32_t> order) {
  SmallVector<bool> seen(order.size(), false);
  for (int32_t d : order) {
    if (d < 0 || d >= static_cast<int32_t>(order.size()) || seen[d])
      return false;
    seen[d] = true;
  }
  return true;
}

/// The type of `src` with dimensions permuted by `order` (assumed valid).
static RankedTensorType transposedType(RankedTensorType src,
                                       ArrayRef<int32_t> order) {
  SmallVector<int64_t> shape;
  for (int32_t d : order)
    shape.push_back(src.getDimSize(d));
  return src.clone(shape);
}

void TransOp::build(OpBuilder &builder, OperationState &state, Value src,
                    ArrayRef<int32_t> order) {
  auto srcType = cast<RankedTensorType>(src.getType());
  Type resultType = srcType;
  if (order.size() == static_cast<size_t>(srcType.getRank()) &&
      isPermutation(order))
    resultType = transposedType(srcType, order);
  build(builder, state, resultType, src, order);
}

LogicalResult TransOp::verify() {
  RankedTensorType srcType = getSrc().getType();
  ArrayRef<int32_t> order = getOrder();
  if (static_cast<int64_t>(order.size()) != srcType.getRank())
    return emitOpError() << "order has " << order.size()
                         << " entries but the source has rank "
                         << srcType.getRank();
  if (!isPermutation(order))
    return emitOpError() << "order " << listStr(order) << " is not a permutation of [0, "
                         << srcType.getRank() << ")";
  RankedTensorType expected = transposedType(srcType, order);
  if (!sameShapeAndElementType(getType(), expected))
    return emitOpError() << "result type " << getType()
                         << " does not match the expected " << expected;
  return success();
}

OpFoldResult TransOp::fold(FoldAdaptor adaptor) {
  ArrayRef<int32_t> order = getOrder();
  bool identity = llvm::all_of(llvm::enumerate(order), [](auto it) {
    return static_cast<int64_t>(it.index()) == it.value();
  });
  if (identity && getSrc().getType() == getType())
    return getSrc();
  if (Attribute cst = resizeSplatConstant(adaptor.getSrc(), getType()))
    return cst;
  // trans(trans(x, inner), outer) == trans(x, inner o outer).
  if (auto inner = getSrc().getDefiningOp<TransOp>()) {
    ArrayRef<int32_t> innerOrder = inner.getOrder();
    if (innerOrder.size() != order.size())
      return {};
    SmallVector<int32_t> composed;
    for (int32_t d : order)
      composed.push_back(innerOrder[d]);
    Value x = inner.getSrc();
    bool composedIdentity = llvm::all_of(llvm::enumerate(composed), [](auto it) {
      return static_cast<int64_t>(it.index()) == it.value();
    });
    if (composedIdentity && x.getType() == getType())
      return x;
    setOrder(composed);
    getSrcMutable().assign(x);
    return getResult();
  }
  return {};
}

void TransOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                          MLIRContext *context) {
  patterns.add<ShapeOfSplat<TransOp>>(context);
}

//===----------------------------------------------------------------------===//
// JoinOp / SplitOp
//===----------------------------------------------------------------------===//

static RankedTensorType joinedType(RankedTensorType part) {
  SmallVector<int64_t> shape(part.getShape());
  shape.push_back(2);
  return part.clone(shape);
}

void JoinOp::build(OpBuilder &builder, OperationState &state, Value lhs,
                   Value rhs) {
  build(builder, state, joinedType(cast<RankedTensorType>(lhs.getType())), lhs,
        rhs);
}

LogicalResult JoinOp::verify() {
  RankedTensorType expected = joinedType(getLhs().getType());
  if (!sameShapeAndElementType(getType(), expected))
    return emitOpError() << "result type " << getType()
                         << " does not match the expected " << expected
                         << " (the operands' shape with a new last dimension "
                            "of size 2)";
  return success();
}

void SplitOp::build(OpBuilder &builder, OperationState &state, Value src) {
  auto srcType = cast<RankedTensorType>(src.getType());
  RankedTensorType part = srcType;
  if (srcType.getRank() > 0)
    part = srcType.clone(srcType.getShape().drop_back());
  build(builder, state, part, part, src);
}

LogicalResult SplitOp::verify() {
  RankedTensorType srcType = getSrc().getType();
  if (srcType.getRank() == 0 || srcType.getShape().back() != 2)
    return emitOpError() << "source's last dimension must have size 2, got "
                         << srcType;
  RankedTensorType expected = srcType.clone(srcType.getShape().drop_back());
  if (!sameShapeAndElementType(getLhs().getType(), expected))
    return emitOpError() << "result type " << getLhs().getType()
                         << " does not match the expected " << expected;
  return success();
}

LogicalResult SplitOp::fold(FoldAdaptor adaptor,
                            SmallVectorImpl<OpFoldResult> &results) {
  auto join = getSrc().getDefiningOp<JoinOp>();
  if (!join)
    return failure();
  results.push_back(join.getLhs());
  results.push_back(join.getRhs());
  return success();
}

//===----------------------------------------------------------------------===//
// Pointer operations
//===----------------------------------------------------------------------===//

LogicalResult AddPtrOp::verify() {
  Type ptrType = getPtr().getType(), offType = getOffset().getType();
  auto ptrTile = dyn_cast<RankedTensorType>(ptrType);
  auto offTile = dyn_cast<RankedTensorType>(offType);
  if (!ptrTile && offTile)
    return emitOpError() << "a scalar pointer takes a scalar offset, got "
                         << offType << "; splat the pointer first";
  if (ptrTile && !offTile)
    return emitOpError() << "a pointer tile takes an offset tile of the same "
                            "shape, got "
                         << offType << "; splat the offset first";
  if (ptrTile && ptrTile.getShape() != offTile.getShape())
    return emitOpError() << "offset shape " << listStr(offTile.getShape())
                         << " does not match pointer shape "
                         << listStr(ptrTile.getShape());
  return success();
}

OpFoldResult AddPtrOp::fold(FoldAdaptor adaptor) {
  if (isIntegerZero(adaptor.getOffset()))
    return getPtr();
  return {};
}

static LogicalResult verifyInt64(Operation *op, Type type, StringRef what) {
  if (!getElementTypeOrSelf(type).isInteger(64))
    return op->emitOpError() << what << " must have i64 elements, got " << type;
  return success();
}

LogicalResult IntToPtrOp::verify() {
  return verifyInt64(*this, getSrc().getType(), "source");
}

LogicalResult PtrToIntOp::verify() {
  return verifyInt64(*this, getType(), "result");
}

LogicalResult BitcastOp::verify() {
  Type from = getElementTypeOrSelf(getSrc().getType());
  Type to = getElementTypeOrSelf(getType());
  auto fromPtr = dyn_cast<PointerType>(from);
  auto toPtr = dyn_cast<PointerType>(to);
  if (fromPtr || toPtr) {
    if (!fromPtr || !toPtr)
      return emitOpError() << "cannot bitcast between a pointer and a "
                              "non-pointer ("
                           << from << " to " << to
                           << "); use tir.ptr_to_int or tir.int_to_ptr";
    if (fromPtr.getAddressSpace() != toPtr.getAddressSpace())
      return emitOpError() << "cannot change the address space ("
                           << fromPtr.getAddressSpace() << " to "
                           << toPtr.getAddressSpace() << ")";
    return success();
  }
  if (from.getIntOrFloatBitWidth() != to.getIntOrFloatBitWidth())
    return emitOpError() << "element bit widths differ (" << from << " is "
                         << from.getIntOrFloatBitWidth() << " bits, " << to
                         << " is " << to.getIntOrFloatBitWidth() << " bits)";
  return success();
}

OpFoldResult BitcastOp::fold(FoldAdaptor adaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  if (auto inner = getSrc().getDefiningOp<BitcastOp>()) {
    if (inner.getSrc().getType() == getType())
      return inner.getSrc();
    getSrcMutable().assign(inner.getSrc());
    return getResult();
  }
  return {};
}

//===- LowerBlockPointers.cpp - tir-lower-block-pointers pass ---*- C++ -*-===//
//
// Rewrites block pointers into the values they stand for. A block pointer
//
//   p = make_block_ptr base, [s_0 .. s_r-1], [t_0 .. t_r-1], [o_0 .. o_r-1]
//       : !tir.blockptr<tensor<B_0 x .. x B_r-1 x T>>
//
// becomes 1 + 3r values, (base, s.., t.., o..), by a 1:N dialect
// conversion of its type, so that loops, ifs, selects and calls that carry
// it carry those values instead (MLIR's structural type conversions of scf
// and func). Then, with
//
//   pos_k   = o_k + make_range(0, B_k)       (i64, placed along dimension k)
//   ptrs    = splat(base) + sum_k pos_k * t_k
//   mask    = and_{k in boundary_check} (0 <= pos_k < s_k)
//
// the rewrites are
//
//   advance p, [d..]                   -> (base, s.., t.., o_k + d_k)
//   block_load p boundary_check = ..   -> load ptrs, mask, padding
//   block_store p, v boundary_check=.. -> store ptrs, v, mask
//
// (no mask and no `other` without a boundary_check). Blocks of i1 move as
// i8 through i8 pointers, as the front end stores booleans.
//
//===----------------------------------------------------------------------===//
#include "trident/Dialect/TileIR/Transforms/Passes.h"
#include "trident/Dialect/TileIR/IR/RegionArgHints.h"

#include "BlockAccess.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/DialectConversion.h"

namespace trident::tir {
#define GEN_PASS_DEF_TILEIRLOWERBLOCKPOINTERS
#include "trident/Dialect/TileIR/Transforms/Passes.h.inc"
} // namespace trident::tir

using namespace mlir;
using namespace trident::tir;

namespace {

/// A block pointer as the values it is converted into.
struct BlockPtrParts {
  Value base;
  ValueRange shape, strides, offsets;

  BlockPtrParts(ValueRange values, int64_t rank)
      : base(values.front()), shape(values.slice(1, rank)),
        strides(values.slice(1 + rank, rank)),
        offsets(values.slice(1 + 2 * rank, rank)) {}
};

/// !tir.blockptr<tensor<B x T>, as> -> !tir.ptr<T, as>, i64 x r (shape),
/// i64 x r (strides), i32 x r (offsets); every other type is kept.
struct BlockPtrTypeConverter : TypeConverter {
  BlockPtrTypeConverter() {
    addConversion([](Type type) { return type; });
    addConversion([](BlockPointerType type, SmallVectorImpl<Type> &results) {
      MLIRContext *ctx = type.getContext();
      results.push_back(type.getBasePointerType());
      results.append(2 * type.getRank(), IntegerType::get(ctx, 64));
      results.append(type.getRank(), IntegerType::get(ctx, 32));
      return success();
    });
  }
};

/// The single value each operand of a 1:1 operand group became.
SmallVector<Value> singles(ArrayRef<ValueRange> groups) {
  SmallVector<Value> values;
  for (ValueRange group : groups)
    values.push_back(group.front());
  return values;
}

struct MakeBlockPtrLowering : OpConversionPattern<MakeBlockPtrOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(MakeBlockPtrOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Value> parts{adaptor.getBase().front()};
    llvm::append_range(parts, singles(adaptor.getShape()));
    llvm::append_range(parts, singles(adaptor.getStrides()));
    llvm::append_range(parts, singles(adaptor.getOffsets()));
    rewriter.replaceOpWithMultiple(op, {parts});
    return success();
  }
};

struct AdvanceLowering : OpConversionPattern<AdvanceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(AdvanceOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    int64_t rank = op.getType().getRank();
    SmallVector<Value> parts = llvm::to_vector(adaptor.getPtr());
    for (auto [dim, delta] : llvm::enumerate(singles(adaptor.getOffsets()))) {
      if (matchPattern(delta, m_Zero()))
        continue;
      Value &offset = parts[1 + 2 * rank + dim];
      offset = arith::AddIOp::create(rewriter, op.getLoc(), offset, delta);
    }
    rewriter.replaceOpWithMultiple(op, {parts});
    return success();
  }
};

/// The pointers and mask of the block a block pointer (as `values`)
/// points to, checked along the dimensions of `boundaryCheck`; for i1
/// blocks, pointers to i8.
BlockAccess buildAccess(ImplicitLocOpBuilder &b, BlockPointerType type,
                        ValueRange values, ArrayRef<int32_t> boundaryCheck) {
  int64_t rank = type.getRank();
  BlockPtrParts parts(values, rank);
  SmallVector<bool> checked(rank, false);
  for (int32_t dim : boundaryCheck)
    checked[dim] = true;
  BlockAccess access =
      buildBlockAccess(b, parts.base, type.getBlockShape(), parts.shape,
                       parts.strides, parts.offsets, checked);
  if (type.getElementType().isInteger(1)) {
    auto i8Ptr = PointerType::get(b.getI8Type(), type.getAddressSpace());
    access.ptrs = BitcastOp::create(
        b, RankedTensorType::get(type.getBlockShape(), i8Ptr), access.ptrs);
  }
  return access;
}

struct BlockLoadLowering : OpConversionPattern<BlockLoadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(BlockLoadOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    BlockPointerType type = op.getPtr().getType();
    BlockAccess access =
        buildAccess(b, type, adaptor.getPtr(), op.getBoundaryCheck());
    bool isBool = type.getElementType().isInteger(1);
    auto loadType = isBool ? type.getBlockType().clone(b.getI8Type())
                           : type.getBlockType();
    Value other;
    if (access.mask) {
      TypedAttr padding = b.getZeroAttr(loadType);
      if (op.getPadding() == PaddingOption::NaN) {
        auto floatType = cast<FloatType>(loadType.getElementType());
        APFloat nan = APFloat::getNaN(floatType.getFloatSemantics());
        padding = DenseElementsAttr::get(loadType, llvm::ArrayRef(nan));
      }
      other = arith::ConstantOp::create(b, padding);
    }
    Value value =
        LoadOp::create(b, loadType, access.ptrs, access.mask, other,
                       op.getCache(), op.getEvict(), op.getIsVolatile());
    if (isBool)
      value = arith::CmpIOp::create(
          b, arith::CmpIPredicate::ne, value,
          arith::ConstantOp::create(b, b.getZeroAttr(loadType)));
    rewriter.replaceOp(op, value);
    return success();
  }
};

struct BlockStoreLowering : OpConversionPattern<BlockStoreOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(BlockStoreOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    BlockPointerType type = op.getPtr().getType();
    BlockAccess access =
        buildAccess(b, type, adaptor.getPtr(), op.getBoundaryCheck());
    Value value = adaptor.getValue().front();
    if (type.getElementType().isInteger(1))
      value = arith::ExtUIOp::create(
          b, type.getBlockType().clone(b.getI8Type()), value);
    StoreOp::create(b, access.ptrs, value, access.mask, op.getCache(),
                    op.getEvict());
    rewriter.eraseOp(op);
    return success();
  }
};

/// `select c, p, q` of block pointers: a select of each of their values.
struct SelectLowering : OpConversionPattern<arith::SelectOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(arith::SelectOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa<BlockPointerType>(op.getType()))
      return failure();
    Value cond = adaptor.getCondition().front();
    SmallVector<Value> parts;
    for (auto [t, f] :
         llvm::zip_equal(adaptor.getTrueValue(), adaptor.getFalseValue()))
      parts.push_back(
          arith::SelectOp::create(rewriter, op.getLoc(), cond, t, f));
    rewriter.replaceOpWithMultiple(op, {parts});
    return success();
  }
};

bool isBlockPtr(Type type) { return isa<BlockPointerType>(type); }

/// Whether the conversion knows how to rewrite `op`'s block pointers.
bool handles(Operation *op) {
  return isa<MakeBlockPtrOp, AdvanceOp, BlockLoadOp, BlockStoreOp,
             arith::SelectOp, scf::ForOp, scf::WhileOp, scf::IfOp,
             scf::YieldOp, scf::ConditionOp, func::FuncOp, func::CallOp,
             func::ReturnOp>(op);
}

struct TileIRLowerBlockPointersPass
    : trident::tir::impl::TileIRLowerBlockPointersBase<
          TileIRLowerBlockPointersPass> {
  using Base::Base;

  /// Reports every use of a block pointer that the conversion cannot
  /// rewrite (rather than its generic "failed to legalize").
  LogicalResult checkUses() {
    bool ok = true;
    getOperation()->walk([&](Operation *op) {
      if (handles(op))
        return;
      bool uses = llvm::any_of(op->getOperandTypes(), isBlockPtr) ||
                  llvm::any_of(op->getResultTypes(), isBlockPtr);
      for (Region &region : op->getRegions())
        for (Block &block : region)
          uses |= llvm::any_of(block.getArgumentTypes(), isBlockPtr);
      if (!uses)
        return;
      op->emitOpError() << "uses a block pointer, which "
                           "tir-lower-block-pointers cannot lower here "
                           "(block pointers may be advanced, loaded and "
                           "stored through, carried by scf loops and ifs, "
                           "selected, and passed to functions)";
      ok = false;
    });
    return success(ok);
  }

  /// A loop that carries block pointers carries each as several values
  /// once lowered, and the structural conversion copies the loop's
  /// attributes as they are: its axis hints on arguments
  /// (tir.region_arg_hints) are renumbered here, before the conversion, to
  /// the arguments the loop will have (a block pointer's own have none).
  void renumberRegionArgHints(const TypeConverter &converter) {
    getOperation()->walk([&](Operation *op) {
      if (!op->hasAttr(kRegionArgHintsAttrName))
        return;
      MLIRContext *ctx = op->getContext();
      auto empty = DictionaryAttr::get(ctx);
      SmallVector<Attribute> all;
      for (Region &region : op->getRegions()) {
        SmallVector<DictionaryAttr> hints =
            getRegionArgHintList(op, region.getRegionNumber());
        SmallVector<Attribute> list;
        for (BlockArgument arg : region.getArguments()) {
          SmallVector<Type> types;
          if (failed(converter.convertType(arg.getType(), types)) ||
              types.empty())
            types.assign(1, arg.getType());
          DictionaryAttr kept;
          if (!hints.empty() && types.size() == 1 &&
              types[0] == arg.getType())
            kept = hints[arg.getArgNumber()];
          list.push_back(kept ? Attribute(kept) : Attribute(empty));
          list.append(types.size() - 1, empty);
        }
        all.push_back(ArrayAttr::get(ctx, list));
      }
      // Stale until the conversion rebuilds the loop with these arguments
      // (the verifier runs after the pass).
      op->setAttr(kRegionArgHintsAttrName, ArrayAttr::get(ctx, all));
    });
  }

  void runOnOperation() override {
    bool any = false;
    getOperation()->walk([&](Operation *op) {
      any |= llvm::any_of(op->getOperandTypes(), isBlockPtr) ||
             llvm::any_of(op->getResultTypes(), isBlockPtr);
      if (auto fn = dyn_cast<FunctionOpInterface>(op))
        any |= llvm::any_of(fn.getArgumentTypes(), isBlockPtr) ||
               llvm::any_of(fn.getResultTypes(), isBlockPtr);
    });
    if (!any)
      return;
    if (failed(checkUses()))
      return signalPassFailure();

    MLIRContext *ctx = &getContext();
    BlockPtrTypeConverter converter;
    renumberRegionArgHints(converter);
    ConversionTarget target(*ctx);
    target.addIllegalOp<MakeBlockPtrOp, AdvanceOp, BlockLoadOp,
                        BlockStoreOp>();
    target.markUnknownOpDynamicallyLegal([&](Operation *op) {
      if (auto fn = dyn_cast<FunctionOpInterface>(op))
        return converter.isLegal(fn.getArgumentTypes()) &&
               converter.isLegal(fn.getResultTypes());
      return converter.isLegal(op);
    });
    RewritePatternSet patterns(ctx);
    patterns.add<MakeBlockPtrLowering, AdvanceLowering, BlockLoadLowering,
                 BlockStoreLowering, SelectLowering>(converter, ctx);
    populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns,
                                                                   converter);
    populateCallOpTypeConversionPattern(patterns, converter);
    populateReturnOpTypeConversionPattern(patterns, converter);
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                         target);
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

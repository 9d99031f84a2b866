//===- TileIRToGPUIR.cpp - convert-tir-to-gir -----------------------------===//
//
// Gives every tile of a module a distributed layout by one forward walk over
// each function: sources get the default blocked layout of their shape,
// other operations derive theirs from their operands (see Passes.td), and
// explicit gir.convert_layout ops reconcile operands that disagree.
//
//===----------------------------------------------------------------------===//
#include "trident/Conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"

namespace trident {
#define GEN_PASS_DEF_CONVERTTILEIRTOGPUIR
#include "trident/Conversion/Passes.h.inc"
} // namespace trident

using namespace mlir;
using namespace trident;

namespace {

class LayoutAssigner {
public:
  LayoutAssigner(MLIRContext *ctx, unsigned numWarps, unsigned threadsPerWarp)
      : ctx(ctx), numWarps(numWarps), threadsPerWarp(threadsPerWarp) {}

  LogicalResult assign(func::FuncOp func);

private:
  /// One blocked layout per rank: the default of the function's largest
  /// tile of that rank. A blocked layout fits any shape of its rank, so
  /// tiles that meet in broadcasts and elementwise operations agree.
  Attribute defaultLayout(RankedTensorType type) {
    auto it = dominant.find(type.getRank());
    if (it != dominant.end())
      return it->second;
    return gir::BlockedEncodingAttr::getDefault(ctx, type.getShape(), numWarps,
                                                threadsPerWarp);
  }
  /// The layout `value` should be created in: its hint, else the default.
  Attribute preferredLayout(Value value) {
    auto it = hints.find(value);
    if (it != hints.end())
      return it->second;
    return defaultLayout(cast<RankedTensorType>(value.getType()));
  }
  /// The layout of a dot's accumulator: each thread holds an 8x4-element
  /// block, so a K step of the CUDA-core dot reads few distinct rows of A
  /// and columns of B for many fused multiply-adds.
  Attribute accumulatorLayout(RankedTensorType type) {
    if (type.getRank() != 2)
      return defaultLayout(type);
    int64_t m = type.getDimSize(0), n = type.getDimSize(1);
    unsigned sm = std::min<int64_t>(8, m), sn = std::min<int64_t>(4, n);
    return gir::BlockedEncodingAttr::getDefault(ctx, {m / sm, n / sn},
                                                numWarps, threadsPerWarp)
        .withSizePerThread(ctx, {sm, sn});
  }
  /// The layout of a scan's operands: each thread holds one contiguous run
  /// along the axis (the lowering scans registers, then lanes, then warps).
  Attribute scanLayout(RankedTensorType type, unsigned axis) {
    auto base = cast<gir::BlockedEncodingAttr>(defaultLayout(type));
    SmallVector<unsigned> spt(base.getSizePerThread());
    int64_t threads = int64_t(base.getThreadsPerWarp()[axis]) *
                      base.getWarpsPerCTA()[axis];
    spt[axis] = std::max<int64_t>(1, type.getDimSize(axis) / threads);
    return base.withSizePerThread(ctx, spt);
  }
  void chooseDominantLayouts(func::FuncOp func);
  void collectHints(func::FuncOp func);
  static RankedTensorType withLayout(RankedTensorType type, Attribute layout) {
    return RankedTensorType::get(type.getShape(), type.getElementType(),
                                 layout);
  }
  /// `value` in `layout`, through a conversion inserted before `user`.
  Value convert(Value value, Attribute layout, Operation *user);
  /// Converts tiled operand #i of `op` to `layout` in place.
  void convertOperand(Operation *op, unsigned i, Attribute layout) {
    op->setOperand(i, convert(op->getOperand(i), layout, op));
  }
  void setResultLayout(Value result, Attribute layout) {
    if (auto type = dyn_cast<RankedTensorType>(result.getType()))
      result.setType(withLayout(type, layout));
  }
  void giveDefault(Value value) {
    if (auto type = dyn_cast<RankedTensorType>(value.getType()))
      if (!type.getEncoding())
        value.setType(withLayout(type, preferredLayout(value)));
  }

  LogicalResult visitBlock(Block &block);
  LogicalResult visit(Operation *op);
  LogicalResult visitFor(scf::ForOp op);
  LogicalResult visitIf(scf::IfOp op);
  LogicalResult visitWhile(scf::WhileOp op);
  void visitConstant(arith::ConstantOp op);
  void visitExpandDims(tir::ExpandDimsOp op);
  void visitElementwise(Operation *op, Attribute layout);

  MLIRContext *ctx;
  unsigned numWarps;
  unsigned threadsPerWarp;
  llvm::DenseMap<int64_t, Attribute> dominant;
  llvm::DenseMap<Value, Attribute> hints;
};

void LayoutAssigner::chooseDominantLayouts(func::FuncOp func) {
  dominant.clear();
  llvm::DenseMap<int64_t, RankedTensorType> largest;
  func.walk([&](Operation *op) {
    for (Type t : op->getResultTypes())
      if (auto tile = dyn_cast<RankedTensorType>(t)) {
        RankedTensorType &best = largest[tile.getRank()];
        if (!best || tile.getNumElements() > best.getNumElements())
          best = tile;
      }
  });
  for (auto &[rank, tile] : largest)
    dominant[rank] = gir::BlockedEncodingAttr::getDefault(
        ctx, tile.getShape(), numWarps, threadsPerWarp);
}

/// Backward hints so that tiles are created where they will be used: the
/// operand of `tir.expand_dims` in the slice of the expanded tile's layout,
/// and the operands of elementwise operations in the hint of their result.
void LayoutAssigner::collectHints(func::FuncOp func) {
  hints.clear();
  SmallVector<Operation *> ops;
  func.walk([&](Operation *op) { ops.push_back(op); });
  // Twice: a loop is visited before its body in reverse order, so hints
  // that reach a loop's iteration arguments flow to its inits on the second
  // round.
  for (int round = 0; round < 2; ++round)
  for (Operation *op : llvm::reverse(ops)) {
    if (auto dot = dyn_cast<tir::DotOp>(op)) {
      auto accType = cast<RankedTensorType>(dot.getC().getType());
      hints.try_emplace(dot.getC(), accumulatorLayout(accType));
      hints.try_emplace(dot.getResult(), accumulatorLayout(accType));
      continue;
    }
    if (auto scan = dyn_cast<tir::ScanOp>(op)) {
      for (auto [src, result] : llvm::zip(scan.getSrcs(), scan.getResults())) {
        Attribute layout = scanLayout(cast<RankedTensorType>(src.getType()),
                                      scan.getAxis());
        hints.try_emplace(src, layout);
        hints.try_emplace(result, layout);
      }
      continue;
    }
    if (auto forOp = dyn_cast<scf::ForOp>(op)) {
      for (auto [init, arg, result] :
           llvm::zip(forOp.getInitArgs(), forOp.getRegionIterArgs(),
                     forOp.getResults())) {
        auto it = hints.find(arg);
        if (it == hints.end())
          continue;
        Attribute hint = it->second;
        hints.try_emplace(init, hint);
        hints.try_emplace(result, hint);
      }
      continue;
    }
    if (auto expand = dyn_cast<tir::ExpandDimsOp>(op)) {
      auto parent = dyn_cast<gir::DistributedEncodingAttr>(
          preferredLayout(expand.getResult()));
      if (parent && parent.getRank() >= 2)
        hints.try_emplace(expand.getSrc(),
                          gir::SliceEncodingAttr::get(ctx, expand.getAxis(),
                                                      parent));
      continue;
    }
    StringRef ns = op->getDialect() ? op->getDialect()->getNamespace() : "";
    bool elementwise = (ns == "arith" || ns == "math") ||
                       isa<tir::SplatOp, tir::AddPtrOp, tir::LoadOp>(op);
    if (!elementwise || op->getNumResults() != 1)
      continue;
    auto it = hints.find(op->getResult(0));
    if (it == hints.end())
      continue;
    Attribute hint = it->second;
    for (Value operand : op->getOperands())
      if (auto type = dyn_cast<RankedTensorType>(operand.getType()))
        if (type.getShape() ==
            cast<RankedTensorType>(op->getResult(0).getType()).getShape())
          hints.try_emplace(operand, hint);
  }
}

Value LayoutAssigner::convert(Value value, Attribute layout, Operation *user) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type || type.getEncoding() == layout)
    return value;
  OpBuilder b(user);
  return gir::ConvertLayoutOp::create(b, user->getLoc(),
                                      withLayout(type, layout), value);
}

/// The layout of the first tiled operand that has one, or null.
static Attribute firstOperandLayout(Operation *op) {
  for (Value operand : op->getOperands())
    if (auto type = dyn_cast<RankedTensorType>(operand.getType()))
      if (type.getEncoding())
        return type.getEncoding();
  return {};
}

void LayoutAssigner::visitElementwise(Operation *op, Attribute layout) {
  for (unsigned i = 0; i < op->getNumOperands(); ++i)
    if (isa<RankedTensorType>(op->getOperand(i).getType()))
      convertOperand(op, i, layout);
  for (Value result : op->getResults())
    setResultLayout(result, layout);
}

void LayoutAssigner::visitConstant(arith::ConstantOp op) {
  auto type = dyn_cast<RankedTensorType>(op.getType());
  auto dense = dyn_cast<DenseElementsAttr>(op.getValue());
  if (!type || !dense)
    return;
  RankedTensorType newType = withLayout(type, preferredLayout(op.getResult()));
  op.setValueAttr(dense.reshape(newType));
  op.getResult().setType(newType);
}

void LayoutAssigner::visitExpandDims(tir::ExpandDimsOp op) {
  auto srcType = cast<RankedTensorType>(op.getSrc().getType());
  auto slice = dyn_cast<gir::SliceEncodingAttr>(srcType.getEncoding());
  if (slice && slice.getDim() == static_cast<unsigned>(op.getAxis())) {
    setResultLayout(op.getResult(), slice.getParent());
    return;
  }
  // Any other operand layout: convert the operand into the slice of the
  // result's default layout.
  auto resultType = cast<RankedTensorType>(op.getType());
  auto parent = cast<gir::DistributedEncodingAttr>(defaultLayout(resultType));
  convertOperand(op, 0, gir::SliceEncodingAttr::get(ctx, op.getAxis(), parent));
  setResultLayout(op.getResult(), parent);
}

LogicalResult LayoutAssigner::visitFor(scf::ForOp op) {
  // Loop-carried tiles keep the layout they enter with.
  for (auto [init, arg, result] :
       llvm::zip(op.getInitArgs(), op.getRegionIterArgs(), op.getResults())) {
    arg.setType(init.getType());
    result.setType(init.getType());
  }
  if (failed(visitBlock(*op.getBody())))
    return failure();
  auto yield = cast<scf::YieldOp>(op.getBody()->getTerminator());
  for (auto [i, arg] : llvm::enumerate(op.getRegionIterArgs()))
    if (auto type = dyn_cast<RankedTensorType>(arg.getType()))
      convertOperand(yield, i, type.getEncoding());
  return success();
}

LogicalResult LayoutAssigner::visitIf(scf::IfOp op) {
  for (Region *region : {&op.getThenRegion(), &op.getElseRegion()})
    for (Block &block : *region)
      if (failed(visitBlock(block)))
        return failure();
  if (op.getNumResults() == 0)
    return success();
  // The results take the then-branch's layouts; the else branch converts.
  auto thenYield = op.thenYield();
  for (auto [i, result] : llvm::enumerate(op.getResults())) {
    result.setType(thenYield.getOperand(i).getType());
    if (auto type = dyn_cast<RankedTensorType>(result.getType()))
      if (!op.getElseRegion().empty())
        convertOperand(op.elseYield(), i, type.getEncoding());
  }
  return success();
}

LogicalResult LayoutAssigner::visitWhile(scf::WhileOp op) {
  for (auto [init, arg] : llvm::zip(op.getInits(), op.getBeforeArguments()))
    arg.setType(init.getType());
  if (failed(visitBlock(op.getBefore().front())))
    return failure();
  scf::ConditionOp cond = op.getConditionOp();
  for (auto [i, pair] :
       llvm::enumerate(llvm::zip(cond.getArgs(), op.getAfterArguments()))) {
    auto [value, arg] = pair;
    arg.setType(value.getType());
    op.getResult(i).setType(value.getType());
  }
  if (failed(visitBlock(op.getAfter().front())))
    return failure();
  auto yield = cast<scf::YieldOp>(op.getAfter().front().getTerminator());
  for (auto [i, arg] : llvm::enumerate(op.getBeforeArguments()))
    if (auto type = dyn_cast<RankedTensorType>(arg.getType()))
      convertOperand(yield, i, type.getEncoding());
  return success();
}

LogicalResult LayoutAssigner::visit(Operation *op) {
  if (auto forOp = dyn_cast<scf::ForOp>(op))
    return visitFor(forOp);
  if (auto ifOp = dyn_cast<scf::IfOp>(op))
    return visitIf(ifOp);
  if (auto whileOp = dyn_cast<scf::WhileOp>(op))
    return visitWhile(whileOp);
  if (isa<scf::YieldOp, scf::ConditionOp, tir::ReduceReturnOp,
          tir::ScanReturnOp, func::ReturnOp>(op))
    return success(); // handled by their parents
  if (isa<gir::ConvertLayoutOp>(op))
    return success(); // already says what it wants
  if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
    visitConstant(constant);
    return success();
  }
  if (auto expand = dyn_cast<tir::ExpandDimsOp>(op)) {
    visitExpandDims(expand);
    return success();
  }
  if (auto reduce = dyn_cast<tir::ReduceOp>(op)) {
    for (auto [src, result] : llvm::zip(reduce.getSrcs(), reduce.getResults()))
      if (auto type = dyn_cast<RankedTensorType>(result.getType()))
        setResultLayout(result, tir::inferShapeOpEncoding(
                                    cast<RankedTensorType>(src.getType())
                                        .getEncoding(),
                                    reduce.getAxis(), /*expand=*/false));
    return success(); // the combine region holds scalars only
  }
  if (auto scan = dyn_cast<tir::ScanOp>(op)) {
    for (auto [i, result] : llvm::enumerate(scan.getResults())) {
      Attribute layout = scanLayout(
          cast<RankedTensorType>(scan.getSrcs()[i].getType()), scan.getAxis());
      convertOperand(op, i, layout);
      setResultLayout(result, layout);
    }
    return success();
  }
  if (isa<tir::BroadcastOp>(op)) {
    setResultLayout(op->getResult(0), firstOperandLayout(op));
    return success();
  }
  if (auto load = dyn_cast<tir::LoadOp>(op)) {
    if (auto layout = firstOperandLayout(op)) // the pointer's
      visitElementwise(op, cast<RankedTensorType>(load.getPtr().getType())
                               .getEncoding());
    return success();
  }
  if (isa<tir::StoreOp, tir::AtomicRMWOp, tir::AtomicCASOp>(op)) {
    if (auto ptrType = dyn_cast<RankedTensorType>(op->getOperand(0).getType()))
      visitElementwise(op, ptrType.getEncoding());
    return success();
  }
  if (auto dot = dyn_cast<tir::DotOp>(op)) {
    // Default layouts for now; tensor-core layouts come from a later pass.
    for (unsigned i = 0; i < 2; ++i)
      convertOperand(op, i, defaultLayout(cast<RankedTensorType>(
                                op->getOperand(i).getType())));
    Attribute acc = accumulatorLayout(cast<RankedTensorType>(dot.getType()));
    convertOperand(op, 2, acc);
    setResultLayout(dot.getResult(), acc);
    return success();
  }
  if (isa<tir::TransOp, tir::ReshapeOp, tir::JoinOp, tir::SplitOp,
          tir::DescriptorLoadOp, tir::MakeRangeOp, tir::SplatOp>(op)) {
    // Shape changes and sources: the default layout of the result's shape;
    // the lowering moves the elements.
    for (Value result : op->getResults())
      giveDefault(result);
    return success();
  }
  if (op->getNumRegions() != 0)
    return op->emitOpError("has regions that convert-tir-to-gir cannot assign "
                           "layouts in");
  // Elementwise and everything else: the first tiled operand's layout, or
  // the default for tiles made from scalars.
  if (Attribute layout = firstOperandLayout(op)) {
    visitElementwise(op, layout);
    return success();
  }
  for (Value result : op->getResults())
    giveDefault(result);
  return success();
}

LogicalResult LayoutAssigner::visitBlock(Block &block) {
  for (BlockArgument arg : block.getArguments())
    giveDefault(arg);
  for (Operation &op : llvm::make_early_inc_range(block))
    if (failed(visit(&op)))
      return failure();
  return success();
}

LogicalResult LayoutAssigner::assign(func::FuncOp func) {
  if (func.isExternal())
    return success();
  // Layouts spread power-of-two tiles over power-of-two thread counts.
  WalkResult shapes = func.walk([&](Operation *op) {
    for (Type t : op->getResultTypes())
      if (auto tile = dyn_cast<RankedTensorType>(t))
        for (int64_t d : tile.getShape())
          if (d <= 0 || (d & (d - 1))) {
            op->emitOpError("produces a tile of shape ")
                << tile << " whose dimensions are not all powers of two; "
                << "GPU code generation needs power-of-two tiles";
            return WalkResult::interrupt();
          }
    return WalkResult::advance();
  });
  if (shapes.wasInterrupted())
    return failure();
  chooseDominantLayouts(func);
  collectHints(func);
  if (failed(visitBlock(func.getBody().front())))
    return failure();
  // Signatures follow the arguments' and returned values' layouts.
  SmallVector<Type> results;
  func.walk([&](func::ReturnOp ret) {
    results.assign(ret.getOperandTypes().begin(), ret.getOperandTypes().end());
  });
  func.setType(FunctionType::get(
      ctx, func.getBody().front().getArgumentTypes(),
      results.empty() ? func.getFunctionType().getResults() : results));
  return success();
}

struct ConvertTileIRToGPUIRPass
    : trident::impl::ConvertTileIRToGPUIRBase<ConvertTileIRToGPUIRPass> {
  using Base::Base;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (numWarps == 0 || (numWarps & (numWarps - 1)) || threadsPerWarp == 0 ||
        (threadsPerWarp & (threadsPerWarp - 1))) {
      module.emitError("convert-tir-to-gir: num-warps and threads-per-warp "
                       "must be powers of two");
      return signalPassFailure();
    }
    Builder b(module.getContext());
    module->setAttr(gir::GPUIRDialect::getNumWarpsAttrName(),
                    b.getI32IntegerAttr(numWarps));
    module->setAttr(gir::GPUIRDialect::getThreadsPerWarpAttrName(),
                    b.getI32IntegerAttr(threadsPerWarp));
    LayoutAssigner assigner(module.getContext(), numWarps, threadsPerWarp);
    for (auto func : module.getOps<func::FuncOp>())
      if (failed(assigner.assign(func)))
        return signalPassFailure();
  }
};

} // namespace

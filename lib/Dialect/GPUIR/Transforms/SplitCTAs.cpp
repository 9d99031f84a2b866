//===- SplitCTAs.cpp - gir-split-ctas --------------------------------------===//
//
// In a program that runs on a cluster of n CTAs (gir.num_ctas = n > 1),
// every CTA runs the whole program; what this pass decides is which tiles
// each CTA holds only a block of (dimension 0 cut n ways, `ctaSplit = n` on
// the layout) and which it holds whole. Splitting divides the work of
// elementwise ops, loads, stores and tensor-core accumulators by n; a tile
// must stay whole where an op needs all of it: ops whose lowering does not
// work on blocks (gir::acceptsCTASplit), the A and B operands of dots,
// reductions and scans along dimension 0. A CTA can take its block from a
// tile it holds whole but cannot gather the others' blocks, so:
//
//   1. whole tiles: those such uses need, then backwards: an op whose result
//      is whole needs its operands whole (a loop's carried value, its
//      initial value, its yielded value and its result are one decision;
//      an op's results are too);
//   2. every other tile is split (when its layout can be: an accumulator
//      needs whole warpgroups of rows in each block);
//   3. where a split op takes a whole tile, a gir.convert_layout takes the
//      CTA's block of it.
//
// Tiles of non-kernel functions and of ops with regions other than scf.for,
// scf.if and the combine regions of reductions and scans stay whole.
//
//===----------------------------------------------------------------------===//
#include "trident/Dialect/GPUIR/Transforms/Passes.h"

#include "trident/Dialect/GPUIR/Transforms/CTASplit.h"
#include "trident/Dialect/TileIR/IR/TileIR.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/SetVector.h"

namespace trident::gir {
#define GEN_PASS_DEF_GPUIRSPLITCTAS
#include "trident/Dialect/GPUIR/Transforms/Passes.h.inc"
} // namespace trident::gir

using namespace mlir;
using namespace trident;

namespace {

bool isTile(Value v) {
  return static_cast<bool>(gir::getDistributedEncoding(v.getType()));
}

/// `type` split `n` ways, or null when its layout cannot be.
RankedTensorType splitType(Type type, unsigned n) {
  auto tensor = cast<RankedTensorType>(type);
  auto encoding = gir::getDistributedEncoding(tensor);
  gir::DistributedEncodingAttr split = gir::withCTASplit(encoding, n);
  if (!split)
    return {};
  auto result = RankedTensorType::get(tensor.getShape(),
                                      tensor.getElementType(), split);
  // A warpgroup accumulator needs whole warpgroups of rows in each block.
  if (auto wgmma = dyn_cast<gir::WgmmaEncodingAttr>(split))
    if (gir::getCTABlockShape(result)[0] %
            (16 * int64_t(wgmma.getWarpsPerCTA()[0])) !=
        0)
      return {};
  return result;
}

/// Calls `fn` on each value `op` defines: its results and the arguments of
/// the blocks of its regions.
void forEachDefinedValue(Operation *op, llvm::function_ref<void(Value)> fn) {
  for (Value r : op->getResults())
    fn(r);
  for (Region &region : op->getRegions())
    for (Block &block : region)
      for (Value arg : block.getArguments())
        fn(arg);
}

class Splitter {
public:
  Splitter(func::FuncOp func, unsigned n) : func(func), n(n) {}

  void run() {
    findWholeTiles();
    splitTheRest();
    takeBlocks();
  }

private:
  void markWhole(Value v) {
    if (isTile(v) && whole.insert(v))
      worklist.push_back(v);
  }

  /// Step 1.
  void findWholeTiles() {
    func.getBody().walk([&](Operation *op) {
      bool accepts = gir::acceptsCTASplit(op);
      // Inside an op with regions that is not named, everything stays
      // whole.
      if (!accepts && op->getNumRegions() > 0)
        op->walk([&](Operation *inner) {
          forEachDefinedValue(inner, [&](Value v) { markWhole(v); });
          for (Value operand : inner->getOperands())
            markWhole(operand);
        });
      for (Value r : op->getResults())
        if (isTile(r) && (!accepts || !splitType(r.getType(), n)))
          markWhole(r);
      for (OpOperand &operand : op->getOpOperands())
        if (!accepts || gir::needsWholeOperand(op, operand.getOperandNumber())) {
          markWhole(operand.get());
          // A reduction's or scan's result has its operand's layout.
          if (isa<tir::ReduceOp, tir::ScanOp>(op))
            for (Value r : op->getResults())
              markWhole(r);
        }
      // Only warpgroup MMAs run on a block of the accumulator's rows.
      if (auto dot = dyn_cast<tir::DotOp>(op))
        if (!isa<gir::WgmmaEncodingAttr>(
                gir::getDistributedEncoding(dot.getType()))) {
          markWhole(dot.getResult());
          markWhole(dot->getOperand(2));
        }
    });
    for (Block &block : func.getBody())
      for (Value arg : block.getArguments())
        markWhole(arg);
    while (!worklist.empty()) {
      Value v = worklist.pop_back_val();
      if (auto arg = dyn_cast<BlockArgument>(v)) {
        if (auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp()))
          if (arg.getArgNumber() >= loop.getNumInductionVars())
            wholeLoopValue(loop, arg.getArgNumber() - loop.getNumInductionVars());
        continue;
      }
      Operation *def = v.getDefiningOp();
      for (Value r : def->getResults())
        markWhole(r);
      if (auto loop = dyn_cast<scf::ForOp>(def)) {
        wholeLoopValue(loop, cast<OpResult>(v).getResultNumber());
        continue;
      }
      if (auto ifOp = dyn_cast<scf::IfOp>(def)) {
        unsigned i = cast<OpResult>(v).getResultNumber();
        for (Region *region : {&ifOp.getThenRegion(), &ifOp.getElseRegion()})
          if (!region->empty())
            markWhole(region->front().getTerminator()->getOperand(i));
        continue;
      }
      for (Value operand : def->getOperands())
        markWhole(operand);
    }
  }

  /// Value `i` a loop carries is whole: its iteration argument, result,
  /// initial and yielded values.
  void wholeLoopValue(scf::ForOp loop, unsigned i) {
    markWhole(loop.getRegionIterArgs()[i]);
    markWhole(loop.getResult(i));
    markWhole(loop.getInitArgs()[i]);
    markWhole(loop.getBody()->getTerminator()->getOperand(i));
  }

  /// Step 2.
  void splitTheRest() {
    auto split = [&](Value v) {
      if (!isTile(v) || whole.contains(v))
        return;
      RankedTensorType t = splitType(v.getType(), n);
      if (!t)
        return;
      v.setType(t);
      // A constant's value has its type.
      if (auto constant = v.getDefiningOp<arith::ConstantOp>())
        if (auto dense = dyn_cast<DenseElementsAttr>(constant.getValue()))
          constant.setValueAttr(
              DenseElementsAttr::get(t, dense.getSplatValue<Attribute>()));
    };
    func.getBody().walk(
        [&](Operation *op) { forEachDefinedValue(op, split); });
  }

  /// Step 3: operand `operand` takes type `want` (the CTA's block of a
  /// whole tile).
  void convert(OpOperand &operand, Type want) {
    if (operand.get().getType() == want)
      return;
    OpBuilder b(operand.getOwner());
    operand.set(gir::ConvertLayoutOp::create(b, operand.get().getLoc(), want,
                                             operand.get()));
  }

  void takeBlocks() {
    func.getBody().walk([&](Operation *op) {
      // (A conversion takes the CTA's block itself.)
      if (!gir::acceptsCTASplit(op) ||
          isa<scf::YieldOp, gir::ConvertLayoutOp>(op))
        return;
      if (auto loop = dyn_cast<scf::ForOp>(op)) {
        Operation *yield = loop.getBody()->getTerminator();
        for (auto [i, arg] : llvm::enumerate(loop.getRegionIterArgs())) {
          if (!isTile(arg))
            continue;
          convert(loop.getInitArgsMutable()[i], arg.getType());
          convert(yield->getOpOperand(i), arg.getType());
        }
        return;
      }
      if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
        for (Region *region : {&ifOp.getThenRegion(), &ifOp.getElseRegion()}) {
          if (region->empty())
            continue;
          Operation *yield = region->front().getTerminator();
          for (auto [i, r] : llvm::enumerate(ifOp.getResults()))
            if (isTile(r))
              convert(yield->getOpOperand(i), r.getType());
        }
        return;
      }
      // The op is split if a result is (then none is whole), or, without
      // tile results, if an operand is.
      bool hasTileResult = llvm::any_of(op->getResults(), isTile);
      auto splitValue = [](Value v) { return isSplitType(v.getType()); };
      bool splitOp = hasTileResult ? llvm::any_of(op->getResults(), splitValue)
                                   : llvm::any_of(op->getOperands(), splitValue);
      if (!splitOp)
        return;
      for (OpOperand &operand : op->getOpOperands()) {
        Value v = operand.get();
        if (!isTile(v) || isSplitType(v.getType()) ||
            gir::needsWholeOperand(op, operand.getOperandNumber()))
          continue;
        if (RankedTensorType t = splitType(v.getType(), n))
          convert(operand, t);
      }
    });
  }

  /// Whether `type`'s layout carries a CTA split (whether or not its shape
  /// leaves more than one block).
  static bool isSplitType(Type type) {
    auto encoding = gir::getDistributedEncoding(type);
    if (!encoding)
      return false;
    gir::DistributedEncodingAttr unsplit = gir::withCTASplit(encoding, 1);
    return unsplit && unsplit != encoding;
  }

  func::FuncOp func;
  unsigned n;
  llvm::SetVector<Value> whole;
  SmallVector<Value> worklist;
};

struct GPUIRSplitCTAsPass
    : trident::gir::impl::GPUIRSplitCTAsBase<GPUIRSplitCTAsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    unsigned n = gir::getNumCTAs(module);
    if (n <= 1)
      return;
    if (n > 16 || (n & (n - 1))) {
      module.emitError("gir-split-ctas: gir.num_ctas must be a power of two "
                       "in [1, 16], got ")
          << n;
      return signalPassFailure();
    }
    for (auto func : module.getOps<func::FuncOp>())
      if (!func.isExternal() && tir::isKernel(func))
        Splitter(func, n).run();
  }
};

} // namespace

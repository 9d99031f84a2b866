//===- ScalarizeMasks.cpp - Per-register predicates for masked accesses ---===//
//
// A masked tile access takes its predicates from a vector<N x i1> (the
// thread's registers of the mask tile) one `vector.extract` at a time. NVPTX
// has no vector predicates: LLVM keeps such a vector as bits of an integer,
// built with shifts and ors and read back with shifts and ands. Tutorial
// 03's loop spent about 60 instructions per iteration packing and unpacking
// its k-mask (a broadcast row of 4 predicates onto 64 registers).
//
// Here every `vector.extract` of a static element from an i1 vector is
// replaced by that element computed as a scalar, through the ops that made
// the vector (comparisons, logic, selects, shuffles, broadcasts, splats,
// from_elements, constants): a comparison of two i32 vectors becomes one
// comparison of the two extracted i32 elements. The vector ops stay for any
// other user; those left without one are erased.
//
//===----------------------------------------------------------------------===//
#include "Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;

namespace trident::gir_to_llvm {
namespace {

bool isMask(Value v) {
  auto vt = dyn_cast<VectorType>(v.getType());
  return vt && vt.getRank() == 1 && vt.getElementType().isInteger(1);
}

class MaskScalarizer {
public:
  /// Element `i` of `v` as a scalar, built before `at`'s position only from
  /// values that dominate it (the ops that made `v` do).
  Value element(Value v, int64_t i) {
    auto key = std::make_pair(v, i);
    if (Value known = cache.lookup(key))
      return known;
    Value result = compute(v, i);
    cache[key] = result;
    return result;
  }

private:
  /// Element `i` of any 1-D vector `v` (i1 or not).
  Value anyElement(Value v, int64_t i) {
    if (isMask(v))
      return element(v, i);
    return extractAfter(v, i);
  }

  Value extractAfter(Value v, int64_t i) {
    OpBuilder b(v.getContext());
    if (Operation *def = v.getDefiningOp())
      b.setInsertionPointAfter(def);
    else
      b.setInsertionPointToStart(cast<BlockArgument>(v).getOwner());
    return vector::ExtractOp::create(b, v.getLoc(), v, i);
  }

  Value compute(Value v, int64_t i) {
    Operation *def = v.getDefiningOp();
    if (!def)
      return extractAfter(v, i);
    OpBuilder b(def);
    Location loc = def->getLoc();
    if (auto cmp = dyn_cast<arith::CmpIOp>(def))
      return arith::CmpIOp::create(b, loc, cmp.getPredicate(),
                                   anyElement(cmp.getLhs(), i),
                                   anyElement(cmp.getRhs(), i));
    if (auto cmp = dyn_cast<arith::CmpFOp>(def))
      return arith::CmpFOp::create(b, loc, cmp.getPredicate(),
                                   anyElement(cmp.getLhs(), i),
                                   anyElement(cmp.getRhs(), i));
    if (isa<arith::AndIOp, arith::OrIOp, arith::XOrIOp>(def)) {
      Value lhs = element(def->getOperand(0), i);
      Value rhs = element(def->getOperand(1), i);
      if (isa<arith::AndIOp>(def))
        return arith::AndIOp::create(b, loc, lhs, rhs);
      if (isa<arith::OrIOp>(def))
        return arith::OrIOp::create(b, loc, lhs, rhs);
      return arith::XOrIOp::create(b, loc, lhs, rhs);
    }
    if (auto sel = dyn_cast<arith::SelectOp>(def)) {
      Value cond = sel.getCondition();
      Value c = isa<VectorType>(cond.getType()) ? element(cond, i) : cond;
      return arith::SelectOp::create(b, loc, c,
                                     element(sel.getTrueValue(), i),
                                     element(sel.getFalseValue(), i));
    }
    if (auto shuffle = dyn_cast<vector::ShuffleOp>(def)) {
      int64_t from = shuffle.getMask()[i];
      int64_t n = shuffle.getV1VectorType().getNumElements();
      if (from < 0)
        return extractAfter(v, i);
      return from < n ? element(shuffle.getV1(), from)
                      : element(shuffle.getV2(), from - n);
    }
    if (auto bc = dyn_cast<vector::BroadcastOp>(def)) {
      if (!isa<VectorType>(bc.getSource().getType()))
        return bc.getSource();
      return extractAfter(v, i);
    }
    if (auto elements = dyn_cast<vector::FromElementsOp>(def))
      return elements.getElements()[i];
    if (auto cst = dyn_cast<arith::ConstantOp>(def)) {
      if (auto dense = dyn_cast<DenseIntElementsAttr>(cst.getValue()))
        return arith::ConstantIntOp::create(
            b, loc, dense.getValues<APInt>()[i].getBoolValue(), 1);
    }
    return extractAfter(v, i);
  }

  DenseMap<std::pair<Value, int64_t>, Value> cache;
};

} // namespace

void scalarizeMaskExtracts(ModuleOp module) {
  SmallVector<vector::ExtractOp> extracts;
  module.walk([&](vector::ExtractOp op) {
    if (!isMask(op.getSource()) || !op.getDynamicPosition().empty() ||
        op.getStaticPosition().size() != 1)
      return;
    Operation *def = op.getSource().getDefiningOp();
    // Only masks computed here (a block argument stays one extract).
    if (def && !isa<vector::FromElementsOp>(def))
      extracts.push_back(op);
  });
  MaskScalarizer scalarizer;
  SmallVector<Operation *> sources;
  for (vector::ExtractOp op : extracts) {
    Value scalar =
        scalarizer.element(op.getSource(), op.getStaticPosition()[0]);
    if (Operation *def = op.getSource().getDefiningOp())
      sources.push_back(def);
    op.getResult().replaceAllUsesWith(scalar);
    op.erase();
  }
  // The vector ops left without users, and the ones that fed only them.
  SetVector<Operation *> worklist(sources.begin(), sources.end());
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    if (!isOpTriviallyDead(op))
      continue;
    for (Value operand : op->getOperands())
      if (Operation *def = operand.getDefiningOp())
        worklist.insert(def);
    op->erase();
  }
}

} // namespace trident::gir_to_llvm

//===- LaneStrides.cpp - Strides of tiles along their last dimension ------===//
#include "LaneStrides.h"

#include "trident/Dialect/TileIR/IR/TileIR.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;

namespace trident::cpu {

namespace {

int64_t lastDim(Value v) {
  return cast<RankedTensorType>(v.getType()).getShape().back();
}

/// The integer every element of `v` holds, if it is a splat constant.
std::optional<int64_t> uniformConstant(Value v) {
  if (auto splat = v.getDefiningOp<tir::SplatOp>())
    v = splat.getSrc();
  APInt value;
  if (matchPattern(v, m_ConstantInt(&value)))
    return value.getSExtValue();
  return std::nullopt;
}

} // namespace

std::optional<int64_t> LaneStrides::stride(Value v) {
  if (!isa<RankedTensorType>(v.getType()))
    return 0;
  auto it = memo.find(v);
  if (it != memo.end())
    return it->second;
  std::optional<int64_t> s = compute(v);
  memo[v] = s;
  if (speculating)
    journal.push_back(v);
  return s;
}

std::optional<int64_t> LaneStrides::loopCarried(BlockArgument arg) {
  auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp());
  if (!loop || arg.getArgNumber() == 0)
    return std::nullopt;
  OpOperand *init = loop.getTiedLoopInit(arg);
  std::optional<int64_t> assumed = stride(init->get());
  if (!assumed)
    return std::nullopt;
  // Assume the initial value's stride, then check the yielded value keeps it.
  memo[arg] = assumed;
  size_t mark = journal.size();
  ++speculating;
  std::optional<int64_t> yielded =
      stride(loop.getTiedLoopYieldedValue(arg)->get());
  --speculating;
  if (yielded == assumed) {
    if (speculating == 0)
      journal.resize(mark);
    return assumed;
  }
  for (size_t i = mark; i < journal.size(); ++i)
    memo.erase(journal[i]);
  journal.resize(mark);
  memo[arg] = std::nullopt;
  return std::nullopt;
}

std::optional<int64_t> LaneStrides::compute(Value v) {
  if (auto arg = dyn_cast<BlockArgument>(v))
    return loopCarried(arg);
  Operation *op = v.getDefiningOp();
  if (isa<tir::MakeRangeOp>(op))
    return 1;
  if (isa<tir::SplatOp>(op))
    return 0;
  if (auto c = dyn_cast<arith::ConstantOp>(op)) {
    auto dense = dyn_cast<DenseElementsAttr>(c.getValue());
    if (dense && dense.isSplat())
      return 0;
    return std::nullopt;
  }
  if (auto bc = dyn_cast<tir::BroadcastOp>(op)) {
    if (lastDim(bc.getSrc()) == 1 && lastDim(bc.getResult()) != 1)
      return 0;
    return stride(bc.getSrc());
  }
  if (auto ex = dyn_cast<tir::ExpandDimsOp>(op)) {
    auto type = cast<RankedTensorType>(ex.getType());
    if (ex.getAxis() + 1 == type.getRank())
      return 0; // a last dimension of size 1
    return stride(ex.getSrc());
  }
  if (auto tr = dyn_cast<tir::TransOp>(op)) {
    if (tr.getOrder().back() + 1 == int64_t(tr.getOrder().size()))
      return stride(tr.getSrc());
    return std::nullopt;
  }
  if (auto rs = dyn_cast<tir::ReshapeOp>(op)) {
    // Consecutive elements of a result row are consecutive in one source
    // row when result rows do not straddle source rows.
    if (lastDim(rs.getSrc()) % lastDim(rs.getResult()) == 0)
      return stride(rs.getSrc());
    return std::nullopt;
  }
  if (auto add = dyn_cast<tir::AddPtrOp>(op)) {
    std::optional<int64_t> p = stride(add.getPtr()), o = stride(add.getOffset());
    if (p && o)
      return *p + *o;
    return std::nullopt;
  }
  if (isa<arith::AddIOp, arith::SubIOp>(op)) {
    std::optional<int64_t> l = stride(op->getOperand(0)),
                           r = stride(op->getOperand(1));
    if (!l || !r)
      return std::nullopt;
    return isa<arith::AddIOp>(op) ? *l + *r : *l - *r;
  }
  if (isa<arith::MulIOp>(op)) {
    std::optional<int64_t> l = stride(op->getOperand(0)),
                           r = stride(op->getOperand(1));
    if (!l || !r)
      return std::nullopt;
    if (*l == 0 && *r == 0)
      return 0;
    if (*r == 0)
      if (std::optional<int64_t> c = uniformConstant(op->getOperand(1)))
        return *l * *c;
    if (*l == 0)
      if (std::optional<int64_t> c = uniformConstant(op->getOperand(0)))
        return *r * *c;
    return std::nullopt;
  }
  if (isa<arith::ExtSIOp, arith::ExtUIOp, arith::TruncIOp, arith::IndexCastOp>(
          op))
    return stride(op->getOperand(0));
  // Anything else elementwise is uniform when all its operands are.
  if (op->getNumRegions() == 0 &&
      (OpTrait::hasElementwiseMappableTraits(op) ||
       isa<tir::BitcastOp, tir::IntToPtrOp, tir::PtrToIntOp>(op))) {
    for (Value operand : op->getOperands()) {
      std::optional<int64_t> s = stride(operand);
      if (!s || *s != 0)
        return std::nullopt;
    }
    return 0;
  }
  return std::nullopt;
}

} // namespace trident::cpu

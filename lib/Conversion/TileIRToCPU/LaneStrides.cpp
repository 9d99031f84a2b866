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

/// The scalar every element of tile `v` holds, if it is a splat (through
/// broadcasts and new dimensions), or null.
Value uniformScalar(Value v) {
  while (true) {
    if (auto splat = v.getDefiningOp<tir::SplatOp>())
      return splat.getSrc();
    if (auto bc = v.getDefiningOp<tir::BroadcastOp>())
      v = bc.getSrc();
    else if (auto ex = v.getDefiningOp<tir::ExpandDimsOp>())
      v = ex.getSrc();
    else
      return Value();
  }
}

/// The integer every element of `v` holds, if it is a constant.
std::optional<int64_t> uniformConstant(Value v) {
  if (Value s = uniformScalar(v))
    v = s;
  APInt value;
  if (matchPattern(v, m_ConstantInt(&value)))
    return value.getSExtValue();
  return std::nullopt;
}

Stride constant(int64_t c) { return Stride{c, Value()}; }

/// l + sign * r, if it has one scale.
std::optional<Stride> sum(Stride l, Stride r, int64_t sign) {
  if (r.isZero())
    return l;
  if (l.isZero())
    return Stride{sign * r.factor, r.scale};
  if (l.scale != r.scale)
    return std::nullopt;
  Stride s{l.factor + sign * r.factor, l.scale};
  if (s.factor == 0)
    s.scale = Value();
  return s;
}

/// The stride of `strided * uniform` where `uniform` is the same in every
/// element.
std::optional<Stride> scaled(Stride strided, Value uniform) {
  if (strided.isZero())
    return constant(0);
  if (std::optional<int64_t> c = uniformConstant(uniform))
    return *c == 0 ? constant(0) : Stride{strided.factor * *c, strided.scale};
  Value s = uniformScalar(uniform);
  if (!s || strided.scale)
    return std::nullopt;
  return Stride{strided.factor, s};
}

} // namespace

std::optional<Stride> LaneStrides::stride(Value v) {
  if (!isa<RankedTensorType>(v.getType()))
    return constant(0);
  auto it = memo.find(v);
  if (it != memo.end())
    return it->second;
  std::optional<Stride> s = compute(v);
  memo[v] = s;
  if (speculating)
    journal.push_back(v);
  return s;
}

std::optional<Stride> LaneStrides::loopCarried(BlockArgument arg) {
  auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp());
  if (!loop || arg.getArgNumber() == 0)
    return std::nullopt;
  OpOperand *init = loop.getTiedLoopInit(arg);
  std::optional<Stride> assumed = stride(init->get());
  if (!assumed)
    return std::nullopt;
  // Assume the initial value's stride, then check the yielded value keeps it.
  memo[arg] = assumed;
  size_t mark = journal.size();
  ++speculating;
  std::optional<Stride> yielded =
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

std::optional<Stride> LaneStrides::compute(Value v) {
  if (auto arg = dyn_cast<BlockArgument>(v))
    return loopCarried(arg);
  Operation *op = v.getDefiningOp();
  if (isa<tir::MakeRangeOp>(op))
    return constant(1);
  if (isa<tir::SplatOp>(op))
    return constant(0);
  if (auto c = dyn_cast<arith::ConstantOp>(op)) {
    auto dense = dyn_cast<DenseElementsAttr>(c.getValue());
    if (dense && dense.isSplat())
      return constant(0);
    return std::nullopt;
  }
  if (auto bc = dyn_cast<tir::BroadcastOp>(op)) {
    if (lastDim(bc.getSrc()) == 1 && lastDim(bc.getResult()) != 1)
      return constant(0);
    return stride(bc.getSrc());
  }
  if (auto ex = dyn_cast<tir::ExpandDimsOp>(op)) {
    auto type = cast<RankedTensorType>(ex.getType());
    if (ex.getAxis() + 1 == type.getRank())
      return constant(0); // a last dimension of size 1
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
  auto both = [&](Value l, Value r)
      -> std::optional<std::pair<Stride, Stride>> {
    std::optional<Stride> a = stride(l), b = stride(r);
    if (!a || !b)
      return std::nullopt;
    return std::make_pair(*a, *b);
  };
  if (auto add = dyn_cast<tir::AddPtrOp>(op)) {
    if (auto s = both(add.getPtr(), add.getOffset()))
      return sum(s->first, s->second, 1);
    return std::nullopt;
  }
  if (isa<arith::AddIOp, arith::SubIOp>(op)) {
    if (auto s = both(op->getOperand(0), op->getOperand(1)))
      return sum(s->first, s->second, isa<arith::AddIOp>(op) ? 1 : -1);
    return std::nullopt;
  }
  if (isa<arith::MulIOp>(op)) {
    auto s = both(op->getOperand(0), op->getOperand(1));
    if (!s)
      return std::nullopt;
    if (s->first.isZero() && s->second.isZero())
      return constant(0);
    if (s->second.isZero())
      return scaled(s->first, op->getOperand(1));
    if (s->first.isZero())
      return scaled(s->second, op->getOperand(0));
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
      std::optional<Stride> s = stride(operand);
      if (!s || !s->isZero())
        return std::nullopt;
    }
    return constant(0);
  }
  return std::nullopt;
}

} // namespace trident::cpu

//===- KernelLoweringVector.cpp - Chunks of lanes in the vector dialect ---===//
//
// The vector form of a tile's elements: `vecElement(tile, idx, lanes)` is
// the vector of the `lanes` elements of `tile` from `idx` on along its last
// dimension, emitted where a loop whose innermost step is `lanes` needs it.
// Ranges are constants plus a splat, splats and size-1 broadcasts are
// `vector.broadcast`s, buffers are read with `vector.load`, arith and math
// operations apply to vectors as they are, and a load whose pointers are
// consecutive is one (masked) vector access from its first lane's pointer.
// What has no vector form (a transposed or interleaved read, operations of
// other dialects, pointers turned into integers) is computed lane by lane
// and gathered with `vector.from_elements`. A load whose pointers are
// consecutive only when a run-time stride is 1 checks it: one vector access
// if so, lane by lane otherwise.
//
//===----------------------------------------------------------------------===//
#include "KernelLowering.h"
#include "../FloatStorage.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/ADT/ScopeExit.h"

using namespace mlir;

namespace trident::cpu {

static bool isTile(Type t) { return isa<RankedTensorType>(t); }

bool KernelLowering::hasVectorForm(Type elementType) {
  Type t = getElementTypeOrSelf(elementType);
  return isa<IntegerType, FloatType>(t) && t.getIntOrFloatBitWidth() >= 8;
}

unsigned KernelLowering::lanesFor(ArrayRef<int64_t> shape) {
  unsigned lanes = vectorBits / 32;
  if (shape.empty() || lanes < 2)
    return 1;
  int64_t last = shape.back();
  while (lanes > 1 && last % lanes != 0)
    lanes /= 2;
  return lanes >= 2 ? lanes : 1;
}

VectorType KernelLowering::vectorOf(Type elementType, unsigned lanes) {
  return VectorType::get({int64_t(lanes)}, scalarType(elementType));
}

/// `idx` with `delta` added to its last index.
static SmallVector<Value> shifted(OpBuilder &b, Location l,
                                  ArrayRef<Value> idx, int64_t delta) {
  SmallVector<Value> out(idx);
  if (delta != 0)
    out.back() = arith::AddIOp::create(
        b, l, out.back(), arith::ConstantIndexOp::create(b, l, delta));
  return out;
}

Value KernelLowering::laneByLane(Value tile, ArrayRef<Value> idx,
                                 unsigned lanes) {
  SmallVector<Value> elements;
  for (unsigned j = 0; j < lanes; ++j)
    elements.push_back(element(tile, shifted(b, curLoc, idx, j)));
  Type elt = cast<RankedTensorType>(tile.getType()).getElementType();
  return vector::FromElementsOp::create(b, curLoc, vectorOf(elt, lanes),
                                        elements);
}

Value KernelLowering::vecElementOrScalar(Value v, ArrayRef<Value> idx,
                                         unsigned lanes) {
  if (isTile(v.getType()))
    return vecElement(v, idx, lanes);
  Value s = scalar(v);
  return vector::BroadcastOp::create(b, curLoc, vectorOf(s.getType(), lanes),
                                     s);
}

Value KernelLowering::vecElement(Value tile, ArrayRef<Value> idx,
                                 unsigned lanes) {
  auto type = cast<RankedTensorType>(tile.getType());
  assert(lanes >= 2 && !isa<tir::PointerType>(type.getElementType()) &&
         "pointer tiles have no vector form");
  if (Value buf = buffers.lookup(tile)) {
    if (type.getElementType().getIntOrFloatBitWidth() < 8)
      return laneByLane(tile, idx, lanes);
    return vector::LoadOp::create(b, curLoc,
                                  vectorOf(type.getElementType(), lanes), buf,
                                  idx);
  }
  auto result = cast<OpResult>(tile);
  return cached(tile, idx, lanes, [&] {
    return lazyVecElement(result.getOwner(), result.getResultNumber(), idx,
                          lanes);
  });
}

bool KernelLowering::isVectorizable(Operation *op) {
  if (op->getNumRegions() != 0 || op->getNumResults() == 0 ||
      !isa<arith::ArithDialect, math::MathDialect>(op->getDialect()) ||
      !OpTrait::hasElementwiseMappableTraits(op))
    return false;
  auto ok = [](Type t) { return hasVectorForm(t) || getElementTypeOrSelf(t).isInteger(1); };
  return llvm::all_of(op->getOperandTypes(), ok) &&
         llvm::all_of(op->getResultTypes(), ok);
}

Operation *KernelLowering::vectorizedOp(Operation *op,
                                        function_ref<Value(Value)> operand,
                                        unsigned lanes) {
  OperationState state(curLoc, op->getName());
  for (Value v : op->getOperands())
    state.addOperands(operand(v));
  for (Type t : op->getResultTypes())
    state.addTypes(vectorOf(getElementTypeOrSelf(t), lanes));
  state.addAttributes(op->getAttrs());
  Operation *created = b.create(state);
  markReassociable(created);
  return created;
}

Value KernelLowering::lazyVecElement(Operation *op, unsigned resultNo,
                                     ArrayRef<Value> idx, unsigned lanes) {
  Location l = curLoc;
  Value result = op->getResult(resultNo);
  auto resultType = cast<RankedTensorType>(result.getType());
  Type elt = resultType.getElementType();
  VectorType vt = vectorOf(elt, lanes);
  if (auto range = dyn_cast<tir::MakeRangeOp>(op)) {
    SmallVector<Attribute> steps;
    for (unsigned j = 0; j < lanes; ++j)
      steps.push_back(b.getIntegerAttr(elt, int32_t(range.getStart()) + int64_t(j)));
    Value first = arith::IndexCastOp::create(b, l, elt, idx[0]);
    Value offsets =
        arith::ConstantOp::create(b, l, DenseElementsAttr::get(vt, steps));
    return arith::AddIOp::create(
        b, l, vector::BroadcastOp::create(b, l, vt, first), offsets);
  }
  if (auto splat = dyn_cast<tir::SplatOp>(op))
    return vector::BroadcastOp::create(b, l, vt, scalar(splat.getSrc()));
  if (auto c = dyn_cast<arith::ConstantOp>(op)) {
    auto dense = cast<DenseElementsAttr>(c.getValue());
    return arith::ConstantOp::create(
        b, l, DenseElementsAttr::get(vt, dense.getSplatValue<Attribute>()));
  }
  if (auto bc = dyn_cast<tir::BroadcastOp>(op)) {
    SmallVector<Value> srcIdx = broadcastSource(bc, idx);
    if (bc.getSrc().getType().getShape().back() == 1) // uniform along lanes
      return vector::BroadcastOp::create(b, l, vt, element(bc.getSrc(), srcIdx));
    return vecElement(bc.getSrc(), srcIdx, lanes);
  }
  if (auto ex = dyn_cast<tir::ExpandDimsOp>(op)) {
    // The last dimension is not the new one (it would have size 1).
    SmallVector<Value> srcIdx(idx);
    srcIdx.erase(srcIdx.begin() + ex.getAxis());
    return vecElement(ex.getSrc(), srcIdx, lanes);
  }
  if (auto tr = dyn_cast<tir::TransOp>(op)) {
    ArrayRef<int32_t> order = tr.getOrder();
    if (order.back() + 1 == int32_t(order.size())) {
      SmallVector<Value> srcIdx(idx.size());
      for (auto [i, o] : llvm::enumerate(order))
        srcIdx[o] = idx[i];
      return vecElement(tr.getSrc(), srcIdx, lanes);
    }
    return laneByLane(result, idx, lanes);
  }
  if (auto c = dyn_cast<tir::BitcastOp>(op)) {
    Type from = getElementTypeOrSelf(c.getSrc().getType());
    if (hasVectorForm(from) && hasVectorForm(elt)) {
      Value v = vecElement(c.getSrc(), idx, lanes);
      return v.getType() == vt ? v : arith::BitcastOp::create(b, l, vt, v);
    }
    return laneByLane(result, idx, lanes);
  }
  if (auto load = dyn_cast<tir::LoadOp>(op))
    if (!load.getIsVolatile())
      if (std::optional<Value> consecutive =
              vectorAccess(load.getPtr(), elt, lanes))
        return vectorLoad(load, idx, lanes, *consecutive);
  if (isVectorizable(op))
    return vectorizedOp(
               op, [&](Value v) { return vecElementOrScalar(v, idx, lanes); },
               lanes)
        ->getResult(resultNo);
  // Reshapes, joins, splits, pointer casts, other dialects: lane by lane.
  return laneByLane(result, idx, lanes);
}

std::optional<Value> KernelLowering::vectorAccess(Value ptr, Type elementType,
                                                  unsigned lanes) {
  if (lanes < 2 || !hasVectorForm(elementType) || !isTile(ptr.getType()))
    return std::nullopt;
  std::optional<Stride> s = strides.stride(ptr);
  if (!s || s->factor != 1)
    return std::nullopt;
  if (!s->scale)
    return Value();
  // Consecutive when the run-time scale is 1.
  Value scale = scalar(s->scale);
  Value one = arith::ConstantOp::create(b, curLoc,
                                        b.getIntegerAttr(scale.getType(), 1));
  return arith::CmpIOp::create(b, curLoc, arith::CmpIPredicate::eq, scale, one)
      .getResult();
}

Value KernelLowering::vectorLoad(tir::LoadOp op, ArrayRef<Value> idx,
                                 unsigned lanes, Value consecutive) {
  // A load read in its consumer's loop keeps its own location (the one a
  // bounds check reports), not the consumer's.
  Location consumerLoc = curLoc;
  curLoc = op.getLoc();
  llvm::scope_exit restore([&] { curLoc = consumerLoc; });
  Type elt = getElementTypeOrSelf(op.getType());
  VectorType vt = vectorOf(elt, lanes);
  unsigned align = std::max<unsigned>(1, elt.getIntOrFloatBitWidth() / 8);
  // Floats LLVM lacks (f8) are loaded as the integers of their bits.
  Type memType = conversion::storageType(vt);
  auto contiguous = [&]() -> Value {
    Value first = element(op.getPtr(), idx);
    if (!op.getMask())
      return conversion::fromStorage(
          b, curLoc, LLVM::LoadOp::create(b, curLoc, memType, first, align),
          vt);
    Value mask = vecElementOrScalar(op.getMask(), idx, lanes);
    Value other = op.getOther()
                      ? vecElementOrScalar(op.getOther(), idx, lanes)
                      : arith::ConstantOp::create(b, curLoc, b.getZeroAttr(vt))
                            .getResult();
    Value loaded = LLVM::MaskedLoadOp::create(
        b, curLoc, memType, first, mask,
        conversion::toStorage(b, curLoc, other), align);
    return conversion::fromStorage(b, curLoc, loaded, vt);
  };
  if (!consecutive)
    return contiguous();
  // Otherwise each lane on its own, under its mask bit.
  auto ifOp = scf::IfOp::create(b, curLoc, TypeRange{vt}, consecutive,
                                /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&ifOp.getThenRegion().front());
  pushScope();
  scf::YieldOp::create(b, curLoc, contiguous());
  popScope();
  b.setInsertionPointToStart(&ifOp.getElseRegion().front());
  pushScope();
  SmallVector<Value> elements;
  for (unsigned j = 0; j < lanes; ++j)
    elements.push_back(scalarLoad(op, shifted(b, curLoc, idx, j)));
  scf::YieldOp::create(
      b, curLoc, vector::FromElementsOp::create(b, curLoc, vt, elements).getResult());
  popScope();
  return ifOp.getResult(0);
}

bool KernelLowering::isVectorizableRegion(Region &region) {
  for (Operation &op : region.front()) {
    if (op.hasTrait<OpTrait::IsTerminator>())
      continue;
    if (!isVectorizable(&op))
      return false;
  }
  return llvm::all_of(region.front().getArgumentTypes(),
                      [](Type t) { return hasVectorForm(t); });
}

SmallVector<Value> KernelLowering::inlineVectorRegion(Region &region,
                                                      ValueRange args,
                                                      unsigned lanes) {
  Block &block = region.front();
  IRMapping map;
  for (auto [arg, v] : llvm::zip(block.getArguments(), args))
    map.map(arg, v);
  auto operand = [&](Value v) -> Value {
    if (Value m = map.lookupOrNull(v))
      return m;
    // Defined outside the region: a scalar, the same in every lane.
    Value s = scalar(v);
    return vector::BroadcastOp::create(b, curLoc, vectorOf(s.getType(), lanes),
                                       s);
  };
  bool wasReassociating = reassociate;
  reassociate = true;
  for (Operation &op : block) {
    if (op.hasTrait<OpTrait::IsTerminator>())
      break;
    Operation *vectorized = vectorizedOp(&op, operand, lanes);
    map.map(op.getResults(), vectorized->getResults());
  }
  reassociate = wasReassociating;
  SmallVector<Value> out;
  for (Value v : block.getTerminator()->getOperands())
    out.push_back(operand(v));
  return out;
}

} // namespace trident::cpu

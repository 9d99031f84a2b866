//===- KernelLoweringMemory.cpp - Loads, stores and atomics ---------------===//
//
// Each element of a tile access is one LLVM load, store or atomic through
// its pointer, under an scf.if on its mask bit (nothing is touched where the
// mask is false). The pointers of a lazy pointer tile are computed in the
// loop, so consecutive elements give consecutive GEPs that LLVM's loop
// vectorizer turns into (masked) vector accesses.
//
//===----------------------------------------------------------------------===//
#include "KernelLowering.h"
#include "../FloatStorage.h"
#include "../LLVMAtomics.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/ScopeExit.h"

using namespace mlir;

namespace trident::cpu {

namespace {

unsigned naturalAlignment(Type t) {
  if (t.isIntOrFloat())
    return std::max<unsigned>(1, t.getIntOrFloatBitWidth() / 8);
  return 8; // pointers
}

/// A zero of `t` (the value of masked-off lanes without `other`).
Value zeroOf(OpBuilder &b, Location l, Type t) {
  if (isa<LLVM::LLVMPointerType>(t))
    return LLVM::ZeroOp::create(b, l, t);
  return arith::ConstantOp::create(b, l, b.getZeroAttr(t));
}

/// `then()` under `cond` (if non-null), yielding its value, else `otherwise`.
Value guarded(OpBuilder &b, Location l, Value cond, Type type,
              function_ref<Value()> then, Value otherwise) {
  if (!cond)
    return then();
  auto ifOp = scf::IfOp::create(b, l, TypeRange{type}, cond,
                                /*withElseRegion=*/true);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&ifOp.getThenRegion().front());
    scf::YieldOp::create(b, l, then());
    b.setInsertionPointToStart(&ifOp.getElseRegion().front());
    scf::YieldOp::create(b, l, otherwise);
  }
  return ifOp.getResult(0);
}

void guardedEffect(OpBuilder &b, Location l, Value cond,
                   function_ref<void()> then) {
  if (!cond)
    return then();
  auto ifOp = scf::IfOp::create(b, l, cond, /*withElseRegion=*/false);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
  then();
}


} // namespace

Value KernelLowering::scalarLoad(tir::LoadOp op, ArrayRef<Value> idx) {
  // A load read in its consumer's loop keeps its own location (the one a
  // bounds check reports), not the consumer's.
  Location consumerLoc = curLoc;
  curLoc = op.getLoc();
  llvm::scope_exit restore([&] { curLoc = consumerLoc; });
  Type elt = scalarType(getElementTypeOrSelf(op.getType()));
  Value ptr = elementOrScalar(op.getPtr(), idx);
  Value mask = op.getMask() ? elementOrScalar(op.getMask(), idx) : Value();
  Value other = !mask           ? Value()
                : op.getOther() ? elementOrScalar(op.getOther(), idx)
                                : zeroOf(b, curLoc, elt);
  return guarded(
      b, curLoc, mask, elt,
      [&] {
        // Floats LLVM lacks (f8) are loaded as the integers of their bits.
        Value v = LLVM::LoadOp::create(b, curLoc, conversion::storageType(elt),
                                       ptr, naturalAlignment(elt),
                                       op.getIsVolatile());
        return conversion::fromStorage(b, curLoc, v, elt);
      },
      other);
}

namespace {

/// Whether `op` (or anything nested in it) may write memory.
bool mayWrite(Operation *op) {
  if (isMemoryEffectFree(op))
    return false;
  std::optional<SmallVector<MemoryEffects::EffectInstance>> effects =
      getEffectsRecursively(op);
  if (!effects)
    return true;
  return llvm::any_of(*effects, [](const MemoryEffects::EffectInstance &e) {
    return isa<MemoryEffects::Write, MemoryEffects::Free>(e.getEffect());
  });
}

/// The last operation of the block that evaluates `v` element by element:
/// its users, and the users of lazily computed results after them.
Operation *lastEvaluation(Value v, Operation *last) {
  for (Operation *user : v.getUsers()) {
    if (user->getBlock() != last->getBlock())
      continue;
    if (last->isBeforeInBlock(user))
      last = user;
    bool computedLazily =
        user->getNumRegions() == 0 &&
        (isa<tir::SplatOp, tir::BroadcastOp, tir::ExpandDimsOp, tir::ReshapeOp,
             tir::TransOp, tir::JoinOp, tir::SplitOp, tir::AddPtrOp,
             tir::BitcastOp, tir::IntToPtrOp, tir::PtrToIntOp>(user) ||
         OpTrait::hasElementwiseMappableTraits(user));
    if (computedLazily)
      for (Value r : user->getResults())
        last = lastEvaluation(r, last);
  }
  return last;
}

} // namespace

void KernelLowering::findFusedLoads() {
  // A tile load whose elements are each read once, in the same block, with
  // nothing that writes memory before that read, is read there: in the loop
  // of its consumer (the same order of accesses a GPU's threads give).
  src.walk([&](tir::LoadOp op) {
    if (!isa<RankedTensorType>(op.getType()) || op.getIsVolatile())
      return;
    if (repeatCount(op.getResult(), op->getParentRegion()) > 1)
      return;
    Operation *last = lastEvaluation(op.getResult(), op);
    for (Operation *it = op->getNextNode(); it && it != last;
         it = it->getNextNode())
      if (mayWrite(it))
        return;
    fusedLoads.insert(op);
  });
}

LogicalResult KernelLowering::lowerLoad(tir::LoadOp op) {
  auto tile = dyn_cast<RankedTensorType>(op.getType());
  if (!tile) {
    scalars.map(op.getResult(), scalarLoad(op, {}));
    return success();
  }
  Value buffer = allocBuffer(tile);
  buffers[op.getResult()] = buffer;
  unsigned lanes = lanesFor(tile.getShape());
  std::optional<Value> consecutive;
  if (!op.getIsVolatile())
    consecutive = vectorAccess(op.getPtr(), tile.getElementType(), lanes);
  if (consecutive) {
    loopNest(
        tile.getShape(),
        [&](ArrayRef<Value> idx) {
          vector::StoreOp::create(b, curLoc,
                                  vectorLoad(op, idx, lanes, *consecutive),
                                  buffer, idx);
        },
        lanes);
    return success();
  }
  loopNest(tile.getShape(), [&](ArrayRef<Value> idx) {
    storeElement(buffer, idx, scalarLoad(op, idx));
  });
  return success();
}

void KernelLowering::scalarStore(tir::StoreOp op, ArrayRef<Value> idx) {
  Value ptr = elementOrScalar(op.getPtr(), idx);
  Value value = elementOrScalar(op.getValue(), idx);
  Value mask = op.getMask() ? elementOrScalar(op.getMask(), idx) : Value();
  guardedEffect(b, curLoc, mask, [&] {
    LLVM::StoreOp::create(b, curLoc, conversion::toStorage(b, curLoc, value),
                          ptr, naturalAlignment(value.getType()));
  });
}

LogicalResult KernelLowering::lowerStore(tir::StoreOp op) {
  auto tile = dyn_cast<RankedTensorType>(op.getPtr().getType());
  if (!tile) {
    scalarStore(op, {});
    return success();
  }
  Type elt = getElementTypeOrSelf(op.getValue().getType());
  unsigned lanes = lanesFor(tile.getShape());
  std::optional<Value> consecutive = vectorAccess(op.getPtr(), elt, lanes);
  if (!consecutive) {
    loopNest(tile.getShape(),
             [&](ArrayRef<Value> idx) { scalarStore(op, idx); });
    return success();
  }
  unsigned align = naturalAlignment(elt);
  auto contiguous = [&](ArrayRef<Value> idx) {
    Value first = element(op.getPtr(), idx);
    Value value = conversion::toStorage(
        b, curLoc, vecElementOrScalar(op.getValue(), idx, lanes));
    if (!op.getMask()) {
      LLVM::StoreOp::create(b, curLoc, value, first, align);
      return;
    }
    Value mask = vecElementOrScalar(op.getMask(), idx, lanes);
    LLVM::MaskedStoreOp::create(b, curLoc, value, first, mask, align);
  };
  loopNest(
      tile.getShape(),
      [&](ArrayRef<Value> idx) {
        if (!*consecutive)
          return contiguous(idx);
        // Lane by lane where the run-time stride is not 1.
        auto ifOp = scf::IfOp::create(b, curLoc, *consecutive,
                                      /*withElseRegion=*/true);
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
        pushScope();
        contiguous(idx);
        popScope();
        b.setInsertionPoint(ifOp.elseBlock()->getTerminator());
        pushScope();
        for (unsigned j = 0; j < lanes; ++j) {
          SmallVector<Value> lane(idx);
          lane.back() = arith::AddIOp::create(b, curLoc, idx.back(),
                                              indexConst(j));
          scalarStore(op, lane);
        }
        popScope();
      },
      lanes);
  return success();
}

LogicalResult KernelLowering::lowerAtomicRMW(tir::AtomicRMWOp op) {
  Type elt = scalarType(getElementTypeOrSelf(op.getType()));
  std::optional<LLVM::AtomicBinOp> bin = conversion::atomicBinOp(op.getKind(), elt);
  if (!bin)
    return op.emitOpError("convert-tir-to-cpu: unknown atomic kind");
  LLVM::AtomicOrdering ordering = conversion::atomicOrdering(op.getSem());
  auto emit = [&](ArrayRef<Value> idx) -> Value {
    Value ptr = elementOrScalar(op.getPtr(), idx);
    Value val = elementOrScalar(op.getVal(), idx);
    Value mask = op.getMask() ? elementOrScalar(op.getMask(), idx) : Value();
    Value none = mask ? zeroOf(b, curLoc, elt) : Value();
    return guarded(
        b, curLoc, mask, elt,
        [&] {
          return LLVM::AtomicRMWOp::create(b, curLoc, *bin, ptr, val, ordering)
              .getResult();
        },
        none);
  };
  auto tile = dyn_cast<RankedTensorType>(op.getType());
  if (!tile) {
    scalars.map(op.getResult(), emit({}));
    return success();
  }
  // The old values are kept only if something reads them.
  Value buffer = op.getResult().use_empty() ? Value() : allocBuffer(tile);
  loopNest(tile.getShape(), [&](ArrayRef<Value> idx) {
    Value old = emit(idx);
    if (buffer)
      storeElement(buffer, idx, old);
  });
  if (buffer)
    buffers[op.getResult()] = buffer;
  return success();
}

LogicalResult KernelLowering::lowerAtomicCAS(tir::AtomicCASOp op) {
  Type elt = scalarType(getElementTypeOrSelf(op.getType()));
  // cmpxchg works on integers and pointers: floats go through their bits.
  Type bits = isa<FloatType>(elt)
                  ? Type(b.getIntegerType(elt.getIntOrFloatBitWidth()))
                  : elt;
  LLVM::AtomicOrdering successOrdering = conversion::atomicOrdering(op.getSem());
  LLVM::AtomicOrdering failureOrdering =
      successOrdering == LLVM::AtomicOrdering::acquire ||
              successOrdering == LLVM::AtomicOrdering::acq_rel
          ? LLVM::AtomicOrdering::acquire
          : LLVM::AtomicOrdering::monotonic;
  auto emit = [&](ArrayRef<Value> idx) -> Value {
    Value ptr = elementOrScalar(op.getPtr(), idx);
    Value cmp = elementOrScalar(op.getCmp(), idx);
    Value val = elementOrScalar(op.getVal(), idx);
    if (bits != elt) {
      cmp = arith::BitcastOp::create(b, curLoc, bits, cmp);
      val = arith::BitcastOp::create(b, curLoc, bits, val);
    }
    auto cas = LLVM::AtomicCmpXchgOp::create(b, curLoc, ptr, cmp, val,
                                             successOrdering,
                                             failureOrdering);
    Value old = LLVM::ExtractValueOp::create(b, curLoc, cas.getResult(),
                                             ArrayRef<int64_t>{0});
    if (bits != elt)
      old = arith::BitcastOp::create(b, curLoc, elt, old);
    return old;
  };
  auto tile = dyn_cast<RankedTensorType>(op.getType());
  if (!tile) {
    scalars.map(op.getResult(), emit({}));
    return success();
  }
  Value buffer = allocBuffer(tile);
  loopNest(tile.getShape(), [&](ArrayRef<Value> idx) {
    storeElement(buffer, idx, emit(idx));
  });
  buffers[op.getResult()] = buffer;
  return success();
}

} // namespace trident::cpu

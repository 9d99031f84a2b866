//===- AtomicToLLVM.cpp - Atomic read-modify-writes on tiles --------------===//
//
// Each element a thread holds becomes one LLVM atomic, guarded by its mask.
// An element that several threads (or registers) hold is updated once: by
// the first replica only. A scalar atomic is done by thread 0 of the
// program (as in Triton, whose scalar atomics are also single-thread);
// where its result is used, thread 0 passes it to every thread through
// shared memory (so a spin lock's loop, `while atomic_cas(...) == 1`, is
// left by all threads together).
//
//===----------------------------------------------------------------------===//
#include "Patterns.h"
#include "../LLVMAtomics.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include <set>

using namespace mlir;
using namespace trident;

namespace trident::gir_to_llvm {
namespace {

/// NVPTX's synchronization scopes.
StringRef syncscope(tir::MemScope scope) {
  switch (scope) {
  case tir::MemScope::GPU:
    return "device";
  case tir::MemScope::CTA:
    return "block";
  case tir::MemScope::System:
    return "";
  }
  return "";
}

/// Runs `body` for each element the calling thread must update, under
/// `if (guard && mask[r])`, and gathers the values it returns (zero where
/// skipped) into the result.
template <typename Body>
Value perElement(ConversionPatternRewriter &rewriter, Operation *op,
                 LoweringContext &lc, Value mask, Type resultType, Body body) {
  Location loc = op->getLoc();
  auto vecType = dyn_cast<VectorType>(resultType);
  auto [lane, warp] = lc.laneAndWarp(rewriter, loc);
  if (!vecType) {
    // A scalar atomic: thread 0 of the program alone.
    bool used = !op->getResult(0).use_empty();
    // (The scratch buffer comes with the barrier before thread 0's store.)
    Value buffer =
        used ? lc.scratchBuffer(rewriter, op, atomicScratch(op)[0].bytes)
             : Value();
    if (used && lc.numCTAs > 1) {
      op->emitOpError("returns the old value of a scalar atomic in a program "
                      "of ")
          << lc.numCTAs
          << " CTAs, which only one of them can perform (use num_ctas=1)";
      return {};
    }
    Value tid = lc.threadId(rewriter, loc);
    Value first = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                        tid, i32Const(rewriter, loc, 0));
    // In a cluster, the first CTA alone.
    first = lc.andFirstCTA(rewriter, loc, first);
    auto ifOp = scf::IfOp::create(
        rewriter, loc, first,
        [&](OpBuilder &b, Location l) {
          Value old = body(b, l, -1);
          if (buffer)
            storeShared(b, l, buffer, i32Const(b, l, 0), old);
          scf::YieldOp::create(b, l, old);
        },
        [&](OpBuilder &b, Location l) {
          scf::YieldOp::create(b, l, Value(arith::ConstantOp::create(
                                         b, l, b.getZeroAttr(resultType))));
        });
    if (!buffer)
      return ifOp.getResult(0);
    barrier(rewriter, loc);
    return loadShared(rewriter, loc, buffer, i32Const(rewriter, loc, 0),
                      resultType);
  }
  FailureOr<LayoutMap> map = mapOf(op->getOperand(0).getType(), lc, op);
  if (failed(map))
    return {};
  // CTAs of a cluster that hold the same block update it once; the others
  // would not see the old values.
  if (lc.numCTAs > map->ctaSplit() && !op->getResult(0).use_empty()) {
    op->emitOpError("returns old values of a tile that ")
        << lc.numCTAs / map->ctaSplit()
        << " CTAs of the program's cluster hold alike, which only one of "
           "them can update (use num_ctas=1)";
    return {};
  }
  Value replica = map->isFirstReplica(
      rewriter, loc, lane, warp,
      lc.numCTAs > 1 ? lc.ctaRank(rewriter, loc) : Value());
  std::set<SmallVector<int64_t>> seen;
  SmallVector<Value> results;
  Type element = vecType.getElementType();
  for (int64_t r = 0; r < map->numRegisters(); ++r) {
    Value guard = replica;
    if (!seen.insert(map->registerCoords(r)).second)
      guard = arith::ConstantIntOp::create(rewriter, loc, 0, 1);
    if (mask)
      guard = arith::AndIOp::create(
          rewriter, loc, guard, vector::ExtractOp::create(rewriter, loc, mask, r));
    auto ifOp = scf::IfOp::create(
        rewriter, loc, guard,
        [&](OpBuilder &b, Location l) { scf::YieldOp::create(b, l, body(b, l, r)); },
        [&](OpBuilder &b, Location l) {
          scf::YieldOp::create(
              b, l, Value(arith::ConstantOp::create(b, l, b.getZeroAttr(element))));
        });
    results.push_back(ifOp.getResult(0));
  }
  return vector::FromElementsOp::create(rewriter, loc, vecType, results);
}

Value elementOf(OpBuilder &b, Location loc, Value v, int64_t r) {
  return r < 0 ? v : Value(vector::ExtractOp::create(b, loc, v, r));
}

struct AtomicRMWPattern : LoweringPattern<tir::AtomicRMWOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(tir::AtomicRMWOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type resultType = getTypeConverter()->convertType(op.getType());
    std::optional<LLVM::AtomicBinOp> kind =
        conversion::atomicBinOp(op.getKind(), getElementTypeOrSelf(resultType));
    if (!kind)
      return op.emitOpError("unsupported atomic kind");
    LLVM::AtomicOrdering order = conversion::atomicOrdering(op.getSem());
    StringRef scope = syncscope(op.getScope());
    Value result = perElement(
        rewriter, op, lc, adaptor.getMask(), resultType,
        [&](OpBuilder &b, Location l, int64_t r) -> Value {
          return LLVM::AtomicRMWOp::create(
              b, l, *kind, elementOf(b, l, adaptor.getPtr(), r),
              elementOf(b, l, adaptor.getVal(), r), order, scope);
        });
    if (!result)
      return failure();
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct AtomicCASPattern : LoweringPattern<tir::AtomicCASOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(tir::AtomicCASOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type resultType = getTypeConverter()->convertType(op.getType());
    if (isa<FloatType>(getElementTypeOrSelf(resultType)))
      return op.emitOpError("compare-and-swap on floats is not supported yet");
    LLVM::AtomicOrdering order = conversion::atomicOrdering(op.getSem());
    LLVM::AtomicOrdering failOrder =
        order == LLVM::AtomicOrdering::release ||
                order == LLVM::AtomicOrdering::acq_rel
            ? LLVM::AtomicOrdering::monotonic
            : order;
    if (order == LLVM::AtomicOrdering::acq_rel)
      failOrder = LLVM::AtomicOrdering::acquire;
    StringRef scope = syncscope(op.getScope());
    Value result = perElement(
        rewriter, op, lc, Value(), resultType,
        [&](OpBuilder &b, Location l, int64_t r) -> Value {
          Value pair = LLVM::AtomicCmpXchgOp::create(
              b, l, elementOf(b, l, adaptor.getPtr(), r),
              elementOf(b, l, adaptor.getCmp(), r),
              elementOf(b, l, adaptor.getVal(), r), order, failOrder, scope);
          return LLVM::ExtractValueOp::create(b, l, pair, 0);
        });
    if (!result)
      return failure();
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

void populateAtomicPatterns(TypeConverter &converter,
                            RewritePatternSet &patterns, LoweringContext &ctx) {
  patterns.add<AtomicRMWPattern, AtomicCASPattern>(converter,
                                                   patterns.getContext(), ctx);
}

SmallVector<ScratchRequest> atomicScratch(Operation *op) {
  // A scalar atomic hands thread 0's old value to the others.
  if (op->getNumResults() != 1 || op->getResult(0).use_empty() ||
      isa<RankedTensorType>(op->getResult(0).getType()))
    return {};
  return {{sharedBytes(op->getResult(0).getType())}};
}

} // namespace trident::gir_to_llvm

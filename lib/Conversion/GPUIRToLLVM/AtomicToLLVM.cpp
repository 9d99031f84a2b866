//===- AtomicToLLVM.cpp - Atomic read-modify-writes on tiles --------------===//
//
// Each element a thread holds becomes one atomic, guarded by its mask.
// An element that several threads (or registers) hold is updated once: by
// the first replica only. A scalar atomic is done by thread 0 of the
// program (as in Triton, whose scalar atomics are also single-thread);
// where its result is used, thread 0 passes it to every thread through
// shared memory (so a spin lock's loop, `while atomic_cas(...) == 1`, is
// left by all threads together).
//
// The atomics PTX has natively are inline `atom` instructions that name the
// op's ordering and scope, as Triton's (`atom.global.gpu.acq_rel.add.f32`,
// `atom.global.acq_rel.gpu.cas.b32`): the NVPTX back end prints atomicrmw
// without its ordering. The others (float min and max, narrow integers,
// bf16 adds before sm_90) stay LLVM atomics: a relaxed atomicrmw between
// the fences its ordering needs (NVPTX keeps a fence's ordering and scope);
// an 8-bit compare-and-swap is an LLVM cmpxchg, which NVPTX widens into a
// 32-bit one between fences.
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

/// The compute capability the module is lowered for (90 if unset).
int64_t computeCapability(LoweringContext &lc) {
  if (auto attr = lc.module->getAttrOfType<IntegerAttr>(
          gir::GPUIRDialect::getComputeCapabilityAttrName()))
    return attr.getInt();
  return 90;
}

/// The operation and type of PTX's `atom` for `kind` on `element` at
/// compute capability `cc` (".add.f32"), or none where PTX has no such
/// atom (or it needs orderings older GPUs lack, before sm_70).
std::optional<std::string> ptxRMW(tir::RMWKind kind, Type element,
                                  int64_t cc) {
  if (cc < 70 || !element.isIntOrFloat())
    return std::nullopt;
  unsigned bits = element.getIntOrFloatBitWidth();
  std::string width = std::to_string(bits);
  if (isa<FloatType>(element)) {
    if (kind == tir::RMWKind::Xchg && bits >= 32)
      return ".exch.b" + width;
    if (kind != tir::RMWKind::Add && kind != tir::RMWKind::FAdd)
      return std::nullopt;
    if (element.isF32() || element.isF64())
      return ".add.f" + width;
    if (element.isF16())
      return std::string(".add.noftz.f16");
    if (element.isBF16() && cc >= 90)
      return std::string(".add.noftz.bf16");
    return std::nullopt;
  }
  if (bits != 32 && bits != 64)
    return std::nullopt;
  switch (kind) {
  case tir::RMWKind::Add:
    return ".add.u" + width;
  case tir::RMWKind::Max:
    return ".max.s" + width;
  case tir::RMWKind::Min:
    return ".min.s" + width;
  case tir::RMWKind::UMax:
    return ".max.u" + width;
  case tir::RMWKind::UMin:
    return ".min.u" + width;
  case tir::RMWKind::And:
    return ".and.b" + width;
  case tir::RMWKind::Or:
    return ".or.b" + width;
  case tir::RMWKind::Xor:
    return ".xor.b" + width;
  case tir::RMWKind::Xchg:
    return ".exch.b" + width;
  case tir::RMWKind::FAdd:
    return std::nullopt;
  }
  return std::nullopt;
}

/// One inline `instr $0, [$1], $2...` at `ptr` on `values` (of type
/// `element`; floats pass as their bits), returning the old value.
Value emitAtom(OpBuilder &b, Location loc, const std::string &instr,
               Value ptr, ValueRange values, Type element) {
  unsigned bits = element.getIntOrFloatBitWidth();
  Type bitsType = b.getIntegerType(bits);
  std::string reg = bits == 16 ? "h" : bits == 32 ? "r" : "l";
  std::string text = instr + " $0, [$1]";
  std::string constraints = "=" + reg + ",l";
  SmallVector<Value> operands{ptr};
  for (Value v : values) {
    if (v.getType() != bitsType)
      v = LLVM::BitcastOp::create(b, loc, bitsType, v);
    text += ", $" + std::to_string(operands.size() + 1);
    constraints += "," + reg;
    operands.push_back(v);
  }
  text += ";";
  Value old = LLVM::InlineAsmOp::create(
                  b, loc, bitsType, operands, text, constraints,
                  /*has_side_effects=*/true, /*is_align_stack=*/false,
                  LLVM::tailcallkind::TailCallKind::None,
                  LLVM::AsmDialectAttr(), ArrayAttr())
                  .getResult(0);
  if (bitsType == element)
    return old;
  return LLVM::BitcastOp::create(b, loc, element, old);
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
    Type element = getElementTypeOrSelf(resultType);
    std::optional<std::string> ptx =
        ptxRMW(op.getKind(), element, computeCapability(lc));
    // Triton's order: the scope, then the ordering.
    std::string instr =
        ptx ? "atom.global." + tir::stringifyMemScope(op.getScope()).str() +
                  "." + tir::stringifyMemSemantic(op.getSem()).str() + *ptx
            : "";
    Value result = perElement(
        rewriter, op, lc, adaptor.getMask(), resultType,
        [&](OpBuilder &b, Location l, int64_t r) -> Value {
          if (ptx)
            return emitAtom(b, l, instr, elementOf(b, l, adaptor.getPtr(), r),
                            {elementOf(b, l, adaptor.getVal(), r)}, element);
          // A relaxed atomic between fences: NVPTX drops the ordering of
          // some atomicrmw forms (narrow and, or, xor), not a fence's.
          bool releases = order == LLVM::AtomicOrdering::release ||
                          order == LLVM::AtomicOrdering::acq_rel;
          bool acquires = order == LLVM::AtomicOrdering::acquire ||
                          order == LLVM::AtomicOrdering::acq_rel;
          if (releases)
            LLVM::FenceOp::create(b, l, LLVM::AtomicOrdering::release, scope);
          Value old = LLVM::AtomicRMWOp::create(
              b, l, *kind, elementOf(b, l, adaptor.getPtr(), r),
              elementOf(b, l, adaptor.getVal(), r),
              LLVM::AtomicOrdering::monotonic, scope);
          if (acquires)
            LLVM::FenceOp::create(b, l, LLVM::AtomicOrdering::acquire, scope);
          return old;
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
    // Floats are compared and swapped as their bits.
    Type element = getElementTypeOrSelf(resultType);
    unsigned bits = element.getIntOrFloatBitWidth();
    Type bitsType = rewriter.getIntegerType(bits);
    // Triton's order: the ordering, then the scope.
    std::string instr = "atom.global." +
                        tir::stringifyMemSemantic(op.getSem()).str() + "." +
                        tir::stringifyMemScope(op.getScope()).str() +
                        ".cas.b" + std::to_string(bits);
    bool inlinePtx = computeCapability(lc) >= 70 && bits >= 16;
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
          Value ptr = elementOf(b, l, adaptor.getPtr(), r);
          Value cmp = elementOf(b, l, adaptor.getCmp(), r);
          Value val = elementOf(b, l, adaptor.getVal(), r);
          if (inlinePtx)
            return emitAtom(b, l, instr, ptr, {cmp, val}, element);
          if (bitsType != element) {
            cmp = LLVM::BitcastOp::create(b, l, bitsType, cmp);
            val = LLVM::BitcastOp::create(b, l, bitsType, val);
          }
          Value pair = LLVM::AtomicCmpXchgOp::create(b, l, ptr, cmp, val, order,
                                                     failOrder, scope);
          Value old = LLVM::ExtractValueOp::create(b, l, pair, 0);
          if (bitsType == element)
            return old;
          return LLVM::BitcastOp::create(b, l, element, old);
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

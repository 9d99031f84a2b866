//===- ReduceToLLVM.cpp - tir.reduce over registers, lanes and warps ------===//
//
// A reduction along `axis` in three steps, each skipped when the layout puts
// no part of the axis there: within a thread (its registers that differ only
// along the axis), within a warp (butterfly shuffles over the lane bits that
// move along the axis), across warps (partials through shared memory, one
// slot per output element and warp along the axis).
//
//===----------------------------------------------------------------------===//
#include "Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include <map>

using namespace mlir;
using namespace trident;

namespace trident::gir_to_llvm {
namespace {

struct ReducePattern : LoweringPattern<tir::ReduceOp> {
  using LoweringPattern::LoweringPattern;

  SmallVector<Value> combine(tir::ReduceOp op, OpBuilder &b,
                             ArrayRef<Value> acc, ArrayRef<Value> x) const {
    return applyCombine(b, op.getCombineOp(), acc, x);
  }

  LogicalResult
  matchAndRewrite(tir::ReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    unsigned axis = op.getAxis();
    unsigned n = op.getSrcs().size();
    FailureOr<LayoutMap> srcMap = mapOf(op.getSrcs()[0].getType(), lc, op);
    if (failed(srcMap))
      return failure();
    for (Type t : op.getElementTypes())
      if (!t.isIntOrFloat() || t.getIntOrFloatBitWidth() > 64)
        return op.emitOpError("reductions of ") << t << " are not supported yet";

    SmallVector<int64_t> laneBits, warpBits;
    bool mixed = false;
    srcMap->threadBitsAlong(axis, laneBits, warpBits, mixed);
    if (mixed)
      return op.emitOpError("the operand layout moves several dimensions "
                            "with one thread bit; not supported yet");

    // 1. Registers that differ only along the axis form a group.
    auto keyOf = [&](SmallVector<int64_t> c) {
      c.erase(c.begin() + axis);
      return c;
    };
    std::map<SmallVector<int64_t>, unsigned> groupIndex;
    SmallVector<SmallVector<int64_t>> groupKeys;
    SmallVector<SmallVector<Value>> partial; // [group][operand]
    for (int64_t r = 0; r < srcMap->numRegisters(); ++r) {
      SmallVector<int64_t> key = keyOf(srcMap->registerCoords(r));
      SmallVector<Value> x;
      for (Value src : adaptor.getSrcs())
        x.push_back(vector::ExtractOp::create(rewriter, loc, src, r));
      auto [it, inserted] = groupIndex.emplace(key, groupKeys.size());
      if (inserted) {
        groupKeys.push_back(key);
        partial.push_back(x);
      } else {
        partial[it->second] = combine(op, rewriter, partial[it->second], x);
      }
    }

    // 2. Lanes along the axis.
    for (int64_t bit : laneBits)
      for (SmallVector<Value> &p : partial) {
        SmallVector<Value> other;
        for (Value v : p)
          other.push_back(shuffleXor(rewriter, loc, v, bit));
        p = combine(op, rewriter, p, other);
      }

    // 3. Warps along the axis, through shared memory.
    if (!warpBits.empty()) {
      SmallVector<int64_t> outShape = keyOf(SmallVector<int64_t>(srcMap->getShape()));
      int64_t outElems = 1;
      for (int64_t d : outShape)
        outElems *= d;
      int64_t slots = int64_t(1) << warpBits.size();
      auto [lane, warp] = lc.laneAndWarp(rewriter, loc);
      SmallVector<Value> thread = srcMap->threadCoords(rewriter, loc, lane, warp);
      thread.erase(thread.begin() + axis);
      // This warp's slot: its warp-id bits along the axis, packed.
      Value slot = i32Const(rewriter, loc, 0);
      for (auto [k, bit] : llvm::enumerate(warpBits)) {
        Value b = arith::AndIOp::create(
            rewriter, loc,
            arith::ShRUIOp::create(rewriter, loc, warp,
                                   i32Const(rewriter, loc, llvm::Log2_64(bit))),
            i32Const(rewriter, loc, 1));
        slot = arith::OrIOp::create(
            rewriter, loc, slot,
            arith::ShLIOp::create(rewriter, loc, b, i32Const(rewriter, loc, k)));
      }
      auto outIndex = [&](ArrayRef<int64_t> key) {
        return arith::MulIOp::create(
            rewriter, loc, rowMajorIndex(rewriter, loc, thread, key, outShape),
            i32Const(rewriter, loc, slots));
      };
      // The scratch buffers come with the barrier before the stores; the
      // next scratch user barriers before overwriting them.
      // (reduceScratch: what the op declares to the allocator.)
      SmallVector<Value> buffers;
      for (const ScratchRequest &r : reduceScratch(op))
        buffers.push_back(lc.scratchBuffer(rewriter, op, r.bytes));
      SmallVector<Value> bases;
      for (auto [g, key] : llvm::enumerate(groupKeys)) {
        Value base = outIndex(key);
        bases.push_back(base);
        Value at = arith::AddIOp::create(rewriter, loc, base, slot);
        for (unsigned i = 0; i < n; ++i)
          storeShared(rewriter, loc, buffers[i], at, partial[g][i]);
      }
      barrier(rewriter, loc);
      for (auto [g, key] : llvm::enumerate(groupKeys)) {
        SmallVector<Value> acc;
        for (int64_t s = 0; s < slots; ++s) {
          Value at = arith::AddIOp::create(rewriter, loc, bases[g],
                                           i32Const(rewriter, loc, s));
          SmallVector<Value> x;
          for (unsigned i = 0; i < n; ++i)
            x.push_back(loadShared(rewriter, loc, buffers[i], at,
                                   op.getElementTypes()[i]));
          acc = s == 0 ? x : combine(op, rewriter, acc, x);
        }
        partial[g] = acc;
      }
    }

    // 4. Results: a scalar, or the slice layout's registers.
    SmallVector<Value> results;
    for (unsigned i = 0; i < n; ++i) {
      Type resultType = op->getResult(i).getType();
      if (!isa<RankedTensorType>(resultType)) {
        results.push_back(partial[0][i]);
        continue;
      }
      FailureOr<LayoutMap> outMap = mapOf(resultType, lc, op);
      if (failed(outMap))
        return failure();
      SmallVector<Value> elems;
      for (int64_t r = 0; r < outMap->numRegisters(); ++r) {
        auto it = groupIndex.find(outMap->registerCoords(r));
        if (it == groupIndex.end())
          return op.emitOpError("result layout is not the slice of the "
                                "operand layout");
        elems.push_back(partial[it->second][i]);
      }
      auto vecType =
          cast<VectorType>(getTypeConverter()->convertType(resultType));
      results.push_back(
          vector::FromElementsOp::create(rewriter, loc, vecType, elems));
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

} // namespace

void populateReducePatterns(TypeConverter &converter,
                            RewritePatternSet &patterns, LoweringContext &ctx) {
  patterns.add<ReducePattern>(converter, patterns.getContext(), ctx);
}

SmallVector<ScratchRequest> reduceScratch(tir::ReduceOp op) {
  FailureOr<LayoutMap> map = quietMapOf(op.getSrcs()[0].getType(), op);
  if (failed(map))
    return {};
  unsigned axis = op.getAxis();
  SmallVector<int64_t> laneBits, warpBits;
  bool mixed = false;
  map->threadBitsAlong(axis, laneBits, warpBits, mixed);
  if (mixed || warpBits.empty())
    return {};
  // Across warps: a slot per warp along the axis for each output element.
  int64_t outElems = 1;
  for (auto [d, size] : llvm::enumerate(map->getShape()))
    if (d != axis)
      outElems *= size;
  int64_t slots = int64_t(1) << warpBits.size();
  SmallVector<ScratchRequest> requests;
  for (Type t : op.getElementTypes()) {
    if (!t.isIntOrFloat() || t.getIntOrFloatBitWidth() > 64)
      return {};
    requests.push_back({outElems * slots * sharedBytes(t)});
  }
  return requests;
}

} // namespace trident::gir_to_llvm

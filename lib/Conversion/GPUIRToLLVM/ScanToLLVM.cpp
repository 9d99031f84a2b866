//===- ScanToLLVM.cpp - tir.scan over registers, lanes and warps ----------===//
//
// An inclusive scan along `axis` in three levels, for layouts that order the
// axis register-fastest, then lane, then warp (each thread holds one
// contiguous run along the axis): a sequential scan over the thread's
// registers, a Hillis-Steele scan of the run totals across the lanes
// (shfl.up, or shfl.down for reverse scans), and the totals of earlier warps
// through shared memory. Other layouts get a clear error.
//
//===----------------------------------------------------------------------===//
#include "Lowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include <map>

using namespace mlir;
using namespace trident;

namespace trident::gir_to_llvm {
namespace {

using Tuple = SmallVector<Value>;

struct ScanPattern : LoweringPattern<tir::ScanOp> {
  using LoweringPattern::LoweringPattern;

  Tuple combine(tir::ScanOp op, OpBuilder &b, ArrayRef<Value> acc,
                ArrayRef<Value> x) const {
    return applyCombine(b, op.getCombineOp(), acc, x);
  }

  static Tuple select(OpBuilder &b, Location loc, Value cond, ArrayRef<Value> t,
                      ArrayRef<Value> f) {
    Tuple out;
    for (auto [x, y] : llvm::zip(t, f))
      out.push_back(arith::SelectOp::create(b, loc, cond, x, y));
    return out;
  }

  /// Bits `steps` must be consecutive thread-id bits whose steps along the
  /// axis double from `first`.
  static bool isOrdered(ArrayRef<std::pair<unsigned, int64_t>> steps,
                        int64_t first) {
    for (auto [j, step] : llvm::enumerate(steps))
      if (step.first != steps[0].first + j || step.second != (first << j))
        return false;
    return true;
  }

  /// The thread's position along the axis from its id bits (mirrored for
  /// reverse scans).
  static Value position(OpBuilder &b, Location loc, Value id, unsigned firstBit,
                        unsigned numBits, bool reverse) {
    Value p = arith::AndIOp::create(
        b, loc, arith::ShRUIOp::create(b, loc, id, i32Const(b, loc, firstBit)),
        i32Const(b, loc, (1 << numBits) - 1));
    if (reverse)
      p = arith::SubIOp::create(b, loc, i32Const(b, loc, (1 << numBits) - 1), p);
    return p;
  }

  LogicalResult
  matchAndRewrite(tir::ScanOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    unsigned axis = op.getAxis();
    bool reverse = op.getReverse();
    unsigned n = op.getSrcs().size();
    FailureOr<LayoutMap> map = mapOf(op.getSrcs()[0].getType(), lc, op);
    if (failed(map))
      return failure();
    SmallVector<Type> elementTypes;
    for (Value src : op.getSrcs())
      elementTypes.push_back(cast<RankedTensorType>(src.getType()).getElementType());
    for (Type t : elementTypes)
      if (!t.isIntOrFloat() || t.getIntOrFloatBitWidth() > 64)
        return op.emitOpError("scans of ") << t << " are not supported yet";

    // Register runs along the axis, in scan order.
    std::map<SmallVector<int64_t>, SmallVector<std::pair<int64_t, int64_t>>> groups;
    int64_t run = 0;
    for (int64_t r = 0; r < map->numRegisters(); ++r) {
      SmallVector<int64_t> c = map->registerCoords(r);
      int64_t along = c[axis];
      run = std::max(run, along + 1);
      c.erase(c.begin() + axis);
      groups[c].push_back({along, r});
    }
    SmallVector<int64_t> laneBits, warpBits;
    bool mixed = false;
    map->threadBitsAlong(axis, laneBits, warpBits, mixed);
    auto laneSteps = map->threadBitSteps(axis, /*lanes=*/true);
    auto warpSteps = map->threadBitSteps(axis, /*lanes=*/false);
    unsigned numLaneBits = laneSteps.size(), numWarpBits = warpSteps.size();
    bool runsContiguous = llvm::all_of(groups, [&](auto &g) {
      return static_cast<int64_t>(g.second.size()) == run;
    });
    if (mixed || !runsContiguous || !isOrdered(laneSteps, run) ||
        !isOrdered(warpSteps, run << numLaneBits))
      return op.emitOpError("scans need a layout that orders the axis by "
                            "register, then lane, then warp; not supported "
                            "for this layout yet");

    // 1. Within the thread.
    std::map<int64_t, Tuple> value; // register -> inclusive value
    SmallVector<SmallVector<int64_t>> keys;
    SmallVector<Tuple> totals;
    for (auto &[key, regs] : groups) {
      llvm::sort(regs);
      if (reverse)
        std::reverse(regs.begin(), regs.end());
      Tuple acc;
      for (auto [along, r] : regs) {
        Tuple x;
        for (Value src : adaptor.getSrcs())
          x.push_back(vector::ExtractOp::create(rewriter, loc, src, r));
        acc = acc.empty() ? x : combine(op, rewriter, acc, x);
        value[r] = acc;
      }
      keys.push_back(key);
      totals.push_back(acc);
    }

    auto [lane, warp] = lc.laneAndWarp(rewriter, loc);
    Value f = arith::ConstantIntOp::create(rewriter, loc, 0, 1);
    SmallVector<Tuple> prefix(keys.size());
    Value hasLane = f;

    // 2. Across lanes: Hillis-Steele on the run totals.
    SmallVector<Tuple> incl = totals;
    if (numLaneBits) {
      unsigned b0 = laneSteps[0].first;
      Value pl = position(rewriter, loc, lane, b0, numLaneBits, reverse);
      for (unsigned j = 0; j < numLaneBits; ++j) {
        Value has = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::uge,
                                          pl, i32Const(rewriter, loc, 1 << j));
        for (Tuple &t : incl) {
          Tuple other;
          for (Value v : t)
            other.push_back(shuffleShift(rewriter, loc, v, (1 << j) << b0, !reverse));
          t = select(rewriter, loc, has, combine(op, rewriter, other, t), t);
        }
      }
      hasLane = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ugt,
                                      pl, i32Const(rewriter, loc, 0));
      for (auto [g, t] : llvm::enumerate(incl))
        for (Value v : t)
          prefix[g].push_back(shuffleShift(rewriter, loc, v, 1 << b0, !reverse));
    }

    // 3. Across warps: run totals of the earlier warps, through shared memory.
    Value hasWarp = f;
    if (numWarpBits) {
      unsigned w0 = warpSteps[0].first;
      int64_t slots = int64_t(1) << numWarpBits;
      Value pw = position(rewriter, loc, warp, w0, numWarpBits, reverse);
      Value lastLane = arith::ConstantIntOp::create(rewriter, loc, 1, 1);
      if (numLaneBits)
        lastLane = arith::CmpIOp::create(
            rewriter, loc, arith::CmpIPredicate::eq,
            position(rewriter, loc, lane, laneSteps[0].first, numLaneBits,
                     reverse),
            i32Const(rewriter, loc, (1 << numLaneBits) - 1));
      SmallVector<int64_t> outShape(map->getShape());
      outShape.erase(outShape.begin() + axis);
      int64_t outElems = 1;
      for (int64_t d : outShape)
        outElems *= d;
      SmallVector<Value> thread = map->threadCoords(rewriter, loc, lane, warp);
      thread.erase(thread.begin() + axis);
      auto slotBase = [&](ArrayRef<int64_t> key) {
        return arith::MulIOp::create(
            rewriter, loc, rowMajorIndex(rewriter, loc, thread, key, outShape),
            i32Const(rewriter, loc, slots));
      };
      // The scratch buffers come with the barrier before the stores; the
      // next scratch user barriers before overwriting them.
      SmallVector<Value> buffers;
      for (Type t : elementTypes)
        buffers.push_back(
            lc.scratchBuffer(rewriter, op, outElems * slots * sharedBytes(t)));
      SmallVector<Value> bases;
      for (auto [g, key] : llvm::enumerate(keys)) {
        bases.push_back(slotBase(key));
        Value at = arith::AddIOp::create(rewriter, loc, bases.back(), pw);
        Tuple total = incl[g];
        scf::IfOp::create(rewriter, loc, lastLane, [&](OpBuilder &b, Location l) {
          for (unsigned i = 0; i < n; ++i)
            storeShared(b, l, buffers[i], at, total[i]);
          scf::YieldOp::create(b, l);
        });
      }
      barrier(rewriter, loc);
      for (auto [g, key] : llvm::enumerate(keys)) {
        Tuple acc;
        Value hasAcc = f;
        for (int64_t s = 0; s + 1 < slots; ++s) {
          Value at = arith::AddIOp::create(rewriter, loc, bases[g],
                                           i32Const(rewriter, loc, s));
          Tuple v;
          for (unsigned i = 0; i < n; ++i)
            v.push_back(loadShared(rewriter, loc, buffers[i], at, elementTypes[i]));
          Value earlier = arith::CmpIOp::create(
              rewriter, loc, arith::CmpIPredicate::ult,
              i32Const(rewriter, loc, s), pw);
          Tuple next = acc.empty()
                           ? v
                           : select(rewriter, loc, hasAcc,
                                    combine(op, rewriter, acc, v), v);
          acc = acc.empty() ? next : select(rewriter, loc, earlier, next, acc);
          hasAcc = arith::OrIOp::create(rewriter, loc, hasAcc, earlier);
        }
        // Earlier warps' total, then the earlier lanes of this warp; either
        // may be absent (position 0).
        hasWarp = hasAcc; // the same for every group
        if (numLaneBits) {
          Tuple laneExcl = prefix[g];
          Tuple both = select(rewriter, loc, hasLane,
                              combine(op, rewriter, acc, laneExcl), acc);
          prefix[g] = select(rewriter, loc, hasAcc, both, laneExcl);
        } else {
          prefix[g] = acc;
        }
      }
    }
    Value hasPrefix = arith::OrIOp::create(rewriter, loc, hasLane, hasWarp);

    // Each register: what came before its thread, then its own run.
    SmallVector<SmallVector<Value>> out(n);
    for (int64_t r = 0; r < map->numRegisters(); ++r) {
      SmallVector<int64_t> key = map->registerCoords(r);
      key.erase(key.begin() + axis);
      unsigned g = llvm::find(keys, key) - keys.begin();
      Tuple mine = value[r];
      Tuple result = mine;
      if (!prefix[g].empty())
        result = select(rewriter, loc, hasPrefix,
                        combine(op, rewriter, prefix[g], mine), mine);
      for (unsigned i = 0; i < n; ++i)
        out[i].push_back(result[i]);
    }
    SmallVector<Value> results;
    for (unsigned i = 0; i < n; ++i) {
      auto vecType = cast<VectorType>(
          getTypeConverter()->convertType(op->getResult(i).getType()));
      results.push_back(
          vector::FromElementsOp::create(rewriter, loc, vecType, out[i]));
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

} // namespace

void populateScanPatterns(TypeConverter &converter, RewritePatternSet &patterns,
                          LoweringContext &ctx) {
  patterns.add<ScanPattern>(converter, patterns.getContext(), ctx);
}

} // namespace trident::gir_to_llvm

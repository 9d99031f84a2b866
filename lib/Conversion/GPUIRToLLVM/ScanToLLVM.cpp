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
#include "Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include <map>

using namespace mlir;
using namespace trident;

namespace trident::gir_to_llvm {
namespace {

using Tuple = SmallVector<Value>;

Tuple select(OpBuilder &b, Location loc, Value cond, ArrayRef<Value> t,
             ArrayRef<Value> f) {
  Tuple out;
  for (auto [x, y] : llvm::zip(t, f))
    out.push_back(arith::SelectOp::create(b, loc, cond, x, y));
  return out;
}

/// Bits `steps` must be consecutive thread-id bits whose steps along the
/// axis double from `first`.
bool isOrdered(ArrayRef<std::pair<unsigned, int64_t>> steps, int64_t first) {
  for (auto [j, step] : llvm::enumerate(steps))
    if (step.first != steps[0].first + j || step.second != (first << j))
      return false;
  return true;
}

/// The thread's position along the axis from its id bits (mirrored for
/// reverse scans).
Value position(OpBuilder &b, Location loc, Value id, unsigned firstBit,
               unsigned numBits, bool reverse) {
  Value p = arith::AndIOp::create(
      b, loc, arith::ShRUIOp::create(b, loc, id, i32Const(b, loc, firstBit)),
      i32Const(b, loc, (1 << numBits) - 1));
  if (reverse)
    p = arith::SubIOp::create(b, loc, i32Const(b, loc, (1 << numBits) - 1), p);
  return p;
}

/// One scan's lowering, level by level. A "group" is the run of registers
/// of one thread along the axis at one position of the other dimensions.
class ScanLowering {
public:
  ScanLowering(tir::ScanOp op, ValueRange srcs,
               ConversionPatternRewriter &rewriter, LoweringContext &lc,
               const LayoutMap &map)
      : op(op), srcs(srcs), b(rewriter), loc(op.getLoc()), lc(lc), map(map),
        axis(op.getAxis()), reverse(op.getReverse()),
        n(op.getSrcs().size()) {}

  /// Groups the registers and checks the layout orders the axis by
  /// register, then lane, then warp.
  LogicalResult analyze();
  /// The lowered results, one per-thread vector per result.
  SmallVector<Value> lower(const TypeConverter &converter);

private:
  Tuple combine(ArrayRef<Value> acc, ArrayRef<Value> x) {
    return applyCombine(b, op.getCombineOp(), acc, x);
  }
  /// 1. Within the thread: inclusive values per register, totals per group.
  void scanRegisters();
  /// 2. Across lanes: Hillis-Steele on the group totals; the exclusive
  /// prefix of the earlier lanes in `prefix`.
  void scanLanes();
  /// 3. Across warps: the totals of earlier warps through shared memory,
  /// combined into `prefix`.
  void scanWarps();
  /// The combined value of the earlier warps for group `g`; `hasAcc` says
  /// whether there is one.
  Tuple earlierWarps(ArrayRef<Value> buffers, Value base, Value pw,
                     Value &hasAcc);

  tir::ScanOp op;
  ValueRange srcs;
  ConversionPatternRewriter &b;
  Location loc;
  LoweringContext &lc;
  const LayoutMap &map;
  unsigned axis;
  bool reverse;
  unsigned n;
  SmallVector<Type> elementTypes;
  std::map<SmallVector<int64_t>, SmallVector<std::pair<int64_t, int64_t>>>
      groups;
  SmallVector<std::pair<unsigned, int64_t>> laneSteps, warpSteps;
  unsigned numLaneBits = 0, numWarpBits = 0;
  std::map<int64_t, Tuple> value; // register -> inclusive value
  SmallVector<SmallVector<int64_t>> keys;
  SmallVector<Tuple> incl, prefix;
  Value lane, warp, hasLane, hasWarp;
};

LogicalResult ScanLowering::analyze() {
  for (Value src : op.getSrcs())
    elementTypes.push_back(
        cast<RankedTensorType>(src.getType()).getElementType());
  for (Type t : elementTypes)
    if (!t.isIntOrFloat() || t.getIntOrFloatBitWidth() > 64)
      return op.emitOpError("scans of ") << t << " are not supported yet";
  // Register runs along the axis, in scan order.
  int64_t run = 0;
  for (int64_t r = 0; r < map.numRegisters(); ++r) {
    SmallVector<int64_t> c = map.registerCoords(r);
    int64_t along = c[axis];
    run = std::max(run, along + 1);
    c.erase(c.begin() + axis);
    groups[c].push_back({along, r});
  }
  SmallVector<int64_t> laneBits, warpBits;
  bool mixed = false;
  map.threadBitsAlong(axis, laneBits, warpBits, mixed);
  laneSteps = map.threadBitSteps(axis, /*lanes=*/true);
  warpSteps = map.threadBitSteps(axis, /*lanes=*/false);
  numLaneBits = laneSteps.size();
  numWarpBits = warpSteps.size();
  bool runsContiguous = llvm::all_of(groups, [&](auto &g) {
    return static_cast<int64_t>(g.second.size()) == run;
  });
  if (mixed || !runsContiguous || !isOrdered(laneSteps, run) ||
      !isOrdered(warpSteps, run << numLaneBits))
    return op.emitOpError("scans need a layout that orders the axis by "
                          "register, then lane, then warp; not supported "
                          "for this layout yet");
  return success();
}

void ScanLowering::scanRegisters() {
  for (auto &[key, regs] : groups) {
    llvm::sort(regs);
    if (reverse)
      std::reverse(regs.begin(), regs.end());
    Tuple acc;
    for (auto [along, r] : regs) {
      Tuple x;
      for (Value src : srcs)
        x.push_back(vector::ExtractOp::create(b, loc, src, r));
      acc = acc.empty() ? x : combine(acc, x);
      value[r] = acc;
    }
    keys.push_back(key);
    incl.push_back(acc);
  }
  prefix.resize(keys.size());
}

void ScanLowering::scanLanes() {
  if (!numLaneBits)
    return;
  unsigned b0 = laneSteps[0].first;
  Value pl = position(b, loc, lane, b0, numLaneBits, reverse);
  for (unsigned j = 0; j < numLaneBits; ++j) {
    Value has = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, pl,
                                      i32Const(b, loc, 1 << j));
    for (Tuple &t : incl) {
      Tuple other;
      for (Value v : t)
        other.push_back(shuffleShift(b, loc, v, (1 << j) << b0, !reverse));
      t = select(b, loc, has, combine(other, t), t);
    }
  }
  hasLane = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, pl,
                                  i32Const(b, loc, 0));
  for (auto [g, t] : llvm::enumerate(incl))
    for (Value v : t)
      prefix[g].push_back(shuffleShift(b, loc, v, 1 << b0, !reverse));
}

Tuple ScanLowering::earlierWarps(ArrayRef<Value> buffers, Value base, Value pw,
                                 Value &hasAcc) {
  int64_t slots = int64_t(1) << numWarpBits;
  Tuple acc;
  for (int64_t s = 0; s + 1 < slots; ++s) {
    Value at = arith::AddIOp::create(b, loc, base, i32Const(b, loc, s));
    Tuple v;
    for (unsigned i = 0; i < n; ++i)
      v.push_back(loadShared(b, loc, buffers[i], at, elementTypes[i]));
    Value earlier = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                          i32Const(b, loc, s), pw);
    Tuple next =
        acc.empty() ? v : select(b, loc, hasAcc, combine(acc, v), v);
    acc = acc.empty() ? next : select(b, loc, earlier, next, acc);
    hasAcc = arith::OrIOp::create(b, loc, hasAcc, earlier);
  }
  return acc;
}

void ScanLowering::scanWarps() {
  if (!numWarpBits)
    return;
  unsigned w0 = warpSteps[0].first;
  int64_t slots = int64_t(1) << numWarpBits;
  Value pw = position(b, loc, warp, w0, numWarpBits, reverse);
  Value lastLane = arith::ConstantIntOp::create(b, loc, 1, 1);
  if (numLaneBits)
    lastLane = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::eq,
        position(b, loc, lane, laneSteps[0].first, numLaneBits, reverse),
        i32Const(b, loc, (1 << numLaneBits) - 1));
  SmallVector<int64_t> outShape(map.getShape());
  outShape.erase(outShape.begin() + axis);
  int64_t outElems = 1;
  for (int64_t d : outShape)
    outElems *= d;
  SmallVector<Value> thread = map.threadCoords(b, loc, lane, warp);
  thread.erase(thread.begin() + axis);
  // The scratch buffers come with the barrier before the stores; the next
  // scratch user barriers before overwriting them.
  // (scanScratch: what the op declares to the allocator.)
  SmallVector<Value> buffers;
  for (const ScratchRequest &r : scanScratch(op))
    buffers.push_back(lc.scratchBuffer(b, op, r.bytes));
  // The last lane of each warp stores its groups' totals in the warp's slot.
  SmallVector<Value> bases;
  for (auto [g, key] : llvm::enumerate(keys)) {
    bases.push_back(arith::MulIOp::create(
        b, loc, rowMajorIndex(b, loc, thread, key, outShape),
        i32Const(b, loc, slots)));
    Value at = arith::AddIOp::create(b, loc, bases.back(), pw);
    Tuple total = incl[g];
    scf::IfOp::create(b, loc, lastLane, [&](OpBuilder &t, Location l) {
      for (unsigned i = 0; i < n; ++i)
        storeShared(t, l, buffers[i], at, total[i]);
      scf::YieldOp::create(t, l);
    });
  }
  barrier(b, loc);
  for (unsigned g = 0; g < keys.size(); ++g) {
    Value hasAcc = arith::ConstantIntOp::create(b, loc, 0, 1);
    Tuple acc = earlierWarps(buffers, bases[g], pw, hasAcc);
    // Earlier warps' total, then the earlier lanes of this warp; either may
    // be absent (position 0).
    hasWarp = hasAcc; // the same for every group
    if (numLaneBits) {
      Tuple laneExcl = prefix[g];
      Tuple both = select(b, loc, hasLane, combine(acc, laneExcl), acc);
      prefix[g] = select(b, loc, hasAcc, both, laneExcl);
    } else {
      prefix[g] = acc;
    }
  }
}

SmallVector<Value> ScanLowering::lower(const TypeConverter &converter) {
  scanRegisters();
  std::tie(lane, warp) = lc.laneAndWarp(b, loc);
  hasLane = hasWarp = arith::ConstantIntOp::create(b, loc, 0, 1);
  scanLanes();
  scanWarps();
  Value hasPrefix = arith::OrIOp::create(b, loc, hasLane, hasWarp);
  // Each register: what came before its thread, then its own run.
  SmallVector<SmallVector<Value>> out(n);
  for (int64_t r = 0; r < map.numRegisters(); ++r) {
    SmallVector<int64_t> key = map.registerCoords(r);
    key.erase(key.begin() + axis);
    unsigned g = llvm::find(keys, key) - keys.begin();
    Tuple mine = value[r];
    Tuple result = mine;
    if (!prefix[g].empty())
      result = select(b, loc, hasPrefix, combine(prefix[g], mine), mine);
    for (unsigned i = 0; i < n; ++i)
      out[i].push_back(result[i]);
  }
  SmallVector<Value> results;
  for (unsigned i = 0; i < n; ++i) {
    auto vecType =
        cast<VectorType>(converter.convertType(op->getResult(i).getType()));
    results.push_back(vector::FromElementsOp::create(b, loc, vecType, out[i]));
  }
  return results;
}

struct ScanPattern : LoweringPattern<tir::ScanOp> {
  using LoweringPattern::LoweringPattern;

  LogicalResult
  matchAndRewrite(tir::ScanOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<LayoutMap> map = mapOf(op.getSrcs()[0].getType(), lc, op);
    if (failed(map))
      return failure();
    ScanLowering scan(op, adaptor.getSrcs(), rewriter, lc, *map);
    if (failed(scan.analyze()))
      return failure();
    rewriter.replaceOp(op, scan.lower(*getTypeConverter()));
    return success();
  }
};

} // namespace

void populateScanPatterns(TypeConverter &converter, RewritePatternSet &patterns,
                          LoweringContext &ctx) {
  patterns.add<ScanPattern>(converter, patterns.getContext(), ctx);
}

SmallVector<ScratchRequest> scanScratch(tir::ScanOp op) {
  FailureOr<LayoutMap> map = quietMapOf(op.getSrcs()[0].getType(), op);
  if (failed(map))
    return {};
  unsigned axis = op.getAxis();
  size_t warpBits = map->threadBitSteps(axis, /*lanes=*/false).size();
  if (!warpBits)
    return {};
  int64_t outElems = 1;
  for (auto [d, size] : llvm::enumerate(map->getShape()))
    if (d != axis)
      outElems *= size;
  int64_t slots = int64_t(1) << warpBits;
  SmallVector<ScratchRequest> requests;
  for (Type t : op.getElementTypes()) {
    // What the lowering refuses (pointers, wide values) takes no scratch:
    // the lowering says why.
    if (!t.isIntOrFloat() || t.getIntOrFloatBitWidth() > 64)
      return {};
    requests.push_back({outElems * slots * sharedBytes(t)});
  }
  return requests;
}

} // namespace trident::gir_to_llvm

//===- KernelLoweringCompute.cpp - Reductions, scans and dots -------------===//
//
// Reductions run their combine region on vectors of lanes along the last
// dimension when its operations apply to vectors (arith, math): along the
// last axis chunk after chunk, then the lanes of the accumulators combined
// half against half; along an outer axis row after row into the result
// buffers. Otherwise, and for scans, the region runs on scalars. The order
// of combination of a reduction is unspecified, so its floating-point
// operations are marked `reassoc`.
//
//===----------------------------------------------------------------------===//
#include "KernelLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;

namespace trident::cpu {

namespace {

/// Inserts `k` at position `axis` of `idx`.
SmallVector<Value> withAxis(ArrayRef<Value> idx, unsigned axis, Value k) {
  SmallVector<Value> out(idx);
  out.insert(out.begin() + axis, k);
  return out;
}

} // namespace

FailureOr<SmallVector<Value>>
KernelLowering::combine(Region &region, ValueRange accs, ValueRange vals) {
  SmallVector<Value> args(accs);
  args.append(vals.begin(), vals.end());
  Location saved = curLoc;
  bool wasReassociating = reassociate;
  reassociate = true;
  auto result = inlineScalarRegion(region, args);
  reassociate = wasReassociating;
  curLoc = saved;
  return result;
}

/// A loop from `lb` to `ub` carrying `inits`; `body(iv, accs)` returns the
/// next values (or failure).
FailureOr<ValueRange> KernelLowering::carriedLoop(
    Value lb, Value ub, ValueRange inits,
    function_ref<FailureOr<SmallVector<Value>>(Value, ValueRange)> body) {
  bool ok = true;
  auto loop = scf::ForOp::create(
      b, curLoc, lb, ub, indexConst(1), inits,
      [&](OpBuilder &nb, Location l, Value iv, ValueRange accs) {
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPoint(nb.getInsertionBlock(), nb.getInsertionPoint());
        pushScope();
        FailureOr<SmallVector<Value>> next = body(iv, accs);
        popScope();
        if (failed(next)) {
          ok = false;
          scf::YieldOp::create(b, l, accs);
          return;
        }
        scf::YieldOp::create(b, l, *next);
      });
  if (!ok)
    return failure();
  return ValueRange(loop.getResults());
}

SmallVector<Value> KernelLowering::reduceOperands(tir::ReduceOp op,
                                                  ArrayRef<Value> outIdx,
                                                  Value k, unsigned lanes) {
  SmallVector<Value> vals;
  for (Value s : op.getSrcs()) {
    SmallVector<Value> idx = withAxis(outIdx, op.getAxis(), k);
    vals.push_back(lanes > 1 ? vecElement(s, idx, lanes) : element(s, idx));
  }
  return vals;
}

FailureOr<SmallVector<Value>>
KernelLowering::reduceOne(tir::ReduceOp op, ArrayRef<Value> outIdx,
                          unsigned lanes) {
  auto srcType = cast<RankedTensorType>(op.getSrcs()[0].getType());
  int64_t n = srcType.getDimSize(op.getAxis());
  Region &region = op.getCombineOp();
  if (lanes > 1) {
    // Along the last axis in vectors: chunk after chunk into vector
    // accumulators, then their lanes combined pairwise, halves at a time.
    SmallVector<Value> accs = reduceOperands(op, outIdx, indexConst(0), lanes);
    if (n > lanes) {
      auto results = carriedLoop(
          indexConst(1), indexConst(n / lanes), accs,
          [&](Value c, ValueRange accs) -> FailureOr<SmallVector<Value>> {
            Value k = arith::MulIOp::create(b, curLoc, c, indexConst(lanes));
            SmallVector<Value> args(accs);
            args.append(reduceOperands(op, outIdx, k, lanes));
            return inlineVectorRegion(region, args, lanes);
          });
      accs.assign(results->begin(), results->end());
    }
    for (unsigned width = lanes; width > 1; width /= 2) {
      SmallVector<Value> halves;
      for (unsigned part = 0; part < 2; ++part)
        for (Value acc : accs)
          halves.push_back(vector::ExtractStridedSliceOp::create(
              b, curLoc, acc, ArrayRef<int64_t>{part * width / 2},
              ArrayRef<int64_t>{width / 2}, ArrayRef<int64_t>{1}));
      accs = inlineVectorRegion(region, halves, width / 2);
    }
    SmallVector<Value> out;
    for (Value acc : accs)
      out.push_back(vector::ExtractOp::create(b, curLoc, acc, int64_t(0)));
    return out;
  }
  // Sequentially along the axis.
  SmallVector<Value> init = reduceOperands(op, outIdx, indexConst(0), 1);
  if (n == 1)
    return init;
  auto results = carriedLoop(
      indexConst(1), indexConst(n), init,
      [&](Value k, ValueRange accs) -> FailureOr<SmallVector<Value>> {
        return combine(region, accs, reduceOperands(op, outIdx, k, 1));
      });
  if (failed(results))
    return failure();
  return SmallVector<Value>(*results);
}

LogicalResult KernelLowering::reduceOuterAxis(tir::ReduceOp op,
                                              ArrayRef<Value> outBufs,
                                              ArrayRef<int64_t> outShape,
                                              unsigned w) {
  // The outputs accumulate in their buffers, slice after slice, the
  // innermost loop running along contiguous rows (in vectors of `w` lanes
  // when the combine region applies to them).
  auto srcType = cast<RankedTensorType>(op.getSrcs()[0].getType());
  int64_t n = srcType.getDimSize(op.getAxis());
  Region &region = op.getCombineOp();
  SmallVector<Type> elts = op.getElementTypes();
  auto write = [&](Value buf, ArrayRef<Value> idx, Value v) {
    if (w > 1)
      vector::StoreOp::create(b, curLoc, v, buf, idx);
    else
      storeElement(buf, idx, v);
  };
  loopNest(
      outShape,
      [&](ArrayRef<Value> outIdx) {
        for (auto [buf, v] :
             llvm::zip(outBufs, reduceOperands(op, outIdx, indexConst(0), w)))
          write(buf, outIdx, v);
      },
      w);
  Value one = indexConst(1);
  auto kLoop = scf::ForOp::create(b, curLoc, one, indexConst(n), one);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(kLoop.getBody()->getTerminator());
  Value k = kLoop.getInductionVar();
  bool ok = true;
  loopNest(
      outShape,
      [&](ArrayRef<Value> outIdx) {
        SmallVector<Value> accs;
        for (auto [buf, t] : llvm::zip(outBufs, elts))
          accs.push_back(w > 1 ? Value(vector::LoadOp::create(
                                     b, curLoc, vectorOf(t, w), buf, outIdx))
                               : loadElement(buf, outIdx, t));
        SmallVector<Value> vals = reduceOperands(op, outIdx, k, w);
        FailureOr<SmallVector<Value>> results =
            w > 1 ? FailureOr<SmallVector<Value>>(inlineVectorRegion(
                        region,
                        llvm::to_vector(llvm::concat<Value>(accs, vals)), w))
                  : combine(region, accs, vals);
        if (failed(results)) {
          ok = false;
          return;
        }
        for (auto [buf, v] : llvm::zip(outBufs, *results))
          write(buf, outIdx, v);
      },
      w);
  return success(ok);
}

LogicalResult KernelLowering::lowerReduce(tir::ReduceOp op) {
  unsigned axis = op.getAxis();
  auto srcType = cast<RankedTensorType>(op.getSrcs()[0].getType());
  SmallVector<int64_t> outShape(srcType.getShape());
  outShape.erase(outShape.begin() + axis);
  // Vectors of lanes along the last dimension when the combine region
  // applies to them.
  unsigned lanes = lanesFor(srcType.getShape());
  bool vectorized =
      lanes > 1 && isVectorizableRegion(op.getCombineOp()) &&
      llvm::all_of(op.getSrcs(), [](Value s) {
        return hasVectorForm(cast<RankedTensorType>(s.getType()).getElementType());
      });
  bool lastAxis = axis + 1 == srcType.getRank();
  // Lanes of one output's reduction (along the last axis only).
  unsigned oneLanes = vectorized && lastAxis ? lanes : 1;

  if (outShape.empty()) {
    auto results = reduceOne(op, {}, oneLanes);
    if (failed(results))
      return failure();
    for (auto [r, v] : llvm::zip(op.getResults(), *results))
      scalars.map(r, v);
    return success();
  }
  SmallVector<Value> outBufs;
  for (Value r : op.getResults())
    outBufs.push_back(allocBuffer(cast<RankedTensorType>(r.getType())));
  if (lastAxis) {
    // Along the last dimension: one reduction per output.
    bool ok = true;
    loopNest(outShape, [&](ArrayRef<Value> outIdx) {
      auto results = reduceOne(op, outIdx, oneLanes);
      if (failed(results)) {
        ok = false;
        return;
      }
      for (auto [buf, v] : llvm::zip(outBufs, *results))
        storeElement(buf, outIdx, v);
    });
    if (!ok)
      return failure();
  } else if (failed(reduceOuterAxis(op, outBufs, outShape,
                                    vectorized ? lanes : 1))) {
    return failure();
  }
  for (auto [r, buf] : llvm::zip(op.getResults(), outBufs))
    buffers[r] = buf;
  return success();
}

LogicalResult KernelLowering::lowerScan(tir::ScanOp op) {
  unsigned axis = op.getAxis();
  auto type = cast<RankedTensorType>(op.getSrcs()[0].getType());
  int64_t n = type.getDimSize(axis);
  SmallVector<int64_t> outer(type.getShape());
  outer.erase(outer.begin() + axis);
  ValueRange srcs = op.getSrcs();
  bool reverse = op.getReverse();
  SmallVector<Value> outBufs;
  for (Value r : op.getResults())
    outBufs.push_back(allocBuffer(cast<RankedTensorType>(r.getType())));

  bool ok = true;
  // One sequential scan per position of the other dimensions.
  loopNest(outer, [&](ArrayRef<Value> outIdx) {
    auto position = [&](Value k) -> Value {
      if (!reverse)
        return k;
      return arith::SubIOp::create(b, curLoc, indexConst(n - 1), k);
    };
    auto at = [&](Value k) { return withAxis(outIdx, axis, position(k)); };
    SmallVector<Value> init;
    for (Value s : srcs)
      init.push_back(element(s, at(indexConst(0))));
    for (auto [buf, v] : llvm::zip(outBufs, init))
      storeElement(buf, at(indexConst(0)), v);
    if (n == 1)
      return;
    auto results = carriedLoop(
        indexConst(1), indexConst(n), init,
        [&](Value k, ValueRange accs) -> FailureOr<SmallVector<Value>> {
          SmallVector<Value> vals;
          SmallVector<Value> idx = at(k);
          for (Value s : srcs)
            vals.push_back(element(s, idx));
          Location saved = curLoc;
          auto next = inlineScalarRegion(op.getCombineOp(),
                                         llvm::to_vector(llvm::concat<Value>(
                                             SmallVector<Value>(accs), vals)));
          curLoc = saved;
          if (failed(next))
            return failure();
          for (auto [buf, v] : llvm::zip(outBufs, *next))
            storeElement(buf, idx, v);
          return next;
        });
    if (failed(results))
      ok = false;
  });
  if (!ok)
    return failure();
  for (auto [r, buf] : llvm::zip(op.getResults(), outBufs))
    buffers[r] = buf;
  return success();
}

} // namespace trident::cpu

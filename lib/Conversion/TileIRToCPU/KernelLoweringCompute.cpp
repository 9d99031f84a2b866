//===- KernelLoweringCompute.cpp - Reductions, scans and dots -------------===//
//
// Reductions and scans run their combine region on scalars; the order of
// combination of a reduction is unspecified, so its floating-point
// operations are marked `reassoc` and LLVM may vectorize them. A dot is
// m, k, n loops over buffers, the innermost loop along a row of the
// accumulator and of `b`, products and sums marked `contract` (FMA).
//
//===----------------------------------------------------------------------===//
#include "KernelLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;

namespace trident::cpu {

namespace {

/// Inserts `k` at position `axis` of `idx`.
SmallVector<Value> withAxis(ArrayRef<Value> idx, unsigned axis, Value k) {
  SmallVector<Value> out(idx);
  out.insert(out.begin() + axis, k);
  return out;
}

/// Converts a dot operand element to the accumulator's type.
Value toAccType(OpBuilder &b, Location l, Value v, Type acc) {
  Type t = v.getType();
  if (t == acc)
    return v;
  if (isa<FloatType>(acc)) {
    if (isa<IntegerType>(t))
      return arith::SIToFPOp::create(b, l, acc, v);
    if (t.getIntOrFloatBitWidth() < acc.getIntOrFloatBitWidth())
      return arith::ExtFOp::create(b, l, acc, v);
    return arith::TruncFOp::create(b, l, acc, v);
  }
  if (t.getIntOrFloatBitWidth() < acc.getIntOrFloatBitWidth())
    return arith::ExtSIOp::create(b, l, acc, v);
  return arith::TruncIOp::create(b, l, acc, v);
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

LogicalResult KernelLowering::lowerReduce(tir::ReduceOp op) {
  unsigned axis = op.getAxis();
  auto srcType = cast<RankedTensorType>(op.getSrcs()[0].getType());
  int64_t n = srcType.getDimSize(axis);
  SmallVector<int64_t> outShape(srcType.getShape());
  outShape.erase(outShape.begin() + axis);
  ValueRange srcs = op.getSrcs();
  Region &region = op.getCombineOp();

  auto elementsAt = [&](ArrayRef<Value> outIdx, Value k) {
    SmallVector<Value> vals;
    for (Value s : srcs)
      vals.push_back(element(s, withAxis(outIdx, axis, k)));
    return vals;
  };
  // Sequentially along the axis, for one output index.
  auto reduceAt = [&](ArrayRef<Value> outIdx) -> FailureOr<SmallVector<Value>> {
    SmallVector<Value> init = elementsAt(outIdx, indexConst(0));
    if (n == 1)
      return init;
    auto results = carriedLoop(
        indexConst(1), indexConst(n), init,
        [&](Value k, ValueRange accs) -> FailureOr<SmallVector<Value>> {
          return combine(region, accs, elementsAt(outIdx, k));
        });
    if (failed(results))
      return failure();
    return SmallVector<Value>(*results);
  };

  if (outShape.empty()) {
    auto results = reduceAt({});
    if (failed(results))
      return failure();
    for (auto [r, v] : llvm::zip(op.getResults(), *results))
      scalars.map(r, v);
    return success();
  }
  SmallVector<Value> outBufs;
  for (Value r : op.getResults())
    outBufs.push_back(allocBuffer(cast<RankedTensorType>(r.getType())));
  SmallVector<Type> elts = op.getElementTypes();
  bool ok = true;
  if (axis + 1 == srcType.getRank()) {
    // Along the last dimension: one sequential reduction per output.
    loopNest(outShape, [&](ArrayRef<Value> outIdx) {
      auto results = reduceAt(outIdx);
      if (failed(results)) {
        ok = false;
        return;
      }
      for (auto [buf, v] : llvm::zip(outBufs, *results))
        storeElement(buf, outIdx, v);
    });
  } else {
    // Along an outer dimension: the outputs accumulate in their buffers,
    // slice after slice, the innermost loop running along contiguous rows.
    loopNest(outShape, [&](ArrayRef<Value> outIdx) {
      for (auto [buf, v] : llvm::zip(outBufs, elementsAt(outIdx, indexConst(0))))
        storeElement(buf, outIdx, v);
    });
    Value one = indexConst(1);
    auto kLoop = scf::ForOp::create(b, curLoc, one, indexConst(n), one);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(kLoop.getBody()->getTerminator());
    Value k = kLoop.getInductionVar();
    loopNest(outShape, [&](ArrayRef<Value> outIdx) {
      SmallVector<Value> accs;
      for (auto [buf, t] : llvm::zip(outBufs, elts))
        accs.push_back(loadElement(buf, outIdx, t));
      auto results = combine(region, accs, elementsAt(outIdx, k));
      if (failed(results)) {
        ok = false;
        return;
      }
      for (auto [buf, v] : llvm::zip(outBufs, *results))
        storeElement(buf, outIdx, v);
    });
  }
  if (!ok)
    return failure();
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

LogicalResult KernelLowering::lowerDot(tir::DotOp op) {
  auto dType = cast<RankedTensorType>(op.getType());
  auto aType = cast<RankedTensorType>(op.getA().getType());
  Type acc = dType.getElementType();
  Type aElt = aType.getElementType();
  Type bElt = cast<RankedTensorType>(op.getB().getType()).getElementType();
  bool batched = dType.getRank() == 3;
  int64_t m = dType.getDimSize(batched ? 1 : 0);
  int64_t n = dType.getDimSize(batched ? 2 : 1);
  int64_t k = aType.getDimSize(batched ? 2 : 1);
  bool isFloat = isa<FloatType>(acc);

  // d = c, then d[m, n] += a[m, k] * b[k, n]. An accumulator carried by a
  // loop, read by nothing else and yielded back, is updated in place.
  Value d;
  if (auto arg = dyn_cast<BlockArgument>(op.getC()))
    if (auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp()))
      if (arg.hasOneUse() && op.getResult().hasOneUse() &&
          loop.getTiedLoopYieldedValue(arg) &&
          loop.getTiedLoopYieldedValue(arg)->get() == op.getResult())
        d = buffers.lookup(arg);
  if (!d) {
    d = allocBuffer(dType);
    materializeInto(op.getC(), d);
  }
  Value a = bufferOf(op.getA());
  Value bb = bufferOf(op.getB());

  OpBuilder::InsertionGuard guard(b);
  Value zero = indexConst(0), one = indexConst(1);
  auto loop = [&](int64_t size) {
    auto l = scf::ForOp::create(b, curLoc, zero, indexConst(size), one);
    b.setInsertionPoint(l.getBody()->getTerminator());
    return l.getInductionVar();
  };
  SmallVector<Value> batch;
  if (batched)
    batch.push_back(loop(dType.getDimSize(0)));
  Value im = loop(m);
  Value ik = loop(k);
  auto idx = [&](Value i, Value j) {
    SmallVector<Value> v(batch);
    v.push_back(i);
    v.push_back(j);
    return v;
  };
  Value av = toAccType(b, curLoc, loadElement(a, idx(im, ik), aElt), acc);
  Value in = loop(n);
  Value bv = toAccType(b, curLoc, loadElement(bb, idx(ik, in), bElt), acc);
  Value dv = loadElement(d, idx(im, in), acc);
  Value sum;
  if (isFloat) {
    auto contract = arith::FastMathFlagsAttr::get(
        b.getContext(), arith::FastMathFlags::contract);
    Value prod = arith::MulFOp::create(b, curLoc, av, bv, contract);
    sum = arith::AddFOp::create(b, curLoc, dv, prod, contract);
  } else {
    Value prod = arith::MulIOp::create(b, curLoc, av, bv);
    sum = arith::AddIOp::create(b, curLoc, dv, prod);
  }
  storeElement(d, idx(im, in), sum);
  buffers[op.getResult()] = d;
  return success();
}

} // namespace trident::cpu

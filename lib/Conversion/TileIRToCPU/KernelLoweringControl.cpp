//===- KernelLoweringControl.cpp - Loops and branches that carry tiles ----===//
//
// A tile carried by an scf.for lives in one buffer for the whole loop: the
// initial value is written into it before the loop, the body reads it
// through the block argument, and the yielded value is copied back into it
// at the end of each iteration (through temporaries, so that yields that
// read other carried tiles see their old values). The loop's result is
// that buffer. A tile result of an scf.if is a buffer that each branch
// writes before it ends.
//
//===----------------------------------------------------------------------===//
#include "KernelLowering.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;

namespace trident::cpu {

static bool isTile(Type t) { return isa<RankedTensorType>(t); }

LogicalResult KernelLowering::lowerFor(scf::ForOp op) {
  unsigned numIter = op.getNumRegionIterArgs();
  SmallVector<Value> carried(numIter);
  SmallVector<Value> scalarInits;
  for (unsigned i = 0; i < numIter; ++i) {
    Value init = op.getInitArgs()[i];
    if (!isTile(init.getType())) {
      scalarInits.push_back(scalar(init));
      continue;
    }
    carried[i] = allocBuffer(cast<RankedTensorType>(init.getType()));
    materializeInto(init, carried[i]);
  }
  Location l = op.getLoc();
  auto loop = scf::ForOp::create(b, l, scalar(op.getLowerBound()),
                                 scalar(op.getUpperBound()),
                                 scalar(op.getStep()), scalarInits);
  loop.setUnsignedCmp(op.getUnsignedCmp());
  Block *body = loop.getBody();
  // Without iter args the builder added a terminator; it is rebuilt below.
  if (!body->empty())
    body->getTerminator()->erase();
  scalars.map(op.getInductionVar(), loop.getInductionVar());
  unsigned s = 0;
  for (unsigned i = 0; i < numIter; ++i) {
    BlockArgument arg = op.getRegionIterArgs()[i];
    if (carried[i])
      buffers[arg] = carried[i];
    else
      scalars.map(arg, loop.getRegionIterArgs()[s++]);
  }

  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToEnd(body);
  pushScope();
  if (failed(lowerBlock(*op.getBody(), /*stopAtTerminator=*/true))) {
    popScope();
    return failure();
  }
  auto yield = cast<scf::YieldOp>(op.getBody()->getTerminator());
  curLoc = yield.getLoc();
  // First every yielded tile into a buffer that no carried tile uses...
  SmallVector<Value> sources(numIter);
  for (unsigned i = 0; i < numIter; ++i) {
    if (!carried[i])
      continue;
    Value v = yield.getOperand(i);
    if (v == op.getRegionIterArgs()[i])
      continue; // unchanged
    Value buf = buffers.lookup(v);
    if (buf == carried[i])
      continue; // updated in place (a dot's accumulator)
    if (buf && !llvm::is_contained(carried, buf)) {
      sources[i] = buf;
      continue;
    }
    sources[i] = allocBuffer(cast<RankedTensorType>(v.getType()));
    materializeInto(v, sources[i]);
  }
  // ...then into the carried buffers.
  for (unsigned i = 0; i < numIter; ++i)
    if (sources[i])
      memref::CopyOp::create(b, curLoc, sources[i], carried[i]);
  SmallVector<Value> scalarYields;
  for (unsigned i = 0; i < numIter; ++i)
    if (!carried[i])
      scalarYields.push_back(scalar(yield.getOperand(i)));
  scf::YieldOp::create(b, curLoc, scalarYields);
  popScope();

  s = 0;
  for (unsigned i = 0; i < numIter; ++i) {
    if (carried[i])
      buffers[op.getResult(i)] = carried[i];
    else
      scalars.map(op.getResult(i), loop.getResult(s++));
  }
  return success();
}

LogicalResult KernelLowering::lowerIf(scf::IfOp op) {
  SmallVector<Value> resultBufs;
  SmallVector<Type> scalarTypes;
  for (Value r : op.getResults()) {
    if (isTile(r.getType())) {
      resultBufs.push_back(allocBuffer(cast<RankedTensorType>(r.getType())));
    } else {
      resultBufs.push_back(Value());
      scalarTypes.push_back(scalarType(r.getType()));
    }
  }
  auto ifOp = scf::IfOp::create(b, op.getLoc(), scalarTypes,
                                scalar(op.getCondition()),
                                /*withElseRegion=*/!op.getElseRegion().empty());
  auto lowerBranch = [&](Region &from, Region &to) -> LogicalResult {
    Block *block = &to.front();
    if (!block->empty())
      block->getTerminator()->erase();
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToEnd(block);
    pushScope();
    LogicalResult r = lowerBlock(from.front(), /*stopAtTerminator=*/true);
    if (succeeded(r)) {
      Operation *yield = from.front().getTerminator();
      curLoc = yield->getLoc();
      SmallVector<Value> scalarYields;
      for (auto [v, buf] : llvm::zip(yield->getOperands(), resultBufs)) {
        if (buf)
          materializeInto(v, buf);
        else
          scalarYields.push_back(scalar(v));
      }
      scf::YieldOp::create(b, curLoc, scalarYields);
    }
    popScope();
    return r;
  };
  if (failed(lowerBranch(op.getThenRegion(), ifOp.getThenRegion())))
    return failure();
  if (!op.getElseRegion().empty() &&
      failed(lowerBranch(op.getElseRegion(), ifOp.getElseRegion())))
    return failure();
  unsigned s = 0;
  for (auto [r, buf] : llvm::zip(op.getResults(), resultBufs)) {
    if (buf)
      buffers[r] = buf;
    else
      scalars.map(r, ifOp.getResult(s++));
  }
  return success();
}

LogicalResult KernelLowering::lowerWhile(scf::WhileOp op) {
  // As scf.for: one buffer per carried tile, shared by the arguments of
  // both regions and the result. The condition passes on the values it
  // receives (or others of the same types), which the body gets.
  Block &before = op.getBefore().front(), &after = op.getAfter().front();
  auto condition = op.getConditionOp();
  unsigned n = op.getInits().size();
  if (before.getNumArguments() != n || after.getNumArguments() != n ||
      condition.getArgs().size() != n || op.getNumResults() != n)
    return op.emitOpError("convert-tir-to-cpu: an scf.while carrying tiles "
                          "must pass on as many values as it receives");
  SmallVector<Value> carried(n);
  SmallVector<Value> scalarInits;
  SmallVector<Type> scalarTypes;
  for (unsigned i = 0; i < n; ++i) {
    Value init = op.getInits()[i];
    Type t = init.getType();
    bool tile = isTile(t) || isTile(after.getArgument(i).getType());
    if (tile && (before.getArgument(i).getType() != t ||
                 after.getArgument(i).getType() != t ||
                 op.getResult(i).getType() != t))
      return op.emitOpError("convert-tir-to-cpu: an scf.while whose carried "
                            "tile #")
             << i << " changes type";
    if (!tile) {
      scalarInits.push_back(scalar(init));
      scalarTypes.push_back(scalarType(t));
      continue;
    }
    carried[i] = allocBuffer(cast<RankedTensorType>(t));
    materializeInto(init, carried[i]);
  }
  // Values passed on at the end of a region (the condition's, the body's
  // yield) into the carried buffers: through temporaries first, so that
  // values that read other carried tiles see their old contents.
  auto passOn = [&](ValueRange values, Block &from) {
    SmallVector<Value> sources(n);
    for (unsigned i = 0; i < n; ++i) {
      if (!carried[i] || values[i] == from.getArgument(i))
        continue;
      Value buf = buffers.lookup(values[i]);
      if (buf == carried[i])
        continue;
      if (buf && !llvm::is_contained(carried, buf)) {
        sources[i] = buf;
        continue;
      }
      sources[i] = allocBuffer(cast<RankedTensorType>(values[i].getType()));
      materializeInto(values[i], sources[i]);
    }
    for (unsigned i = 0; i < n; ++i)
      if (sources[i])
        memref::CopyOp::create(b, curLoc, sources[i], carried[i]);
    SmallVector<Value> scalarValues;
    for (unsigned i = 0; i < n; ++i)
      if (!carried[i])
        scalarValues.push_back(scalar(values[i]));
    return scalarValues;
  };
  Location l = op.getLoc();
  OperationState state(l, scf::WhileOp::getOperationName());
  state.addOperands(scalarInits);
  state.addTypes(scalarTypes);
  state.addRegion();
  state.addRegion();
  auto loop = cast<scf::WhileOp>(b.create(state));
  SmallVector<Location> locs(scalarTypes.size(), l);
  auto lowerRegion = [&](Block &from, Region &to,
                         bool isBefore) -> LogicalResult {
    Block *block = new Block();
    to.push_back(block);
    block->addArguments(scalarTypes, locs);
    unsigned s = 0;
    for (unsigned i = 0; i < n; ++i) {
      if (carried[i])
        buffers[from.getArgument(i)] = carried[i];
      else
        scalars.map(from.getArgument(i), block->getArgument(s++));
    }
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToEnd(block);
    pushScope();
    if (failed(lowerBlock(from, /*stopAtTerminator=*/true))) {
      popScope();
      return failure();
    }
    Operation *terminator = from.getTerminator();
    curLoc = terminator->getLoc();
    if (isBefore) {
      Value cond = scalar(condition.getCondition());
      SmallVector<Value> values = passOn(condition.getArgs(), from);
      scf::ConditionOp::create(b, curLoc, cond, values);
    } else {
      SmallVector<Value> values = passOn(terminator->getOperands(), from);
      scf::YieldOp::create(b, curLoc, values);
    }
    popScope();
    return success();
  };
  if (failed(lowerRegion(before, loop.getBefore(), /*isBefore=*/true)) ||
      failed(lowerRegion(after, loop.getAfter(), /*isBefore=*/false)))
    return failure();
  unsigned s = 0;
  for (unsigned i = 0; i < n; ++i) {
    if (carried[i])
      buffers[op.getResult(i)] = carried[i];
    else
      scalars.map(op.getResult(i), loop.getResult(s++));
  }
  return success();
}

} // namespace trident::cpu

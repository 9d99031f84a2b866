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
// Each iteration of a loop starts by reading the runtime's SIGINT flag
// (pollInterrupt), so that Ctrl-C stops a kernel that loops forever or for
// long: a volatile load and a branch not taken. The loops the lowering
// makes itself (over a tile's elements) end on their own and read nothing.
//
//===----------------------------------------------------------------------===//
#include "KernelLowering.h"
#include "trident/Dialect/NVGIR/IR/NVGIR.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;

namespace trident::cpu {

static bool isTile(Type t) { return isa<RankedTensorType>(t); }

void KernelLowering::pollInterrupt() {
  constexpr llvm::StringLiteral flagName = "__trident_cpu_interrupt";
  MLIRContext *ctx = b.getContext();
  auto module = dst->getParentOfType<ModuleOp>();
  Type i32 = IntegerType::get(ctx, 32);
  auto flag = module.lookupSymbol<LLVM::GlobalOp>(flagName);
  if (!flag) {
    OpBuilder mb(module.getBodyRegion());
    flag = LLVM::GlobalOp::create(mb, curLoc, i32, /*isConstant=*/false,
                                  LLVM::Linkage::External, flagName,
                                  Attribute());
  }
  Value addr = LLVM::AddressOfOp::create(b, curLoc, flag);
  // Volatile (as a sig_atomic_t is read): loaded at each iteration, yet
  // only a read to LLVM's alias analysis, where an atomic load would count
  // as a write of all memory and keep loads of the loop's body in it.
  Value value = LLVM::LoadOp::create(b, curLoc, i32, addr, /*alignment=*/4,
                                     /*isVolatile=*/true);
  Value zero = arith::ConstantIntOp::create(b, curLoc, 0, 32);
  Value set = arith::CmpIOp::create(b, curLoc, arith::CmpIPredicate::ne,
                                    value, zero);
  auto hook = cast<LLVM::LLVMFuncOp>(declareFunction(
      "__trident_cpu_interrupted",
      LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(ctx), {})));
  auto ifOp = scf::IfOp::create(b, curLoc, set, /*withElseRegion=*/false);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
  LLVM::CallOp::create(b, curLoc, hook, ValueRange{});
}

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
  curLoc = l;
  pollInterrupt();
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
    if (isBefore) {
      curLoc = l;
      pollInterrupt();
    }
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

//===----------------------------------------------------------------------===//
// Warp specialization: a thread per partition
//===----------------------------------------------------------------------===//

namespace trident::cpu {

namespace {

/// The runtime's function `name` of type `type`, declared in `module` once.
func::FuncOp runtimeFunction(ModuleOp module, StringRef name,
                             FunctionType type) {
  if (auto f = module.lookupSymbol<func::FuncOp>(name))
    return f;
  OpBuilder b(module.getBodyRegion());
  b.setInsertionPointToStart(module.getBody());
  auto f = func::FuncOp::create(b, module.getLoc(), name, type);
  f.setPrivate();
  return f;
}

} // namespace

SmallVector<func::FuncOp> outlinePartitions(func::FuncOp kernel) {
  SmallVector<func::FuncOp> outlined;
  SmallVector<tir::WarpSpecializeOp> ops;
  kernel.walk([&](tir::WarpSpecializeOp op) { ops.push_back(op); });
  OpBuilder b(kernel);
  // The threads each region's one CPU thread stands for, for the named
  // barriers in it (counts of GPU threads).
  int32_t defaultWarps = 4;
  if (auto m = kernel->getParentOfType<ModuleOp>())
    if (auto w = m->getAttrOfType<IntegerAttr>("tir.num_warps"))
      defaultWarps = int32_t(w.getInt());
  auto markGroup = [&](Region &region, int32_t warps) {
    region.walk([&](nvgir::NamedBarrierOp nb) {
      nb->setAttr(kGroupThreads, b.getI32IntegerAttr(warps * 32));
    });
  };
  for (tir::WarpSpecializeOp op : ops) {
    markGroup(op.getDefaultRegion(), defaultWarps);
    for (auto [j, region] : llvm::enumerate(op.getPartitionRegions()))
      markGroup(region, op.getPartitionNumWarps()[j]);
  }
  for (tir::WarpSpecializeOp op : ops) {
    SmallVector<Attribute> entries;
    for (Region &region : op.getPartitionRegions()) {
      std::string name = (kernel.getSymName() + "__partition" +
                          Twine(outlined.size()))
                             .str();
      auto fn = func::FuncOp::create(
          b, op.getLoc(), name,
          FunctionType::get(kernel.getContext(),
                            region.front().getArgumentTypes(), {}));
      fn.setPrivate();
      fn.getBody().takeBody(region);
      Operation *yield = fn.getBody().front().getTerminator();
      OpBuilder yb(yield);
      func::ReturnOp::create(yb, yield->getLoc());
      yield->erase();
      entries.push_back(FlatSymbolRefAttr::get(kernel.getContext(),
                                               name + "__entry"));
      outlined.push_back(fn);
    }
    op->setAttr(kPartitionEntries, ArrayAttr::get(kernel.getContext(), entries));
  }
  return outlined;
}

func::FuncOp buildPartitionEntry(func::FuncOp lowered) {
  MLIRContext *ctx = lowered.getContext();
  Location l = lowered.getLoc();
  OpBuilder b(ctx);
  b.setInsertionPointAfter(lowered);
  Type ptr = LLVM::LLVMPointerType::get(ctx);
  auto entry = func::FuncOp::create(
      b, l, (lowered.getSymName() + "__entry").str(),
      FunctionType::get(ctx, {ptr}, {}));
  entry.setPrivate();
  Block *block = entry.addEntryBlock();
  b.setInsertionPointToStart(block);
  SmallVector<Value> args;
  for (auto [i, t] : llvm::enumerate(lowered.getArgumentTypes())) {
    Value slot = LLVM::GEPOp::create(b, l, ptr, b.getI64Type(),
                                     block->getArgument(0),
                                     ArrayRef<LLVM::GEPArg>{int32_t(i)});
    args.push_back(LLVM::LoadOp::create(b, l, t, slot));
  }
  func::CallOp::create(b, l, lowered, args);
  func::ReturnOp::create(b, l);
  return entry;
}

LogicalResult KernelLowering::lowerNamedBarrier(Operation *op) {
  auto nb = cast<nvgir::NamedBarrierOp>(op);
  MLIRContext *ctx = op->getContext();
  ModuleOp module = dst->getParentOfType<ModuleOp>();
  Type i32 = b.getI32Type();
  func::FuncOp hook = runtimeFunction(
      module, "__trident_cpu_named_barrier",
      FunctionType::get(ctx, {i32, i32, i32, i32}, {}));
  // Outside warp specialization the program's one thread is all of them.
  auto group = op->getAttrOfType<IntegerAttr>(kGroupThreads);
  int64_t groupThreads = group ? group.getInt() : nb.getThreads();
  auto c = [&](int64_t v) {
    return arith::ConstantIntOp::create(b, curLoc, v, 32).getResult();
  };
  func::CallOp::create(b, curLoc, hook,
                       ValueRange{c(nb.getId()), c(nb.getThreads()),
                                  c(groupThreads), c(nb.getArrive() ? 1 : 0)});
  return success();
}

LogicalResult KernelLowering::lowerWarpSpecialize(tir::WarpSpecializeOp op) {
  auto entries = op->getAttrOfType<ArrayAttr>(kPartitionEntries);
  if (!entries)
    return op.emitOpError("convert-tir-to-cpu: the partitions were not "
                          "outlined (internal error)");
  MLIRContext *ctx = op.getContext();
  ModuleOp module = dst->getParentOfType<ModuleOp>();
  Type ptr = LLVM::LLVMPointerType::get(ctx);
  Type i64 = b.getI64Type();
  auto entryType = FunctionType::get(ctx, {ptr}, {});
  func::FuncOp start = runtimeFunction(
      module, "__trident_cpu_task_start",
      FunctionType::get(ctx, {entryType, ptr, i64}, {ptr}));
  func::FuncOp join = runtimeFunction(module, "__trident_cpu_task_join",
                                      FunctionType::get(ctx, {ptr}, {}));
  // Each partition's arguments, one 8-byte slot each: the captures, then
  // this program's ids and grid (the runtime copies them).
  SmallVector<Value> values;
  for (Value c : op.getCaptures()) {
    if (isTile(c.getType()))
      return op.emitOpError("convert-tir-to-cpu: a partition captures a "
                            "tile; partitions take scalars and pointers");
    values.push_back(scalar(c));
  }
  for (int i = 0; i < 3; ++i)
    values.push_back(programId[i]);
  for (int i = 0; i < 3; ++i)
    values.push_back(numPrograms[i]);
  Value slots;
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&dst.getBody().front());
    Value n = LLVM::ConstantOp::create(b, curLoc, i64,
                                       b.getI64IntegerAttr(values.size()));
    slots = LLVM::AllocaOp::create(b, curLoc, ptr, i64, n, /*alignment=*/8);
  }
  for (auto [i, v] : llvm::enumerate(values)) {
    Value slot = LLVM::GEPOp::create(b, curLoc, ptr, i64, slots,
                                     ArrayRef<LLVM::GEPArg>{int32_t(i)});
    LLVM::StoreOp::create(b, curLoc, v, slot);
  }
  Value bytes = LLVM::ConstantOp::create(
      b, curLoc, i64, b.getI64IntegerAttr(8 * values.size()));
  SmallVector<Value> handles;
  for (Attribute a : entries) {
    Value fn = func::ConstantOp::create(b, curLoc, entryType,
                                        cast<FlatSymbolRefAttr>(a));
    handles.push_back(func::CallOp::create(b, curLoc, start,
                                           ValueRange{fn, slots, bytes})
                          .getResult(0));
  }
  pushScope();
  LogicalResult r =
      lowerBlock(op.getDefaultRegion().front(), /*stopAtTerminator=*/true);
  popScope();
  if (failed(r))
    return failure();
  curLoc = op.getLoc();
  for (Value h : handles)
    func::CallOp::create(b, curLoc, join, ValueRange{h});
  return success();
}

} // namespace trident::cpu

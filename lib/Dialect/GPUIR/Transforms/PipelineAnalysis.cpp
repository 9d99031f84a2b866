//===- PipelineAnalysis.cpp - gir-pipeline: what to ring ------------------===//
//
// Finds, in a loop's body, the dots with a `#gir.wgmma` accumulator and the
// loads behind their operands, and the address computation those loads
// need to run ahead of the loop (the slices). Generic: the target decides
// through `ringable` which loads its copies can take.
//
// A dot is rewritten when its B operand comes from a ringable load of the
// body. Its A operand is ringed when it does too, else it stays a register
// tile (attention's p, computed in the loop; its q, loaded before it),
// which the dot takes as it is. Loads that feed no rewritten dot may be
// ringed as loads the loop reads in registers (addRegisterLoads), when
// their addresses run ahead as the operands' do; the others stay.
//
//===----------------------------------------------------------------------===//
#include "Pipeline.h"

#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace trident;

namespace trident::gir::pipeline {

/// The load behind `value` (through single-use layout conversions and at
/// most one 2-D transposition) if it sits directly in `body`, has no other
/// user and fills masked-off elements with zeros (descriptor loads always
/// do).
std::optional<Operand> traceLoad(Value value, Block *body) {
  Operand op;
  while (Operation *def = value.getDefiningOp()) {
    auto cvt = dyn_cast<gir::ConvertLayoutOp>(def);
    auto trans = dyn_cast<tir::TransOp>(def);
    bool swap = trans && !op.transposed &&
                trans.getOrder() == ArrayRef<int32_t>{1, 0};
    if (!cvt && !swap)
      break;
    if (!def->hasOneUse())
      return std::nullopt;
    op.chain.push_back(def);
    op.transposed |= swap;
    value = def->getOperand(0);
  }
  if (auto tma = value.getDefiningOp<tir::DescriptorLoadOp>()) {
    // TMA descriptors: those the host encoded (kernel arguments) and those
    // the kernel makes before the loop (tir-lower-descriptors kept them for
    // the back end's tensor maps).
    Value desc = tma.getDesc();
    auto arg = dyn_cast<BlockArgument>(desc);
    bool hostMade =
        arg && isa<FunctionOpInterface>(arg.getOwner()->getParentOp());
    auto make = desc.getDefiningOp<tir::MakeTensorDescOp>();
    bool madeBefore = make && !body->getParentOp()->isAncestor(make);
    if (tma->getBlock() != body || !(hostMade || madeBefore))
      return std::nullopt;
    op.tma = tma;
    return op;
  }
  auto load = value.getDefiningOp<tir::LoadOp>();
  if (!load || load->getBlock() != body)
    return std::nullopt;
  if (Value other = load.getOther())
    if (!matchPattern(other, m_AnyZeroFloat()) && !matchPattern(other, m_Zero()))
      return std::nullopt;
  op.load = load;
  return op;
}

std::optional<Operand> traceInvariantLoad(Value value, scf::ForOp loop) {
  Operand op;
  while (Operation *def = value.getDefiningOp()) {
    auto cvt = dyn_cast<gir::ConvertLayoutOp>(def);
    auto trans = dyn_cast<tir::TransOp>(def);
    bool swap = trans && !op.transposed &&
                trans.getOrder() == ArrayRef<int32_t>{1, 0};
    if (!cvt && !swap)
      break;
    op.transposed |= swap;
    value = def->getOperand(0);
  }
  Operation *def = value.getDefiningOp();
  // Before the loop, in the block that holds it or one around it (a loop
  // that tir-rotate-dot-loops put under an scf.if): the copy goes where
  // the load's operands are all defined.
  Operation *outer = def ? def->getBlock()->findAncestorOpInBlock(*loop)
                         : nullptr;
  if (!outer || !def->isBeforeInBlock(outer))
    return std::nullopt;
  if (auto tma = dyn_cast<tir::DescriptorLoadOp>(def)) {
    Value desc = tma.getDesc();
    auto arg = dyn_cast<BlockArgument>(desc);
    bool hostMade =
        arg && isa<FunctionOpInterface>(arg.getOwner()->getParentOp());
    if (!hostMade && !desc.getDefiningOp<tir::MakeTensorDescOp>())
      return std::nullopt;
    op.tma = tma;
    return op;
  }
  auto load = dyn_cast<tir::LoadOp>(def);
  if (!load)
    return std::nullopt;
  if (Value other = load.getOther())
    if (!matchPattern(other, m_AnyZeroFloat()) && !matchPattern(other, m_Zero()))
      return std::nullopt;
  op.load = load;
  return op;
}

namespace {

/// Adds to `slice` the operations of `body` that `roots` depend on, and to
/// `carried` the iteration arguments they read. Fails on operations with
/// side effects and on operations in nested regions of the body.
LogicalResult backwardSlice(ArrayRef<Value> roots, Block *body,
                            llvm::SetVector<Operation *> &slice,
                            llvm::SetVector<BlockArgument> &carried) {
  SmallVector<Value> work(roots.begin(), roots.end());
  while (!work.empty()) {
    Value v = work.pop_back_val();
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      if (arg.getOwner() == body && arg.getArgNumber() > 0)
        carried.insert(arg);
      continue;
    }
    Operation *def = v.getDefiningOp();
    if (def->getBlock() != body) {
      if (body->getParentOp()->isAncestor(def))
        return failure(); // nested region
      continue;           // defined outside the loop
    }
    if (slice.contains(def))
      continue;
    // Without side effects, but not necessarily speculatable: integer
    // divisions (a persistent kernel's tile index to its coordinates) run
    // for iterations past the end too, where they cannot trap (PTX's
    // division by zero gives an unspecified value) and feed only copies
    // that are predicated off.
    // An operation with regions (a flattened loop's `if (k == last)` that
    // computes the next tile's coordinates) is cloned whole: the values
    // its regions read from the body join the slice.
    if (!isMemoryEffectFree(def))
      return failure();
    slice.insert(def);
    for (Value operand : def->getOperands())
      work.push_back(operand);
    def->walk([&](Operation *nested) {
      for (Value operand : nested->getOperands())
        if (!def->isAncestor(operand.getParentRegion()->getParentOp()))
          work.push_back(operand);
    });
  }
  return success();
}

/// Fills the plan's address and advance slices; fails when the ringed
/// loads' addresses cannot run ahead of the loop.
LogicalResult analyzeSlices(PipelinePlan &plan) {
  Block *body = plan.loop.getBody();
  SmallVector<Value> roots;
  for (const Operand &operand : plan.operands) {
    if (operand.tma) {
      roots.append(operand.tma.getIndices().begin(),
                   operand.tma.getIndices().end());
      continue;
    }
    roots.push_back(operand.load.getPtr());
    if (Value mask = operand.load.getMask())
      roots.push_back(mask);
  }
  if (failed(backwardSlice(roots, body, plan.addressOps, plan.carried)))
    return failure();
  // The carried values must advance from themselves and the induction
  // variable only (pointer tiles stepped by a constant, say).
  auto yield = cast<scf::YieldOp>(body->getTerminator());
  for (unsigned round = 0; round < plan.carried.size(); ++round) {
    BlockArgument arg = plan.carried[round];
    Value next = yield.getOperand(arg.getArgNumber() - 1);
    if (failed(backwardSlice({next}, body, plan.advanceOps, plan.carried)))
      return failure();
  }
  // Clone in program order.
  auto inOrder = [](llvm::SetVector<Operation *> &ops) {
    SmallVector<Operation *> sorted(ops.begin(), ops.end());
    llvm::sort(sorted, [](Operation *x, Operation *y) {
      return x->isBeforeInBlock(y);
    });
    ops.clear();
    ops.insert(sorted.begin(), sorted.end());
  };
  inOrder(plan.addressOps);
  inOrder(plan.advanceOps);
  // Neither slice may read a dot's result or a ringed load.
  llvm::SmallPtrSet<Operation *, 8> forbidden;
  for (const PipelinedDot &d : plan.dots)
    forbidden.insert(d.dot);
  for (const Operand &operand : plan.operands)
    forbidden.insert(operand.op());
  for (Operation *op :
       llvm::concat<Operation *const>(plan.addressOps, plan.advanceOps))
    if (forbidden.contains(op))
      return failure();
  for (BlockArgument arg : plan.carried)
    for (Operation *user : arg.getUsers())
      if (isa<tir::DotOp>(user) && forbidden.contains(user))
        return failure();
  return success();
}

} // namespace

/// The operation that reads `operand`'s load on the way to its dot.
static Operation *loadUser(const Operand &operand, tir::DotOp dot) {
  return operand.chain.empty() ? dot.getOperation() : operand.chain.back();
}

/// The plan's dots and operands, leaving out the loads in `excluded`.
static PipelinePlan
collectDots(scf::ForOp loop,
            llvm::function_ref<bool(const Operand &)> ringable,
            llvm::function_ref<bool(Value)> registerAOk,
            const llvm::SmallPtrSetImpl<Operation *> &excluded) {
  Block *body = loop.getBody();
  PipelinePlan plan;
  plan.loop = loop;
  auto trace = [&](Value v, unsigned index) -> std::optional<Operand> {
    std::optional<Operand> op = traceLoad(v, body);
    if (!op || excluded.contains(op->op()))
      return std::nullopt;
    op->index = index;
    if (!ringable(*op))
      return std::nullopt;
    return op;
  };
  for (auto dot : body->getOps<tir::DotOp>()) {
    if (!isa<gir::WgmmaEncodingAttr>(
            cast<RankedTensorType>(dot.getType()).getEncoding()))
      continue;
    std::optional<Operand> b = trace(dot.getB(), 1);
    if (!b) {
      ++plan.otherWgmmaDots;
      continue;
    }
    std::optional<Operand> a = trace(dot.getA(), 0);
    PipelinedDot pd{dot};
    if (!a) {
      // A loaded before the loop: one copy into shared memory before it.
      pd.invariantA = traceInvariantLoad(dot.getA(), loop);
      if (pd.invariantA && !ringable(*pd.invariantA))
        pd.invariantA.reset();
    }
    if (!a && !pd.invariantA && !registerAOk(dot.getA())) {
      ++plan.otherWgmmaDots;
      continue;
    }
    if (a) {
      pd.a = plan.operands.size();
      plan.operands.push_back(std::move(*a));
    }
    pd.b = plan.operands.size();
    plan.operands.push_back(std::move(*b));
    plan.dots.push_back(pd);
  }
  // A tile feeding several dots is copied once, into its first operand's
  // ring.
  for (auto [i, operand] : llvm::enumerate(plan.operands))
    for (unsigned j = 0; j < i; ++j)
      if (plan.operands[j].op() == operand.op() && plan.operands[j].owner < 0) {
        operand.owner = j;
        break;
      }
  return plan;
}

std::optional<PipelinePlan>
planLoop(scf::ForOp loop, llvm::function_ref<bool(const Operand &)> ringable,
         llvm::function_ref<bool(Value)> registerAOk) {
  // A ringed load must have no user but the rewritten dots (through their
  // chains): a load that something else also reads stays as it is, and so
  // do the dots it feeds; plan again without it.
  llvm::SmallPtrSet<Operation *, 4> excluded;
  while (true) {
    PipelinePlan plan = collectDots(loop, ringable, registerAOk, excluded);
    llvm::DenseMap<Operation *, llvm::SmallPtrSet<Operation *, 2>> readers;
    for (const PipelinedDot &pd : plan.dots)
      for (int i : {pd.a, pd.b})
        if (i >= 0)
          readers[plan.operands[i].op()].insert(
              loadUser(plan.operands[i], pd.dot));
    bool more = false;
    for (auto &[load, users] : readers)
      for (Operation *user : load->getUsers())
        if (!users.contains(user)) {
          more |= excluded.insert(load).second;
          break;
        }
    if (more)
      continue;
    if (plan.dots.empty() || failed(analyzeSlices(plan)))
      return std::nullopt;
    return plan;
  }
}

LogicalResult
addRegisterLoads(PipelinePlan &plan,
                 llvm::function_ref<bool(const Operand &)> ringable,
                 llvm::function_ref<bool(const PipelinePlan &)> fits) {
  Block *body = plan.loop.getBody();
  llvm::SmallPtrSet<Operation *, 8> ringed;
  for (const Operand &operand : plan.operands)
    ringed.insert(operand.op());
  // Recomputes the slices of the plan's rings from scratch.
  auto slices = [&](PipelinePlan &p) {
    p.addressOps.clear();
    p.advanceOps.clear();
    p.carried.clear();
    return analyzeSlices(p);
  };
  bool added = false;
  for (auto load : llvm::make_early_inc_range(body->getOps<tir::LoadOp>())) {
    if (ringed.contains(load) || load.getIsVolatile() ||
        !isa<RankedTensorType>(load.getType()))
      continue;
    Operand operand;
    operand.load = load;
    operand.inRegisters = true;
    if (!ringable(operand))
      continue;
    // Its address must run ahead with the others' (no value of the
    // iteration but the induction variable and carried values that
    // advance by themselves; no dot result, no ringed load).
    PipelinePlan trial = plan;
    trial.operands.push_back(operand);
    if (!fits(trial) || failed(slices(trial)))
      continue;
    plan.operands.push_back(operand);
    added = true;
  }
  if (!added)
    return failure();
  return slices(plan);
}

std::pair<Value, Value> resetAccumulator(Value c) {
  auto select = c.getDefiningOp<arith::SelectOp>();
  if (!select || !select.getCondition().getType().isInteger(1) ||
      !matchPattern(select.getTrueValue(), m_AnyZeroFloat()))
    return {};
  return {select.getCondition(), select.getFalseValue()};
}

} // namespace trident::gir::pipeline

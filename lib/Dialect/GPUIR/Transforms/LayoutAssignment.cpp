//===- LayoutAssignment.cpp - Lay out a function's tiles ------------------===//
//
// The forward walk that gives every tile of a function a distributed layout
// (see LayoutAssignment.h): sources get the default blocked layout of their
// rank, other operations derive theirs from their operands, and explicit
// gir.convert_layout ops reconcile operands that disagree. Anchored ops (the
// choices of gir-coalesce and gir-dot-layouts, or of a plugin's pass in
// their place) take their anchor's layout, and backward hints let the tiles
// that reach them be made in it.
//
//===----------------------------------------------------------------------===//
#include "trident/Dialect/GPUIR/Transforms/LayoutAssignment.h"

#include "trident/Dialect/NVGIR/IR/NVGIR.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <map>

using namespace mlir;
using namespace trident;

namespace {

/// The layouts chosen for loop-carried tiles (iteration arguments of
/// scf.for) where they differ from their inits' (chooseCarriedLayouts).
using CarriedLayouts = llvm::DenseMap<Value, Attribute>;

class LayoutAssigner {
public:
  LayoutAssigner(MLIRContext *ctx, const gir::LayoutTarget &target,
                 const gir::LayoutAnchors &anchors,
                 const CarriedLayouts &carried)
      : ctx(ctx), target(target), numWarps(target.numWarps),
        threadsPerWarp(target.threadsPerWarp), anchors(anchors),
        carried(carried) {}

  LogicalResult assign(func::FuncOp func);
  /// Lays out the tiles of `scope` (a function's body or a partition of
  /// tir.warp_specialize), leaving the partitions in it to assigners of
  /// their own.
  LogicalResult assignScope(Region &scope);

private:
  /// One blocked layout per rank: the default of the function's largest
  /// tile of that rank. A blocked layout fits any shape of its rank, so
  /// tiles that meet in broadcasts and elementwise operations agree.
  Attribute defaultLayout(RankedTensorType type) {
    auto it = dominant.find(type.getRank());
    if (it != dominant.end())
      return it->second;
    return gir::BlockedEncodingAttr::getDefault(ctx, type.getShape(), numWarps,
                                                threadsPerWarp);
  }
  /// The layout `value` should be created in: its hint, else the default.
  Attribute preferredLayout(Value value) {
    auto it = hints.find(value);
    if (it != hints.end())
      return it->second;
    return defaultLayout(cast<RankedTensorType>(value.getType()));
  }
  /// The layout of a dot's accumulator: its anchor, else the default.
  Attribute accumulatorLayout(tir::DotOp dot) {
    auto it = anchors.dots.find(dot);
    if (it != anchors.dots.end())
      return it->second;
    return defaultLayout(cast<RankedTensorType>(dot.getType()));
  }
  /// The layout of a scan's operands (each thread holds one contiguous
  /// run along the axis).
  Attribute scanLayout(RankedTensorType type, unsigned axis) {
    return gir::scanLayout(cast<gir::BlockedEncodingAttr>(defaultLayout(type)),
                           type, axis);
  }
  /// The pointer layout chosen for memory access `op`, or null.
  Attribute accessLayout(Operation *op) {
    auto it = anchors.accesses.find(op);
    return it == anchors.accesses.end() ? Attribute() : it->second;
  }
  void chooseDominantLayouts(Region &scope);
  void collectHints(Region &scope);
  /// The hint of the first of `op`'s results that has one, or null.
  Attribute resultHint(Operation *op) const;
  static RankedTensorType withLayout(RankedTensorType type, Attribute layout) {
    return RankedTensorType::get(type.getShape(), type.getElementType(),
                                 layout);
  }
  /// `value` in `layout`, through a conversion inserted before `user`.
  Value convert(Value value, Attribute layout, Operation *user);
  /// `value` recomputed in `layout` before `user` by cloning the cheap,
  /// side-effect-free operations that make it (ranges, splats, constants,
  /// broadcasts, expand_dims, elementwise arithmetic, addptr) from scalars,
  /// at most `budget` of them; null if it is not made that way.
  Value rematerialize(Value value, Attribute layout, Operation *user,
                      int &budget);
  /// Converts tiled operand #i of `op` to `layout` in place.
  void convertOperand(Operation *op, unsigned i, Attribute layout) {
    op->setOperand(i, convert(op->getOperand(i), layout, op));
  }
  /// The layouts `op` requires of its operands and results (null
  /// entries: free), for the warps that run it.
  void requiredLayouts(gir::LayoutConstrainedOpInterface op,
                       SmallVectorImpl<Attribute> &operands,
                       SmallVectorImpl<Attribute> &results) const {
    operands.assign(op->getNumOperands(), Attribute());
    results.assign(op->getNumResults(), Attribute());
    gir::LayoutTarget t = target.forOp(op);
    op.getRequiredLayouts(t.numWarps, t.threadsPerWarp, t.computeCapability,
                          operands, results);
    operands.resize(op->getNumOperands());
    results.resize(op->getNumResults());
  }
  void setResultLayout(Value result, Attribute layout) {
    if (auto type = dyn_cast<RankedTensorType>(result.getType()))
      result.setType(withLayout(type, layout));
  }
  void giveDefault(Value value) {
    if (auto type = dyn_cast<RankedTensorType>(value.getType()))
      if (!type.getEncoding())
        value.setType(withLayout(type, preferredLayout(value)));
  }

  LogicalResult visitBlock(Block &block);
  LogicalResult visit(Operation *op);
  LogicalResult visitFor(scf::ForOp op);
  LogicalResult visitIf(scf::IfOp op);
  LogicalResult visitWhile(scf::WhileOp op);
  LogicalResult visitWarpSpecialize(tir::WarpSpecializeOp op);
  void visitConstant(arith::ConstantOp op);
  void visitExpandDims(tir::ExpandDimsOp op);
  void visitElementwise(Operation *op, Attribute layout);

  MLIRContext *ctx;
  gir::LayoutTarget target;
  unsigned numWarps;
  unsigned threadsPerWarp;
  const gir::LayoutAnchors &anchors;
  const CarriedLayouts &carried;
  llvm::DenseMap<int64_t, Attribute> dominant;
  llvm::DenseMap<Value, Attribute> hints;
  /// The hinted values whose hint is only a memory access's wish for the
  /// tile it stores (directly or through elementwise ops): an anchored
  /// load's own layout wins over it, and the value is converted between.
  llvm::DenseSet<Value> storeHinted;
  /// Hints `to` with `from`'s hint (if it has none yet), inheriting the
  /// mark of a store's wish.
  void hintLike(Value to, Value from, Attribute hint) {
    if (hints.try_emplace(to, hint).second && storeHinted.count(from))
      storeHinted.insert(to);
  }
  /// Conversions of tiles made outside the loops that use them, made once
  /// where the tile is made (convert).
  std::map<std::pair<const void *, const void *>, Value> hoisted;
  /// Loads made again in another layout (rematerialize), erased at the end
  /// when nothing uses them any more.
  llvm::SetVector<Operation *> reloaded;
};

/// Calls `fn` on every op of `scope` but those in the partitions of the
/// tir.warp_specialize ops in it (their warps lay out their own tiles).
static void walkGroup(Region &scope, llvm::function_ref<void(Operation *)> fn) {
  scope.walk<WalkOrder::PreOrder>([&](Operation *op) {
    fn(op);
    if (auto ws = dyn_cast<tir::WarpSpecializeOp>(op)) {
      walkGroup(ws.getDefaultRegion(), fn);
      return WalkResult::skip();
    }
    return WalkResult::advance();
  });
}

void LayoutAssigner::chooseDominantLayouts(Region &scope) {
  dominant.clear();
  llvm::DenseMap<int64_t, RankedTensorType> largest;
  walkGroup(scope, [&](Operation *op) {
    for (Type t : op->getResultTypes())
      if (auto tile = dyn_cast<RankedTensorType>(t)) {
        RankedTensorType &best = largest[tile.getRank()];
        if (!best || tile.getNumElements() > best.getNumElements())
          best = tile;
      }
  });
  for (auto &[rank, tile] : largest)
    dominant[rank] = gir::BlockedEncodingAttr::getDefault(
        ctx, tile.getShape(), numWarps, threadsPerWarp);
}

/// Whether `op` makes a tile of narrower elements from one of wider ones
/// (arith.truncf, trunci, fptosi to fewer bits, ...): a layout conversion
/// its result needs is cheaper after it than on its operand.
static bool narrows(Operation *op) {
  if (op->getNumOperands() != 1 || op->getNumResults() != 1)
    return false;
  auto in = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
  auto out = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!in || !out || !in.getElementType().isIntOrFloat() ||
      !out.getElementType().isIntOrFloat())
    return false;
  return out.getElementType().getIntOrFloatBitWidth() <
         in.getElementType().getIntOrFloatBitWidth();
}

/// Whether `value` is computed, through at most `depth` elementwise ops of
/// its shape, from a tile reduction's result.
static bool fromReduction(Value value, int depth) {
  Operation *def = value.getDefiningOp();
  if (!def || depth <= 0)
    return false;
  if (isa<tir::ReduceOp>(def))
    return true;
  StringRef ns = def->getDialect() ? def->getDialect()->getNamespace() : "";
  if (ns != "arith" && ns != "math")
    return false;
  auto type = dyn_cast<RankedTensorType>(value.getType());
  for (Value operand : def->getOperands()) {
    auto operandType = dyn_cast<RankedTensorType>(operand.getType());
    if (type && operandType && operandType.getShape() == type.getShape() &&
        fromReduction(operand, depth - 1))
      return true;
  }
  return false;
}

/// Backward hints so that tiles are created where they will be used: the
/// operand of `tir.expand_dims` in the slice of the expanded tile's layout,
/// and the operands of elementwise operations in the hint of their result.
void LayoutAssigner::collectHints(Region &scope) {
  hints.clear();
  storeHinted.clear();
  // Loop-carried tiles given a layout of their own come first: their inits
  // are wanted in it, and the loops' results are made in it.
  for (auto [arg, layout] : carried)
    hints.try_emplace(arg, layout);
  SmallVector<Operation *> ops;
  walkGroup(scope, [&](Operation *op) { ops.push_back(op); });
  // Twice: a loop is visited before its body in reverse order, so hints
  // that reach a loop's iteration arguments flow to its inits on the second
  // round.
  for (int round = 0; round < 2; ++round)
  for (Operation *op : llvm::reverse(ops)) {
    if (auto dot = dyn_cast<tir::DotOp>(op)) {
      hints.try_emplace(dot.getC(), accumulatorLayout(dot));
      hints.try_emplace(dot.getResult(), accumulatorLayout(dot));
      continue;
    }
    if (auto wait = dyn_cast<nvgir::WarpgroupWaitOp>(op)) {
      // A value waited for is wanted where its result is.
      for (auto [value, result] :
           llvm::zip(wait.getValues(), wait.getResults())) {
        auto it = hints.find(result);
        if (it == hints.end())
          continue;
        Attribute hint = it->second;
        hints.try_emplace(value, hint);
      }
      continue;
    }
    if (auto constrained = dyn_cast<gir::LayoutConstrainedOpInterface>(op)) {
      SmallVector<Attribute> operands, results;
      requiredLayouts(constrained, operands, results);
      for (auto [value, layout] : llvm::zip(op->getOperands(), operands))
        if (layout && isa<RankedTensorType>(value.getType()))
          hints.try_emplace(value, layout);
      for (auto [value, layout] : llvm::zip(op->getResults(), results))
        if (layout && isa<RankedTensorType>(value.getType()))
          hints.try_emplace(value, layout);
      continue;
    }
    if (auto scan = dyn_cast<tir::ScanOp>(op)) {
      for (auto [src, result] : llvm::zip(scan.getSrcs(), scan.getResults())) {
        Attribute layout = scanLayout(cast<RankedTensorType>(src.getType()),
                                      scan.getAxis());
        hints.try_emplace(src, layout);
        hints.try_emplace(result, layout);
      }
      continue;
    }
    // Memory accesses: every tiled operand (the pointers, masks, the
    // values loaded where masked off, the values stored) in a coalesced
    // layout, unless the loaded value already has a hint of its own (a
    // scan or dot wants it in its layout). A store's wish for the value it
    // stores does not count against a load's own choice: a tile loaded
    // along one dimension and stored along another (a transpose) is loaded
    // and stored coalesced, and converted between (through shared memory),
    // rather than loaded element by element.
    if (gir::isMemoryAccess(op)) {
      auto load = dyn_cast<tir::LoadOp>(op);
      bool resultHinted = load && hints.count(load.getResult()) &&
                          !(accessLayout(op) &&
                            storeHinted.count(load.getResult()));
      if (!resultHinted)
        if (Attribute layout = accessLayout(op))
          for (Value operand : op->getOperands())
            if (isa<RankedTensorType>(operand.getType()) &&
                hints.try_emplace(operand, layout).second && !load)
              storeHinted.insert(operand);
      if (!load)
        continue;
    }
    // A broadcast keeps its operand's layout: the operand is wanted in the
    // result's.
    if (auto broadcast = dyn_cast<tir::BroadcastOp>(op)) {
      auto it = hints.find(broadcast.getResult());
      if (it != hints.end()) {
        // A copy: try_emplace may grow the map, which moves what `it`
        // points at.
        // (Not a store's wish any more: the broadcast tile would be the
        // one converted, larger than the load; the load follows.)
        Attribute hint = it->second;
        hints.try_emplace(broadcast.getSrc(), hint);
      }
      continue;
    }
    if (auto forOp = dyn_cast<scf::ForOp>(op)) {
      for (auto [init, arg, result] :
           llvm::zip(forOp.getInitArgs(), forOp.getRegionIterArgs(),
                     forOp.getResults())) {
        auto it = hints.find(arg);
        if (it == hints.end())
          continue;
        Attribute hint = it->second;
        hintLike(init, arg, hint);
        hintLike(result, arg, hint);
      }
      continue;
    }
    if (auto expand = dyn_cast<tir::ExpandDimsOp>(op)) {
      // The slice of the layout the expanded tile is wanted in; without
      // one, of the default layout, unless the operand is a statistic of
      // a reduction (attention's m_ij): that is made where the reduction
      // leaves it and the expanded tile follows, rather than the statistic
      // being pulled into a slice of the default layout and converted
      // there and back every iteration of its loop.
      auto it = hints.find(expand.getResult());
      auto parent =
          it != hints.end()
              ? dyn_cast<gir::DistributedEncodingAttr>(it->second)
          : fromReduction(expand.getSrc(), 8)
              ? gir::DistributedEncodingAttr()
              : dyn_cast<gir::DistributedEncodingAttr>(
                    preferredLayout(expand.getResult()));
      if (parent && parent.getRank() >= 2)
        hints.try_emplace(expand.getSrc(),
                          gir::SliceEncodingAttr::get(ctx, expand.getAxis(),
                                                      parent));
      continue;
    }
    StringRef ns = op->getDialect() ? op->getDialect()->getNamespace() : "";
    bool elementwise = (ns == "arith" || ns == "math") ||
                       isa<tir::SplatOp, tir::AddPtrOp, tir::LoadOp>(op);
    if (!elementwise || op->getNumResults() == 0)
      continue;
    // A hint of any result: an op with several (arith.mului_extended's two
    // halves, in tl.umulhi and Philox's rounds) makes them in one layout.
    Attribute hint = resultHint(op);
    if (!hint)
      continue;
    Value hinted; // (the result the hint is of)
    for (Value result : op->getResults())
      if (hints.count(result)) {
        hinted = result;
        break;
      }
    for (Value result : op->getResults())
      hintLike(result, hinted, hint);
    if (narrows(op))
      continue; // converted after it, on fewer bytes
    for (Value operand : op->getOperands())
      if (auto type = dyn_cast<RankedTensorType>(operand.getType()))
        if (type.getShape() ==
            cast<RankedTensorType>(op->getResult(0).getType()).getShape())
          hintLike(operand, hinted, hint);
  }
}

/// Whether `op` (and what it holds) may write memory.
static bool mayWrite(Operation *op) {
  auto result = op->walk([](Operation *inner) {
    if (auto effects = dyn_cast<MemoryEffectOpInterface>(inner))
      return effects.hasEffect<MemoryEffects::Write>() ? WalkResult::interrupt()
                                                       : WalkResult::advance();
    // Ops whose effects are those of their bodies are walked into.
    return inner->hasTrait<OpTrait::HasRecursiveMemoryEffects>()
               ? WalkResult::advance()
               : WalkResult::interrupt();
  });
  return result.wasInterrupted();
}

static bool madeOutsideLoop(Value value, Operation *user);

/// Whether no operation from `from` (excluded) up to `to` (excluded), in
/// one block, may write memory (a loop that only reads does not).
static bool noWritesBetween(Operation *from, Operation *to) {
  for (Operation *op = from->getNextNode(); op && op != to;
       op = op->getNextNode())
    if (mayWrite(op))
      return false;
  return true;
}

Value LayoutAssigner::rematerialize(Value value, Attribute layout,
                                    Operation *user, int &budget) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type)
    return value; // scalars are used as they are
  if (type.getEncoding() == layout)
    return value;
  Operation *def = value.getDefiningOp();
  // A row or column of statistics (a slice layout) is loaded again in the
  // layout, from pointers recomputed in it, for each use that wants it so
  // (attention backward's m and D, broadcast against a dot's result; D
  // read by both dQ loops, each in its own dot's layout), when nothing
  // writes memory between the load and the use: the old load is left
  // unused. Else it would be made in the operands' layout, which for a
  // slice of the default 2-D layout holds the whole row in every thread.
  auto load = def ? dyn_cast<tir::LoadOp>(def) : tir::LoadOp();
  bool reload = load && isa<gir::SliceEncodingAttr>(layout) &&
                def->getBlock() == user->getBlock() &&
                noWritesBetween(def, user);
  if (!def || def->getNumResults() != 1 || def->getNumRegions() != 0 ||
      (!isMemoryEffectFree(def) && !reload) || --budget < 0)
    return {};
  // The layout each tiled operand must be recomputed in.
  SmallVector<Attribute> operandLayouts;
  if (reload) {
    operandLayouts.assign(def->getNumOperands(), layout);
  } else if (isa<tir::MakeRangeOp, tir::SplatOp, arith::ConstantOp>(def)) {
    if (auto constant = dyn_cast<arith::ConstantOp>(def))
      if (!isa<DenseElementsAttr>(constant.getValue()))
        return {};
  } else if (isa<tir::BroadcastOp>(def)) {
    operandLayouts.push_back(layout);
  } else if (auto expand = dyn_cast<tir::ExpandDimsOp>(def)) {
    auto parent = dyn_cast<gir::DistributedEncodingAttr>(layout);
    if (!parent || parent.getRank() < 2)
      return {};
    operandLayouts.push_back(
        gir::SliceEncodingAttr::get(ctx, expand.getAxis(), parent));
  } else if (def->hasTrait<OpTrait::Elementwise>() ||
             isa<tir::AddPtrOp>(def)) {
    for (Value operand : def->getOperands()) {
      auto operandType = dyn_cast<RankedTensorType>(operand.getType());
      if (operandType && operandType.getShape() != type.getShape())
        return {};
      operandLayouts.push_back(layout);
    }
  } else {
    return {};
  }
  IRMapping mapping;
  for (auto [operand, operandLayout] :
       llvm::zip(def->getOperands(), operandLayouts)) {
    // An operand made before the loop that holds `user` is laid out once,
    // where it is made (convert hoists it, a load there may be read
    // again), not remade or converted every iteration.
    Value remat = madeOutsideLoop(operand, user)
                      ? convert(operand, operandLayout, user)
                      : rematerialize(operand, operandLayout, user, budget);
    // A broadcast or expand_dims whose operand cannot be recomputed takes
    // it converted: the conversion moves the smaller tile (a row of
    // statistics, not the tile it is broadcast over).
    if (!remat && isa<tir::BroadcastOp, tir::ExpandDimsOp>(def) &&
        isa<RankedTensorType>(operand.getType()) &&
        cast<RankedTensorType>(operand.getType()).getEncoding()) {
      OpBuilder b(user);
      remat = gir::ConvertLayoutOp::create(
          b, user->getLoc(),
          withLayout(cast<RankedTensorType>(operand.getType()), operandLayout),
          operand);
    }
    if (!remat)
      return {};
    mapping.map(operand, remat);
  }
  OpBuilder b(user);
  Operation *clone = b.clone(*def, mapping);
  if (reload)
    reloaded.insert(def);
  auto newType = withLayout(type, layout);
  if (auto constant = dyn_cast<arith::ConstantOp>(clone))
    constant.setValueAttr(
        cast<DenseElementsAttr>(constant.getValue()).reshape(newType));
  clone->getResult(0).setType(newType);
  return clone->getResult(0);
}

/// Whether a loop lies between `user` and the block that defines `value`
/// (a tile made before the loop that uses it).
static bool madeOutsideLoop(Value value, Operation *user) {
  Block *home = value.getParentBlock();
  for (Operation *op = user; op; op = op->getParentOp()) {
    if (op->getBlock() == home)
      return false;
    Operation *parent = op->getParentOp();
    if (parent && isa<LoopLikeOpInterface>(parent))
      return true;
  }
  return false;
}

Value LayoutAssigner::convert(Value value, Attribute layout, Operation *user) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type || type.getEncoding() == layout)
    return value;
  // A tile made before a loop that uses it (attention backward's row
  // statistics) is converted once, where it is made, not every iteration.
  if (madeOutsideLoop(value, user)) {
    std::pair<const void *, const void *> key{value.getAsOpaquePointer(),
                                  layout.getAsOpaquePointer()};
    if (auto it = hoisted.find(key); it != hoisted.end())
      return it->second;
    Operation *at = value.getDefiningOp()
                        ? value.getDefiningOp()->getNextNode()
                        : &value.getParentBlock()->front();
    Value converted = convert(value, layout, at);
    hoisted[key] = converted;
    return converted;
  }
  // Recomputing index arithmetic in place is cheaper than moving it
  // between threads through shared memory.
  int budget = 16;
  if (Value remat = rematerialize(value, layout, user, budget))
    return remat;
  OpBuilder b(user);
  return gir::ConvertLayoutOp::create(b, user->getLoc(),
                                      withLayout(type, layout), value);
}

/// The layout of the first tiled operand that has one, or null; a dot
/// accumulator's layout (wgmma, mma) first: the other operands (masks made
/// from ranges, a row statistic broadcast) are cheaper to make or convert
/// than a dot's result is to move (`tl.where(mask, p, 0)` on attention
/// backward's P).
/// Whether `v` is a dense constant, which every layout holds as cheaply:
/// an op that also reads a computed tile should take that tile's layout
/// and remake the constant in it, not the reverse. (Splats of pointers are
/// left out: the address tiles that start from them choose the layouts of
/// stores, e.g. the stmatrix epilogue of a dot.)
static bool isFreeSource(Value v) {
  auto constant = v.getDefiningOp<arith::ConstantOp>();
  return constant && isa<DenseElementsAttr>(constant.getValue());
}

static Attribute firstOperandLayout(Operation *op) {
  Attribute first, firstFree;
  for (Value operand : op->getOperands())
    if (auto type = dyn_cast<RankedTensorType>(operand.getType()))
      if (Attribute enc = type.getEncoding()) {
        if (isa<gir::WgmmaEncodingAttr, gir::MmaV2EncodingAttr>(enc))
          return enc;
        Attribute &slot = isFreeSource(operand) ? firstFree : first;
        if (!slot)
          slot = enc;
      }
  // (`1.0 / x`: the layout of x, the constant remade in it.)
  return first ? first : firstFree;
}

Attribute LayoutAssigner::resultHint(Operation *op) const {
  for (Value result : op->getResults())
    if (auto it = hints.find(result); it != hints.end())
      return it->second;
  return {};
}

void LayoutAssigner::visitElementwise(Operation *op, Attribute layout) {
  for (unsigned i = 0; i < op->getNumOperands(); ++i)
    if (isa<RankedTensorType>(op->getOperand(i).getType()))
      convertOperand(op, i, layout);
  for (Value result : op->getResults())
    setResultLayout(result, layout);
}

void LayoutAssigner::visitConstant(arith::ConstantOp op) {
  auto type = dyn_cast<RankedTensorType>(op.getType());
  auto dense = dyn_cast<DenseElementsAttr>(op.getValue());
  if (!type || !dense)
    return;
  RankedTensorType newType = withLayout(type, preferredLayout(op.getResult()));
  op.setValueAttr(dense.reshape(newType));
  op.getResult().setType(newType);
}

void LayoutAssigner::visitExpandDims(tir::ExpandDimsOp op) {
  auto srcType = cast<RankedTensorType>(op.getSrc().getType());
  auto slice = dyn_cast<gir::SliceEncodingAttr>(srcType.getEncoding());
  if (slice && slice.getDim() == static_cast<unsigned>(op.getAxis())) {
    setResultLayout(op.getResult(), slice.getParent());
    return;
  }
  // Any other operand layout: convert the operand into the slice of the
  // result's preferred layout (its hint, else the default).
  auto resultType = cast<RankedTensorType>(op.getType());
  auto parent =
      dyn_cast<gir::DistributedEncodingAttr>(preferredLayout(op.getResult()));
  if (!parent || parent.getRank() != resultType.getRank())
    parent = cast<gir::DistributedEncodingAttr>(defaultLayout(resultType));
  convertOperand(op, 0, gir::SliceEncodingAttr::get(ctx, op.getAxis(), parent));
  setResultLayout(op.getResult(), parent);
}

LogicalResult LayoutAssigner::visitFor(scf::ForOp op) {
  // Loop-carried tiles keep the layout they enter with, unless
  // chooseCarriedLayouts gave them another: then the init is converted
  // once, before the loop.
  for (auto [i, arg, result] : llvm::enumerate(
           op.getRegionIterArgs(), op.getResults())) {
    OpOperand &init = op.getInitArgsMutable()[i];
    auto it = carried.find(arg);
    if (it != carried.end() && isa<RankedTensorType>(init.get().getType()))
      init.set(convert(init.get(), it->second, op));
    arg.setType(init.get().getType());
    result.setType(init.get().getType());
  }
  if (failed(visitBlock(*op.getBody())))
    return failure();
  auto yield = cast<scf::YieldOp>(op.getBody()->getTerminator());
  for (auto [i, arg] : llvm::enumerate(op.getRegionIterArgs()))
    if (auto type = dyn_cast<RankedTensorType>(arg.getType()))
      convertOperand(yield, i, type.getEncoding());
  return success();
}

LogicalResult LayoutAssigner::visitIf(scf::IfOp op) {
  for (Region *region : {&op.getThenRegion(), &op.getElseRegion()})
    for (Block &block : *region)
      if (failed(visitBlock(block)))
        return failure();
  if (op.getNumResults() == 0)
    return success();
  // The results take the then-branch's layouts; the else branch converts.
  auto thenYield = op.thenYield();
  for (auto [i, result] : llvm::enumerate(op.getResults())) {
    result.setType(thenYield.getOperand(i).getType());
    if (auto type = dyn_cast<RankedTensorType>(result.getType()))
      if (!op.getElseRegion().empty())
        convertOperand(op.elseYield(), i, type.getEncoding());
  }
  return success();
}

LogicalResult LayoutAssigner::visitWhile(scf::WhileOp op) {
  for (auto [init, arg] : llvm::zip(op.getInits(), op.getBeforeArguments()))
    arg.setType(init.getType());
  if (failed(visitBlock(op.getBefore().front())))
    return failure();
  scf::ConditionOp cond = op.getConditionOp();
  for (auto [i, pair] :
       llvm::enumerate(llvm::zip(cond.getArgs(), op.getAfterArguments()))) {
    auto [value, arg] = pair;
    arg.setType(value.getType());
    op.getResult(i).setType(value.getType());
  }
  if (failed(visitBlock(op.getAfter().front())))
    return failure();
  auto yield = cast<scf::YieldOp>(op.getAfter().front().getTerminator());
  for (auto [i, arg] : llvm::enumerate(op.getBeforeArguments()))
    if (auto type = dyn_cast<RankedTensorType>(arg.getType()))
      convertOperand(yield, i, type.getEncoding());
  return success();
}

LogicalResult LayoutAssigner::visitWarpSpecialize(tir::WarpSpecializeOp op) {
  // The default region runs on the program's warps, like the code around
  // it; each partition lays out its tiles over its own warps.
  if (failed(visitBlock(op.getDefaultRegion().front())))
    return failure();
  for (Region &partition : op.getPartitionRegions()) {
    LayoutAssigner inner(ctx, target.forOp(&partition.front().front()),
                         anchors, carried);
    if (failed(inner.assignScope(partition)))
      return failure();
  }
  return success();
}

LogicalResult LayoutAssigner::visit(Operation *op) {
  if (auto forOp = dyn_cast<scf::ForOp>(op))
    return visitFor(forOp);
  if (auto ws = dyn_cast<tir::WarpSpecializeOp>(op))
    return visitWarpSpecialize(ws);
  if (auto ifOp = dyn_cast<scf::IfOp>(op))
    return visitIf(ifOp);
  if (auto whileOp = dyn_cast<scf::WhileOp>(op))
    return visitWhile(whileOp);
  if (isa<scf::YieldOp, scf::ConditionOp, tir::ReduceReturnOp,
          tir::ScanReturnOp, tir::MapElementwiseReturnOp, tir::WarpYieldOp,
          func::ReturnOp>(op))
    return success(); // handled by their parents
  if (isa<gir::ConvertLayoutOp>(op))
    return success(); // already says what it wants
  if (isa<tir::BarrierOp>(op)) {
    // A barrier among a program's threads is the CTA barrier.
    OpBuilder b(op);
    gir::BarrierOp::create(b, op->getLoc());
    op->erase();
    return success();
  }
  if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
    visitConstant(constant);
    return success();
  }
  if (auto expand = dyn_cast<tir::ExpandDimsOp>(op)) {
    visitExpandDims(expand);
    return success();
  }
  if (auto reduce = dyn_cast<tir::ReduceOp>(op)) {
    // The operands reduced together (argmax's values and indices) are
    // reduced in one layout: the first's.
    Attribute layout =
        cast<RankedTensorType>(reduce.getSrcs()[0].getType()).getEncoding();
    for (unsigned i = 1; i < reduce.getSrcs().size(); ++i)
      convertOperand(op, i, layout);
    for (Value result : reduce.getResults())
      if (isa<RankedTensorType>(result.getType()))
        setResultLayout(result,
                        tir::inferShapeOpEncoding(layout, reduce.getAxis(),
                                                  /*expand=*/false));
    return success(); // the combine region holds scalars only
  }
  if (auto scan = dyn_cast<tir::ScanOp>(op)) {
    for (auto [i, result] : llvm::enumerate(scan.getResults())) {
      Attribute layout = scanLayout(
          cast<RankedTensorType>(scan.getSrcs()[i].getType()), scan.getAxis());
      convertOperand(op, i, layout);
      setResultLayout(result, layout);
    }
    return success();
  }
  if (isa<tir::BroadcastOp>(op)) {
    setResultLayout(op->getResult(0), firstOperandLayout(op));
    return success();
  }
  if (auto load = dyn_cast<tir::LoadOp>(op)) {
    if (auto layout = firstOperandLayout(op)) // the pointer's
      visitElementwise(op, cast<RankedTensorType>(load.getPtr().getType())
                               .getEncoding());
    return success();
  }
  if (isa<tir::StoreOp, tir::AtomicRMWOp, tir::AtomicCASOp,
          nvgir::AsyncCopyOp>(op)) {
    if (auto ptrType = dyn_cast<RankedTensorType>(op->getOperand(0).getType()))
      visitElementwise(op, ptrType.getEncoding());
    return success();
  }
  if (auto dot = dyn_cast<tir::DotOp>(op)) {
    // The operands stay in the layout they come in (the dot lowerings
    // stage them through shared memory from any distributed layout), so
    // that coalesced loads feed the dot without a conversion.
    for (unsigned i = 0; i < 2; ++i)
      if (!gir::getDistributedEncoding(op->getOperand(i).getType()))
        convertOperand(op, i, defaultLayout(cast<RankedTensorType>(
                                  op->getOperand(i).getType())));
    Attribute acc = accumulatorLayout(dot);
    convertOperand(op, 2, acc);
    setResultLayout(dot.getResult(), acc);
    return success();
  }
  if (isa<tir::TransOp, tir::ReshapeOp, tir::JoinOp, tir::SplitOp,
          tir::DescriptorLoadOp, tir::MakeRangeOp, tir::SplatOp>(op)) {
    // Shape changes and sources: the default layout of the result's shape;
    // the lowering moves the elements.
    for (Value result : op->getResults())
      giveDefault(result);
    return success();
  }
  if (auto slice = dyn_cast<gir::ExtractSliceOp>(op)) {
    // The block keeps the threads' registers of the tile: the operand's
    // layout restricted, when it has one (else the operand is converted
    // into the accumulator layout the op was made for).
    auto src = cast<RankedTensorType>(slice.getSrc().getType());
    auto shape = cast<RankedTensorType>(slice.getType()).getShape();
    Attribute layout = gir::extractSliceLayout(src.getEncoding(), shape);
    if (!layout) {
      unsigned warps[] = {numWarps, 1};
      Attribute whole = gir::WgmmaEncodingAttr::get(
          ctx, warps, unsigned(std::min<int64_t>(src.getDimSize(1), 256)));
      convertOperand(op, 0, whole);
      layout = gir::extractSliceLayout(whole, shape);
    }
    setResultLayout(slice.getResult(), layout);
    return success();
  }
  if (auto wait = dyn_cast<nvgir::WarpgroupWaitOp>(op)) {
    // Each result is its operand, handed back once the MMAs writing it
    // are done.
    for (auto [value, result] : llvm::zip(wait.getValues(), wait.getResults()))
      setResultLayout(result,
                      cast<RankedTensorType>(value.getType()).getEncoding());
    return success();
  }
  if (auto constrained = dyn_cast<gir::LayoutConstrainedOpInterface>(op)) {
    // A plugin op that says what it needs; its other tiles are free: an
    // operand keeps its layout, a result takes the first free tiled
    // operand's, else its hint or the default.
    SmallVector<Attribute> operands, results;
    requiredLayouts(constrained, operands, results);
    Attribute free;
    for (auto [i, layout] : llvm::enumerate(operands)) {
      if (!isa<RankedTensorType>(op->getOperand(i).getType()))
        continue;
      if (layout)
        convertOperand(op, i, layout);
      else if (!free)
        free = cast<RankedTensorType>(op->getOperand(i).getType())
                   .getEncoding();
    }
    for (auto [result, layout] : llvm::zip(op->getResults(), results)) {
      if (layout)
        setResultLayout(result, layout);
      else if (free)
        setResultLayout(result, free);
      else
        giveDefault(result);
    }
    return success();
  }
  if (op->getNumRegions() != 0 && !isa<tir::MapElementwiseOp>(op))
    return op->emitOpError("has regions that convert-tir-to-gir cannot assign "
                           "layouts in");
  // Elementwise (tir.map_elementwise too: its region holds scalars only)
  // and everything else: the result's hint if it has one (the
  // operands are converted, which keeps conversions on the smaller tiles
  // that feed broadcasts), else the first tiled operand's layout, or the
  // default for tiles made from scalars.
  if (Attribute layout = firstOperandLayout(op)) {
    if (Attribute hint = resultHint(op); hint && !narrows(op))
      layout = hint;
    visitElementwise(op, layout);
    return success();
  }
  for (Value result : op->getResults())
    giveDefault(result);
  return success();
}

LogicalResult LayoutAssigner::assignScope(Region &scope) {
  chooseDominantLayouts(scope);
  collectHints(scope);
  return visitBlock(scope.front());
}

LogicalResult LayoutAssigner::visitBlock(Block &block) {
  for (BlockArgument arg : block.getArguments())
    giveDefault(arg);
  for (Operation &op : llvm::make_early_inc_range(block))
    if (failed(visit(&op)))
      return failure();
  return success();
}

LogicalResult LayoutAssigner::assign(func::FuncOp func) {
  if (func.isExternal())
    return success();
  // A rank-0 tile has no layout: it is the scalar it holds, which is what
  // tir-rank0-to-scalars makes of it.
  auto rank0 = [](Type t) {
    auto tile = dyn_cast<RankedTensorType>(t);
    return tile && tile.getRank() == 0;
  };
  auto refuseRank0 = [](InFlightDiagnostic diag, Type t) {
    diag << "has a rank-0 tile (" << t
         << "), which GPU code generation takes as a scalar: "
            "tir-rank0-to-scalars (stage 'tir') turns it into one";
  };
  WalkResult scalars = func.walk([&](Operation *op) {
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          if (rank0(arg.getType())) {
            refuseRank0(op->emitOpError() << "region argument #"
                                          << arg.getArgNumber() << " ",
                        arg.getType());
            return WalkResult::interrupt();
          }
    for (Type t : op->getResultTypes())
      if (rank0(t)) {
        refuseRank0(op->emitOpError(), t);
        return WalkResult::interrupt();
      }
    return WalkResult::advance();
  });
  if (scalars.wasInterrupted())
    return failure();
  // Layouts spread power-of-two tiles over power-of-two thread counts.
  WalkResult shapes = func.walk([&](Operation *op) {
    for (Type t : op->getResultTypes())
      if (auto tile = dyn_cast<RankedTensorType>(t))
        for (int64_t d : tile.getShape())
          if (d <= 0 || (d & (d - 1))) {
            op->emitOpError("produces a tile of shape ")
                << tile << " whose dimensions are not all powers of two; "
                << "GPU code generation needs power-of-two tiles";
            return WalkResult::interrupt();
          }
    return WalkResult::advance();
  });
  if (shapes.wasInterrupted())
    return failure();
  if (failed(assignScope(func.getBody())))
    return failure();
  // The loads made again, and what they fed, are dead now.
  SmallVector<Operation *> dead;
  for (Operation *load : reloaded) {
    dead.push_back(load);
    for (size_t i = dead.size() - 1; i < dead.size(); ++i)
      for (Operation *user : dead[i]->getUsers())
        if (!llvm::is_contained(dead, user))
          dead.push_back(user);
  }
  for (bool changed = true; changed;) {
    changed = false;
    for (Operation *&op : dead)
      if (op && isOpTriviallyDead(op)) {
        op->erase();
        op = nullptr;
        changed = true;
      }
  }
  reloaded.clear();
  hoisted.clear();
  // Signatures follow the arguments' and returned values' layouts.
  SmallVector<Type> results;
  func.walk([&](func::ReturnOp ret) {
    results.assign(ret.getOperandTypes().begin(), ret.getOperandTypes().end());
  });
  func.setType(FunctionType::get(
      ctx, func.getBody().front().getArgumentTypes(),
      results.empty() ? func.getFunctionType().getResults() : results));
  return success();
}

} // namespace

namespace {

/// A loop-carried tile, by the position of its loop in a pre-order walk of
/// the function and its iteration argument: the same in a copy.
using CarriedSlot = std::pair<unsigned, unsigned>;

/// The scf.for ops of `func` that carry tiles, in pre-order.
SmallVector<scf::ForOp> tileLoops(func::FuncOp func) {
  SmallVector<scf::ForOp> loops;
  func.walk<WalkOrder::PreOrder>([&](scf::ForOp loop) {
    if (llvm::any_of(loop.getRegionIterArgs(), [](Value arg) {
          return isa<RankedTensorType>(arg.getType());
        }))
      loops.push_back(loop);
  });
  return loops;
}

/// What laying out a copy of a function with some loop-carried layouts
/// gives: the cost of its conversions, and for each carried tile the other
/// layouts it meets in conversions inside its loop.
struct CarriedTrial {
  bool ok = false;
  double cost = 0;
  std::map<CarriedSlot, SmallVector<Attribute>> candidates;
};

CarriedTrial tryCarriedLayouts(func::FuncOp func,
                               const gir::LayoutTarget &target,
                               const gir::LayoutAnchors &anchors,
                               const std::map<CarriedSlot, Attribute> &choice) {
  CarriedTrial trial;
  // The copy sits next to the function (the layout target reads the
  // module's attributes) for the time of the trial.
  IRMapping mapping;
  OpBuilder b(func);
  b.setInsertionPointAfter(func);
  auto copy = cast<func::FuncOp>(b.clone(*func, mapping));
  gir::LayoutAnchors copyAnchors;
  for (auto &[op, layout] : anchors.accesses)
    if (Operation *c = mapping.lookupOrNull(op))
      copyAnchors.accesses[c] = layout;
  for (auto &[op, layout] : anchors.dots)
    if (Operation *c = mapping.lookupOrNull(op))
      copyAnchors.dots[c] = layout;
  SmallVector<scf::ForOp> loops = tileLoops(copy);
  CarriedLayouts carried;
  for (auto &[slot, layout] : choice)
    carried[loops[slot.first].getRegionIterArgs()[slot.second]] = layout;
  {
    // Errors are the real assignment's to report.
    ScopedDiagnosticHandler quiet(func.getContext(),
                                  [](Diagnostic &) { return success(); });
    trial.ok = succeeded(LayoutAssigner(func.getContext(), target, copyAnchors,
                                        carried)
                             .assign(copy));
  }
  if (trial.ok) {
    // Every conversion goes through shared memory: its cost is its bytes,
    // eight times over for each loop around it.
    copy.walk([&](gir::ConvertLayoutOp convert) {
      auto type = cast<RankedTensorType>(convert.getType());
      Type element = type.getElementType();
      double bytes =
          type.getNumElements() *
          (element.isIntOrFloat()
               ? std::max<int64_t>(1, element.getIntOrFloatBitWidth() / 8)
               : 8);
      for (Operation *p = convert->getParentOp(); p && p != copy;
           p = p->getParentOp())
        if (isa<LoopLikeOpInterface>(p))
          bytes *= 8;
      trial.cost += bytes;
    });
    for (auto [l, loop] : llvm::enumerate(loops))
      for (auto [a, arg] : llvm::enumerate(loop.getRegionIterArgs())) {
        auto type = dyn_cast<RankedTensorType>(arg.getType());
        if (!type)
          continue;
        SmallVector<Attribute> &seen = trial.candidates[{l, a}];
        loop.getBody()->walk([&](gir::ConvertLayoutOp convert) {
          auto src = cast<RankedTensorType>(convert.getSrc().getType());
          if (src.getShape() != type.getShape())
            return;
          Attribute other;
          if (convert.getType().getEncoding() == type.getEncoding())
            other = src.getEncoding();
          else if (src.getEncoding() == type.getEncoding())
            other = convert.getType().getEncoding();
          if (other && isa<gir::DistributedEncodingAttr>(other) &&
              !llvm::is_contained(seen, other) && seen.size() < 4)
            seen.push_back(other);
        });
      }
  }
  copy.erase();
  return trial;
}

/// The layouts loop-carried tiles should have: a tile enters its loop in
/// its init's layout unless another layout, one the loop's body converts
/// it from or into, makes the function's conversions cheaper (counting
/// those in loops eight times per level). Then the init is converted once
/// before the loop instead of the body converting every iteration: an
/// accumulator of loaded values (`acc += tl.load(...)`, started as
/// `tl.zeros`) is carried in the load's layout, a row statistic of an
/// attention loop (`l_i * alpha`, alpha a row reduction of the
/// accumulator) in the reduction's. Greedy: one tile at a time, while
/// trials (each lays out a copy of the function) improve the cost.
CarriedLayouts chooseCarriedLayouts(func::FuncOp func,
                                    const gir::LayoutTarget &target,
                                    const gir::LayoutAnchors &anchors) {
  SmallVector<scf::ForOp> loops = tileLoops(func);
  if (loops.empty())
    return CarriedLayouts();
  std::map<CarriedSlot, Attribute> choice;
  CarriedTrial best = tryCarriedLayouts(func, target, anchors, choice);
  if (!best.ok)
    return CarriedLayouts();
  int budget = 24; // trials
  for (bool improved = true; improved && budget > 0;) {
    improved = false;
    for (auto &[slot, layouts] : best.candidates) {
      for (Attribute layout : layouts) {
        if (budget-- <= 0)
          break;
        std::map<CarriedSlot, Attribute> next = choice;
        next[slot] = layout;
        CarriedTrial trial = tryCarriedLayouts(func, target, anchors, next);
        if (trial.ok && trial.cost < best.cost) {
          choice = std::move(next);
          best = std::move(trial);
          improved = true;
          break;
        }
      }
      if (improved || budget <= 0)
        break;
    }
  }
  CarriedLayouts carried;
  for (auto &[slot, layout] : choice)
    carried[loops[slot.first].getRegionIterArgs()[slot.second]] = layout;
  return carried;
}

} // namespace

LogicalResult gir::assignLayouts(func::FuncOp func, const LayoutTarget &target,
                                 const LayoutAnchors &anchors) {
  CarriedLayouts carried = chooseCarriedLayouts(func, target, anchors);
  return LayoutAssigner(func.getContext(), target, anchors, carried)
      .assign(func);
}

gir::LayoutAnchors gir::collectLayoutAnchors(func::FuncOp func) {
  LayoutAnchors anchors;
  func.walk([&](Operation *op) {
    if (isMemoryAccess(op)) {
      Value ptr = op->getOperand(0);
      if (Attribute marked = op->removeAttr(kAccessLayoutAttrName))
        anchors.accesses[op] = marked;
      else if (isa<RankedTensorType>(ptr.getType()) &&
               ptr.getDefiningOp<ConvertLayoutOp>())
        anchors.accesses[op] =
            cast<RankedTensorType>(ptr.getType()).getEncoding();
    } else if (auto dot = dyn_cast<tir::DotOp>(op)) {
      if (Attribute layout =
              cast<RankedTensorType>(dot.getType()).getEncoding())
        anchors.dots[op] = layout;
    }
  });
  return anchors;
}

static Type withoutLayout(Type type) {
  auto tile = dyn_cast<RankedTensorType>(type);
  if (!tile || !tile.getEncoding())
    return type;
  return RankedTensorType::get(tile.getShape(), tile.getElementType());
}

void gir::stripLayouts(func::FuncOp func) {
  SmallVector<ConvertLayoutOp> conversions;
  func.walk([&](ConvertLayoutOp op) { conversions.push_back(op); });
  for (ConvertLayoutOp op : conversions) {
    op.getResult().replaceAllUsesWith(op.getSrc());
    op.erase();
  }
  auto strip = [](Value v) { v.setType(withoutLayout(v.getType())); };
  func.walk([&](Operation *op) {
    for (Region &region : op->getRegions())
      for (Block &block : region)
        llvm::for_each(block.getArguments(), strip);
    llvm::for_each(op->getResults(), strip);
    if (auto constant = dyn_cast<arith::ConstantOp>(op))
      if (auto dense = dyn_cast<DenseElementsAttr>(constant.getValue()))
        constant.setValueAttr(dense.reshape(
            cast<ShapedType>(constant.getResult().getType())));
  });
  auto type = func.getFunctionType();
  SmallVector<Type> inputs, results;
  for (Type t : type.getInputs())
    inputs.push_back(withoutLayout(t));
  for (Type t : type.getResults())
    results.push_back(withoutLayout(t));
  func.setType(FunctionType::get(func.getContext(), inputs, results));
}

//===- LowerToGir.cpp - TLX ops onto the core's GPU IR --------------------===//
//
// tlx-lower-to-gir: each TLX op becomes its core counterpart; the buffer
// types become !gir.memdesc types, swizzled for the tensor cores where a
// buffer feeds tlx.async_dot (see Passes.td).
//
//===----------------------------------------------------------------------===//
#include "Passes.h"
#include "TlxDialect.h"

#include "trident/Dialect/NVGIR/IR/NVGIR.h"
#include "trident/Dialect/TileIR/IR/TileIR.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace tlx_plugin {
#define GEN_PASS_DEF_TLXLOWERTOGIR
#include "Passes.h.inc"
} // namespace tlx_plugin

using namespace mlir;
using namespace tlx_plugin;
namespace gir = trident::gir;
namespace nvgir = trident::nvgir;
namespace tir = trident::tir;

namespace {

/// Row-major, unswizzled: the last dimension contiguous.
Attribute rowMajor(MLIRContext *ctx, unsigned rank) {
  SmallVector<unsigned> order;
  for (unsigned d = rank; d-- > 0;)
    order.push_back(d);
  return gir::PlainSharedEncodingAttr::get(ctx, order);
}

/// Row-major with the rows swizzled as wgmma's matrix descriptors read
/// them (128-byte atoms where a row is that long, else the row's bytes).
Attribute forTensorCores(ArrayRef<int64_t> shape, Type elem) {
  int64_t rowBytes = shape.back() * elem.getIntOrFloatBitWidth() / 8;
  return gir::NVMMASharedEncodingAttr::get(
      elem.getContext(), unsigned(std::min<int64_t>(128, rowBytes)), {1, 0});
}

/// `value`, or, for an argument of a warp-specialized partition, the
/// value the partition captured into it.
Value throughCaptures(Value value) {
  auto arg = dyn_cast<BlockArgument>(value);
  if (!arg)
    return value;
  Operation *holder = arg.getOwner()->getParentOp();
  if (!isa_and_nonnull<tir::WarpPartitionsOp>(holder))
    return value;
  auto ws = cast<tir::WarpSpecializeOp>(holder->getParentOp());
  return throughCaptures(ws.getCaptures()[arg.getArgNumber()]);
}

/// What a buffer (a tlx.local_view, possibly transposed or sliced) is laid
/// out with as a whole: its ring (a tlx.local_alloc), or the
/// tlx.local_reinterpret it is a view of (the ring's, or its own); null if
/// none is in reach.
Operation *ringOf(Value buffer) {
  if (auto trans = buffer.getDefiningOp<LocalTransOp>())
    return ringOf(trans.getBuffer());
  if (auto slice = buffer.getDefiningOp<LocalSliceOp>())
    return ringOf(slice.getBuffer());
  if (auto view = buffer.getDefiningOp<LocalReinterpretOp>())
    return view;
  if (auto view = buffer.getDefiningOp<LocalViewOp>()) {
    Operation *ring = throughCaptures(view.getBuffers()).getDefiningOp();
    if (isa_and_nonnull<LocalAllocOp, LocalReinterpretOp>(ring))
      return ring;
  }
  return nullptr;
}

/// The shape of one buffer of `ring` (a ring's or a reinterpreted
/// view's) and its element type.
std::pair<ArrayRef<int64_t>, Type> tileOf(Operation *ring) {
  Type type = ring->getResult(0).getType();
  if (auto buffers = dyn_cast<BuffersType>(type))
    return {buffers.getShape(), buffers.getElementType()};
  auto buffer = cast<BufferType>(type);
  return {buffer.getShape(), buffer.getElementType()};
}

/// Whether barrier `bar` (a tlx.barrier_view) is one of a
/// tlx.alloc_warp_barrier's, whose arrivals count threads.
bool isPerThread(Value bar) {
  auto view = bar.getDefiningOp<BarrierViewOp>();
  if (!view)
    return false;
  auto alloc = throughCaptures(view.getBarriers()).getDefiningOp<AllocBarriersOp>();
  return alloc && alloc.getPerThread();
}

/// Makes the warp-specialized ops that capture `value` (a TLX ring or
/// barriers) capture `lowered` instead, their partitions' arguments
/// retyped to match.
void retypeCaptures(Value value, Value lowered) {
  SmallVector<OpOperand *> uses;
  for (OpOperand &use : value.getUses())
    if (isa<tir::WarpSpecializeOp>(use.getOwner()))
      uses.push_back(&use);
  for (OpOperand *use : uses) {
    auto ws = cast<tir::WarpSpecializeOp>(use->getOwner());
    unsigned i = use->getOperandNumber();
    use->set(lowered);
    for (Region &region : ws.getPartitionRegions())
      region.front().getArgument(i).setType(lowered.getType());
  }
}

/// Runs `build` where `pred` holds (always without one).
void guarded(OpBuilder &b, Location loc, Value pred,
             function_ref<void(OpBuilder &)> build) {
  if (!pred) {
    build(b);
    return;
  }
  scf::IfOp::create(b, loc, pred, [&](OpBuilder &then, Location at) {
    build(then);
    scf::YieldOp::create(then, at);
  });
}

/// Whether, walking back from `op` in its block over ops that touch no
/// shared memory (and over copies into it, which read none), a barrier of
/// the whole program is met: then nothing read from shared memory before
/// can still be in flight when `op` writes.
bool afterBarrier(Operation *op) {
  for (Operation *prev = op->getPrevNode(); prev; prev = prev->getPrevNode()) {
    if (isa<gir::BarrierOp, nvgir::AsyncWaitOp>(prev))
      return true;
    if (isa<nvgir::AsyncCopyOp, nvgir::AsyncCommitGroupOp, nvgir::TmaLoadOp,
            nvgir::MBarrierExpectTxOp, gir::MemDescIndexOp,
            gir::MemDescTransOp, gir::MemDescSliceOp, AsyncLoadOp,
            AsyncCommitGroupOp, AsyncDescriptorLoadOp, BarrierExpectBytesOp,
            BarrierViewOp, LocalViewOp, LocalTransOp, LocalSliceOp>(prev))
      continue;
    if (isMemoryEffectFree(prev) && prev->getNumRegions() == 0)
      continue;
    return false;
  }
  return false;
}

/// The region whose warps run `op` together: the innermost partition or
/// default region of a warp-specialized op around it, else the function.
Region *groupRegion(Operation *op) {
  for (Region *r = op->getParentRegion(); r; r = r->getParentRegion()) {
    Operation *parent = r->getParentOp();
    if (isa<tir::WarpPartitionsOp>(parent) ||
        (isa<tir::WarpSpecializeOp>(parent) &&
         r == &cast<tir::WarpSpecializeOp>(parent).getDefaultRegion()))
      return r;
    if (isa<func::FuncOp>(parent))
      return r;
  }
  return nullptr;
}

/// Whether a warp of `op`'s group may read `ring` (registers or tensor
/// cores), so that a copy into it must wait for the group's earlier reads:
/// reads by other groups are ordered by the kernel's own barriers.
bool groupReads(Operation *op, Operation *ring) {
  Region *region = groupRegion(op);
  if (!region)
    return true;
  bool reads = false;
  region->walk([&](Operation *user) {
    if (isa<tir::WarpPartitionsOp>(user))
      return WalkResult::skip(); // other groups
    SmallVector<Value> buffers;
    if (auto dot = dyn_cast<AsyncDotOp>(user))
      buffers = {dot.getA(), dot.getB()};
    else if (auto load = dyn_cast<LocalLoadOp>(user))
      buffers = {load.getBuffer()};
    for (Value buffer : buffers)
      if (isa<BufferType>(buffer.getType()) && ringOf(buffer) == ring)
        reads = true;
    return reads ? WalkResult::interrupt() : WalkResult::advance();
  });
  return reads;
}

/// The value of `v` before `ifOp`: `v` itself when defined outside it, a
/// copy of a constant made inside, or null.
Value beforeIf(Value v, scf::IfOp ifOp, OpBuilder &b) {
  Operation *def = v.getDefiningOp();
  Operation *owner = def ? def : v.getParentBlock()->getParentOp();
  if (!ifOp->isAncestor(owner))
    return v;
  if (def && def->hasTrait<OpTrait::ConstantLike>() && def->getNumOperands() == 0)
    return b.clone(*def)->getResult(0);
  return nullptr;
}

/// `if c { slice(A, x) } else { slice(A, y) }`, a block of one buffer chosen
/// at run time (uTLX's GEMMs pick the half of an operand a cluster's CTA
/// loads so), becomes `slice(A, select(c, x, y))` before the `if`: the
/// copies into it then see the ring they write. Returns the ifs changed
/// (their results unused now).
SmallVector<Operation *> mergeSliceChoices(ModuleOp module) {
  SmallVector<Operation *> changed;
  module.walk([&](scf::IfOp ifOp) {
    if (ifOp.getNumResults() == 0 || ifOp.getElseRegion().empty())
      return;
    for (unsigned i = 0; i < ifOp.getNumResults(); ++i) {
      Value result = ifOp.getResult(i);
      if (!isa<BufferType>(result.getType()) || result.use_empty())
        continue;
      auto a = ifOp.thenYield().getOperand(i).getDefiningOp<LocalSliceOp>();
      auto e = ifOp.elseYield().getOperand(i).getDefiningOp<LocalSliceOp>();
      if (!a || !e || a.getBuffer() != e.getBuffer() ||
          a.getType() != e.getType())
        continue;
      OpBuilder b(ifOp);
      Value buffer = beforeIf(a.getBuffer(), ifOp, b);
      if (!buffer)
        continue;
      SmallVector<Value> offsets;
      for (auto [x, y] : llvm::zip(a.getOffsets(), e.getOffsets())) {
        Value xb = beforeIf(x, ifOp, b), yb = beforeIf(y, ifOp, b);
        if (!xb || !yb)
          break;
        offsets.push_back(x == y ? xb
                                 : arith::SelectOp::create(
                                       b, ifOp.getLoc(), ifOp.getCondition(),
                                       xb, yb)
                                       .getResult());
      }
      if (offsets.size() != a.getOffsets().size())
        continue;
      result.replaceAllUsesWith(LocalSliceOp::create(
          b, a.getLoc(), a.getType(), buffer, offsets));
      changed.push_back(ifOp);
    }
  });
  return changed;
}

struct LowerToGirPass
    : tlx_plugin::impl::TlxLowerToGirBase<LowerToGirPass> {
  /// Rings read by tlx.async_dot: laid out for the tensor cores.
  llvm::DenseSet<Operation *> dotRings;
  /// Rings TMA writes, with the layout it writes them in.
  llvm::DenseMap<Operation *, Attribute> tmaRings;
  /// Each barrier view: the core's barriers and the index in them.
  llvm::DenseMap<Value, std::pair<Value, Value>> barrierOf;

  /// The core's type of `ring`'s result (a ring, or one reinterpreted
  /// buffer), laid out for its uses.
  gir::MemDescType memdescOf(Operation *ring) {
    auto [tile, elem] = tileOf(ring);
    SmallVector<int64_t> shape;
    if (auto buffers = dyn_cast<BuffersType>(ring->getResult(0).getType()))
      shape.push_back(buffers.getCount());
    llvm::append_range(shape, tile);
    return gir::MemDescType::get(ring->getContext(), shape, elem,
                                 layoutOf(ring));
  }
  Attribute layoutOf(Operation *ring) {
    auto [tile, elem] = tileOf(ring);
    if (Attribute tma = tmaRings.lookup(ring))
      return tma;
    if (dotRings.contains(ring))
      return forTensorCores(tile, elem);
    return rowMajor(ring->getContext(), tile.size());
  }

  /// Finds the rings tlx.async_dot reads and checks that they can be laid
  /// out for it and are used only as that layout allows.
  LogicalResult chooseLayouts(ModuleOp module) {
    WalkResult walk = module.walk([&](AsyncDotOp dot) -> WalkResult {
      for (Value operand : {Value(dot.getA()), Value(dot.getB())}) {
        if (!isa<BufferType>(operand.getType()))
          continue;
        Operation *ring = ringOf(operand);
        if (!ring)
          return dot.emitOpError("reads a buffer that is not a "
                                 "tlx.local_view of a tlx.local_alloc");
        auto [tile, elem] = tileOf(ring);
        int64_t rowBytes = tile.back() * elem.getIntOrFloatBitWidth() / 8;
        if (rowBytes < 32)
          return ring->emitOpError("feeds tlx.async_dot, whose operands in "
                                   "shared memory need rows of at least 32 "
                                   "bytes, got ")
                 << ring->getResult(0).getType();
        dotRings.insert(ring);
      }
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      return failure();
    walk = module.walk([&](Operation *copy) -> WalkResult {
      Value buffer, descValue;
      if (auto load = dyn_cast<AsyncDescriptorLoadOp>(copy)) {
        buffer = load.getBuffer();
        descValue = load.getDesc();
      } else if (auto store = dyn_cast<AsyncDescriptorStoreOp>(copy)) {
        buffer = store.getBuffer();
        descValue = store.getDesc();
      } else {
        return WalkResult::advance();
      }
      Operation *ring = ringOf(buffer);
      if (!ring || buffer.getDefiningOp<LocalTransOp>())
        return copy->emitOpError("copies a buffer that is not a "
                                 "tlx.local_view of a tlx.local_alloc");
      auto desc = cast<tir::TensorDescType>(descValue.getType());
      std::string why;
      FailureOr<nvgir::TmaBlockLayout> l = nvgir::getTmaBlockLayout(desc, &why);
      if (failed(l))
        return copy->emitOpError("cannot copy ") << desc << " with TMA: " << why;
      Attribute layout = l->sharedEncoding(copy->getContext());
      if (!layout)
        return copy->emitOpError("copies into TLX buffers only 2-D blocks "
                                "TMA swizzles (8 or more rows of 32, 64 or "
                                "128 bytes), got ")
               << desc;
      auto [it, fresh] = tmaRings.try_emplace(ring, layout);
      if (!fresh && it->second != layout)
        return copy->emitOpError("writes the ring in another layout (")
               << layout << ") than an earlier copy (" << it->second << ")";
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      return failure();
    // Registers move to and from swizzled buffers of two dimensions (the
    // core's local loads and stores know that layout), transposed views
    // of them aside.
    walk = module.walk([&](Operation *op) -> WalkResult {
      Value buffer;
      if (auto load = dyn_cast<LocalLoadOp>(op))
        buffer = load.getBuffer();
      else if (auto store = dyn_cast<LocalStoreOp>(op))
        buffer = store.getBuffer();
      else
        return WalkResult::advance();
      Operation *ring = ringOf(buffer);
      if (ring && (dotRings.contains(ring) || tmaRings.contains(ring)) &&
          (tileOf(ring).first.size() != 2 ||
           buffer.getDefiningOp<LocalTransOp>()))
        return op->emitOpError("on a transposed view, or a buffer of other "
                               "than two dimensions, that tlx.async_dot or "
                               "TMA uses (laid out for them) is not "
                               "supported yet");
      return WalkResult::advance();
    });
    return failure(walk.wasInterrupted());
  }

  /// The warpgroup MMA for `dot`: its accumulator converted into the
  /// #gir.wgmma layout of the program's warps and back (the layout passes
  /// then carry it in that layout), a 16-bit register A into the matching
  /// fragment.
  Value lowerDot(OpBuilder &b, AsyncDotOp dot, Value a, Value bView) {
    MLIRContext *ctx = dot.getContext();
    Location loc = dot.getLoc();
    RankedTensorType accType = dot.getAcc().getType();
    unsigned warps[] = {gir::getNumWarps(dot.getOperation()), 1};
    auto wgmma = [&](RankedTensorType type) {
      auto enc = gir::WgmmaEncodingAttr::get(
          ctx, warps, unsigned(std::min<int64_t>(type.getDimSize(1), 256)));
      return RankedTensorType::get(type.getShape(), type.getElementType(),
                                   enc);
    };
    bool async = true;
    if (auto reg = dyn_cast<TypedValue<RankedTensorType>>(a)) {
      if (reg.getType().getElementTypeBitWidth() == 16)
        a = gir::ConvertLayoutOp::create(b, loc, wgmma(reg.getType()), a);
      else
        async = false; // the lowering stages it through scratch
    }
    Value c = gir::ConvertLayoutOp::create(b, loc, wgmma(accType),
                                           dot.getAcc());
    auto elem = cast<gir::MemDescType>(bView.getType()).getElementType();
    auto precision = elem.isF32() ? tir::InputPrecision::TF32
                                  : tir::InputPrecision::IEEE;
    Value d = nvgir::WarpgroupDotOp::create(
        b, loc, c.getType(), a, bView, c, dot.getUseAcc(),
        tir::InputPrecisionAttr::get(ctx, precision),
        async ? b.getUnitAttr() : UnitAttr());
    return gir::ConvertLayoutOp::create(b, loc, accType, d);
  }

  /// The default region's budget of a TLX warp-specialized op whose
  /// default task set none: what the partitions leave of the registers the
  /// CTA starts with (not the whole 64K: a 12-warp kernel starts with 168
  /// per thread, 64512 in all), per thread of the program's warps, in
  /// setmaxnreg's steps.
  LogicalResult fillDefaultRegisters(tir::WarpSpecializeOp ws) {
    ws->removeAttr(kFillDefaultRegisters);
    int64_t lanes = 32;
    int64_t total = ws.getTotalNumWarps(gir::getNumWarps(getOperation())) *
                    lanes;
    int64_t left = gir::getWarpSpecializedEntryRegisters(total) * total;
    for (unsigned i = 0; i < ws.getNumPartitions(); ++i)
      if ((*ws.getPartitionNumRegisters())[i] == 0)
        return ws.emitOpError("sets registers for some tasks but not task #")
               << i << "; give every task other than the default registers=";
    // Registers are set per warpgroup: partitions smaller than one share
    // it at the largest budget they ask for (the core's placement).
    int32_t defaultWarps = gir::getNumWarps(getOperation());
    for (int64_t w = defaultWarps; w < total / lanes; w += 4)
      left -= ws.getWarpGroupRegisters(w, defaultWarps) *
              std::min<int64_t>(4, total / lanes - w) * lanes;
    int64_t threads = int64_t(gir::getNumWarps(getOperation())) * lanes;
    int64_t regs = std::min<int64_t>(256, left / threads / 8 * 8);
    if (regs < 24)
      return ws.emitOpError("the tasks' registers leave ")
             << left / threads << " per thread to the default task's "
             << threads << " threads; setmaxnreg needs at least 24";
    ws.setDefaultNumRegistersAttr(
        Builder(ws).getI32IntegerAttr(int32_t(regs)));
    return success();
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    WalkResult fill = module.walk([&](tir::WarpSpecializeOp ws) {
      if (ws->hasAttr(kFillDefaultRegisters) &&
          failed(fillDefaultRegisters(ws)))
        return WalkResult::interrupt();
      return WalkResult::advance();
    });
    if (fill.wasInterrupted())
      return signalPassFailure();
    // The ifs whose buffer results were merged lose those results (and
    // with them the slices they yielded) by scf.if's own canonicalization.
    SmallVector<Operation *> choices = mergeSliceChoices(module);
    if (!choices.empty()) {
      RewritePatternSet patterns(&getContext());
      scf::IfOp::getCanonicalizationPatterns(patterns, &getContext());
      (void)applyOpPatternsGreedily(choices, std::move(patterns));
    }
    if (failed(chooseLayouts(module)))
      return signalPassFailure();
    // Values of TLX types are made only by TLX ops (a kernel's arguments
    // never are); each op is rewritten in order, so its operands are
    // already gir values.
    IRMapping lowered;
    SmallVector<Operation *> dead;
    WalkResult walk = module.walk([&](Operation *op) -> WalkResult {
      if (!isa<TlxDialect>(op->getDialect()))
        return WalkResult::advance();
      OpBuilder b(op);
      Location loc = op->getLoc();
      auto get = [&](Value v) { return lowered.lookupOrDefault(v); };
      // The core's barriers and index of a barrier operand.
      std::pair<Value, Value> bar;
      for (Value operand : op->getOperands())
        if (isa<BarrierType>(operand.getType())) {
          bar = barrierOf.lookup(operand);
          if (!bar.first)
            return op->emitOpError("uses a barrier that is not a "
                                   "tlx.local_view of tlx.alloc_barriers "
                                   "in the same region");
        }
      Value bars = bar.first, index = bar.second;
      if (auto alloc = dyn_cast<LocalAllocOp>(op)) {
        if (alloc.getType().getElementType().getIntOrFloatBitWidth() < 8)
          return op->emitOpError("buffers of elements narrower than a byte "
                                 "are not supported, got ")
                 << alloc.getType();
        Value ring =
            gir::LocalAllocOp::create(b, loc, memdescOf(alloc.getOperation()));
        lowered.map(alloc.getResult(), ring);
        retypeCaptures(alloc.getResult(), ring);
      } else if (auto view = dyn_cast<LocalViewOp>(op)) {
        auto ring = cast<gir::MemDescType>(get(view.getBuffers()).getType());
        auto one = gir::MemDescType::get(op->getContext(),
                                         ring.getShape().drop_front(),
                                         ring.getElementType(),
                                         ring.getEncoding());
        lowered.map(view.getResult(),
                    gir::MemDescIndexOp::create(b, loc, one,
                                                get(view.getBuffers()),
                                                view.getIndex()));
      } else if (auto load = dyn_cast<LocalLoadOp>(op)) {
        Value v = gir::LocalLoadOp::create(b, loc, load.getType(),
                                           get(load.getBuffer()));
        load.getResult().replaceAllUsesWith(v);
      } else if (auto store = dyn_cast<LocalStoreOp>(op)) {
        gir::BarrierOp::create(b, loc);
        gir::LocalStoreOp::create(b, loc, store.getValue(),
                                  get(store.getBuffer()));
        gir::BarrierOp::create(b, loc);
      } else if (auto copy = dyn_cast<AsyncLoadOp>(op)) {
        // The buffer may still be read by threads (or their tensor-core
        // operations) that have not reached this point: the program meets
        // at a barrier first, unless one already separates the two.
        if (groupReads(op, ringOf(copy.getBuffer())) && !afterBarrier(op))
          gir::BarrierOp::create(b, loc);
        nvgir::AsyncCopyOp::create(b, loc, copy.getPtr(),
                                   get(copy.getBuffer()), copy.getMask(),
                                   Value());
      } else if (isa<AsyncCommitGroupOp>(op)) {
        nvgir::AsyncCommitGroupOp::create(b, loc);
      } else if (auto wait = dyn_cast<AsyncWaitOp>(op)) {
        nvgir::AsyncWaitOp::create(b, loc, wait.getPendings());
      } else if (auto dot = dyn_cast<AsyncDotOp>(op)) {
        dot.getResult().replaceAllUsesWith(
            lowerDot(b, dot, get(dot.getA()), get(dot.getB())));
      } else if (auto wait = dyn_cast<AsyncDotWaitOp>(op)) {
        auto done = nvgir::WarpgroupWaitOp::create(
            b, loc, wait.getValues().getTypes(), wait.getValues(),
            wait.getPendings());
        wait.replaceAllUsesWith(done.getResults());
      } else if (auto trans = dyn_cast<LocalTransOp>(op)) {
        lowered.map(trans.getResult(),
                    gir::MemDescTransOp::create(b, loc, get(trans.getBuffer()),
                                                trans.getOrder()));
      } else if (auto slice = dyn_cast<LocalSliceOp>(op)) {
        auto src = cast<gir::MemDescType>(get(slice.getBuffer()).getType());
        auto part = gir::MemDescType::get(op->getContext(),
                                          slice.getType().getShape(),
                                          src.getElementType(),
                                          src.getEncoding());
        SmallVector<int64_t> strides, multiples;
        std::string why;
        if (failed(gir::MemDescSliceOp::getByteStrides(
                src, part.getShape(), strides, multiples, why)))
          return op->emitOpError("cannot view a block of ")
                 << slice.getType() << " in " << slice.getBuffer().getType()
                 << ", laid out in shared memory as " << src.getEncoding()
                 << " (for TMA or the tensor cores): " << why;
        lowered.map(slice.getResult(),
                    gir::MemDescSliceOp::create(b, loc, part,
                                                get(slice.getBuffer()),
                                                slice.getOffsets()));
      } else if (auto view = dyn_cast<LocalReinterpretOp>(op)) {
        Value src = get(view.getSrc());
        gir::MemDescType type = memdescOf(op);
        // A swizzled view starts where its swizzle's pattern does.
        if (isa<gir::NVMMASharedEncodingAttr>(type.getEncoding()))
          if (auto index = src.getDefiningOp<gir::MemDescIndexOp>();
              index && index.getType().getSizeInBytes() % 1024 != 0)
            return op->emitOpError("views a buffer of ")
                   << index.getType().getSizeInBytes()
                   << " bytes (a ring's stage) as " << view.getType()
                   << ", which TMA or tlx.async_dot use in a swizzled layout "
                      "that must start 1024-byte aligned: reinterpret the "
                      "whole ring, or give its buffers multiples of 1024 "
                      "bytes";
        Value viewed = gir::MemDescReinterpretOp::create(b, loc, type, src);
        lowered.map(view.getResult(), viewed);
        retypeCaptures(view.getResult(), viewed);
      } else if (auto alloc = dyn_cast<AllocBarriersOp>(op)) {
        auto type = nvgir::MBarriersType::get(
            op->getContext(), unsigned(alloc.getType().getCount()));
        Value bars = nvgir::MBarrierAllocOp::create(b, loc, type,
                                                    alloc.getArriveCount());
        lowered.map(alloc.getResult(), bars);
        retypeCaptures(alloc.getResult(), bars);
      } else if (auto view = dyn_cast<BarrierViewOp>(op)) {
        barrierOf[view.getResult()] = {get(view.getBarriers()),
                                       view.getIndex()};
      } else if (auto expect = dyn_cast<BarrierExpectBytesOp>(op)) {
        guarded(b, loc, expect.getPred(), [&](OpBuilder &g) {
          nvgir::MBarrierExpectTxOp::create(g, loc, bars, index,
                                            expect.getBytes());
        });
      } else if (auto wait = dyn_cast<BarrierWaitOp>(op)) {
        guarded(b, loc, wait.getPred(), [&](OpBuilder &g) {
          // TLX kernels fence between proxies themselves (tlx.fence):
          // the wait adds none.
          auto w = nvgir::MBarrierWaitOp::create(g, loc, bars, index,
                                                 wait.getPhase());
          w.setUnfenced(true);
        });
      } else if (auto arrive = dyn_cast<BarrierArriveOp>(op)) {
        bool perThread = isPerThread(arrive.getBarrier());
        guarded(b, loc, arrive.getPred(), [&](OpBuilder &g) {
          nvgir::MBarrierArriveOp::create(
              g, loc, bars, index, arrive.getRemoteCta(), arrive.getCount(),
              perThread);

        });
      } else if (auto store = dyn_cast<AsyncDescriptorStoreOp>(op)) {
        nvgir::TmaStoreOp::create(b, loc, store.getDesc(), store.getOffsets(),
                                  get(store.getBuffer()),
                                  store.getReduceAttr());
      } else if (auto wait = dyn_cast<AsyncDescriptorStoreWaitOp>(op)) {
        nvgir::TmaStoreWaitOp::create(b, loc, wait.getPendings());
      } else if (auto copy = dyn_cast<AsyncDescriptorLoadOp>(op)) {
        // As for tlx.async_load: earlier reads of the buffer first.
        if (groupReads(op, ringOf(copy.getBuffer())) && !afterBarrier(op))
          gir::BarrierOp::create(b, loc);
        Value mask;
        if (Value m = copy.getMulticast())
          mask = arith::TruncIOp::create(b, loc, b.getI16Type(), m);
        nvgir::TmaLoadOp::create(b, loc, copy.getDesc(), copy.getOffsets(),
                                 get(copy.getBuffer()), bars, index,
                                 copy.getPred(), mask, b.getUnitAttr());
      } else {
        return op->emitOpError("has no lowering to the core's GPU IR yet");
      }
      dead.push_back(op);
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      return signalPassFailure();
    for (Operation *op : llvm::reverse(dead)) {
      for (Value result : op->getResults())
        if (!result.use_empty()) {
          op->emitOpError("a value of a TLX type is used by an op that is "
                          "not TLX's (")
              << *result.getUsers().begin() << ")";
          return signalPassFailure();
        }
      op->erase();
    }
  }
};

} // namespace

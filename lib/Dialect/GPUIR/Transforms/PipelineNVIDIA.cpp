//===- PipelineNVIDIA.cpp - gir-pipeline: Hopper's copies and MMAs --------===//
//
// The NVIDIA parts of gir-pipeline: which loads can be ringed (cp.async's
// runs of 4-16 bytes, TMA blocks with a swizzled layout, in a layout wgmma
// reads), the rings' `#gir.nvmma_shared` layouts, the stages' mbarriers,
// the copies (nvgir.async_copy + async_copy_arrive, or nvgir.tma_load,
// which arrives itself with its block's bytes), the waits, and the warpgroup
// MMAs (nvgir.warpgroup_dot, nvgir.warpgroup_wait).
//
//===----------------------------------------------------------------------===//
#include "Pipeline.h"

#include "trident/Analysis/AxisInfo.h"
#include "trident/Dialect/NVGIR/IR/NVGIR.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace trident;

namespace trident::gir::pipeline {
namespace {

/// Whether each thread's part of `load` splits into runs of at least 4
/// bytes that are contiguous and aligned in global memory along the
/// pointer layout's fastest dimension.
bool asyncCopyable(const AxisInfoAnalysis &axisInfo, const Operand &operand) {
  if (operand.tma)
    return true; // TMA moves any block it has a layout for
  tir::LoadOp load = operand.load;
  auto ptrType = cast<RankedTensorType>(load.getPtr().getType());
  auto blocked = dyn_cast<gir::BlockedEncodingAttr>(ptrType.getEncoding());
  if (!blocked)
    return false;
  unsigned dim = blocked.getOrder()[0];
  int64_t bytes = cast<RankedTensorType>(load.getType())
                      .getElementType()
                      .getIntOrFloatBitWidth() /
                  8;
  int64_t run = std::min<int64_t>(
      axisInfo.getVectorElems(load.getPtr(), load.getMask(), dim),
      blocked.getSizePerThread()[dim]);
  return run * bytes >= 4;
}

/// Whether the ring ringType gives `operand`'s tile is one wgmma can read:
/// at least one 32-byte swizzle row along the contiguous dimension, which
/// must be K (of the tile as the dot reads it: transposed, the loaded
/// tile's other dimension) unless the elements are 16-bit (wgmma
/// transposes only those).
bool wgmmaReadable(const Operand &operand) {
  unsigned kDim = operand.index == 0 ? 1 : 0;
  unsigned loadedK = operand.transposed ? 1 - kDim : kDim;
  if (operand.tma) {
    auto desc = operand.tma.getDesc().getType();
    FailureOr<nvgir::TmaBlockLayout> l = nvgir::getTmaBlockLayout(desc);
    if (failed(l) || !l->sharedEncoding(desc.getContext()))
      return false;
    // Contiguous along the last dimension.
    return loadedK == 1 || desc.getElementType().getIntOrFloatBitWidth() == 16;
  }
  tir::LoadOp load = operand.load;
  auto ptrType = cast<RankedTensorType>(load.getPtr().getType());
  auto blocked = dyn_cast<gir::BlockedEncodingAttr>(ptrType.getEncoding());
  if (!blocked || ptrType.getRank() != 2)
    return false;
  unsigned contiguous = blocked.getOrder()[0];
  int64_t bits = cast<RankedTensorType>(load.getType())
                     .getElementType()
                     .getIntOrFloatBitWidth();
  if (ptrType.getDimSize(contiguous) * bits / 8 < 32)
    return false;
  return contiguous == loadedK || bits == 16;
}

/// The longest run (a power of two) of consecutive registers holding
/// consecutive elements along `dim` of a tile of `type`, each run starting
/// at a multiple of its length in every thread (of `lanes` per warp and
/// `warps`).
int64_t registerRun(RankedTensorType type, unsigned dim, int64_t lanes,
                    int64_t warps) {
  gir::DistributedEncodingAttr layout = gir::getDistributedEncoding(type);
  ArrayRef<int64_t> shape = type.getShape();
  int64_t regs = layout.getElemsPerThread(shape);
  auto runsOf = [&](int64_t v) {
    if (regs % v != 0)
      return false;
    // Every lane and warp bit moves `dim` by a multiple of v.
    auto origin = layout.getElementCoords(shape, 0, 0, 0);
    for (bool lane : {true, false})
      for (int64_t bit = 1; bit < (lane ? lanes : warps); bit <<= 1) {
        auto c = layout.getElementCoords(shape, 0, lane ? bit : 0,
                                         lane ? 0 : bit);
        if ((c[dim] - origin[dim]) % v != 0)
          return false;
      }
    for (int64_t r0 = 0; r0 < regs; r0 += v) {
      auto base = layout.getElementCoords(shape, r0, 0, 0);
      if (base[dim] % v != 0)
        return false;
      for (int64_t i = 1; i < v; ++i) {
        auto c = layout.getElementCoords(shape, r0 + i, 0, 0);
        auto expected = base;
        expected[dim] += i;
        if (c != expected)
          return false;
      }
    }
    return true;
  };
  int64_t v = 1;
  while (v * 2 <= regs && runsOf(v * 2))
    v *= 2;
  return v;
}

/// The dimension a ring read in registers keeps contiguous: the pointer
/// layout's fastest one for a blocked layout, else the one along which its
/// threads hold the longest runs (the last on ties).
std::pair<int64_t, int64_t> lanesAndWarps(Operation *op) {
  auto module = op->getParentOfType<ModuleOp>();
  return {gir::getThreadsPerWarp(module), gir::getNumWarps(module)};
}

unsigned registerRingInner(RankedTensorType ptrType, Operation *op) {
  if (auto blocked = dyn_cast<gir::BlockedEncodingAttr>(ptrType.getEncoding()))
    return blocked.getOrder()[0];
  auto [lanes, warps] = lanesAndWarps(op);
  unsigned best = ptrType.getRank() - 1;
  int64_t bestRun = registerRun(ptrType, best, lanes, warps);
  for (unsigned d = 0; d + 1 < ptrType.getRank(); ++d)
    if (int64_t run = registerRun(ptrType, d, lanes, warps); run > bestRun) {
      best = d;
      bestRun = run;
    }
  return best;
}

} // namespace

bool ringableInRegisters(const AxisInfoAnalysis &axisInfo,
                         const Operand &operand) {
  tir::LoadOp load = operand.load;
  if (!load)
    return false;
  auto ptrType = dyn_cast<RankedTensorType>(load.getPtr().getType());
  auto type = dyn_cast<RankedTensorType>(load.getType());
  if (!ptrType || !type || type.getNumElements() < 1)
    return false;
  gir::DistributedEncodingAttr layout = gir::getDistributedEncoding(ptrType);
  if (!layout || layout.getRank() != ptrType.getRank() ||
      gir::getCTASplit(ptrType) != 1 ||
      !llvm::all_of(ptrType.getShape(),
                    [](int64_t d) { return llvm::isPowerOf2_64(d); }))
    return false;
  if (!type.getElementType().isIntOrFloat())
    return false;
  unsigned bits = type.getElementType().getIntOrFloatBitWidth();
  if (bits != 8 && bits != 16 && bits != 32 && bits != 64)
    return false;
  // cp.async moves 4, 8 or 16 bytes: runs (in registers and contiguous in
  // global memory) of 4 bytes at least.
  unsigned inner = registerRingInner(ptrType, load);
  auto [lanes, warps] = lanesAndWarps(load);
  int64_t run = std::min<int64_t>(
      registerRun(ptrType, inner, lanes, warps),
      axisInfo.getVectorElems(load.getPtr(), load.getMask(), inner));
  return run * bits / 8 >= 4;
}

bool ringable(const AxisInfoAnalysis &axisInfo, const Operand &operand) {
  // The ring must be a layout wgmma reads (32 bytes or more along the
  // contiguous dimension, K-major for 32-bit operands), and cp.async moves
  // 4, 8 or 16 bytes: loads whose elements are not provably contiguous in
  // such runs stay synchronous.
  return wgmmaReadable(operand) && asyncCopyable(axisInfo, operand);
}

bool registerAOk(Value regA) {
  // The lowering stages a register A K-major: K must make one wgmma step
  // (32 bytes).
  auto type = dyn_cast<RankedTensorType>(regA.getType());
  return type && type.getRank() == 2 &&
         type.getDimSize(1) * type.getElementType().getIntOrFloatBitWidth() /
                 8 >=
             32;
}

gir::MemDescType ringType(const Operand &operand, unsigned stages) {
  SmallVector<int64_t> shape{int64_t(stages)};
  MLIRContext *ctx = operand.op()->getContext();
  if (operand.inRegisters) {
    // Unswizzled, the contiguous dimension first, then the others from the
    // last: each thread reads back what it copied, in the same runs.
    auto ptrType = cast<RankedTensorType>(operand.load.getPtr().getType());
    auto type = cast<RankedTensorType>(operand.load.getType());
    unsigned inner = registerRingInner(ptrType, operand.load);
    SmallVector<unsigned> order{inner};
    for (unsigned d = type.getRank(); d-- > 0;)
      if (d != inner)
        order.push_back(d);
    shape.append(type.getShape().begin(), type.getShape().end());
    return gir::MemDescType::get(ctx, shape, type.getElementType(),
                                 gir::PlainSharedEncodingAttr::get(ctx, order));
  }
  if (operand.tma) {
    // The layout TMA writes (wgmmaReadable checked that it has one).
    auto desc = operand.tma.getDesc().getType();
    shape.append(desc.getBlockShape().begin(), desc.getBlockShape().end());
    return gir::MemDescType::get(
        ctx, shape, desc.getElementType(),
        nvgir::getTmaBlockLayout(desc)->sharedEncoding(ctx));
  }
  // cp.async: contiguous along the pointer layout's fastest dimension,
  // swizzled as wide as it allows.
  tir::LoadOp load = operand.load;
  auto ptrType = cast<RankedTensorType>(load.getPtr().getType());
  auto type = cast<RankedTensorType>(load.getType());
  unsigned contiguous = 1;
  if (auto blocked = dyn_cast<gir::BlockedEncodingAttr>(ptrType.getEncoding()))
    contiguous = blocked.getOrder()[0];
  int64_t bytes = type.getElementType().getIntOrFloatBitWidth() / 8;
  int64_t swizzle =
      std::min<int64_t>(128, type.getDimSize(contiguous) * bytes);
  // A tile split over the CTAs of a cluster (gir-split-ctas) fills a ring
  // of its CTA's block.
  SmallVector<int64_t> block = gir::getCTABlockShape(type);
  shape.append(block.begin(), block.end());
  auto enc = gir::NVMMASharedEncodingAttr::get(ctx, swizzle,
                                               {contiguous, 1 - contiguous});
  return gir::MemDescType::get(ctx, shape, type.getElementType(), enc);
}

Value allocateBarriers(OpBuilder &b, Location loc, const PipelinePlan &plan,
                       unsigned stages, bool pointerLoads, unsigned tma) {
  auto module = plan.loop->getParentOfType<ModuleOp>();
  // Each stage's barrier expects one arrival per thread if any of its
  // rings comes by cp.async (nvgir.async_copy_arrive), plus one per TMA
  // ring (its thread 0's, with the block's bytes): one barrier per stage
  // for all the stage's copies of the group.
  int32_t threads = gir::getNumWarps(module) * gir::getThreadsPerWarp(module);
  int32_t arrivals = (pointerLoads ? threads : 0) + int32_t(tma);
  return nvgir::MBarrierAllocOp::create(
      b, loc, nvgir::MBarriersType::get(b.getContext(), stages), arrivals);
}

Value stageView(OpBuilder &b, Location loc, Value ring, Value slot) {
  auto type = cast<gir::MemDescType>(ring.getType());
  auto stage = gir::MemDescType::get(b.getContext(), type.getShape().drop_front(),
                                     type.getElementType(), type.getEncoding());
  return gir::MemDescIndexOp::create(b, loc, stage, ring, slot);
}

void emitTmaCopy(OpBuilder &b, Location loc, const Operand &operand,
                 ValueRange coords, Value barriers, Value slot, Value inRange) {
  // Thread 0 arrives on the slot's barrier with the block's bytes.
  nvgir::TmaLoadOp::create(b, loc, operand.tma.getDesc(), coords,
                           stageView(b, loc, operand.ring, slot), barriers,
                           slot, inRange, /*multicast=*/Value());
}

void emitAsyncCopy(OpBuilder &b, Location loc, const Operand &operand,
                   Value ptr, Value mask, Value slot, Value inRange) {
  // Iterations past the end copy nothing (zero fills): the copy's scalar
  // predicate, applied to each thread's runs (rather than a mask tile
  // and-ed with it, which LLVM computes element by element).
  nvgir::AsyncCopyOp::create(b, loc, ptr, stageView(b, loc, operand.ring, slot),
                             mask, inRange);
}

void emitCopiesArrive(OpBuilder &b, Location loc, Value barriers, Value slot) {
  // The slot's barrier completes a phase when every thread's copies have
  // landed.
  nvgir::AsyncCopyArriveOp::create(b, loc, barriers, slot);
}

Value emitRegisterRead(OpBuilder &b, Location loc, const Operand &operand,
                       Value slot, Value mask, Value other) {
  Value tile = gir::LocalLoadOp::create(b, loc, operand.load.getType(),
                                        stageView(b, loc, operand.ring, slot));
  // cp.async filled masked-off elements with zeros: `other` there, unless
  // it is (positive) zero.
  if (!mask || !other || matchPattern(other, m_PosZeroFloat()) ||
      matchPattern(other, m_Zero()))
    return tile;
  return arith::SelectOp::create(b, loc, mask, tile, other);
}

void emitStageWait(OpBuilder &b, Location loc,
                   ArrayRef<const Operand *> operands, bool fenceCopies,
                   Value barriers, Value slot, Value phase) {
  // Waits for the stage's copies (and every thread's). Rings filled by TMA
  // alone need no proxy fence before the wgmmas; nor do cp.async rings
  // read back into registers (generic loads, the copies' own proxy).
  auto wait = nvgir::MBarrierWaitOp::create(b, loc, barriers, slot, phase);
  bool allTma = llvm::all_of(operands, [](const Operand *o) {
    return bool(o->tma);
  });
  bool genericReads = llvm::all_of(operands, [](const Operand *o) {
    return o->tma || o->inRegisters;
  });
  if (allTma)
    wait.setAsyncWrites(true);
  else if (genericReads || !fenceCopies)
    wait.setUnfenced(true);
}

/// A 16-bit register A in the layout wgmma reads A from registers (the
/// accumulator layout of the dot's warps: each warp its 16 rows, lanes as
/// mma's A fragment), converted where it is made: once before the loop for
/// an A from outside it (attention's q when its one-stage copy does not fit
/// in shared memory), else before the dot. An A already in a wgmma layout
/// of the dot's warps (attention's p) is used as it is. fp8 A fragments
/// pack 4 elements per register in another order: those stay as they are
/// (the lowering stages them).
static Value inFragmentLayout(OpBuilder &b, tir::DotOp dot, Value a) {
  auto type = dyn_cast<RankedTensorType>(a.getType());
  auto acc = dyn_cast<gir::WgmmaEncodingAttr>(
      cast<RankedTensorType>(dot.getType()).getEncoding());
  // (Warpgroups side by side along N share all of A's rows: wgmma's
  // register fragment gives each warpgroup its own rows, so such a dot's
  // register A is staged by the lowering.)
  if (!type || !acc || acc.getCtaSplit() != 1 ||
      acc.getWarpsPerCTA()[1] != 1 ||
      !(type.getElementType().isF16() || type.getElementType().isBF16()))
    return a;
  int64_t k = type.getDimSize(1);
  if (k < 16 || !llvm::isPowerOf2_64(k))
    return a;
  if (auto own = dyn_cast<gir::WgmmaEncodingAttr>(type.getEncoding()))
    if (own.getWarpsPerCTA() == acc.getWarpsPerCTA() && own.getCtaSplit() == 1)
      return a;
  auto enc = gir::WgmmaEncodingAttr::get(
      b.getContext(), acc.getWarpsPerCTA(),
      unsigned(std::min<int64_t>(k, 256)), 1);
  auto target =
      RankedTensorType::get(type.getShape(), type.getElementType(), enc);
  OpBuilder::InsertionGuard guard(b);
  if (!dot->getBlock()->findAncestorOpInBlock(*dot) ||
      a.getParentBlock() != dot->getBlock()) {
    if (Operation *def = a.getDefiningOp())
      b.setInsertionPointAfter(def);
    else
      b.setInsertionPointToStart(a.getParentBlock());
  }
  return gir::ConvertLayoutOp::create(b, dot.getLoc(), target, a);
}

Value emitDot(OpBuilder &b, tir::DotOp dot, Value a, Value bView, Value c,
              Value useC, bool async) {
  if (isa<RankedTensorType>(a.getType()))
    a = inFragmentLayout(b, dot, a);
  // A bound on the fp8 products summed at wgmma's precision carries over
  // where it is at most K (the MMA then promotes runs of it; above K it
  // bounds nothing).
  uint32_t bound = promotesPartialSums(dot) ? dot.getMaxNumImpreciseAcc() : 0;
  return nvgir::WarpgroupDotOp::create(
      b, dot.getLoc(), dot.getType(), a, bView, c, useC,
      dot.getPrecisionAttr(), async ? b.getUnitAttr() : UnitAttr(),
      b.getI32IntegerAttr(bound));
}

Value emitDotWait(OpBuilder &b, Location loc, Value acc, unsigned pending) {
  return nvgir::WarpgroupWaitOp::create(b, loc, TypeRange{acc.getType()},
                                        ValueRange{acc}, pending)
      .getResult(0);
}

InvariantCopy emitInvariantCopy(OpBuilder &b, Location loc, Operand &operand,
                                unsigned threads) {
  // A buffer of one stage and its barrier (one arrival per thread for
  // cp.async, thread 0's for TMA), and one copy.
  operand.ring = gir::LocalAllocOp::create(b, loc, ringType(operand, 1));
  Value barrier = nvgir::MBarrierAllocOp::create(
      b, loc, nvgir::MBarriersType::get(b.getContext(), 1),
      operand.tma ? 1 : int32_t(threads));
  Value slot = arith::ConstantIntOp::create(b, loc, 0, 32);
  Value always = arith::ConstantIntOp::create(b, loc, 1, 1);
  if (operand.tma) {
    emitTmaCopy(b, loc, operand, operand.tma.getIndices(), barrier, slot,
                always);
  } else {
    emitAsyncCopy(b, loc, operand, operand.load.getPtr(),
                  operand.load.getMask(), slot, always);
    emitCopiesArrive(b, loc, barrier, slot);
  }
  return {operand.ring.getType(), stageView(b, loc, operand.ring, slot),
          barrier, bool(operand.tma)};
}

void emitInvariantWait(OpBuilder &b, Location loc, const InvariantCopy &copy) {
  // The barrier completes its phase 0 once and is never re-armed: every
  // loop reading the copy may wait for it.
  Value zero = arith::ConstantIntOp::create(b, loc, 0, 32);
  auto wait = nvgir::MBarrierWaitOp::create(b, loc, copy.barrier, zero, zero);
  if (copy.tma)
    wait.setAsyncWrites(true);
}

void emitCommitGroup(OpBuilder &b, Location loc) {
  nvgir::AsyncCommitGroupOp::create(b, loc);
}

void emitGroupWait(OpBuilder &b, Location loc, unsigned pending) {
  nvgir::AsyncWaitOp::create(b, loc, pending);
}

void emitDrain(OpBuilder &b, Location loc) {
  nvgir::AsyncCommitGroupOp::create(b, loc);
  nvgir::AsyncWaitOp::create(b, loc, 0);
}

void emitBarrier(OpBuilder &b, Location loc) { gir::BarrierOp::create(b, loc); }

} // namespace trident::gir::pipeline
